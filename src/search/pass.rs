//! One search pass: decide which records match, then rank the best of them.

use super::matcher::score_entry;
use super::rank::{Hit, top_k};
use super::{Context, Query, skim};
use crate::dataset::Dataset;

/// What a finished pass knows.
pub struct Outcome {
    /// Best first, at most the requested limit.
    pub hits: Vec<Hit>,
    /// Every matching record, in dataset order (the base for narrowing and facets).
    pub matched: Vec<u32>,
}

/// Runs `q` over `candidates` (every record when None). Returns None when `cancelled` says the
/// pass is stale.
pub fn run(
    ds: &Dataset,
    q: &Query,
    ctx: &Context,
    candidates: Option<&[u32]>,
    limit: usize,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> Option<Outcome> {
    let entries = ds.entries();
    let all: Vec<u32>;
    let candidates = match candidates {
        Some(c) => c,
        None => {
            all = (0..entries.len() as u32).collect();
            &all
        }
    };
    let mut matched = Vec::new();
    let mut hits = Vec::new();
    for (n, &i) in candidates.iter().enumerate() {
        if n % 4096 == 0 && cancelled() {
            return None;
        }
        if let Some(score) = score_entry(skim(), &entries[i as usize], q, ctx) {
            matched.push(i);
            hits.push(Hit { index: i, score });
        }
    }
    if q.is_scored() {
        top_k(entries, &mut hits, limit);
    } else {
        hits.truncate(limit);
    }
    Some(Outcome { hits, matched })
}
