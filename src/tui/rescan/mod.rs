//! Keeping scanned code fresh while the browser runs. A checkout whose sites are in `code/`
//! of the data folder (`errdex scan` wrote them: that is the opt-in) is watched; when its
//! HEAD moves (a commit, a checkout of another branch, a pull), it is rescanned in the
//! background the way `errdex scan` rescans it, and the records are loaded again. Nothing else
//! is scanned: a checkout never scanned, or a browser started with `--data`, is left alone.
//!
//! `watch.rs` notices the moves (a `stat` and a small read per checkout every few seconds),
//! `worker.rs` rescans, `update.rs` turns both into effects and the status line, and
//! `state.rs` holds what the model keeps of it.

mod state;
mod update;
pub mod watch;
pub mod worker;

#[cfg(test)]
mod tests;

pub use state::{Checkout, RescanState, Rescanned};
pub use update::{on_code_rewritten, on_head_moved, on_rescanned};
