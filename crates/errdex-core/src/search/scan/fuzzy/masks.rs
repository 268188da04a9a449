//! The bit masks of a short field: where each byte of a needle is, sixteen bytes of the field
//! to a compare (SSE2), or eight to a machine word elsewhere.

use super::{Bits, MAX_NEEDLE};

/// A fuzzy term's text with its compares set up once per pass rather than once per field.
pub(in crate::search::scan) struct Needle {
    pub(super) bytes: Box<[u8]>,
    pub(super) cs: bool,
    /// Per byte, up to `MAX_NEEDLE` (the word-at-a-time masks read `bytes` instead).
    #[cfg_attr(
        not(all(target_arch = "x86_64", target_feature = "sse2")),
        allow(dead_code)
    )]
    compares: [Compare; MAX_NEEDLE],
}

/// How a field's bytes are compared with one byte of a needle, sixteen at a time.
#[derive(Clone, Copy, Default)]
struct Compare {
    /// Or-ed into the field's bytes first: the case bit (0x20) for a letter of a term that is
    /// not case-sensitive, which joins the letter's two cases and no other byte with them;
    /// else 0.
    fold: [u8; 16],
    /// What the folded bytes must equal: the needle's byte (lower case when folded).
    wanted: [u8; 16],
}

impl Needle {
    pub(in crate::search::scan) fn new(bytes: &[u8], cs: bool) -> Needle {
        let mut compares = [Compare::default(); MAX_NEEDLE];
        for (c, &n) in compares.iter_mut().zip(bytes) {
            *c = if !cs && n.is_ascii_alphabetic() {
                Compare {
                    fold: [0x20; 16],
                    wanted: [n.to_ascii_lowercase(); 16],
                }
            } else {
                Compare {
                    fold: [0; 16],
                    wanted: [n; 16],
                }
            };
        }
        Needle {
            bytes: bytes.into(),
            cs,
            compares,
        }
    }
}

/// Bit `j` of `masks[k]`: byte `j` of `hay` (at most `MAX_FIELD` bytes, and bits past it are
/// left to the caller) is the needle's byte `k`, ASCII case folded unless the needle is
/// case-sensitive. Sixteen bytes to a compare; a short last chunk is read as the field's last
/// sixteen bytes and its bits shifted into place, and only a field under sixteen bytes is
/// copied (into a zeroed chunk).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(super) fn byte_masks<const N: usize>(hay: &[u8], needle: &Needle) -> [Bits; N] {
    use safe_arch::load_unaligned_m128i;
    // Each chunk's sixteen bits are or-ed into the masks where they belong (a mask is its
    // chunks' bits in order), each chunk loaded once; in one copy per needle length, the loop
    // over the needle's bytes is unrolled. (Written to the stack as sixteen-bit pieces and read
    // back as words, the masks stalled every load: a quarter of building them.)
    const CHUNKS: usize = Bits::BITS as usize / 16;
    let mut masks = [0; N];
    let (full, _) = hay.as_chunks::<16>();
    for (c, chunk) in full.iter().enumerate().take(CHUNKS) {
        compare_chunk::<N>(&mut masks, needle, c, load_unaligned_m128i(chunk), 0);
    }
    match (hay.len() % 16, hay.last_chunk::<16>()) {
        (0, _) => {}
        // (A field that fits has at most `CHUNKS` chunks, the last one included.)
        (rest, Some(last)) if full.len() < CHUNKS => {
            let shift = (16 - rest) as u32;
            let x = load_unaligned_m128i(last);
            compare_chunk::<N>(&mut masks, needle, full.len(), x, shift);
        }
        (_, Some(_)) => {}
        (_, None) => {
            let mut short = [0u8; 16];
            short.iter_mut().zip(hay).for_each(|(d, &b)| *d = b);
            compare_chunk::<N>(&mut masks, needle, 0, load_unaligned_m128i(&short), 0);
        }
    }
    masks
}

/// Chunk `c` of a field (`x`, its first `shift` bytes already compared) against every byte
/// of a needle of `N` bytes, or-ed into `masks`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn compare_chunk<const N: usize>(
    masks: &mut [Bits; N],
    needle: &Needle,
    c: usize,
    x: safe_arch::m128i,
    shift: u32,
) {
    use safe_arch::{bitor_m128i, cmp_eq_mask_i8_m128i, load_unaligned_m128i, move_mask_i8_m128i};
    for (mask, compare) in masks.iter_mut().zip(&needle.compares) {
        let folded = bitor_m128i(x, load_unaligned_m128i(&compare.fold));
        let equal = cmp_eq_mask_i8_m128i(folded, load_unaligned_m128i(&compare.wanted));
        *mask |= Bits::from((move_mask_i8_m128i(equal) as u32 >> shift) as u16) << (16 * c);
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(super) fn byte_masks<const N: usize>(hay: &[u8], needle: &Needle) -> [Bits; N] {
    let mut masks = [0; N];
    byte_masks_by_words(hay, &needle.bytes, needle.cs, &mut masks);
    masks
}

/// `byte_masks` elsewhere: eight bytes at a time in a machine word, where a byte of
/// `word ^ n…n` is zero exactly where the field holds `n`.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
pub(super) fn byte_masks_by_words(hay: &[u8], needle: &[u8], cs: bool, masks: &mut [Bits]) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut field = [0u8; super::MAX_FIELD];
    field[..hay.len()].copy_from_slice(hay);
    if !cs {
        field.make_ascii_lowercase();
    }
    for (k, &n) in needle.iter().enumerate() {
        let n = if cs { n } else { n.to_ascii_lowercase() };
        let wanted = u64::from_ne_bytes([n; 8]);
        masks[k] = field
            .as_chunks::<8>()
            .0
            .iter()
            .enumerate()
            .fold(0, |bits, (i, chunk)| {
                let x = u64::from_le_bytes(*chunk) ^ wanted;
                // Bit 7 of each byte: set where that byte of `x` is zero (no carries across).
                let zero = !(((x & LOW7) + LOW7) | x | LOW7);
                // Bit 8k (after the shift) to bit 56+k, then the top byte down.
                let flags = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
                bits | Bits::from(flags) << (8 * i)
            });
    }
}
