//! The I/O `update` asks the runtime to do.

use std::fmt;
use std::sync::Arc;

use super::generation::Generation;
use crate::tui::history::memory::Chore;
use errdex_core::dataset::Dataset;

/// The I/O `update` asks for; the runtime executes it and may answer with a `Msg`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Quit,
    /// Search (and, once complete, triage) these records from now on.
    UseDataset(Handoff),
    /// Run this query against the dataset.
    Search(String),
    /// Read every field of this record (and prepare its source lines), off the UI thread;
    /// the answer is `Msg::Detail` with this generation.
    LoadDetail {
        index: usize,
        generation: Generation,
    },
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
    /// Follow this record (the one on display) into the user's checkout, off the UI thread;
    /// the answer is `Msg::Located` with this generation.
    Locate {
        index: usize,
        generation: Generation,
    },
    /// Hand the terminal to the user's editor at this file and line; the answer is
    /// `Msg::Edited`.
    Edit {
        path: std::path::PathBuf,
        line: usize,
    },
    /// Append a team note (off the UI thread); the answer is `Msg::NoteSaved`.
    SaveNote {
        id: String,
        text: String,
    },
    /// Hand the terminal to the editor on a new record (from a log line, or as the fix of the
    /// scanned site at this index, when given), check it and add it; the answer is
    /// `Msg::RecordAdded`.
    NewRecord {
        from_log: Option<String>,
        site: Option<usize>,
    },
    /// What `note:` matches changed: every note's text by record id.
    NotesContext(std::collections::HashMap<String, String>),
    /// Rescan these checkouts into their `code/` files (off the UI thread); the answer is
    /// `Msg::Rescanned` with this generation.
    Rescan {
        generation: Generation,
        checkouts: Vec<crate::tui::rescan::Checkout>,
    },
    /// Load the records again (a rescan rewrote a file of `code/`); the answer is
    /// `Msg::Loaded`.
    Reload,
}

/// The loader's records handed to the search engine and the triage worker.
#[derive(Clone)]
pub struct Handoff {
    pub dataset: Arc<Dataset>,
    /// The whole dataset, not the part loaded so far.
    pub complete: bool,
    /// The model's previous dataset: a partial one copies most records, so the runtime frees
    /// it off the UI thread.
    pub replaced: Option<Arc<Dataset>>,
}

/// Hand-offs are the same when they hand over the same records (pointer equality: datasets
/// are large and never compared field by field).
impl PartialEq for Handoff {
    fn eq(&self, other: &Handoff) -> bool {
        let same = |a: &Option<Arc<Dataset>>, b: &Option<Arc<Dataset>>| match (a, b) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        Arc::ptr_eq(&self.dataset, &other.dataset)
            && self.complete == other.complete
            && same(&self.replaced, &other.replaced)
    }
}

impl Eq for Handoff {}

impl fmt::Debug for Handoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handoff")
            .field("records", &self.dataset.len())
            .field("complete", &self.complete)
            .field("replaces", &self.replaced.as_ref().map(|d| d.len()))
            .finish()
    }
}
