//! The masks answer exactly as the scan does.

use super::*;
use proptest::prelude::*;

/// Both finders' answers for one field, through the shared algorithm; None when the field is
/// too long for the masks.
fn both(hay: &[u8], needle: &[u8], cs: bool) -> Option<[Estimate; 2]> {
    if !fits(hay, needle) {
        return None;
    }
    let masked = masked(hay, &Needle::new(needle, cs), Estimates(hay, needle));
    let scanned = Scanned { hay, needle, cs };
    let (mut forward, mut backward) = ([0; KEPT], [0; KEPT]);
    let room = (&mut forward[..], &mut backward[..]);
    Some([masked, estimate_with(&scanned, hay, needle, room)])
}

/// Bytes that make matches hard: few letters in both cases (humps where a capital follows),
/// separators, a digit, the non-letters 0x20 apart (`@` and `` ` ``, `[` and `{`, `^` and `~`,
/// `_` and DEL, NUL and space) that only a wrong case fold would join, a byte past ASCII, and
/// a zero (the masks' padding).
const HARD: &[u8] = b"aAbBcC_ -/.:0@`[{^~\x7f\x00\xc3";

fn field(max: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(HARD.to_vec()), 0..=max)
}

fn needle() -> impl Strategy<Value = Vec<u8>> {
    let ascii: Vec<u8> = HARD.iter().copied().filter(u8::is_ascii).collect();
    prop::collection::vec(prop::sample::select(ascii), 1..=MAX_NEEDLE)
}

/// The masks byte by byte, by the rule the scan compares with.
fn reference_masks(hay: &[u8], needle: &[u8], cs: bool) -> [Bits; MAX_NEEDLE] {
    let mut masks = [0; MAX_NEEDLE];
    for (k, &n) in needle.iter().enumerate() {
        for (j, &b) in hay.iter().enumerate() {
            if text::eq_byte(b, n, cs) {
                masks[k] |= 1 << j;
            }
        }
    }
    masks
}

/// The masks `Masked` keeps: `byte_masks` with the bits past the field cleared.
fn filled(hay: &[u8], needle: &[u8], cs: bool) -> [Bits; MAX_NEEDLE] {
    struct Kept;
    impl OnMasks for Kept {
        type Out = [Bits; MAX_NEEDLE];
        fn run<const N: usize>(self, masked: &Masked<N>) -> Self::Out {
            let mut masks = [0; MAX_NEEDLE];
            masks[..N].copy_from_slice(&masked.masks);
            masks
        }
    }
    masked(hay, &Needle::new(needle, cs), Kept)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn both_mask_builders_find_every_byte(hay in field(MAX_FIELD), needle in needle(), cs: bool) {
        let want = reference_masks(&hay, &needle, cs);
        prop_assert_eq!(filled(&hay, &needle, cs), want);
        let within = Bits::MAX.checked_shr(Bits::BITS - hay.len() as u32).unwrap_or(0);
        let mut words = [0; MAX_NEEDLE];
        byte_masks_by_words(&hay, &needle, cs, &mut words);
        prop_assert_eq!(words.map(|m| m & within), want);
    }

    #[test]
    fn masked_estimates_as_scanned(hay in field(MAX_FIELD), needle in needle(), cs: bool) {
        let [masked, scanned] = both(&hay, &needle, cs).expect("a short field");
        prop_assert_eq!(masked, scanned);
        prop_assert_eq!(matches(&hay, &Needle::new(&needle, cs)), scanned.is_some());
    }
}

#[test]
fn masks_take_fields_up_to_128_bytes_and_needles_up_to_8() {
    let long = [b'a'; MAX_FIELD + 1];
    assert!(fits(&long[..MAX_FIELD], b"a"));
    assert!(!fits(&long, b"a"));
    assert!(fits(b"a", &[b'a'; MAX_NEEDLE]));
    assert!(!fits(b"a", &[b'a'; MAX_NEEDLE + 1]));
    assert!(fits(b"", b"a"));
    assert!(!fits(b"a", b""));
}

#[test]
fn a_whole_field_finds_its_last_byte() {
    let mut hay = [b'x'; MAX_FIELD];
    hay[MAX_FIELD - 1] = b'Z';
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

#[test]
fn a_match_at_the_end_of_a_field_is_found_at_every_chunk_boundary() {
    for len in [
        1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 127, 128,
    ] {
        for needle in [&b"ab"[..], b"aB_", b"b"] {
            // Filler that holds none of the needle's bytes, then the needle at the very end.
            let mut hay = vec![b'x'; len];
            let at = len.saturating_sub(needle.len());
            for (d, &b) in hay[at..].iter_mut().zip(needle) {
                *d = b;
            }
            for cs in [false, true] {
                let [masked, scanned] = both(&hay, needle, cs).unwrap();
                assert_eq!(masked, scanned, "length {len}, {needle:?}, cs {cs}");
                assert_eq!(filled(&hay, needle, cs), reference_masks(&hay, needle, cs));
                if len >= needle.len() {
                    assert!(masked.is_some_and(|(_, exact)| exact == Some((at, len))));
                }
            }
        }
    }
}

#[test]
fn the_tightest_window_from_the_right_scores_when_it_beats_the_earliest_match() {
    // Earliest: `a` at 0, far from `b`; from the right, the later `a` sits beside it.
    let (hay, needle) = (&b"a-------ab_c"[..], &b"abc"[..]);
    let earliest = score_alignment(hay, needle, [0, 9, 11].into_iter());
    let tightest = score_alignment(hay, needle, [8, 9, 11].into_iter());
    assert!(tightest > earliest);
    let [masked, scanned] = both(hay, needle, false).unwrap();
    assert_eq!(masked, Some((tightest, None)));
    assert_eq!(scanned, masked);
    // Where both ways find the same bytes, that alignment is the estimate.
    let alone = &b"a-------b_c"[..];
    let [masked, _] = both(alone, needle, false).unwrap();
    assert_eq!(
        masked,
        Some((score_alignment(alone, needle, [0, 8, 10].into_iter()), None))
    );
}
