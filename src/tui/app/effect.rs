//! The I/O `update` asks the runtime to do.

use crate::tui::history::memory::Chore;

/// The I/O `update` asks for; the runtime executes it and may answer with a `Msg`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Quit,
    /// Run this query against the dataset.
    Search(String),
    /// Read every field of record N (and prepare its source lines).
    LoadDetail(usize),
    /// Match this pasted log against the records; the answer is `Msg::Triage` with this id.
    Triage {
        id: u64,
        log: String,
    },
    /// Change the pins or history stores (on a worker thread).
    Remember(Chore),
    /// What `is:pinned` and `is:recent` match changed: search again with it.
    SearchContext {
        pinned: std::collections::HashSet<String>,
        recent: std::collections::HashSet<String>,
    },
    /// Put `text` on the clipboard (off the UI thread); `what` names it for the status line.
    Copy {
        what: String,
        text: String,
    },
    /// Open this URL in a web browser (off the UI thread).
    Open(String),
    /// Follow record N (the one on display) into the user's checkout, off the UI thread.
    Locate(usize),
    /// Hand the terminal to the user's editor at this file and line; the answer is
    /// `Msg::Edited`.
    Edit {
        path: std::path::PathBuf,
        line: usize,
    },
}
