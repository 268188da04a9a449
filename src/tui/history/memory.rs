//! What the browser remembers between runs — pins, the query history, recently viewed
//! records — as the model holds it. The stores themselves live on a worker thread
//! (`worker.rs`): `update` asks them for changes (`Effect::Remember`) and takes their
//! answers (`Msg::Remembered`), so no key ever waits for the disk.

use std::collections::HashSet;

use crate::tui::input::line::LineInput;

#[derive(Debug, Default)]
pub struct Memory {
    /// Ids of the pinned records, as the store last said.
    pub pinned: HashSet<String>,
    /// Queries, oldest first.
    pub queries: Vec<String>,
    /// Ids of the records viewed, oldest first.
    pub viewed: Vec<String>,
    /// While Up/Down walk the history: the position in `queries` shown in the search box.
    pub recall: Option<usize>,
}

/// The searchable history list (Ctrl-r).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct HistoryOverlay {
    pub filter: LineInput,
    /// Position in `Memory::history_matches`.
    pub selected: usize,
}

impl Memory {
    /// Ctrl-r's list: newest first, the queries containing the filter (ignoring case).
    pub fn history_matches(&self, filter: &str) -> Vec<&str> {
        let filter = filter.to_lowercase();
        self.queries
            .iter()
            .rev()
            .map(String::as_str)
            .filter(|q| q.to_lowercase().contains(&filter))
            .collect()
    }

    /// The ids `is:recent` matches.
    pub fn recent(&self) -> HashSet<String> {
        self.viewed.iter().cloned().collect()
    }
}

/// A change to the stores that `update` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chore {
    /// Pin the record with this id, or unpin it if it is pinned.
    TogglePin(String),
    RecordQuery(String),
    RecordViewed(String),
    /// Write every pinned record as one Markdown note to a file in the data folder, with the
    /// team notes on each.
    ExportPins(errdex_core::state::note::TeamNotes),
    /// Write the triage view's incident report to `INCIDENT_FILE` in the data folder.
    WriteIncidentReport(String),
}

/// What the stores answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Remembered {
    /// At start: everything stored, and the problems met reading it.
    Opened {
        pinned: HashSet<String>,
        queries: Vec<String>,
        viewed: Vec<String>,
        warnings: Vec<String>,
    },
    /// A pin was toggled; `pinned` includes what other errdex instances pinned meanwhile.
    Pin {
        id: String,
        now_pinned: bool,
        pinned: HashSet<String>,
    },
    Queries(Vec<String>),
    Viewed(Vec<String>),
    /// The note was written to `path`; `text` is it, for the clipboard.
    Exported {
        path: String,
        count: usize,
        text: String,
    },
    /// The incident report was written to `path`; `text` is it, for the clipboard.
    ReportWritten {
        path: String,
        text: String,
    },
    Failed(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_matches_are_newest_first_and_filtered_ignoring_case() {
        let m = Memory {
            queries: vec!["tag:db".into(), "conn refused".into(), "DB locked".into()],
            ..Memory::default()
        };
        assert_eq!(
            m.history_matches(""),
            ["DB locked", "conn refused", "tag:db"]
        );
        assert_eq!(m.history_matches("db"), ["DB locked", "tag:db"]);
    }
}
