//! The best candidates a walk has estimated so far, and the bar a record must clear to join
//! them.

use crate::search::halves;
use crate::search::index::{Index, Reader};
use crate::search::pass::Pass;
use crate::search::pass::chunk::AHEAD;
use crate::search::rank::{Hit, OrderKey, precedes, top_k_by};
use crate::search::scan::{self, Prepared};

/// Estimates between checks for a newer request.
const CHECK_EVERY: usize = 4096;

/// Below this many records one thread estimates quicker than two.
const PARALLEL_MIN: usize = 256;

/// Compacted to the best `cap` once `cap` are kept, then whenever half as many again have
/// come; the worst after the last compaction is the bar (the true bar is at least as high).
pub(super) struct Best<'a> {
    pass: &'a Pass<'a>,
    prepared: &'a Prepared,
    reader: Reader<'a>,
    cap: usize,
    hits: Vec<Hit>,
    bar: Option<(Hit, OrderKey)>,
    seen: Vec<u64>,
    /// How many records were estimated, and how many of them match.
    pub(super) offered: usize,
    pub(super) matched: usize,
}

impl<'a> Best<'a> {
    pub(super) fn new(pass: &'a Pass<'a>, prepared: &'a Prepared, cap: usize) -> Best<'a> {
        Best {
            pass,
            prepared,
            reader: pass.index.reader(),
            cap,
            hits: Vec::with_capacity(cap + cap / 2),
            bar: None,
            seen: vec![0; pass.index.len().div_ceil(64)],
            offered: 0,
            matched: 0,
        }
    }

    pub(super) fn cap(&self) -> usize {
        self.cap
    }

    /// The candidates kept so far.
    pub(super) fn found(&self) -> usize {
        self.hits.len()
    }

    fn index(&self) -> &Index {
        self.pass.index
    }

    /// Whether record `i` was estimated already.
    pub(super) fn seen(&self, i: u32) -> bool {
        let (word, bit) = (i as usize / 64, 1u64 << (i % 64));
        self.seen.get(word).is_none_or(|w| w & bit != 0)
    }

    /// Estimates records not seen yet (on two threads when there are many); false when the
    /// pass became stale.
    pub(super) fn offer(&mut self, records: &[u32], cancelled: &(dyn Fn() -> bool + Sync)) -> bool {
        let mut fresh: Vec<u32> = records.iter().copied().filter(|&i| !self.seen(i)).collect();
        for &i in &fresh {
            self.seen[i as usize / 64] |= 1u64 << (i % 64);
        }
        let (pass, prepared, reader) = (self.pass, self.prepared, &self.reader);
        let estimate = |part: &[u32]| {
            let entries = pass.ds.entries();
            let at = (reader, prepared);
            let mut tries = scan::Tries::new(pass.query);
            part.iter()
                .enumerate()
                .filter_map(|(j, &i)| {
                    // A walk reads records in rank order, all over the table: each one's text
                    // is asked for a few records ahead, as a sieved pass does.
                    if let Some(&ahead) = part.get(j + AHEAD) {
                        reader.prefetch(ahead as usize);
                    }
                    scan::estimate(
                        at,
                        (entries, i as usize),
                        pass.query,
                        (pass.ctx, &mut tries),
                    )
                    .map(|score| Hit { index: i, score })
                })
                .collect::<Vec<Hit>>()
        };
        let hits = if fresh.len() < PARALLEL_MIN {
            estimate(&fresh)
        } else {
            // A panic in the helper: its half is lost.
            halves::concat(&mut fresh, |part| estimate(part))
        };
        self.matched += hits.len();
        // Below the bar a hit cannot rank: kept, it only made compacting more frequent (`ni`
        // at a million records: most of the 73,728 it estimates score under the bar).
        let bar = self.bar.map_or(i64::MIN, |(bar, _)| bar.score);
        for h in hits.into_iter().filter(|h| h.score >= bar) {
            self.hits.push(h);
            let due = if self.bar.is_none() {
                self.cap
            } else {
                self.cap + self.cap / 2
            };
            if self.hits.len() >= due {
                self.compact();
            }
        }
        let before = self.offered;
        self.offered += fresh.len();
        let checked = before / CHECK_EVERY != self.offered / CHECK_EVERY;
        !(checked && cancelled())
    }

    pub(super) fn compact(&mut self) {
        let entries = self.pass.ds.entries();
        let index = self.pass.index;
        top_k_by(entries, &mut self.hits, self.cap, |i| index.order_key(i));
        if self.hits.len() == self.cap {
            self.bar = self.hits.last().map(|&h| (h, index.order_key(h.index)));
        }
    }

    pub(super) fn full(&self) -> bool {
        self.bar.is_some()
    }

    /// Whether the kept candidates all beat record `i` scoring `bound`.
    pub(super) fn beats(&self, bound: i64, i: u32) -> bool {
        self.bar.is_some_and(|(bar, key)| {
            if bar.score != bound {
                return bar.score > bound;
            }
            let candidate = Hit {
                index: i,
                score: bound,
            };
            let theirs = self.index().order_key(i);
            precedes(self.pass.ds.entries(), (bar, key), (candidate, theirs))
        })
    }

    /// How many kept candidates score `bound` or more.
    pub(super) fn reaching(&self, bound: i64) -> usize {
        self.hits.iter().filter(|h| h.score >= bound).count()
    }

    /// Whether the kept candidates all score above `bound`.
    pub(super) fn above(&self, bound: i64) -> bool {
        self.bar.is_some_and(|(bar, _)| bar.score > bound)
    }

    pub(super) fn finish(mut self) -> Vec<Hit> {
        self.compact();
        self.hits
    }
}
