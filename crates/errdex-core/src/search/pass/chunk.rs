//! One chunk of a pass's records scanned, on two threads when it is big enough.

use super::super::index::{Index, Reader};
use super::super::rank::{Hit, top_k_by};
use super::super::{Context, Query, halves, scan};
use super::{CHUNK, PARALLEL_MIN, reranked, reuse};
use crate::dataset::Entries;

/// Records sieved together before the ones kept are read: their masks are still in the
/// cache when the kept ones are.
const SIEVED: usize = 256;

/// How many kept records ahead of the one read the next one's text is asked for: reading a
/// path every eighth record or so, a pass waited on memory for each (measured: `src/net/pool`
/// over a million records, 26 ms a pass without, 21 with; 16 ahead did no better).
pub(super) const AHEAD: usize = 8;

/// How a chunk is scanned: the query, the hits kept (0: only decide matches), the sums of an
/// earlier pass to start from, and whether to keep this one's.
#[derive(Clone, Copy)]
pub(super) struct Scan<'a> {
    pub(super) q: &'a Query,
    pub(super) limit: usize,
    pub(super) plan: Option<reuse::Plan<'a>>,
    pub(super) keep: bool,
    /// Rules records out by their masks before they are read (None: every one is read).
    pub(super) sieve: Option<&'a scan::Sieve>,
    /// A hit scoring below this cannot rank (the worst of the best kept so far): it is
    /// counted, and its sums kept, but not kept as a hit.
    pub(super) floor: i64,
}

/// What a scan found, in dataset order.
#[derive(Default)]
pub(super) struct Found {
    /// The matches that may still rank, with their estimates.
    pub(super) hits: Vec<Hit>,
    /// Every match.
    pub(super) matched: Vec<u32>,
    /// When the scan keeps sums, per match: its estimate, and its sum without the last group
    /// (for a query of more than one group).
    pub(super) sums: Vec<reuse::Sum>,
    pub(super) before_last: Vec<reuse::Sum>,
    /// A sum did not fit: the sums are not every match's.
    pub(super) lost: bool,
}

impl Found {
    fn append(&mut self, later: Found) {
        self.hits.extend(later.hits);
        self.matched.extend(later.matched);
        self.sums.extend(later.sums);
        self.before_last.extend(later.before_last);
        self.lost |= later.lost;
    }
}

/// Scans one chunk, on both cores when it is big enough, adding to `found`. None if the
/// helper half panicked. A pass that keeps no ranked hits (`limit` 0: `search::facets`) only
/// decides which records match.
pub(super) fn scan_chunk(
    entries: Entries<'_>,
    at: (&Index, &scan::Prepared),
    how: Scan,
    ctx: &Context,
    chunk: &[u32],
    found: &mut Found,
) -> Option<()> {
    let Scan {
        q,
        limit,
        plan,
        keep,
        sieve,
        floor,
    } = how;
    let reader = at.0.reader();
    let at = (&reader, at.1);
    let keep_before = keep && q.groups.len() > 1;
    let scan_part = |part: &[u32], found: &mut Found| {
        let mut cursor = 0;
        let mut tries = scan::Tries::new(q);
        let mut admitted = Vec::with_capacity(SIEVED);
        for batch in part.chunks(SIEVED) {
            let apart = spread(batch);
            let (batch, thinned) = match sieve {
                Some(s) => sieved(&reader, s, batch, &mut admitted, apart),
                None => (batch, false),
            };
            // Unsieved, rows far apart are asked for further ahead than their text.
            let rows_ahead = apart && sieve.is_none();
            for (j, &i) in batch.iter().enumerate() {
                if rows_ahead && let Some(&ahead) = batch.get(j + 2 * AHEAD) {
                    reader.prefetch_row(ahead as usize);
                }
                if (thinned || apart)
                    && let Some(&ahead) = batch.get(j + AHEAD)
                {
                    reader.prefetch(ahead as usize);
                }
                let record = (entries, i as usize);
                if limit == 0 {
                    if scan::matches(at, record, q, (ctx, &mut tries)) {
                        found.matched.push(i);
                    }
                    continue;
                }
                let known = plan.and_then(|p| Some((p.groups, p.sum(i, &mut cursor)?)));
                let (from, sum) = known.unwrap_or((0, 0));
                if let Some((score, before)) =
                    scan::estimate_rest(at, record, (q, from, sum), (ctx, &mut tries))
                {
                    found.matched.push(i);
                    if score >= floor {
                        found.hits.push(Hit { index: i, score });
                    }
                    if keep {
                        match (reuse::Sum::try_from(score), reuse::Sum::try_from(before)) {
                            (Ok(score), Ok(before)) => {
                                found.sums.push(score);
                                if keep_before {
                                    found.before_last.push(before);
                                }
                            }
                            _ => found.lost = true,
                        }
                    }
                }
            }
        }
    };
    if chunk.len() < PARALLEL_MIN {
        scan_part(chunk, found);
        return Some(());
    }
    let (a, b) = chunk.split_at(chunk.len() / 2);
    let ((), theirs) = halves::both(
        || scan_part(a, found),
        || {
            let mut theirs = Found::default();
            scan_part(b, &mut theirs);
            theirs
        },
    );
    // A panic in the helper: the pass is lost.
    found.append(theirs.ok()?);
    Some(())
}

