//! One search pass: the fast scan decides which records match and estimates their scores on two
//! threads; SkimMatcherV2 then scores the best-estimated candidates and the final top k is kept.
//! A pass that runs long reports ranked partial results on the way.

use std::time::{Duration, Instant};

use super::index::Index;
use super::matcher::score_entry_whole;
use super::narrow::Filter;
use super::rank::{Hit, top_k_by};

mod chunk;
mod first;
mod records;
mod reuse;
use super::{Context, Query, halves, scan, skim};
use crate::dataset::{Dataset, Entries};
use chunk::{Found, Scan, fewest, scan_chunk};
use records::{Records, within};
pub use reuse::Scores;

/// What a finished pass knows.
pub struct Outcome {
    /// Best first, at most the requested limit.
    pub hits: Vec<Hit>,
    /// Every matching record, in dataset order (the base for narrowing and facets).
    pub matched: Vec<u32>,
    /// Per hit: every group of the query matched a term found whole, so the hit is certainly
    /// not weak (false also when the pass could not tell: a query that is not scored).
    pub whole: Vec<bool>,
}

/// The ranked top the word-start postings settled (`Pass::run_first`).
pub struct FirstTop {
    /// Best first, at most the requested limit; the same as a full pass's.
    pub hits: Vec<Hit>,
    /// As `Outcome::whole`.
    pub whole: Vec<bool>,
    /// How many records match, as far as the walk knows.
    pub matched: Matched,
}

/// What a settled walk knows of which records match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Matched {
    /// It kept as many candidates as it may: at least this many match.
    AtLeast(usize),
    /// It kept fewer, so it never had a bar to leave a record unread by: every record that
    /// can match was estimated, and these (in dataset order) are all the matches.
    Exactly(Vec<u32>),
}

/// Ranked hits of the records scanned so far: `(hits, matched so far, scanned so far)`.
/// Called from the thread that scans: for a pass over many records, one of the search's pool
/// (see `run`).
pub type Report<'a> = &'a (dyn Fn(Vec<Hit>, usize, usize) + Sync);

/// Where partial results go, and after how long a pass starts sending them.
#[derive(Clone, Copy)]
pub struct Partial<'a> {
    pub report: Report<'a>,
    pub after: Duration,
}

/// How many best-estimated candidates SkimMatcherV2 re-scores (at least twice the limit).
pub const CANDIDATES: usize = 2000;

/// How many candidates SkimMatcherV2 re-scores for `limit` rows: what the walk keeps, what a
/// pass keeps on the way and what `rank` chooses from.
fn reranked(limit: usize) -> usize {
    CANDIDATES.max(limit.saturating_mul(2))
}

/// Below this many records one thread is quicker than starting a second.
const PARALLEL_MIN: usize = 8192;

/// Runs a job over `records` records on a thread of the pool, which splits its chunks with the
/// other threads; one that a single thread does alone stays on the caller's. From outside the
/// pool each chunk's halves waited for a sleeping thread to wake, and the first thread often
/// did the second half too before the other woke (a timeline of `errdex search nil pointr` at
/// 1M: one thread busy 60-70 % of the pass; in the pool both about 95 %).
fn on_pool<R: Send>(records: usize, job: impl FnOnce() -> R + Send) -> R {
    if records < PARALLEL_MIN {
        job()
    } else {
        rayon::scope(|_| job())
    }
}

/// Below this many candidates one thread re-ranks quicker than two.
const PARALLEL_RERANK_MIN: usize = 256;

/// Records scanned between stale checks and partial reports.
const CHUNK: usize = 32 * 1024;

/// A pass still running after this long reports what it has (ranking it costs a few ms), and
/// again this often — only while at least a quarter of the work remains.
pub const PARTIAL_AFTER: Duration = Duration::from_millis(150);

/// One pass: which records, which query, how many ranked hits to keep.
#[derive(Clone, Copy)]
pub struct Pass<'a> {
    pub ds: &'a Dataset,
    /// Built from `ds`.
    pub index: &'a Index,
    pub query: &'a Query,
    pub ctx: &'a Context,
    /// Only these records (the previous query's matches, when this one narrows it); every
    /// record when None.
    pub candidates: Option<&'a [u32]>,
    /// Ranked hits kept; 0 keeps none (only the matched set is wanted).
    pub limit: usize,
    /// Whether the block summaries may rule records out before the scan (off: every candidate
    /// is scanned, the reference a narrowed pass must equal).
    pub narrow: bool,
}

