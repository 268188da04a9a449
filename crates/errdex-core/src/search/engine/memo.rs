//! The finished passes the worker keeps to narrow later ones from: the previous one, and a few
//! before it for a query that does not narrow that one but an older one. A backspace widens the
//! query back to one typed before; a negated word that grows excludes fewer records (`!te`
//! matches more than `!t`), so `permission denied !te` narrows `permission denied`, not
//! `permission denied !t`, and without it read every record (1M phrases: 50-67 ms a
//! keystroke).

use std::sync::Arc;

use super::Matches;
use crate::dataset::{Dataset, grew_from};
use crate::search::pass;
use crate::search::{Context, Query};

/// How many finished passes are kept.
const MEMOS: usize = 3;

/// What a finished pass matched, to narrow a later one, and its matches' estimates (in the
/// order of `matched`) when a pass read every candidate (the ranking pass, or the count after
/// the postings ranked the top; not a walk that found every match).
pub(super) struct Memo {
    pub(super) query: Query,
    pub(super) dataset: Arc<Dataset>,
    pub(super) context: Context,
    pub(super) matched: Arc<Matches>,
    pub(super) scores: Option<pass::Scores>,
    /// The word-start postings did not settle this query's ranked top (or were not asked).
    pub(super) unsettled: bool,
}

impl Memo {
    /// Whether `q` can only match a subset of what this pass matched (with the records added
    /// since).
    fn narrowed_by(&self, q: &Query, ds: &Arc<Dataset>, ctx: &Context) -> bool {
        self.context == *ctx
            && !self.query.is_empty()
            && q.narrows(&self.query)
            && grew_from(&self.dataset, ds)
    }

    /// The records worth looking at for a query that narrows this pass: its matches plus any
    /// records added since.
    pub(super) fn base(&self, ds: &Arc<Dataset>) -> Vec<u32> {
        let old = self.dataset.len() as u32;
        let added = ds.len().saturating_sub(old as usize);
        let mut base = Vec::with_capacity(self.matched.indices.len() + added);
        base.extend_from_slice(&self.matched.indices);
        base.extend(old..ds.len() as u32);
        base
    }
}

/// The kept passes, newest last.
#[derive(Default)]
pub(super) struct Memos(Vec<Memo>);

impl Memos {
    pub(super) fn newest(&self) -> Option<&Memo> {
        self.0.last()
    }

    /// The kept pass a pass of `q` starts from: of those it narrows (none when `narrowing` is
    /// off), the one with the fewest matches, with true; else the newest, whose sums may still
    /// serve.
    pub(super) fn start_from(
        &self,
        (q, narrowing): (&Query, bool),
        ctx: &Context,
        ds: &Arc<Dataset>,
    ) -> Option<(&Memo, bool)> {
        let narrowed = self
            .0
            .iter()
            .rev()
            .filter(|m| narrowing && m.narrowed_by(q, ds, ctx))
            .min_by_key(|m| m.matched.indices.len() + ds.len() - m.dataset.len());
        match narrowed {
            Some(m) => Some((m, true)),
            None => self.newest().map(|m| (m, false)),
        }
    }

    /// Keeps `memo` as the newest. Passes over other records or weights go; when there is no
    /// room, the oldest that `memo`'s query does not narrow goes (typing on narrows every
    /// earlier query, so that is the oldest; a negated word that grows keeps the query
    /// without it).
    pub(super) fn keep(&mut self, memo: Memo) {
        self.0
            .retain(|m| grew_from(&m.dataset, &memo.dataset) && m.context == memo.context);
        if self.0.len() >= MEMOS {
            let wider = |m: &Memo| !memo.query.narrows(&m.query);
            let at = self.0.iter().position(wider).unwrap_or(0);
            self.0.remove(at);
        }
        self.0.push(memo);
    }
}

