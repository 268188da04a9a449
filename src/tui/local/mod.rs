//! The record in the user's own checkout: where its error line is today (found off the UI
//! thread by `worker.rs`), the Source pane's title saying so and its toggle between the
//! dataset's snippet and the local file (`view.rs`), and `e`, which opens the editor there
//! (`update.rs`; the terminal hand-over is `runtime::external`).

pub mod shown;
pub mod update;
pub mod view;
pub mod worker;

use crate::tui::detail::snippet::SourceLines;
use errdex_core::checkout::{Located, NotLocated};

/// What the browser knows of the local file of the record on display.
#[derive(Debug, Clone, Default)]
pub struct LocalState {
    /// The newest answer; it belongs to the record on display only if its index matches.
    pub answer: Option<Box<LocalAnswer>>,
    /// The Source pane shows the local file rather than the snippet (kept from record to
    /// record while the user leaves it on).
    pub showing: bool,
}

/// Where record `index` stands in the user's checkout.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalAnswer {
    pub index: usize,
    pub result: Result<LocalFile, NotLocated>,
}

/// The local file, followed, and its lines around today's error line prepared like the
/// snippet (same numbering, marking and colour).
#[derive(Debug, Clone, PartialEq)]
pub struct LocalFile {
    pub located: Located,
    pub lines: Option<SourceLines>,
}