impl Pass<'_> {
    /// Runs to the end (on both cores).
    pub fn run(&self) -> Outcome {
        let never = || false;
        run(self, &never, None, Keeps::Ranked)
            .expect("a pass that is never cancelled finishes")
            .0
    }

    /// The ranked top alone, when the word-start postings settle it without reading every
    /// record (`first`); the same hits and flags as `run` gives. Some(None): they cannot, run
    /// the full pass; None: `cancelled` says the pass is stale.
    pub fn run_first(&self, cancelled: &(dyn Fn() -> bool + Sync)) -> Option<Option<FirstTop>> {
        let q = self.query;
        if self.limit == 0 || !q.is_scored() {
            return Some(None);
        }
        let prepared = scan::Prepared::new(self.index, q, self.ctx.weights);
        let cap = reranked(self.limit);
        let walk = || first::best(self, &prepared, cap, cancelled);
        match on_pool(self.index.len(), walk) {
            first::First::Settled(hits) => {
                let entries = self.ds.entries();
                let matched = if hits.len() >= cap {
                    Matched::AtLeast(hits.len())
                } else {
                    let mut all: Vec<u32> = hits.iter().map(|h| h.index).collect();
                    all.sort_unstable();
                    Matched::Exactly(all)
                };
                let (hits, whole) = rank((entries, self.index), q, self.ctx, hits, self.limit);
                Some(Some(FirstTop {
                    hits,
                    whole,
                    matched,
                }))
            }
            first::First::Unsure => Some(None),
            first::First::Cancelled => None,
        }
    }

    /// Runs, reporting partial results through `partial` (None when `cancelled` says the pass
    /// is stale), starting from an earlier pass's `Scores` (with that pass's
    /// `Outcome::matched`, which they are in the order of) where this query's leading
    /// groups are that one's, and keeping this pass's for the next (None for a query that is
    /// not scored, or keeps no hits).
    pub fn run_keeping(
        &self,
        earlier: Option<(&Scores, &[u32])>,
        cancelled: &(dyn Fn() -> bool + Sync),
        partial: Option<Partial>,
    ) -> Option<(Outcome, Option<Scores>)> {
        run(self, cancelled, partial, Keeps::RankedAndSums(earlier))
    }

    /// Every match, in dataset order, with the sums `run_keeping` keeps for the next pass, but
    /// nothing ranked (whatever `limit` says): the count after the postings settled the ranked
    /// top, which the next keystroke starts from. None when `cancelled` says it is stale.
    pub fn count_keeping(
        &self,
        earlier: Option<(&Scores, &[u32])>,
        cancelled: &(dyn Fn() -> bool + Sync),
    ) -> Option<(Vec<u32>, Option<Scores>)> {
        // A limit above 0 is what makes the scan estimate rather than only decide matches.
        let scored = Pass {
            limit: self.limit.max(1),
            ..*self
        };
        run(&scored, cancelled, None, Keeps::Sums(earlier)).map(|(out, s)| (out.matched, s))
    }
}

/// What a pass keeps besides every match; with sums, from the sums of an earlier pass (and its
/// matches, which they are in the order of) where they serve.
#[derive(Clone, Copy)]
enum Keeps<'e> {
    /// The ranked top; what it cannot rank is dropped on the way.
    Ranked,
    /// The ranked top, and every match's sums for the next pass.
    RankedAndSums(Option<(&'e Scores, &'e [u32])>),
    /// Every match's sums alone (a count).
    Sums(Option<(&'e Scores, &'e [u32])>),
}

