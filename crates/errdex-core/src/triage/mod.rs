//! Triage: log lines → the known errors in them.
//!
//! `Triage::new(&dataset)` indexes the records once; `scan` reads a whole log into a
//! `Report` (hits per log event, groups per record), and `scanner` does the same one line at a
//! time for logs too big to hold. A log event is a line plus the stack trace or traceback that
//! follows it; its hits are reported at the line it starts on.

mod alone;
mod answer;
mod bare;
mod chain;
mod clock;
mod code;
mod cut;
mod draft;
mod events;
pub mod feed;
mod frames;
mod header;
mod incident;
mod index;
mod jsonlog;
mod level;
mod line;
mod locate;
mod matcher;
mod normalize;
mod origin;
mod report;
mod resolve;
mod scanner;
mod spans;
mod timeline;
mod traced;
mod trust;
mod wrapped;

pub use answer::{MAX_SITES, Row};
pub use chain::{Link, Role};
pub use clock::{Stamp, parse as parse_time};
pub use code::{CodeGroup, statement};
pub use draft::{LogDraft, draft_from_line, pattern_of};
pub use frames::Frame;
pub use incident::{Incident, LISTED_EVENTS, Seen, UnknownGroup, timestamp};
pub use line::{LineMatch, LogMarks, log_marks};
pub use matcher::Via;
pub use normalize::Level;
pub use report::{Group, Report, Summary};
pub use timeline::{Axis, Extent, Moment, sparkline};

pub use scanner::Scanner;

use std::sync::Arc;

use crate::dataset::{Dataset, Entries, PartView};
use index::Index;

/// One record a log event matched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    /// Index of the record in the dataset.
    pub record: usize,
    /// 0–1: containment scores 0.81–0.90, overlap 0.66–0.80, location alone 0.50–0.55, plus up
    /// to 0.10 when the log names the record's `filePath:lineNumber`.
    pub score: f32,
    pub via: Via,
}

/// The matches of one log event, reported at its first line. With `Scanner::report_unknown`,
/// an error-level event that matched no record comes out too, with no matches.
#[derive(Debug, Clone, PartialEq)]
pub struct LineHits {
    /// 1-based number of the event's first line.
    pub line: usize,
    /// 1-based number of its last line (a trace or traceback makes it longer than one).
    pub last_line: usize,
    /// The event's first line as read (without the line end).
    pub text: String,
    /// When it happened: the time of its first line, else of the last line before it that
    /// had one.
    pub time: Option<Stamp>,
    /// Best first: one per group of records (one message at many sites), the site the
    /// event's frames and origin point to.
    pub matches: Vec<Match>,
    /// The links of the event's first match, outer to inner, when it holds more than one
    /// (the log call's message, contexts, the cause).
    pub chain: Vec<Link>,
}

/// The records of a dataset, indexed for matching log lines.
pub struct Triage {
    index: Index,
    mapped: bool,
    /// Built on the first pasted line that needs it.
    bare: std::sync::OnceLock<bare::Bare>,
}

impl Triage {
    /// The dataset's index: read in place from the index cache when the dataset is one cached
    /// file whose cache file holds it, else built (about 2 s a million records).
    pub fn new(dataset: &Dataset) -> Self {
        Self::cached(dataset).unwrap_or_else(|| Self::from_entries(dataset.entries()))
    }

    /// The index the index cache holds for exactly these records, read in place; None when
    /// the dataset is not one whole cached file (several files, records added or replaced).
    pub fn cached(dataset: &Dataset) -> Option<Self> {
        let parts = dataset.entries().parts();
        let [(0, PartView::Mapped { table, from: 0, to })] = parts.as_slice() else {
            return None;
        };
        if *to as usize != table.len() {
            return None;
        }
        let index = Index::read(Arc::clone(table.line_index()?))?;
        (index.records() == table.len()).then_some(Triage {
            index,
            mapped: true,
            bare: std::sync::OnceLock::new(),
        })
    }

    pub fn from_entries<'a>(entries: impl Into<Entries<'a>>) -> Self {
        Triage {
            index: Index::build(entries.into()),
            mapped: false,
            bare: std::sync::OnceLock::new(),
        }
    }

    /// Whether the index was read from the index cache rather than built this run.
    pub fn is_cached(&self) -> bool {
        self.mapped
    }

    /// The index as stored: what the index cache writes, and its size.
    pub fn index_bytes(&self) -> &[u8] {
        self.index.bytes()
    }

    /// Whether `bytes` hold a whole line index of `records` records (the cache checks a
    /// stored one before using its file).
    pub fn index_fits(bytes: Arc<dyn AsRef<[u8]> + Send + Sync>, records: usize) -> bool {
        Index::read(bytes).is_some_and(|i| i.records() == records)
    }

    /// Reads a whole log; at most `limit` records per log event (at least one). `entries`
    /// are the records the triage was built from.
    pub fn scan<'a, I, S>(
        &'a self,
        entries: impl Into<Entries<'a>>,
        lines: I,
        limit: usize,
    ) -> Report
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut scanner = self.scanner(entries, limit);
        let mut report = Report::default();
        for line in lines {
            if let Some(hits) = scanner.push(line.as_ref()) {
                report.add(hits);
            }
        }
        if let Some(hits) = scanner.finish() {
            report.add(hits);
        }
        report.finish();
        report
    }

    /// A line-at-a-time reader of one log, answering each event as `answer_line` answers a
    /// pasted block. `entries` are the records the triage was built from.
    pub fn scanner<'a>(&'a self, entries: impl Into<Entries<'a>>, limit: usize) -> Scanner<'a> {
        Scanner::new(self, entries.into(), limit.max(1), 0)
    }
}

/// The normalised form a text is matched by: lowercase words, `*` for each run of variable
/// parts (numbers, ids, quoted values, placeholders), level words and punctuation dropped (a run
/// of `*` standing alone in the text, like `****`, is kept as a word).
/// Two messages with the same form are the same error as far as triage can tell.
pub fn normalized(text: &str) -> String {
    let mut tokens = normalize::Tokens::new();
    normalize::tokenize(text, &mut tokens);
    let words: Vec<&str> = tokens
        .iter()
        .map(|t| match t {
            normalize::Tok::Word(w) => w,
            normalize::Tok::Var => "*",
        })
        .collect();
    words.join(" ")
}

/// A log line as a record would hold it: the message without the line's header (timestamp,
/// level, host, process, ids), and a `messagePattern` for it with `{}` for its variable parts,
/// which triage matches against the line and the lines like it.
pub fn pattern_from_line(line: &str) -> (String, String) {
    let line = line.trim_end_matches(['\n', '\r']);
    let message = line[header::message_start(line)..].trim();
    (message.to_string(), normalize::templated(message))
}

#[cfg(test)]
mod answer_tests;
#[cfg(test)]
mod tests;
