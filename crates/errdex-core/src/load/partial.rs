//! Partial datasets while loading: the records so far, handed to a callback at most so often,
//! so a browser can search them before a big dataset is in. Each is a prefix of the final
//! dataset, in the same order, so a record's index never changes as it grows. Each one copies
//! the entries so far, so a load quicker than the interval hands out none, each holds at least
//! twice the records of the one before, and none is handed out once most of the bytes are
//! read (the whole dataset is about to come): together they copy less than the dataset once.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::dataset::{Dataset, Entry};
use crate::source::Source;

/// The share of the bytes read after which the whole dataset is only moments away.
const NEARLY_DONE: f64 = 0.75;

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

    /// The sink, when a partial of `records` is due with this share of the bytes read (it is
    /// then counted as sent).
    fn due(&self, records: usize, read: f64) -> Option<&'a (dyn Fn(Dataset) + Sync)> {
        let sink = self.sink?;
        if read >= NEARLY_DONE {
            return None;
        }
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (at, size) = *last;
        if at.elapsed() < self.every || records < (size * 2).max(1) {
            return None;
        }
        *last = (Instant::now(), records);
        Some(sink)
    }

    /// The sources loaded so far, if a partial is due.
    pub fn offer(&self, loaded: &Dataset, read: f64) {
        if let Some(sink) = self.due(loaded.len(), read) {
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
    pub fn offer(&self, entries: &[Entry], read: f64) {
        if let Some(sink) = self.stream.due(self.before.len() + entries.len(), read) {
            sink(self.before.snapshot(Some((self.source, entries))));
        }
    }
}
