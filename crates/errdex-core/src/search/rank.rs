//! The result order: score, then shorter message, then id, then dataset position — total, so
//! the same query always gives the same order — and top-k selection in that order.

use std::cmp::Ordering;

use crate::dataset::Entries;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Index into `dataset.entries()`.
    pub index: u32,
    pub score: i64,
}

/// A hit with its tie-breakers inline (score, then shorter message, then id, then index), so
/// that selecting and sorting among many hits rarely has to look at the records.
#[derive(Clone, Copy)]
struct Keyed {
    score: i64,
    len: u32,
    index: u32,
    /// The id's first 8 bytes, big-endian: orders like the id as far as they go.
    id_head: u64,
}

pub use crate::dataset::mapped::OrderKey;

fn keyed_order(entries: Entries<'_>, a: &Keyed, b: &Keyed) -> Ordering {
    b.score
        .cmp(&a.score)
        .then(a.len.cmp(&b.len))
        .then(a.id_head.cmp(&b.id_head))
        // As bytes: UTF-8 orders as its text does, and checking it again on every tie cost a
        // tenth of a keystroke whose matches all tie (`src/` at a million scanned sites).
        .then_with(|| {
            entries
                .id_bytes(a.index as usize)
                .cmp(entries.id_bytes(b.index as usize))
        })
        .then(a.index.cmp(&b.index))
}

/// Whether hit `a` comes before hit `b` in the result order, given their order keys.
pub fn precedes(entries: Entries<'_>, a: (Hit, OrderKey), b: (Hit, OrderKey)) -> bool {
    let keyed = |(h, k): (Hit, OrderKey)| Keyed {
        score: h.score,
        len: k.len,
        index: h.index,
        id_head: k.id_head,
    };
    keyed_order(entries, &keyed(a), &keyed(b)) == Ordering::Less
}

/// Keeps the best `k` hits, sorted best first. Selection is linear; only the kept `k` are sorted.
pub fn top_k(entries: Entries<'_>, hits: &mut Vec<Hit>, k: usize) {
    top_k_by(entries, hits, k, |i| OrderKey::of(entries.at(i as usize)));
}

/// `top_k` with each record's `OrderKey` from `key` (by record index).
pub fn top_k_by(
    entries: Entries<'_>,
    hits: &mut Vec<Hit>,
    k: usize,
    key: impl Fn(u32) -> OrderKey,
) {
    if k == 0 {
        hits.clear();
        return;
    }
    if hits.len() > k {
        // The score comes first in the order, so nothing below the k-th best score can be
        // kept: choose by score alone, in place, and key only the hits at or above it (a copy
        // of every hit with its keys was megabytes of fresh pages at a million records).
        hits.select_nth_unstable_by(k - 1, |a, b| b.score.cmp(&a.score));
        let bar = hits[k - 1].score;
        hits.retain(|h| h.score >= bar);
    }
    let mut keyed: Vec<Keyed> = hits
        .iter()
        .map(|h| {
            let OrderKey { len, id_head } = key(h.index);
            Keyed {
                score: h.score,
                len,
                index: h.index,
                id_head,
            }
        })
        .collect();
    let by = |a: &Keyed, b: &Keyed| keyed_order(entries, a, b);
    if keyed.len() > k {
        keyed.select_nth_unstable_by(k - 1, by);
        keyed.truncate(k);
    }
    keyed.sort_unstable_by(by);
    hits.clear();
    hits.extend(keyed.iter().map(|c| Hit {
        index: c.index,
        score: c.score,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::Entry;
    use crate::record::Record;

    fn entry(id: &str, msg: &str) -> Entry {
        let r = Record {
            id: id.into(),
            error_message: msg.into(),
            ..Record::default()
        };
        Entry::from_record(r, 0, 0, 0, 1)
    }

    #[test]
    fn ties_break_by_shorter_message_then_id() {
        let es = [
            entry("b", "long message"),
            entry("a", "short"),
            entry("c", "short"),
        ];
        let mut hits = vec![
            Hit { index: 0, score: 5 },
            Hit { index: 2, score: 5 },
            Hit { index: 1, score: 5 },
            Hit { index: 0, score: 9 },
        ];
        top_k((&es).into(), &mut hits, 3);
        let order: Vec<(u32, i64)> = hits.iter().map(|h| (h.index, h.score)).collect();
        assert_eq!(order, [(0, 9), (1, 5), (2, 5)]);
    }

    #[test]
    fn selection_keeps_the_id_order_of_full_ties() {
        // Same score and message length: "a…" ids win, also past the first 8 bytes.
        let es = [
            entry("bbbbbbbb2", "x"),
            entry("aaaaaaaa2", "y"),
            entry("aaaaaaaa1", "z"),
            entry("c", "w"),
        ];
        let mut hits: Vec<Hit> = (0..4).map(|index| Hit { index, score: 1 }).collect();
        top_k((&es).into(), &mut hits, 2);
        let order: Vec<u32> = hits.iter().map(|h| h.index).collect();
        assert_eq!(order, [2, 1]);
    }

    #[test]
    fn top_k_of_fewer_than_k_sorts_all() {
        let es = [entry("a", "x"), entry("b", "y")];
        let mut hits = vec![Hit { index: 0, score: 1 }, Hit { index: 1, score: 2 }];
        top_k((&es).into(), &mut hits, 10);
        assert_eq!(hits[0].index, 1);
        assert_eq!(hits.len(), 2);
        top_k((&es).into(), &mut hits, 0);
        assert!(hits.is_empty());
    }

    #[test]
    fn the_top_k_is_the_head_of_the_whole_order_whatever_ties_the_kth_score() {
        let mut rng = fastrand::Rng::with_seed(7);
        let es: Vec<Entry> = (0..300)
            .map(|i| entry(&format!("id{:03}", rng.u32(..500)), &"m".repeat(1 + i % 4)))
            .collect();
        for k in [1, 2, 17, 100, 299, 300, 400] {
            let hits: Vec<Hit> = (0..300)
                .map(|index| Hit {
                    index,
                    score: i64::from(rng.u8(..4)),
                })
                .collect();
            let mut want = hits.clone();
            want.sort_by(|a, b| {
                let keyed = |h: &Hit| Keyed {
                    score: h.score,
                    len: es[h.index as usize].message.len() as u32,
                    index: h.index,
                    id_head: crate::dataset::mapped::id_head(&es[h.index as usize].id),
                };
                keyed_order((&es).into(), &keyed(a), &keyed(b))
            });
            want.truncate(k);
            let mut got = hits;
            top_k((&es).into(), &mut got, k);
            assert_eq!(got, want, "k {k}");
        }
    }
}
