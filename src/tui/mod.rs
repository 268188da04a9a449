//! The interactive browser, in The Elm Architecture: `Model` (model.rs) holds the state,
//! `update` (update.rs) turns messages into a new state and effects without I/O, views
//! (view/) draw the model, and the runtime (runtime.rs) owns the terminal, the threads and
//! the effects. Nothing outside this module touches ratatui or crossterm.

pub mod action;
mod effects;
pub mod keymap;
pub mod layout;
mod loader;
pub mod memory;
mod memory_worker;
pub mod model;
mod runtime;
mod scroll;
pub mod setup;
pub mod source;
mod terminal;
pub mod text;
pub mod theme;
pub mod triage;
mod triage_worker;
pub mod update;
pub mod update_copy;
mod update_memory;
pub mod view;

#[cfg(test)]
mod testing;

pub use runtime::{Options, run};
