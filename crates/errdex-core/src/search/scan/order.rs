//! The order a scan tries a query's groups in. A record matches only if every group does, and
//! its estimate is the sum of theirs, so any order gives the same answer; but a group that
//! rules out most records, tried first, saves estimating the others on them. Which group that
//! is depends on the data, not on the query's text: on a corpus where every record says
//! `connection`, `connection refused` is decided by `refused`, and a typo such as `pointr`
//! matches far fewer records than the `nil` before it. So a scan learns it as it goes, from how
//! often each group failed where it was tried.

use super::super::query::Query;

/// Records evaluated between two reorderings.
const REORDER_EVERY: u32 = 256;

/// One scanning thread's order of a query's groups, with what it learnt.
pub struct Tries {
    /// Group indices, the likeliest to fail first.
    sequence: Vec<usize>,
    /// Per group: where its terms start in `Query::terms` order.
    first_term: Vec<usize>,
    /// Per group: how often it was tried and how often it failed (halved at each reordering,
    /// so that the order follows the records as they change along the dataset).
    tried: Vec<u32>,
    failed: Vec<u32>,
    /// Records evaluated since the last reordering.
    since: u32,
}

impl Tries {
    /// The query's own order, to start with.
    pub fn new(q: &Query) -> Tries {
        let n = q.groups.len();
        let first_term = q
            .groups
            .iter()
            .scan(0, |k, g| {
                let first = *k;
                *k += g.len();
                Some(first)
            })
            .collect();
        Tries {
            sequence: (0..n).collect(),
            first_term,
            tried: vec![0; n],
            failed: vec![0; n],
            since: 0,
        }
    }

    /// Whether these are of `q`'s groups: as many, each of as many terms.
    fn made_for(&self, q: &Query) -> bool {
        let mut next = 0;
        self.first_term.len() == q.groups.len()
            && q.groups.iter().zip(&self.first_term).all(|(g, &first)| {
                let at = next;
                next += g.len();
                first == at
            })
    }

    /// The groups in the order they are tried now.
    #[cfg(test)]
    pub(crate) fn sequence(&self) -> &[usize] {
        &self.sequence
    }

    /// Counts one more record, and reorders the groups every `REORDER_EVERY`.
    fn next_record(&mut self) {
        self.since += 1;
        if self.since < REORDER_EVERY {
            return;
        }
        self.since = 0;
        let (tried, failed) = (&self.tried, &self.failed);
        // A group's rate of failure, as if it had been tried twice more and failed once of
        // those: a group that is never tried (an earlier one always fails first) keeps an
        // even chance instead of none, so it is not put last for good.
        let rate = |g: usize| (u64::from(failed[g]) + 1, u64::from(tried[g]) + 2);
        self.sequence.sort_by(|&a, &b| {
            let ((fa, ta), (fb, tb)) = (rate(a), rate(b));
            (fb * ta).cmp(&(fa * tb))
        });
        for c in self.tried.iter_mut().chain(&mut self.failed) {
            *c /= 2;
        }
    }
}

/// The sum over the groups from `from` on, added to `known`, and that sum without the last
/// group (`known` when it is before `from`); None when a group does not match. `estimate`
/// gives group `g`'s best term estimate from the index of its first term.
#[inline]
pub(super) fn evaluate(
    q: &Query,
    (from, known): (usize, i64),
    tries: &mut Tries,
    mut estimate: impl FnMut(usize, usize) -> Option<i64>,
) -> Option<(i64, i64)> {
    if !tries.made_for(q) {
        *tries = Tries::new(q);
    }
    let learn = q.groups.len().saturating_sub(from) > 1;
    if learn {
        tries.next_record();
    }
    let last = q.groups.len().checked_sub(1);
    let (mut total, mut last_score) = (known, 0);
    for at in 0..tries.sequence.len() {
        let g = tries.sequence[at];
        if g < from {
            continue;
        }
        let score = estimate(g, tries.first_term[g]);
        if learn {
            tries.tried[g] += 1;
            tries.failed[g] += u32::from(score.is_none());
        }
        let score = score?;
        total += score;
        if Some(g) == last {
            last_score = score;
        }
    }
    Some((total, total - last_score))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Group `g`'s score in record `r` of a made-up table (None: no match).
    fn score(r: usize, g: usize) -> Option<i64> {
        let matches = match g {
            0 => !r.is_multiple_of(10),
            1 => r.is_multiple_of(3),
            _ => r % 50 == 7,
        };
        matches.then_some((r * 7 + g * 13) as i64 % 41)
    }

    #[test]
    fn the_group_that_fails_most_is_tried_first_and_the_sums_do_not_change() {
        let q = Query::parse("aa bb cc");
        let mut tries = Tries::new(&q);
        let mut fresh_evaluations = 0;
        let mut learnt_evaluations = 0;
        for r in 0..5000 {
            for from in [0, 1, 2, 3] {
                let mut in_order = Tries::new(&q);
                let whole = usize::from(from == 0);
                let want = evaluate(&q, (from, 5), &mut in_order, |g, _| {
                    fresh_evaluations += whole;
                    score(r, g)
                });
                let got = evaluate(&q, (from, 5), &mut tries, |g, _| {
                    learnt_evaluations += whole;
                    score(r, g)
                });
                assert_eq!(got, want, "record {r}, from {from}");
            }
        }
        // Group 2 (a match in 50) is tried first, then group 1 (one in 3): a record is mostly
        // ruled out by one group instead of two.
        assert_eq!(tries.sequence(), &[2, 1, 0]);
        assert!(
            learnt_evaluations * 2 < fresh_evaluations,
            "{learnt_evaluations} of {fresh_evaluations}"
        );
    }

    #[test]
    fn the_sum_without_the_last_group_is_kept_in_any_order() {
        let q = Query::parse("aa bb | cc dd");
        let mut tries = Tries::new(&q);
        tries.sequence = vec![2, 0, 1];
        let firsts = std::cell::RefCell::new(Vec::new());
        let got = evaluate(&q, (0, 100), &mut tries, |g, first| {
            firsts.borrow_mut().push((g, first));
            Some([1, 20, 300][g])
        });
        assert_eq!(got, Some((421, 121)));
        assert_eq!(firsts.into_inner(), [(2, 3), (0, 0), (1, 1)]);
        assert_eq!(evaluate(&q, (3, 7), &mut tries, |_, _| None), Some((7, 7)));
        let wrong = Query::parse("one");
        assert_eq!(
            evaluate(&wrong, (0, 0), &mut tries, |_, _| Some(4)),
            Some((4, 0))
        );
        // As many groups of other sizes: the terms' indices are this query's.
        let (ab_c, a_bc) = (Query::parse("a b | c"), Query::parse("a | b c"));
        let mut tries = Tries::new(&ab_c);
        let mut firsts = Vec::new();
        evaluate(&a_bc, (0, 0), &mut tries, |g, first| {
            firsts.push((g, first));
            Some(1)
        });
        assert_eq!(firsts, [(0, 0), (1, 2)]);
    }
}
