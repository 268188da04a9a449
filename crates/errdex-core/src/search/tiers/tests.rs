use super::*;
use crate::dataset::starts::record_keys;
use crate::dataset::starts_write::Encoded;
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
    let (tiers, rest) = word_tiers(t, &Weights::default(), &e.as_postings());
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
    // from another word start; anywhere else at most 114.
    assert_eq!(rest_bound(b"conn"), 114);
    assert_eq!(rest_bound(b"c"), 24);
    assert_eq!(rest_bound(b"co"), 54);
    // A separator inside lets a run keep the higher bonus.
    assert_eq!(rest_bound(b"a/bc"), 16 + 3 * 24 + 32);
}