fn run(
    pass: &Pass,
    cancelled: &(dyn Fn() -> bool + Sync),
    partial: Option<Partial>,
    keeps: Keeps,
) -> Option<(Outcome, Option<Scores>)> {
    let (earlier, keep, ranked) = match keeps {
        Keeps::Ranked => (None, false, true),
        Keeps::RankedAndSums(earlier) => (earlier, true, true),
        Keeps::Sums(earlier) => (earlier, true, false),
    };
    let Pass {
        ds,
        index,
        query: q,
        ctx,
        candidates,
        limit,
        narrow,
    } = *pass;
    let entries = ds.entries();
    debug_assert_eq!(
        index.len(),
        entries.len(),
        "the index is built from this dataset"
    );
    let prepared = (!q.is_empty()).then(|| scan::Prepared::new(index, q, ctx.weights));
    let filter = prepared
        .as_ref()
        .filter(|_| narrow)
        .and_then(|p| Filter::new(q, p, index));
    let kept = filter.map(|f| index.records_kept(|m| f.keeps(m)));
    let candidates = match (candidates, kept) {
        (Some(c), None) => Records::List(c.into()),
        (None, None) => Records::Ranges(std::iter::once(0..entries.len() as u32).collect()),
        (None, Some(kept)) => Records::Ranges(kept),
        (Some(c), Some(kept)) => Records::List(within(c, &kept).into()),
    };
    let mut found = Found::default();
    let scored = limit > 0 && q.is_scored();
    let plan = earlier
        .filter(|_| scored)
        .and_then(|(s, matched)| s.plan(q, matched));
    let sums = keep && scored && prepared.is_some();
    let entries_index = (entries, index);
    if let Some(prepared) = &prepared {
        let how = Scan {
            q,
            limit,
            plan,
            keep: sums,
            sieve: prepared.sieve().filter(|_| narrow),
            // A count ranks nothing: no score reaches a floor of MAX, so it keeps no hits
            // (and cuts none) on the way.
            floor: if ranked { i64::MIN } else { i64::MAX },
        };
        let flags = (cancelled, partial);
        on_pool(candidates.len(), || {
            scan_all(
                entries_index,
                (prepared, how),
                ctx,
                &candidates,
                &mut found,
                flags,
            )
        })?;
    } else {
        let mut buffer = Vec::new();
        let mut chunks = candidates.chunks();
        while let Some(chunk) = chunks.next(&mut buffer) {
            found.matched.extend_from_slice(chunk);
            let hits = &mut found.hits;
            hits.extend(chunk.iter().map(|&index| Hit { index, score: 0 }));
            fewest(entries_index, q, hits, limit);
        }
    }
    if cancelled() {
        return None;
    }
    let Found {
        hits,
        matched,
        sums: whole_sums,
        before_last,
        lost,
    } = found;
    let scores = (sums && !lost)
        .then(|| Scores::new(q, &matched, whole_sums, before_last))
        .flatten();
    let (hits, whole) = if ranked {
        rank((entries, index), q, ctx, hits, limit)
    } else {
        (Vec::new(), Vec::new())
    };
    let out = Outcome {
        hits,
        matched,
        whole,
    };
    Some((out, scores))
}

/// Scans every candidate chunk by chunk into `found`, dropping the hits `rank` cannot keep;
/// None when cancelled.
fn scan_all(
    (entries, index): (Entries<'_>, &Index),
    (prepared, mut how): (&scan::Prepared, Scan),
    ctx: &Context,
    candidates: &Records,
    found: &mut Found,
    (cancelled, partial): (&(dyn Fn() -> bool + Sync), Option<Partial>),
) -> Option<()> {
    let (q, limit) = (how.q, how.limit);
    let total = candidates.len();
    let mut reported = Instant::now();
    let mut scanned = 0;
    let mut buffer = Vec::new();
    let mut chunks = candidates.chunks();
    while let Some(chunk) = chunks.next(&mut buffer) {
        if cancelled() {
            return None;
        }
        scan_chunk(entries, (index, prepared), how, ctx, chunk, found)?;
        if let Some(floor) = fewest((entries, index), q, &mut found.hits, limit) {
            how.floor = floor;
        }
        scanned += chunk.len();
        if let Some(p) = partial
            && scanned < total - total / 4
            && reported.elapsed() >= p.after
        {
            (p.report)(
                rank((entries, index), q, ctx, found.hits.clone(), limit).0,
                found.matched.len(),
                scanned,
            );
            reported = Instant::now();
        }
    }
    Some(())
}

/// Best first, at most `limit`: SkimMatcherV2 scores the best-estimated candidates. With the
/// hits, whether each matched every group by a term found whole (see `Outcome::whole`).
fn rank(
    (entries, index): (Entries<'_>, &Index),
    q: &Query,
    ctx: &Context,
    mut hits: Vec<Hit>,
    limit: usize,
) -> (Vec<Hit>, Vec<bool>) {
    if limit == 0 {
        return (Vec::new(), Vec::new());
    }
    if !q.is_scored() {
        hits.truncate(limit);
        let whole = vec![false; hits.len()];
        return (hits, whole);
    }
    let key = |i| index.order_key(i);
    top_k_by(entries, &mut hits, reranked(limit), key);
    // Scoring finds out for free what judging a hit weak would look for again.
    let rescore = |part: &mut [Hit]| {
        let mut whole = Vec::new();
        for h in part {
            // The scan decides matches by the same rules, so None does not happen; if it ever
            // did, the record would sink to the bottom rather than vanish.
            let e = entries.at(h.index as usize);
            let (score, all_whole) =
                score_entry_whole(skim(), e, q, ctx).unwrap_or((i64::MIN, false));
            h.score = score;
            if all_whole {
                whole.push(h.index);
            }
        }
        whole
    };
    let mut whole = if hits.len() >= PARALLEL_RERANK_MIN {
        // A panic in the helper: its half's flags are lost, and those hits are judged.
        halves::concat(&mut hits, rescore)
    } else {
        rescore(&mut hits)
    };
    top_k_by(entries, &mut hits, limit, key);
    whole.sort_unstable();
    let flags = hits
        .iter()
        .map(|h| whole.binary_search(&h.index).is_ok())
        .collect();
    (hits, flags)
}

#[cfg(test)]
mod tests;
