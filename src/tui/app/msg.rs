//! What reaches `update` (`Msg`), and the values messages carry: a record's detail, a result
//! set, a load summary.

use std::sync::Arc;

use crossterm::event::{KeyEvent, MouseEvent};

use errdex_core::dataset::{Dataset, EntryRef};
use errdex_core::facets::Facets;
use errdex_core::load::Progress;
use errdex_core::record::Record;

use super::generation::{Generation, Job};
use crate::tui::detail::code_now::CodeNow;
use crate::tui::detail::snippet::{FixCode, SourceLines};
use crate::tui::history::memory::Remembered;
use crate::tui::input::action::Action;
use crate::tui::triage::TriageNews;

/// The record shown in the detail panes, read from its source when it was selected.
#[derive(Debug, Clone)]
pub struct Detail {
    pub index: usize,
    pub record: Record,
    pub source: Option<SourceLines>,
    /// The code fields of the Fixes pane, coloured like the source.
    pub fixes: FixCode,
    /// The synced remote and version the record came from (`errdex sync`), if any.
    pub origin: Option<String>,
    /// Records of less trusted sources this record's id hides, one sentence each.
    pub conflicts: Vec<String>,
    /// Where the statement is in the code today, when the record hides a scanned site.
    pub code_site: Option<CodeNow>,
}

impl Detail {
    /// The record to follow into the checkout or open on the web: the site, whose line is
    /// today's, when there is one.
    pub fn current(&self) -> &Record {
        self.code_site
            .as_ref()
            .and_then(|c| c.site.as_ref())
            .unwrap_or(&self.record)
    }
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
    /// Every problem (up to a limit), for the problems overlay.
    pub problems: Vec<String>,
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
    /// Whether `matched` is final: a ranked list may come before every match is counted
    /// (`matched` then counts the hits shown).
    pub counted: bool,
    /// Counts by severity, tag, repo and type over every match, once the pass has finished.
    pub facets: Option<Arc<Facets>>,
    /// How the query was read and which hits are weak.
    pub reading: Reading,
    /// A pasted line's hits (by record index): their group's other sites and the line's chain.
    pub details: Arc<std::collections::BTreeMap<u32, errdex_core::search::LineDetail>>,
}

/// How the engine read a query: typed words or a pasted line, which hits are too poor to
/// trust, and what in a typed query it could not understand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    pub mode: errdex_core::search::Mode,
    /// Per hit, in `hits` order; empty means none is weak.
    pub weak: Vec<bool>,
    pub warnings: Vec<String>,
}

impl Reading {
    pub fn is_weak(&self, pos: usize) -> bool {
        self.weak.get(pos).copied().unwrap_or(false)
    }
}

/// The characters a query matched in one row's fields (char indices), for highlighting.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowMatches {
    pub message: Vec<usize>,
    pub file_path: Vec<usize>,
    pub repo: Vec<usize>,
}

/// Computes a row's matches for the current query; only visible rows are asked.
pub type RowMatcher = Arc<dyn Fn(EntryRef<'_>) -> RowMatches + Send + Sync>;

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
    /// The detail asked for with this generation, or why the record could not be read.
    Detail(Generation, Result<Box<Detail>, String>),
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
    Opened(String, Result<String, errdex_core::open::OpenError>),
    /// Where a record's error line is in the user's checkout, or why that is not known.
    Located(Generation, Box<crate::tui::local::LocalAnswer>),
    /// The editor handed the terminal back: how it went.
    Edited(Result<(), String>),
    /// The team notes file was read: every note, by record id.
    Notes(std::collections::HashMap<String, Vec<errdex_core::record::TeamNote>>),
    /// A note was appended to the notes file, or why not.
    NoteSaved(Result<errdex_core::record::TeamNote, String>),
    /// A record written in the editor (`N`) was added, or why not.
    RecordAdded(RecordAdded),
    /// These checkouts' HEAD moved (the background rescan's watch).
    HeadMoved(Vec<crate::tui::rescan::Checkout>),
    /// The background rescan asked for with this generation finished.
    Rescanned(Generation, Vec<crate::tui::rescan::Rescanned>),
    /// These files of `code/` were rewritten by someone else (`errdex scan` in another
    /// terminal): the records are loaded again.
    CodeRewritten(Vec<String>),
    /// Something the input thread must tell the user (a paste closed without its end).
    Notice(String),
}

impl Msg {
    /// The request this message answers, for the messages that can go stale.
    pub fn answers(&self) -> Option<(Job, Generation)> {
        match self {
            Msg::Results(set, _) => Some((Job::Search, Generation(set.generation))),
            Msg::Detail(generation, _) => Some((Job::Detail, *generation)),
            Msg::Located(generation, _) => Some((Job::Locate, *generation)),
            Msg::Triage(news) => Some((Job::Triage, Generation(news.id))),
            Msg::Rescanned(generation, _) => Some((Job::Rescan, *generation)),
            _ => None,
        }
    }
}

/// The dataset with the new records in it, their ids and the file they went to; or what to
/// tell the user.
pub type RecordAdded = Result<(Arc<Dataset>, Vec<String>, std::path::PathBuf), String>;
