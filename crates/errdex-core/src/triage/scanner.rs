//! Reading a log line by line: which lines make one event, what each line matched, and when an
//! event is reported — when the next one starts, at the end, or when the input pauses
//! (`settle`), in which case a trace arriving later still joins it and comes out as an update.

use super::answer::Evidence;
use super::chain::Link;
use super::clock::{self, Stamp};
use super::cut::{push_capped, safe_cut};
use super::events::{LineKind, Splitter, is_error_event};
use super::frames::{self, Frame};
use super::index::Index;
use super::line::{MAX_FRAMES, MAX_LINE_BYTES, truncate};
use super::matcher::{FormHit, Scratch};
use super::normalize::{self, Level};
use super::timeline::Extent;
use super::{LineHits, Match, Triage, incident, jsonlog, resolve};
use crate::dataset::Entries;

/// Records of an event the answer chooses among: the containment pass's best.
const ANSWERED: usize = 4;
/// Lines a batch must have before it is split between two threads.
const MIN_PARALLEL: usize = 2048;

struct Event {
    line: usize,
    last_line: usize,
    text: String,
    /// Every line of the event as written, and as matched (JSON flattened), joined by line
    /// breaks: what the answer reads, as it reads a pasted block. Most events are one line
    /// of plain text, so neither is copied until it differs: `raw` stays empty while the
    /// event is its first line alone (`text`), `flat` None while no line was flattened.
    raw: String,
    flat: Option<String>,
    level: Option<Level>,
    /// The level was a field's value (`level=warn`, `"level":"info"`): the `path:line` on the
    /// line is then the logger's `caller=`/`source=`, where the call is, not a trace.
    field_level: bool,
    benign: bool,
    hits: Vec<FormHit>,
    frames: Vec<Frame>,
    /// What `settle` reported for it, so that `finish` reports only a change.
    reported: Option<Vec<Match>>,
}

/// Feeds a log line by line; an event's hits come out when the next event starts (or at
/// `finish` or `settle`), since a trace may still follow its first line.
pub struct Scanner<'t> {
    triage: &'t Triage,
    entries: Entries<'t>,
    index: &'t Index,
    limit: usize,
    splitter: Splitter,
    scratch: Scratch,
    frames: Vec<Frame>,
    line_no: usize,
    event: Option<Event>,
    unknown: bool,
    /// The time of the last event start that had one, as written: an event without its own
    /// (a traceback's first line) happened by then.
    stamp: String,
    /// The line that time was first seen on, by this scanner.
    stamp_line: Option<usize>,
    /// The log's first time, as written.
    first_stamp: Option<String>,
    /// The last time read, so consecutive events at one time read it once.
    parsed: Option<(String, Option<Stamp>)>,
}

impl<'t> Scanner<'t> {
    pub(super) fn new(
        triage: &'t Triage,
        entries: Entries<'t>,
        limit: usize,
        line_no: usize,
    ) -> Self {
        Scanner {
            triage,
            entries,
            index: &triage.index,
            limit,
            splitter: Splitter::new(),
            scratch: Scratch::default(),
            frames: Vec::new(),
            line_no,
            event: None,
            unknown: false,
            stamp: String::new(),
            stamp_line: None,
            first_stamp: None,
            parsed: None,
        }
    }

    /// Also report error-level events (ERROR, FATAL, panics, exceptions, tracebacks) that
    /// matched no record, as `LineHits` without matches.
    pub fn report_unknown(mut self, on: bool) -> Self {
        self.unknown = on;
        self
    }