/// The sums a kept pass has that a pass may start from, with the matches they are in the
/// order of: an estimate holds while the records it is of and the weights are the same.
pub(super) fn earlier_sums<'m>(
    memo: Option<&'m Memo>,
    narrowing: bool,
    ctx: &Context,
    ds: &Arc<Dataset>,
) -> Option<(&'m pass::Scores, &'m [u32])> {
    memo.filter(|m| narrowing && m.context == *ctx && grew_from(&m.dataset, ds))
        .and_then(|m| Some((m.scores.as_ref()?, m.matched.indices.as_slice())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::Entry;
    use crate::record::Record;

    fn dataset(n: usize) -> Arc<Dataset> {
        let entries: Vec<Entry> = (0..n)
            .map(|i| {
                let r = Record {
                    id: format!("{i:04}"),
                    error_message: format!("permission denied {i}"),
                    ..Record::default()
                };
                Entry::from_record(r, 0, 0, 0, 1)
            })
            .collect();
        Arc::new(Dataset::of_rows(entries))
    }

    fn memo(text: &str, ds: &Arc<Dataset>, matched: &[u32]) -> Memo {
        Memo {
            query: Query::parse(text),
            dataset: Arc::clone(ds),
            context: Context::default(),
            matched: Arc::new(Matches {
                generation: 0,
                indices: matched.to_vec(),
            }),
            scores: None,
            unsettled: false,
        }
    }

    fn kept(memos: &Memos) -> Vec<String> {
        let text = |m: &Memo| m.query.terms().map(|t| t.text.clone()).collect::<Vec<_>>();
        memos.0.iter().map(|m| text(m).join(" ")).collect()
    }

    #[test]
    fn a_query_starts_from_the_fewest_matches_it_narrows() {
        let ds = dataset(10);
        let ctx = Context::default();
        let mut memos = Memos::default();
        memos.keep(memo("permission", &ds, &[0, 1, 2, 3, 4, 5]));
        memos.keep(memo("permission denied", &ds, &[1, 2, 3]));
        memos.keep(memo("permission denied !t", &ds, &[2]));
        let from = |text: &str, narrowing: bool| {
            let q = Query::parse(text);
            memos
                .start_from((&q, narrowing), &ctx, &ds)
                .map(|(m, narrows)| (m.matched.indices.clone(), narrows))
        };
        assert_eq!(from("permission denied !t x", true), Some((vec![2], true)));
        assert_eq!(
            from("permission denied !te", true),
            Some((vec![1, 2, 3], true)),
            "a negated word grown: the query without it"
        );
        assert_eq!(
            from("permissio", false),
            Some((vec![2], false)),
            "narrowing off: the newest, for its sums"
        );
        assert_eq!(from("permissio", true), Some((vec![2], false)));
        let grown = dataset(12);
        let q = Query::parse("permission denied !te");
        let (m, narrows) = memos.start_from((&q, true), &ctx, &grown).expect("kept");
        assert!(narrows);
        assert_eq!(
            m.base(&grown),
            vec![1, 2, 3, 10, 11],
            "with the records added"
        );
        let other = Context {
            weights: crate::search::Weights::from_proportions(1.0, 1.0, 1.0, 1.0),
            ..Context::default()
        };
        assert!(
            memos
                .start_from((&q, true), &other, &ds)
                .is_some_and(|(_, narrows)| !narrows),
            "other weights"
        );
    }

    #[test]
    fn the_oldest_query_the_newest_does_not_narrow_makes_room() {
        let ds = dataset(10);
        let mut memos = Memos::default();
        for text in ["p", "pe", "per", "perm"] {
            memos.keep(memo(text, &ds, &[]));
        }
        assert_eq!(kept(&memos), ["pe", "per", "perm"], "typing on: the oldest");
        let mut memos = Memos::default();
        for text in ["pd", "pd !t", "pd !te", "pd !tes", "pd !test"] {
            memos.keep(memo(text, &ds, &[]));
        }
        assert_eq!(
            kept(&memos),
            ["pd", "pd tes", "pd test"],
            "the query without the negated word stays"
        );
        memos.keep(memo("pd", &dataset(3), &[]));
        assert_eq!(kept(&memos), ["pd"], "other records");
    }
}
