//! What a keystroke's pass keeps for the next: per matched record, its estimate for the whole
//! query and for every group but the last. Typing mostly lengthens the last word or starts a
//! new one, so the next query's leading groups are the same terms and each record's sum over
//! them is already known: only the rest is estimated (`nil pointr de` → `nil pointr der`
//! estimates one word of three). An estimate depends only on the record, the term and the
//! weights, so a sum read back is the sum that would be computed.

use super::super::query::{Query, Term};

/// A sum as kept: four bytes a match rather than eight (a million matches kept sums in 16 MB
/// of fresh pages a keystroke). An estimate that does not fit (weights in the thousands) drops
/// the pass's sums.
pub(super) type Sum = i32;

/// The estimates of one pass's matches, in the order of its `Outcome::matched` (ascending
/// records), which whoever keeps them keeps beside them.
#[cfg_attr(test, derive(Debug, PartialEq))]
pub struct Scores {
    /// The pass's query groups.
    groups: Vec<Vec<Term>>,
    /// Per matched record, its estimate over all the groups and over all but the last (kept
    /// for a query of more than one group: one group's is 0, and no query starts from it).
    whole: Vec<Sum>,
    before_last: Vec<Sum>,
}

impl Scores {
    /// `matched` are the matches of a pass of `q` in ascending record order, `whole` their
    /// estimates and `before_last` their sums without the last group (same order; empty for
    /// a query of one group).
    pub(super) fn new(
        q: &Query,
        matched: &[u32],
        whole: Vec<Sum>,
        before_last: Vec<Sum>,
    ) -> Option<Scores> {
        let before = if q.groups.len() > 1 { matched.len() } else { 0 };
        let aligned = whole.len() == matched.len() && before_last.len() == before;
        (aligned && matched.is_sorted()).then(|| Scores {
            groups: q.groups.clone(),
            whole,
            before_last,
        })
    }

    /// Per match, its estimate over all the groups.
    #[cfg(test)]
    pub(super) fn whole(&self) -> &[Sum] {
        &self.whole
    }

    /// Whether a pass of `q` can start from these sums.
    pub fn serve(&self, q: &Query) -> bool {
        self.covered(q).is_some()
    }

    /// The stored sums `q` can start from, by record of `indices` (the matches they were kept
    /// with; None for other ones): see `covered`.
    pub(super) fn plan<'a>(&'a self, q: &Query, indices: &'a [u32]) -> Option<Plan<'a>> {
        let (groups, sums) = self.covered(q)?;
        (indices.len() == sums.len()).then_some(Plan {
            groups,
            indices,
            sums,
        })
    }

    /// The most leading groups of `q` a stored sum covers, short of its last group (which is
    /// estimated, so that the next pass knows its own sums without it), and those sums. None
    /// when no stored sum is over a prefix of `q`'s groups.
    fn covered(&self, q: &Query) -> Option<(usize, &[Sum])> {
        let wanted = q.groups.len().checked_sub(1)?;
        let covers = |n: usize| n > 0 && n <= wanted && q.groups[..n] == self.groups[..n];
        let n = self.groups.len();
        if covers(n) {
            Some((n, &self.whole))
        } else if n > 0 && covers(n - 1) {
            Some((n - 1, &self.before_last))
        } else {
            None
        }
    }
}

/// Sums over a query's first `groups` groups, by record.
#[derive(Clone, Copy)]
pub(super) struct Plan<'a> {
    pub(super) groups: usize,
    indices: &'a [u32],
    sums: &'a [Sum],
}

impl Plan<'_> {
    /// Record `i`'s sum, if it has one. `at` is where the previous lookup ended: records asked
    /// in ascending order are found by walking on from it.
    pub(super) fn sum(&self, i: u32, at: &mut usize) -> Option<i64> {
        // Walking on finds `i` only if every record before `at` is before it.
        if *at > 0 && self.indices.get(*at - 1).is_none_or(|&k| k >= i) {
            *at = 0;
        }
        let rest = self.indices.get(*at..).unwrap_or(&[]);
        // A short step first: the records asked are usually these, in order.
        let step = rest.iter().take(8).position(|&k| k >= i);
        *at += step.unwrap_or_else(|| rest.partition_point(|&k| k < i));
        if self.indices.get(*at) == Some(&i) {
            self.sums.get(*at).map(|&s| i64::from(s))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATCHED: [u32; 3] = [2, 5, 9];

    fn scores_of(text: &str) -> Scores {
        let (whole, before_last) = (vec![30, 50, 90], vec![3, 5, 9]);
        Scores::new(&Query::parse(text), &MATCHED, whole, before_last).expect("ascending")
    }

    #[test]
    fn a_query_starts_from_the_sums_of_its_leading_groups_short_of_its_last() {
        let s = scores_of("nil pointr d");
        let plan = |text: &str| {
            let p = s.plan(&Query::parse(text), &MATCHED);
            assert_eq!(p.is_some(), s.serve(&Query::parse(text)), "{text}");
            p.map(|p| (p.groups, p.sums[0]))
        };
        assert_eq!(plan("nil pointr de"), Some((2, 3)), "the last word grew");
        assert_eq!(plan("nil pointr d x"), Some((3, 30)), "a word was added");
        assert_eq!(plan("nil pointr d"), Some((2, 3)), "the same query");
        assert_eq!(plan("nil pointer d"), None, "a word changed");
        assert_eq!(plan("nil"), None, "one word is all estimated");
        assert_eq!(plan("nul pointr de"), None);
        assert!(
            s.plan(&Query::parse("nil pointr de"), &[2, 5]).is_none(),
            "other matches"
        );
        let q = Query::parse("a b");
        assert!(
            Scores::new(&q, &[4, 1], vec![1, 1], vec![0, 0]).is_none(),
            "descending"
        );
        assert!(
            Scores::new(&q, &[1, 4], vec![1], vec![0, 0]).is_none(),
            "a sum short"
        );
        let one = Query::parse("a");
        assert!(
            Scores::new(&one, &[1, 4], vec![1, 2], vec![]).is_some(),
            "one group"
        );
        assert!(Scores::new(&one, &[1, 4], vec![1, 2], vec![0, 0]).is_none());
    }

    #[test]
    fn a_record_s_sum_is_found_in_order_and_out_of_it() {
        let s = scores_of("a b");
        let plan = s.plan(&Query::parse("a b c"), &MATCHED).expect("a plan");
        let mut at = 0;
        let asked: Vec<Option<i64>> = [1, 2, 3, 5, 9, 10, 2, 9, 0]
            .iter()
            .map(|&i| plan.sum(i, &mut at))
            .collect();
        let want = [
            None,
            Some(30),
            None,
            Some(50),
            Some(90),
            None,
            Some(30),
            Some(90),
            None,
        ];
        assert_eq!(asked, want);
    }
}
