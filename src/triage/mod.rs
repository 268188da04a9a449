//! Triage: log lines → the known errors in them.
//!
//! `Triage::new(&dataset)` indexes the records once; `scan` reads a whole log into a
//! `Report` (hits per log event, groups per record), and `scanner` does the same one line at a
//! time for logs too big to hold. A log event is a line plus the stack trace or traceback that
//! follows it; its hits are reported at the line it starts on.

mod draft;
mod events;
mod frames;
mod index;
mod jsonlog;
mod level;
mod matcher;
mod normalize;
mod report;
mod resolve;

pub use draft::{LogDraft, draft_from_line, pattern_of};
pub use frames::Frame;
pub use matcher::Via;
pub use normalize::Level;
pub use report::{Group, Report, Summary};

use crate::dataset::{Dataset, Entry};
use events::{LineKind, Splitter};
use index::Index;
use matcher::{FormHit, Scratch};

/// Frames kept per event: a deep trace names the same few files over and over.
const MAX_FRAMES: usize = 64;
/// Bytes of a line that are matched: a message sits at the start of even a huge line.
const MAX_LINE_BYTES: usize = 64 * 1024;

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

/// The matches of one log event, reported at its first line.
#[derive(Debug, Clone, PartialEq)]
pub struct LineHits {
    /// 1-based number of the event's first line.
    pub line: usize,
    /// 1-based number of its last line (a trace or traceback makes it longer than one).
    pub last_line: usize,
    /// The event's first line as read (without the line end).
    pub text: String,
    /// Best first.
    pub matches: Vec<Match>,
}

/// The records of a dataset, indexed for matching log lines.
pub struct Triage {
    index: Index,
}

impl Triage {
    pub fn new(dataset: &Dataset) -> Self {
        Self::from_entries(dataset.entries())
    }

    pub fn from_entries(entries: &[Entry]) -> Self {
        Triage {
            index: Index::build(entries),
        }
    }

    /// Reads a whole log; at most `limit` records per log event (at least one).
    pub fn scan<I, S>(&self, lines: I, limit: usize) -> Report
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut scanner = self.scanner(limit);
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

    /// A line-at-a-time reader of one log.
    pub fn scanner(&self, limit: usize) -> Scanner<'_> {
        Scanner {
            index: &self.index,
            limit: limit.max(1),
            splitter: Splitter::new(),
            scratch: Scratch::default(),
            frames: Vec::new(),
            line_no: 0,
            event: None,
        }
    }
}

struct Event {
    line: usize,
    last_line: usize,
    text: String,
    benign: bool,
    hits: Vec<FormHit>,
    frames: Vec<Frame>,
}

/// Feeds a log line by line; an event's hits come out when the next event starts (or at
/// `finish`), since a trace may still follow its first line.
pub struct Scanner<'t> {
    index: &'t Index,
    limit: usize,
    splitter: Splitter,
    scratch: Scratch,
    frames: Vec<Frame>,
    line_no: usize,
    event: Option<Event>,
}

impl Scanner<'_> {
    /// Takes the next line (with or without its line end). Returns the previous event's hits
    /// when this line starts a new event and the previous one matched something.
    pub fn push(&mut self, line: &str) -> Option<LineHits> {
        self.line_no += 1;
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = truncate(line, MAX_LINE_BYTES);
        match self.splitter.classify(line) {
            LineKind::Blank => None,
            LineKind::Head => {
                let done = self.finish();
                self.event = Some(Event {
                    line: self.line_no,
                    last_line: self.line_no,
                    text: line.to_string(),
                    benign: false,
                    hits: Vec::new(),
                    frames: Vec::new(),
                });
                self.read_line(line, true);
                done
            }
            LineKind::Continuation => {
                self.read_line(line, false);
                None
            }
        }
    }

    /// Ends the log: the last event's hits, if any.
    pub fn finish(&mut self) -> Option<LineHits> {
        let mut event = self.event.take()?;
        let trace = event.last_line > event.line;
        let matches = resolve::resolve(
            self.index,
            &mut event.hits,
            &event.frames,
            !event.benign || trace,
            self.limit,
        );
        if matches.is_empty() {
            return None;
        }
        Some(LineHits {
            line: event.line,
            last_line: event.last_line,
            text: event.text,
            matches,
        })
    }

    fn read_line(&mut self, line: &str, head: bool) {
        let Some(event) = self.event.as_mut() else {
            return;
        };
        event.last_line = self.line_no;
        let json = if line.starts_with('{') {
            jsonlog::flatten(line)
        } else {
            None
        };
        let (text, json_level) = match &json {
            Some((text, level)) => (text.as_str(), *level),
            None => (line, None),
        };
        normalize::tokenize(text, &mut self.scratch.tokens);
        let level = json_level.or(self.scratch.tokens.level());
        let in_trace = !event.frames.is_empty();
        self.frames.clear();
        frames::extract(text, &mut self.frames);
        let names_location = !self.frames.is_empty();
        let room = MAX_FRAMES.saturating_sub(event.frames.len());
        event.frames.extend(self.frames.drain(..).take(room));
        // A line naming a location is a stack frame, not a message; an indented line after an
        // INFO line is more of that line (a dump, a config) unless a trace has begun.
        let fallback = if head {
            event.benign = level.is_some_and(Level::is_benign);
            !event.benign
        } else {
            !names_location && (!event.benign || in_trace)
        };
        self.index
            .match_line(&mut self.scratch, fallback, &mut event.hits);
    }
}

/// The normalised form a text is matched by: lowercase words, `*` for each run of variable
/// parts (numbers, ids, quoted values, placeholders), level words and punctuation dropped.
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

/// At most `max` bytes of `line`, cut at a character boundary.
fn truncate(line: &str, max: usize) -> &str {
    if line.len() <= max {
        return line;
    }
    let mut end = max;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

#[cfg(test)]
mod tests;
