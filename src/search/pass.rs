//! One search pass: the fast scan decides which records match and estimates their scores on two
//! threads; SkimMatcherV2 then scores the best-estimated candidates and the final top k is kept.

use super::matcher::score_entry;
use super::rank::{Hit, top_k};
use super::{Context, Query, scan, skim};
use crate::dataset::Dataset;

/// What a finished pass knows.
pub struct Outcome {
    /// Best first, at most the requested limit.
    pub hits: Vec<Hit>,
    /// Every matching record, in dataset order (the base for narrowing and facets).
    pub matched: Vec<u32>,
}

/// How many best-estimated candidates SkimMatcherV2 re-scores (at least twice the limit).
pub const CANDIDATES: usize = 2000;

/// Below this many records one thread is quicker than starting a second.
const PARALLEL_MIN: usize = 8192;

/// Below this many candidates one thread re-ranks quicker than two.
const PARALLEL_RERANK_MIN: usize = 256;

/// How often (in records) a scan checks whether it has gone stale.
const CANCEL_EVERY: usize = 2048;

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
    let scored = q.is_scored();
    let scan_part = |part: &[u32]| -> Option<Vec<Hit>> {
        let mut hits = Vec::new();
        for (n, chunk) in part.chunks(CANCEL_EVERY).enumerate() {
            if n > 0 && cancelled() {
                return None;
            }
            for &i in chunk {
                if let Some(score) = scan::estimate(&entries[i as usize], q, ctx) {
                    hits.push(Hit { index: i, score });
                }
            }
        }
        Some(hits)
    };
    let mut hits = if q.is_empty() {
        candidates
            .iter()
            .map(|&index| Hit { index, score: 0 })
            .collect()
    } else if candidates.len() < PARALLEL_MIN {
        scan_part(candidates)?
    } else {
        let (a, b) = candidates.split_at(candidates.len() / 2);
        let (ha, hb) = std::thread::scope(|s| {
            let other = s.spawn(|| scan_part(b));
            let mine = scan_part(a);
            // A panic in the helper is a bug already reported by the hook; treat the pass as lost.
            (mine, other.join().ok().flatten())
        });
        let (mut ha, hb) = (ha?, hb?);
        ha.extend(hb);
        ha
    };
    if cancelled() {
        return None;
    }
    let matched: Vec<u32> = hits.iter().map(|h| h.index).collect();
    if scored {
        top_k(entries, &mut hits, CANDIDATES.max(limit * 2));
        let rescore = |part: &mut [Hit]| {
            for h in part {
                // The scan decides matches by the same rules, so None does not happen; if it
                // ever did, the record would sink to the bottom rather than vanish.
                let e = &entries[h.index as usize];
                h.score = score_entry(skim(), e, q, ctx).unwrap_or(i64::MIN);
            }
        };
        if hits.len() >= PARALLEL_RERANK_MIN {
            let half = hits.len() / 2;
            let (a, b) = hits.split_at_mut(half);
            std::thread::scope(|s| {
                s.spawn(|| rescore(b));
                rescore(a);
            });
        } else {
            rescore(&mut hits);
        }
        if cancelled() {
            return None;
        }
        top_k(entries, &mut hits, limit);
    } else {
        hits.truncate(limit);
    }
    Some(Outcome { hits, matched })
}