/// Whether the records of `batch` (ascending) lie far apart, as a narrowed pass's do: the
/// CPU foresees reads of records in a row, not these (`nil pointr der` after `nil pointr de`
/// over a million phrases, 159,357 records read: 50 ms a pass without asking ahead, 38 with).
fn spread(batch: &[u32]) -> bool {
    match (batch.first(), batch.last()) {
        (Some(&a), Some(&b)) => b.saturating_sub(a) as usize >= 2 * batch.len(),
        _ => false,
    }
}

/// The records of `batch` the sieve keeps (in `admitted`), and whether it kept under half:
/// those are read here and there, so each next one is asked for ahead; a denser batch is read
/// nearly in order, which the CPU foresees.
fn sieved<'b>(
    reader: &Reader<'_>,
    sieve: &scan::Sieve,
    batch: &[u32],
    admitted: &'b mut Vec<u32>,
    apart: bool,
) -> (&'b [u32], bool) {
    admitted.clear();
    // A loop, not `extend` over a filter: that closure was not inlined.
    for (j, &i) in batch.iter().enumerate() {
        if apart && let Some(&ahead) = batch.get(j + AHEAD) {
            reader.prefetch_row(ahead as usize);
        }
        if sieve.admits(reader.masks(i as usize)) {
            admitted.push(i);
        }
    }
    (admitted.as_slice(), admitted.len() * 2 < batch.len())
}

/// Drops the hits `rank` cannot keep, once they are many: all but the best `CANDIDATES` by
/// estimate (the order is total, so the best of all are among the best of each part), or all
/// but the first `limit` of a query that is not scored. A pass over a million records kept
/// every match (16 bytes each, most of them fresh pages the kernel zeroes while both cores
/// wait); now it keeps their indices alone. Returns the worst score kept when the best are
/// all kept: a later hit below it cannot rank.
pub(super) fn fewest(
    (entries, index): (Entries<'_>, &Index),
    q: &Query,
    hits: &mut Vec<Hit>,
    limit: usize,
) -> Option<i64> {
    let scored = limit > 0 && q.is_scored();
    let keep = if scored { reranked(limit) } else { limit };
    if hits.len() < keep.saturating_mul(2).max(CHUNK) {
        return None;
    }
    if !scored {
        hits.truncate(keep);
        return None;
    }
    top_k_by(entries, hits, keep, |i| index.order_key(i));
    hits.iter().map(|h| h.score).min()
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn records_in_a_row_are_not_spread_and_a_narrowed_few_are() {
        let row: Vec<u32> = (100..356).collect();
        assert!(!spread(&row));
        let every_third: Vec<u32> = (0..256).map(|i| i * 3).collect();
        assert!(spread(&every_third));
        let with_gaps: Vec<u32> = (0..256).map(|i| i + i / 2).collect();
        assert!(
            !spread(&with_gaps),
            "a third more than in a row: still foreseen"
        );
        assert!(!spread(&[]));
        assert!(!spread(&[7]));
    }
}
