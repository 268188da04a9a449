//! Partial datasets while loading: the records so far, handed to a callback at most so often,
//! so a browser can search them before a big dataset is in. Each is a prefix of the final
//! dataset, in the same order, so a record's index never changes as it grows. Each one copies
//! the entries so far, so a load quicker than the interval hands out none, and each holds at
//! least twice the records of the one before: all of them together copy the dataset about
//! twice at most, whatever its size.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::source::Source;
use crate::dataset::{Dataset, Entry};

/// Where partial datasets go during one load.
pub(super) struct Stream<'a> {
    sink: Option<&'a (dyn Fn(Dataset) + Sync)>,
    every: Duration,
    /// When the last partial was handed out, and its size.
    last: Mutex<(Instant, usize)>,
}

impl<'a> Stream<'a> {
    pub fn new(sink: Option<&'a (dyn Fn(Dataset) + Sync)>, every: Duration) -> Stream<'a> {
        Stream {
            sink,
            every,
            last: Mutex::new((Instant::now(), 0)),
        }
    }

    /// The sink, when a partial of `records` is due (it is then counted as sent).
    fn due(&self, records: usize) -> Option<&'a (dyn Fn(Dataset) + Sync)> {
        let sink = self.sink?;
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let (at, size) = *last;
        if at.elapsed() < self.every || records < (size * 2).max(1) {
            return None;
        }
        *last = (Instant::now(), records);
        Some(sink)
    }

    /// The sources loaded so far, if a partial is due.
    pub fn offer(&self, loaded: &Dataset) {
        if let Some(sink) = self.due(loaded.len()) {
            sink(loaded.snapshot(None));
        }
    }

    /// What the parser of `source` offers its records so far through.
    pub fn within<'b>(&'b self, before: &'b Dataset, source: &'b Arc<Source>) -> Partial<'b> {
        Partial {
            stream: self,
            before,
            source,
        }
    }
}

/// The partial datasets of one source being parsed, after the sources `before` it.
pub(super) struct Partial<'b> {
    stream: &'b Stream<'b>,
    before: &'b Dataset,
    source: &'b Arc<Source>,
}

impl Partial<'_> {
    /// The front of this source is parsed as far as `entries`: a partial, if one is due.
    pub fn offer(&self, entries: &[Entry]) {
        if let Some(sink) = self.stream.due(self.before.len() + entries.len()) {
            sink(self.before.snapshot(Some((self.source, entries))));
        }
    }
}
