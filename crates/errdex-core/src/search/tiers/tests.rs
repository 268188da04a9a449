use super::*;
use crate::dataset::starts::record_keys;
use crate::dataset::starts_write::Encoded;
use crate::dataset::trigrams::{self, Trigrams};
use crate::search::Query;
use crate::search::scan::message_estimate;

const PIECES: &[&str] = &[
    "a", "b", "A", "B", "ab", "Ab", "aB", "1", "_", "-", ".", "/", " ", "\t", "é", "«", ":", "ba",
    "abab", "x", "(",
];

/// The bound of a message: the best tier holding one of its keys, or the rest.
fn bound(t: &Term, hay: &[u8]) -> i64 {
    let mut keys = Vec::new();
    record_keys(hay, b"", &mut keys);
    let e = Encoded::from_sorted(keys.iter().map(|&k| (k, 0))).expect("small");
    let mut set = trigrams::Builder::default();
    set.add(hay);
    let apart = t.text.len() >= 3 && !Trigrams(&set.finish()).may_hold(t.text.as_bytes());
    let (tiers, rest) = word_tiers(t, &Weights::default(), &e.as_postings(), apart);
    tiers
        .iter()
        .map(|t| t.bound)
        .max()
        .unwrap_or(i64::MIN)
        .max(rest)
}

#[test]
fn no_message_scores_above_its_bound() {
    let mut rng = fastrand::Rng::with_seed(5);
    let mut checked = 0;
    for _ in 0..60_000 {
        let hay: String = (0..rng.usize(1..9))
            .map(|_| PIECES[rng.usize(..PIECES.len())])
            .collect();
        let needle: String = (0..rng.usize(1..4))
            .map(|_| PIECES[rng.usize(..PIECES.len())])
            .collect::<String>()
            .replace([' ', '\t'], "");
        if needle.is_empty() {
            continue;
        }
        let q = Query::parse(&format!("message:{needle}"));
        let [t] = q
            .groups
            .concat()
            .try_into()
            .unwrap_or_else(|_| panic!("{needle:?}"));
        if !drives(&t) {
            continue;
        }
        if let Some(est) = message_estimate(&t, hay.as_bytes()) {
            checked += 1;
            assert!(
                est <= bound(&t, hay.as_bytes()),
                "{needle:?} in {hay:?}: {est}"
            );
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn the_bounds_of_typed_prefixes_leave_room_between_the_tiers() {
    // Four letters: 192 whole at the start, 160 at the start, 160 whole further in, 128
    // from another word start; anywhere else at most 112.
    assert_eq!(rest_bound(b"conn"), 112);
    assert_eq!(rest_bound(b"c"), 24);
    assert_eq!(rest_bound(b"co"), 52);
    // A separator inside lets a run keep the higher bonus.
    assert_eq!(rest_bound(b"a/bc"), 16 + 3 * 24 + 32);
    // A capital after the first letter meets a hump without the case penalty.
    assert_eq!(rest_bound(b"nI"), 54);
}

#[test]
fn the_bound_where_no_list_says_is_reached() {
    // The bound is what some message scores: one lower, and the walk would leave out records
    // that can rank; one higher, and a short word shared by many records cannot settle.
    let reached = [
        ("ni", "denied"),
        ("ni", "n ix"),
        ("nil", "ni l"),
        ("nila", "xnIla"),
        ("nI", "xnIx"),
        ("co", "c o"),
        ("conn", "xcOnnx"),
    ];
    for (needle, hay) in reached {
        let q = Query::parse(&format!("message:{needle}"));
        let [t] = q.groups.concat().try_into().expect("one term");
        assert_eq!(
            bound(&t, hay.as_bytes()),
            rest_bound(needle.as_bytes()),
            "{needle} {hay}"
        );
        assert_eq!(
            message_estimate(&t, hay.as_bytes()),
            Some(rest_bound(needle.as_bytes())),
            "{needle} in {hay}"
        );
    }
}

#[test]
fn the_bounds_of_a_word_found_whole_nowhere_are_reached() {
    // Where the word occurs whole nowhere: 24 a byte less one gap past the field's first byte;
    // from it, 32 a byte of the run there. One lower, and the walk would leave out records
    // that can rank.
    let reached = [
        ("nil", "x n il", 68),
        ("nil", "x ni l", 68),
        ("dead", "x de ad", 92),
        ("nil", "ni l", 84),
        ("dea", "de a", 84),
        ("dea", "d ea", 76),
        ("dead", "de ad", 108),
    ];
    for (needle, hay, want) in reached {
        let q = Query::parse(&format!("message:{needle}"));
        let [t] = q.groups.concat().try_into().expect("one term");
        assert_eq!(bound(&t, hay.as_bytes()), want, "{needle} {hay}");
        assert_eq!(
            message_estimate(&t, hay.as_bytes()),
            Some(want),
            "{needle} in {hay}"
        );
    }
}
