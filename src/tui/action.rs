//! The browser's vocabulary: what a key can ask for (`Action`, named in snake_case so a config
//! can rebind keys by name), what reaches `update` (`Msg`), and the I/O `update` asks the
//! runtime to do (`Effect`).

use std::sync::Arc;

use crossterm::event::{KeyEvent, MouseEvent};

use crate::dataset::{Dataset, Entry};
use crate::facets::Facets;
use crate::load::Progress;
use crate::record::Record;

use super::memory::{Chore, Remembered};
use super::source::SourceLines;
use super::triage::TriageNews;

macro_rules! actions {
    ($($variant:ident = $name:literal, $about:literal;)*) => {
        /// Everything a key can do.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Action {
            $($variant,)*
        }

        impl Action {
            pub const ALL: &[Action] = &[$(Action::$variant,)*];

            /// The snake_case name a config file uses.
            pub fn name(self) -> &'static str {
                match self {
                    $(Action::$variant => $name,)*
                }
            }

            /// What the help overlay says it does.
            pub fn about(self) -> &'static str {
                match self {
                    $(Action::$variant => $about,)*
                }
            }
        }
    };
}

actions! {
    Quit = "quit", "quit errdex";
    Help = "help", "show or hide this help";
    SearchMode = "search_mode", "back to the search box";
    BrowseMode = "browse_mode", "leave the search box: single keys act";
    SelectNext = "select_next", "next result, or scroll the focused pane down";
    SelectPrev = "select_prev", "previous result, or scroll the focused pane up";
    PageDown = "page_down", "a page down";
    PageUp = "page_up", "a page up";
    SelectFirst = "select_first", "first result, or top of the pane";
    SelectLast = "select_last", "last result, or bottom of the pane";
    FocusNext = "focus_next", "focus the next pane";
    FocusPrev = "focus_prev", "focus the previous pane";
    ShowOverview = "show_overview", "show the overview pane";
    ShowSource = "show_source", "show the source pane";
    ShowFixes = "show_fixes", "show the fixes pane";
    ShowTips = "show_tips", "show the prevention tips pane";
    Zoom = "zoom", "detail full screen, or back";
    Back = "back", "leave the full-screen detail, or the triage view";
    ShowTriage = "show_triage", "back to the triage view of the pasted or piped log";
    DeleteBack = "delete_back", "delete the character before the cursor";
    DeleteWord = "delete_word", "delete the word before the cursor";
    ClearQuery = "clear_query", "clear the search";
    CursorLeft = "cursor_left", "move the cursor left";
    CursorRight = "cursor_right", "move the cursor right";
    TogglePin = "toggle_pin", "pin or unpin the selected record (is:pinned finds them)";
    ExportPins = "export_pins", "write the pinned records as one Markdown note";
    History = "history", "search the query history";
    CopyMenu = "copy_menu", "choose what to copy from the record";
    CopyFix = "copy_fix", "copy the fix (exampleFix, else solution 1)";
    CopySolution1 = "copy_solution_1", "copy solution 1";
    CopySolution2 = "copy_solution_2", "copy solution 2";
    CopySolution3 = "copy_solution_3", "copy solution 3";
    CopySolution4 = "copy_solution_4", "copy solution 4";
    CopySolution5 = "copy_solution_5", "copy solution 5";
    CopySolution6 = "copy_solution_6", "copy solution 6";
    CopySolution7 = "copy_solution_7", "copy solution 7";
    CopySolution8 = "copy_solution_8", "copy solution 8";
    CopySolution9 = "copy_solution_9", "copy solution 9";
    OpenUrl = "open_url", "open the source on the web, at the error line";
}

impl Action {
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }
}

/// The record shown in the detail panes, read from its source when it was selected.
#[derive(Debug, Clone)]
pub struct Detail {
    pub index: usize,
    pub record: Record,
    pub source: Option<SourceLines>,
    /// The synced remote and version the record came from (`errdex sync`), if any.
    pub origin: Option<String>,
}

/// What loading ended with, as the status bar reports it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoadSummary {
    pub records: usize,
    pub errors: usize,
    pub warnings: usize,
    pub skipped: usize,
    /// The first problem, to show the user something concrete.
    pub first_problem: Option<String>,
}

/// The results of one search, as the browser keeps them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResultSet {
    pub generation: u64,
    pub query: String,
    /// Record indices, best first.
    pub hits: Vec<u32>,
    pub matched: usize,
    pub total: usize,
    pub done: bool,
    /// Counts by severity, tag, repo and type over every match, once the pass has finished.
    pub facets: Option<Arc<Facets>>,
}

/// The characters a query matched in one row's fields (char indices), for highlighting.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowMatches {
    pub message: Vec<usize>,
    pub file_path: Vec<usize>,
    pub repo: Vec<usize>,
}

/// Computes a row's matches for the current query; only visible rows are asked.
pub type RowMatcher = Arc<dyn Fn(&Entry) -> RowMatches + Send + Sync>;

/// Everything that reaches `update`.
#[derive(Clone)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    Action(Action),
    Progress(Progress),
    /// The records loaded so far, while loading goes on (a prefix of the final dataset).
    Partial(Arc<Dataset>),
    Loaded(Arc<Dataset>, LoadSummary),
    /// New results, and how to find the matched characters of a row for highlighting.
    Results(ResultSet, Option<RowMatcher>),
    Detail(Result<Box<Detail>, (usize, String)>),
    /// Text pasted into the terminal (bracketed paste): several lines open the triage view.
    Paste(String),
    /// What the triage of a pasted or piped log found since the last news.
    Triage(TriageNews),
    /// The pins and history stores answered.
    Remembered(Remembered),
    /// A copy finished: what was copied ("fix", "solution 2") and the clipboard's report.
    Copied {
        what: String,
        report: String,
    },
    /// Opening a URL finished: the program that took it, or why none did.
    Opened(String, Result<String, crate::open::OpenError>),
}

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for a in Action::ALL {
            assert!(seen.insert(a.name()), "duplicate name {}", a.name());
            assert!(
                a.name()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{}",
                a.name()
            );
            assert_eq!(Action::from_name(a.name()), Some(*a));
            assert!(!a.about().is_empty());
        }
        assert_eq!(Action::from_name("nope"), None);
    }
}