    /// Lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line_no
    }

    /// The times of the log's first and latest timed lines so far (in either order).
    pub fn extent(&self) -> Extent {
        let mut extent = Extent::default();
        let ends = [self.first_stamp.as_deref(), Some(self.stamp.as_str())];
        for stamp in ends.into_iter().flatten().filter_map(clock::parse) {
            extent.widen(stamp);
        }
        extent
    }

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
                    raw: String::new(),
                    flat: None,
                    level: None,
                    field_level: false,
                    benign: false,
                    hits: Vec::new(),
                    frames: Vec::new(),
                    reported: None,
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

    /// Many lines at once, on two threads when there are enough of them: the batch is cut at a
    /// line that starts an event whatever came before it (one with a timestamp or level
    /// header), the first part read by this scanner and the rest by a fresh one that then
    /// takes its place. The hits are the same, in the same order, as pushing the lines one by
    /// one.
    pub fn push_many<S: AsRef<str> + Sync>(&mut self, lines: &[S], out: &mut Vec<LineHits>) {
        let cut = if lines.len() >= MIN_PARALLEL {
            safe_cut(lines)
        } else {
            None
        };
        let Some(cut) = cut else {
            out.extend(lines.iter().filter_map(|l| self.push(l.as_ref())));
            return;
        };
        let (first, rest) = lines.split_at(cut);
        let mut second = Scanner::new(self.triage, self.entries, self.limit, self.line_no + cut)
            .report_unknown(self.unknown);
        let later = std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let hits: Vec<LineHits> = rest
                    .iter()
                    .filter_map(|l| second.push(l.as_ref()))
                    .collect();
                (hits, second)
            });
            out.extend(first.iter().filter_map(|l| self.push(l.as_ref())));
            out.extend(self.finish());
            worker.join()
        });
        match later {
            Ok((mut hits, mut second)) => {
                // The second part's events before its first time happened by the first
                // part's last one.
                let carried = self.time_now();
                let until = second.stamp_line.unwrap_or(usize::MAX);
                for h in hits.iter_mut().take_while(|h| h.line < until) {
                    h.time = h.time.or(carried);
                }
                if second.stamp.is_empty() {
                    second.stamp = std::mem::take(&mut self.stamp);
                }
                if self.first_stamp.is_some() {
                    second.first_stamp = self.first_stamp.take();
                    second.stamp_line = self.stamp_line.or(second.stamp_line);
                }
                out.extend(hits);
                *self = second;
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// Ends the log: the last event's hits, if any (or, after `settle`, if they changed).
    pub fn finish(&mut self) -> Option<LineHits> {
        let event = self.event.take()?;
        let reported = event.reported.clone();
        let mut hits = self.resolve(event)?;
        hits.time = self.time_now();
        (reported.as_ref() != Some(&hits.matches)).then_some(hits)
    }

    /// The time the current event happened by, read once per distinct text.
    fn time_now(&mut self) -> Option<Stamp> {
        if self.stamp.is_empty() {
            return None;
        }
        if let Some((text, stamp)) = &self.parsed
            && *text == self.stamp
        {
            return *stamp;
        }
        let stamp = clock::parse(&self.stamp);
        self.parsed = Some((self.stamp.clone(), stamp));
        stamp
    }

    /// An event start's time, as written.
    fn note_time(&mut self, text: &str) {
        self.stamp.clear();
        self.stamp.push_str(text);
        self.stamp_line.get_or_insert(self.line_no);
        if self.first_stamp.is_none() {
            self.first_stamp = Some(text.to_string());
        }
    }

    /// The input paused: reports the pending event as it stands (if it matched, and unless it
    /// was reported so already). It stays open: if more of it arrives (a trace), `push` or
    /// `finish` reports it again at the same line, only if its matches changed.
    pub fn settle(&mut self) -> Option<LineHits> {
        let event = self.event.as_ref()?;
        let snapshot = Event {
            line: event.line,
            last_line: event.last_line,
            text: event.text.clone(),
            raw: event.raw.clone(),
            flat: event.flat.clone(),
            level: event.level,
            field_level: event.field_level,
            benign: event.benign,
            hits: event.hits.clone(),
            frames: event.frames.clone(),
            reported: None,
        };
        let mut hits = self.resolve(snapshot)?;
        hits.time = self.time_now();
        let event = self.event.as_mut()?;
        if event.reported.as_ref() == Some(&hits.matches) {
            return None;
        }
        event.reported = Some(hits.matches.clone());
        Some(hits)
    }

    /// The event answered as a pasted block is: the containment pass run line by line (and for
    /// an error the pasted line's own first pass) finds the records, and the one ranking
    /// (`Triage::answer`) trusts, chains and groups them. Only confident rows are matches.
    /// The event's records ranked as a pasted line's are: one ranking for triage and `search`.
    fn answer(&self, event: &Event, found: Vec<Match>) -> (Vec<Match>, Vec<Link>) {
        if found.is_empty() {
            return (found, Vec::new());
        }
        let line = if event.raw.is_empty() {
            &event.text
        } else {
            &event.raw
        };
        let base = event.flat.as_deref().unwrap_or(line);
        let flat = if event.frames.is_empty() {
            std::borrow::Cow::Borrowed(base)
        } else {
            super::traced::messages(base)
        };
        let evidence = Evidence {
            line,
            text: &flat,
            frames: &event.frames,
            pieces: super::chain::holds_cause(&flat),
        };
        self.triage
            .answer_event(self.entries, &evidence, found, self.limit)
    }

    fn resolve(&self, mut event: Event) -> Option<LineHits> {
        let trace = event.last_line > event.line;
        let found = resolve::resolve(
            self.index,
            self.entries,
            &mut event.hits,
            &event.frames,
            !event.benign || trace,
            ANSWERED.max(self.limit),
        );
        let (matches, chain) = self.answer(&event, found);
        let traced = trace || (!event.frames.is_empty() && !event.field_level);
        let unknown_error =
            self.unknown && matches.is_empty() && is_error_event(&event.text, event.level, traced);
        if matches.is_empty() && !unknown_error {
            return None;
        }
        Some(LineHits {
            line: event.line,
            last_line: event.last_line,
            text: event.text,
            time: None,
            matches,
            chain,
        })
    }

    fn read_line(&mut self, line: &str, head: bool) {
        if self.event.is_none() {
            return;
        }
        let json = if line.starts_with('{') {
            jsonlog::flatten(line)
        } else {
            None
        };
        if head {
            let time = match &json {
                Some(flat) => flat.time.as_deref(),
                None => incident::timestamp(line),
            };
            if let Some(time) = time {
                self.note_time(time);
            }
        }
        let Some(event) = self.event.as_mut() else {
            return;
        };
        event.last_line = self.line_no;
        let (text, json_level) = match &json {
            Some(flat) => (flat.text.as_str(), flat.level),
            None => (line, None),
        };
        if !head {
            if event.raw.is_empty() {
                push_capped(&mut event.raw, &event.text);
            }
            if let Some(flat) = &mut event.flat {
                push_capped(flat, text);
            } else if json.is_some() {
                // The lines before were as written: the flattened text so far is theirs.
                let mut flat = event.raw.clone();
                push_capped(&mut flat, text);
                event.flat = Some(flat);
            }
            push_capped(&mut event.raw, line);
        } else if json.is_some() {
            let mut flat = String::new();
            push_capped(&mut flat, text);
            event.flat = Some(flat);
        }
        normalize::tokenize(text, &mut self.scratch.tokens);
        let field = json_level.or_else(|| Level::from_logfmt(text));
        let level = field.or(self.scratch.tokens.level());
        let in_trace = !event.frames.is_empty();
        self.frames.clear();
        frames::extract(text, &mut self.frames);
        let names_location = !self.frames.is_empty();
        let room = MAX_FRAMES.saturating_sub(event.frames.len());
        event.frames.extend(self.frames.drain(..).take(room));
        // A line naming a location is a stack frame, not a message; an indented line after an
        // INFO line is more of that line (a dump, a config) unless a trace has begun.
        let fallback = if head {
            event.level = level;
            event.field_level = field.is_some();
            event.benign = level.is_some_and(Level::is_benign);
            !event.benign
        } else {
            !names_location && (!event.benign || in_trace)
        };
        self.index
            .match_line(&mut self.scratch, text, fallback, &mut event.hits);
    }
}
