//! The interactive browser, in The Elm Architecture, grouped by feature so that each one's
//! state, update, view, worker and tests sit together:
//!
//! - `app/` the one `Model`, the messages (`Msg`), the effects (`Effect`) and `update`, which
//!   hands each message to the feature it belongs to;
//! - `input/` the action vocabulary and the one keymap table;
//! - `runtime/` the edge: the event loop, the terminal, loading on a thread, the config taking
//!   effect;
//! - `ui/` what every pane draws with: layout, theme, safe text, popups;
//! - the features: `results/` (search box and list), `detail/` (the four panes), `copy/`,
//!   `history/` (pins, history, recent), `triage/`, `help/`, `local/` (the record in your own
//!   checkout: today's line, the editor);
//! - `view.rs` draws the whole screen from them.
//!
//! Nothing outside this module touches ratatui or crossterm.

pub mod app;
pub mod copy;
pub mod detail;
pub mod help;
pub mod history;
pub mod input;
pub mod local;
pub mod problems;
pub mod rescan;
pub mod results;
mod runtime;
pub mod team;
pub mod triage;
pub mod ui;
pub mod view;

#[cfg(test)]
mod testing;

/// The default keymap with config `[keys]` applied, and the overrides that did not apply.
pub use runtime::setup::keymap as configured_keymap;
pub use runtime::{Ended, Options, run};
