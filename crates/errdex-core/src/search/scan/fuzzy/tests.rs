//! The masks answer exactly as the scan does.

use super::*;
use proptest::prelude::*;

/// Both finders' answers for one field, through the shared algorithm; None when the field is
/// too long for the masks.
fn both(hay: &[u8], needle: &[u8], cs: bool) -> Option<[Estimate; 2]> {
    if !Masked::fits(hay, needle) {
        return None;
    }
    let mut masked = Masked::EMPTY;
    masked.fill(hay, needle, cs);
    let scanned = Scanned { hay, needle, cs };
    Some([
        estimate_with(&masked, hay, needle),
        estimate_with(&scanned, hay, needle),
    ])
}

/// Bytes that make matches hard: few letters in both cases, separators, a hump, digits, a byte
/// past ASCII and a zero (the masks' padding).
fn field(max: usize) -> impl Strategy<Value = Vec<u8>> {
    let bytes = prop::sample::select(b"aAbBcC_ -/.:0\x00\xc3".to_vec());
    prop::collection::vec(bytes, 0..=max)
}

fn needle() -> impl Strategy<Value = Vec<u8>> {
    let bytes = prop::sample::select(b"aAbBc_ -/.0\x00".to_vec());
    prop::collection::vec(bytes, 1..=6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn words_find_the_bytes_vectors_find(hay in field(FIELD), needle in needle(), cs: bool) {
        let (mut vectors, mut words) = ([0; MASKED], [0; MASKED]);
        byte_masks(&hay, &needle, cs, &mut vectors);
        byte_masks_by_words(&hay, &needle, cs, &mut words);
        prop_assert_eq!(vectors, words);
    }

    #[test]
    fn masked_estimates_as_scanned(hay in field(FIELD), needle in needle(), cs: bool) {
        let [masked, scanned] = both(&hay, &needle, cs).expect("a short field");
        prop_assert_eq!(masked, scanned);
        let mut positions = [0; KEPT];
        let mut masked = Masked::EMPTY;
        masked.fill(&hay, &needle, cs);
        let found = masked.earliest(&mut positions);
        prop_assert_eq!(found.is_some(), scanned.is_some());
    }
}

#[test]
fn masks_take_fields_up_to_128_bytes_and_needles_up_to_16() {
    let long = [b'a'; FIELD + 1];
    assert!(Masked::fits(&long[..FIELD], b"a"));
    assert!(!Masked::fits(&long, b"a"));
    assert!(Masked::fits(b"a", &[b'a'; MASKED]));
    assert!(!Masked::fits(b"a", &[b'a'; MASKED + 1]));
    assert!(Masked::fits(b"", b"a"));
    assert!(!Masked::fits(b"a", b""));
}

#[test]
fn a_whole_field_finds_its_last_byte() {
    let mut hay = [b'x'; FIELD];
    hay[FIELD - 1] = b'Z';
    hay[0] = b'y';
    for (needle, cs) in [(&b"yz"[..], false), (b"yZ", true), (b"xz", false)] {
        let [masked, scanned] = both(&hay, needle, cs).unwrap();
        assert_eq!(masked, scanned, "{:?}", std::str::from_utf8(needle));
        assert!(masked.is_some());
    }
    assert_eq!(both(&hay, b"yz", true).unwrap(), [None, None]);
}

#[test]
fn real_messages_estimate_the_same_either_way() {
    let hays = [
        "connection refused while dialing 10.0.0.7:5432",
        "src/net/conn_pool.rs",
        "ConnectionRefused: the pool is ExHausted",
        "denied file not found failed",
        "nil pointer dereference in (*Server).Serve",
    ];
    for hay in hays {
        for needle in [
            "conn", "nil", "dea", "ref", "cnrf", "pool", "Ex", "s/n", "d f",
        ] {
            let cs = needle.bytes().any(|b| b.is_ascii_uppercase());
            let [masked, scanned] = both(hay.as_bytes(), needle.as_bytes(), cs).unwrap();
            assert_eq!(masked, scanned, "{hay} / {needle}");
        }
    }
}
