use super::*;
use crate::dataset::starts_write::Encoded;

fn starts_of(hay: &str) -> Vec<usize> {
    (0..hay.len())
        .filter(|&p| is_start(hay.as_bytes(), p))
        .collect()
}

#[test]
fn starts_are_word_heads_humps_and_after_non_word_bytes() {
    assert_eq!(starts_of("dial tcp: refused"), [0, 5, 10]);
    // A hump, a digit after a dot, a letter after a tab, after '_' (a break); not a digit
    // after a letter.
    assert_eq!(starts_of("readTimeout v1.2\tx_y"), [0, 4, 12, 15, 17, 19]);
    assert_eq!(starts_of("«ab»"), [2]);
    assert!(starts_of("").is_empty());
}

#[test]
fn keys_fold_case_and_count_the_word_run() {
    let k = key(false, true, b"Conn_x refused");
    assert_eq!(run_of(k), 6);
    // The bytes fold; a capital at the start is remembered apart.
    assert!(is_capital(k) && !is_capital(key(false, true, b"conn_X")));
    assert_eq!(k & !CAPITAL_BIT, key(false, true, b"conn_X"));
    assert!(prefix_range(false, true, b"co").contains(&k));
    assert!(prefix_range(false, true, b"con").contains(&k));
    assert!(!prefix_range(false, false, b"con").contains(&k));
    assert!(!prefix_range(true, true, b"con").contains(&k));
    assert_eq!(run_of(with_run(k, 200)), RUN_MAX);
    // Past the field's end the bytes are zero: a two-byte word has its own key.
    assert!(prefix_range(false, false, b"ab").contains(&key(false, false, b"ab")));
    assert_ne!(key(false, false, b"ab"), key(false, false, b"abc"));
}

#[test]
fn record_keys_are_sorted_and_distinct() {
    let mut out = vec![7];
    record_keys(b"a a a", b"src/a", &mut out);
    assert_eq!(out[0], 7);
    let keys = &out[1..];
    assert!(keys.windows(2).all(|w| w[0] < w[1]));
    // "a a" at the message's start and inside it, "a" at its end, "src" at the path's start,
    // "a" inside the path.
    assert_eq!(keys.len(), 5);
}

#[test]
fn lists_round_trip_and_malformed_data_stops_reading() {
    let pairs = [(3, 0), (3, 5), (3, 200_000), (9, 1), (9, u32::MAX)];
    let e = Encoded::from_sorted(pairs.into_iter()).expect("small");
    let p = e.as_postings();
    assert_eq!(p.keys, [3, 9]);
    let k = p.find(3).expect("key 3");
    assert_eq!(p.ranks(k).collect::<Vec<_>>(), [0, 5, 200_000]);
    assert_eq!(
        p.ranks(p.find(9).expect("key 9")).collect::<Vec<_>>(),
        [1, u32::MAX]
    );
    assert_eq!(p.keys_in(0..4), 0..1);
    assert_eq!(p.keys_in(4..9), 1..1);
    assert_eq!(p.ranks(7).count(), 0);
    let endless = Postings {
        keys: &[1],
        offsets: &[0, 6],
        data: &[0xff; 6],
    };
    assert_eq!(endless.ranks(0).count(), 0);
    let repeated = Postings {
        keys: &[1],
        offsets: &[0, 2],
        data: &[4, 0],
    };
    assert_eq!(repeated.ranks(0).collect::<Vec<_>>(), [4]);
}
