//! A fuzzy needle (ASCII) in one field: whether it matches and the estimate of its score. One
//! algorithm, two ways to find where the needle's bytes are: `Scanned` jumps through the field
//! with memchr; `Masked` compares a short field (most messages and paths) against every byte of
//! the needle and answers from bit masks. The two agree exactly (tests hold them to it). For a
//! field of 50 bytes, memchr's set-up for each byte of the needle cost more than the search:
//! the masks take a third off a full pass of scattered letters (BENCHMARKS.md).

use super::{SCORE_MATCH, score_alignment};
use crate::search::text::{self, BONUS_BREAK, in_place};

mod masks;
pub(super) use masks::Needle;
use masks::byte_masks;
#[cfg(test)]
use masks::byte_masks_by_words;

/// A needle's estimate in a field and where it occurs contiguously (None: no match).
pub(super) type Estimate = Option<(i64, Option<(usize, usize)>)>;

/// Needle bytes whose positions are kept.
const KEPT: usize = 32;

/// The longest needle `Masked` handles: one copy of it per length (its loops unrolled), and
/// longer words are typed in full less often.
const MAX_NEEDLE: usize = 8;

/// A field's bytes as bits: `Masked` handles fields of up to `Bits::BITS` bytes (nearly every
/// message and path).
type Bits = u128;
const MAX_FIELD: usize = Bits::BITS as usize;

/// Where the needle's bytes are in one field.
trait Finder {
    /// Where the earliest match ends (None: no match), with the positions of as many of its
    /// first bytes as `positions` holds.
    fn earliest(&self, positions: &mut [u32]) -> Option<usize>;
    /// Where the first whole (contiguous) occurrence starting at `from` or later starts.
    fn whole_from(&self, from: usize) -> Option<usize>;
    /// The positions of the match ending at `end` that is tightest from the right (each byte
    /// as late as it can be); `positions` holds one per byte of the needle, which matches up
    /// to `end`.
    fn latest(&self, end: usize, positions: &mut [u32]);
}

/// The field searched with memchr: for a field of any length.
struct Scanned<'a> {
    hay: &'a [u8],
    needle: &'a [u8],
    cs: bool,
}

impl<'a> Scanned<'a> {
    fn new(hay: &'a [u8], needle: &'a Needle) -> Scanned<'a> {
        Scanned {
            hay,
            needle: &needle.bytes,
            cs: needle.cs,
        }
    }
}

impl Finder for Scanned<'_> {
    fn earliest(&self, positions: &mut [u32]) -> Option<usize> {
        let (hay, needle, cs) = (self.hay, self.needle, self.cs);
        let mut end = None;
        let mut at = 0;
        for (k, &n) in needle.iter().enumerate() {
            // Jump to the next occurrence of this character with SIMD rather than byte by
            // byte, unless what is left is too short for that to pay.
            let rel = if hay.len() - at < 16 {
                hay[at..].iter().position(|&b| text::eq_byte(b, n, cs))
            } else if cs || !n.is_ascii_alphabetic() {
                memchr::memchr(n, &hay[at..])
            } else {
                memchr::memchr2(n.to_ascii_lowercase(), n.to_ascii_uppercase(), &hay[at..])
            };
            let rel = rel?;
            if let Some(p) = positions.get_mut(k) {
                *p = (at + rel) as u32;
            }
            if k + 1 == needle.len() {
                end = Some(at + rel);
            }
            at += rel + 1;
        }
        end
    }

    fn whole_from(&self, from: usize) -> Option<usize> {
        let rest = self.hay.get(from..)?;
        text::find(rest, self.needle, self.cs).map(|s| from + s)
    }

    fn latest(&self, end: usize, positions: &mut [u32]) {
        let mut k = self.needle.len();
        let mut i = end + 1;
        while k > 0 && i > 0 {
            i -= 1;
            if text::eq_byte(self.hay[i], self.needle[k - 1], self.cs) {
                k -= 1;
                positions[k] = i as u32;
            }
        }
    }
}

/// A field of at most `MAX_FIELD` bytes as one bit mask per byte of a needle of `N` bytes
/// (bit `j` of mask `k`: byte `j` of the field is the needle's byte `k`).
struct Masked<const N: usize> {
    masks: [Bits; N],
    /// Bit `j`: the whole needle occurs from byte `j`.
    whole: Bits,
}

/// Whether `Masked` handles this field and needle.
fn fits(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() <= MAX_FIELD && (1..=MAX_NEEDLE).contains(&needle.len())
}

impl<const N: usize> Masked<N> {
    /// The masks of a field and a needle of `N` bytes that fit.
    fn new(hay: &[u8], needle: &Needle) -> Masked<N> {
        let mut masks = byte_masks::<N>(hay, needle);
        // Bits past the field's end: its padding, which a needle byte 0 would find.
        let within = Bits::MAX
            .checked_shr(Bits::BITS - hay.len() as u32)
            .unwrap_or(0);
        let mut whole = within;
        for (k, bits) in masks.iter_mut().enumerate() {
            *bits &= within;
            whole &= *bits >> k;
        }
        Masked { masks, whole }
    }
}

/// Work on a field's masks, for a needle of any length that fits (see `masked`).
trait OnMasks {
    type Out;
    fn run<const N: usize>(self, masked: &Masked<N>) -> Self::Out;
}

/// `job` on the masks of a field and needle that fit, in the copy for the needle's length.
fn masked<J: OnMasks>(hay: &[u8], needle: &Needle, job: J) -> J::Out {
    match needle.bytes.len() {
        1 => job.run(&Masked::<1>::new(hay, needle)),
        2 => job.run(&Masked::<2>::new(hay, needle)),
        3 => job.run(&Masked::<3>::new(hay, needle)),
        4 => job.run(&Masked::<4>::new(hay, needle)),
        5 => job.run(&Masked::<5>::new(hay, needle)),
        6 => job.run(&Masked::<6>::new(hay, needle)),
        7 => job.run(&Masked::<7>::new(hay, needle)),
        _ => job.run(&Masked::<MAX_NEEDLE>::new(hay, needle)),
    }
}

/// The bits above `p`.
fn above(p: u32) -> Bits {
    Bits::MAX.checked_shl(p + 1).unwrap_or(0)
}

impl<const N: usize> Finder for Masked<N> {
    fn earliest(&self, positions: &mut [u32]) -> Option<usize> {
        let mut allowed = Bits::MAX;
        let mut p = 0;
        for (&bits, at) in self.masks.iter().zip(positions) {
            let free = bits & allowed;
            if free == 0 {
                return None;
            }
            p = free.trailing_zeros();
            *at = p;
            allowed = above(p);
        }
        Some(p as usize)
    }

    fn whole_from(&self, from: usize) -> Option<usize> {
        let from = u32::try_from(from).ok()?;
        let bits = self.whole & Bits::MAX.checked_shl(from).unwrap_or(0);
        (bits != 0).then(|| bits.trailing_zeros() as usize)
    }

    fn latest(&self, end: usize, positions: &mut [u32]) {
        let mut p = end as u32;
        positions[N - 1] = p;
        for k in (0..N - 1).rev() {
            let below = self.masks[k] & ((1 << p) - 1);
            p = Bits::BITS - 1 - below.leading_zeros();
            positions[k] = p;
        }
    }
}

/// Whether the needle matches the masked field.
struct Matches;

impl OnMasks for Matches {
    type Out = bool;
    fn run<const N: usize>(self, masked: &Masked<N>) -> bool {
        masked.earliest(&mut [0; N]).is_some()
    }
}

/// The needle's estimate in the masked field.
struct Estimates<'a>(&'a [u8], &'a [u8]);

impl OnMasks for Estimates<'_> {
    type Out = Estimate;
    fn run<const N: usize>(self, masked: &Masked<N>) -> Estimate {
        let Estimates(hay, needle) = self;
        estimate_with(masked, hay, needle, (&mut [0; N], &mut [0; N]))
    }
}

/// Whether a fuzzy needle matches `hay` at all, by the rules `estimate` decides by.
pub(super) fn matches(hay: &[u8], needle: &Needle) -> bool {
    let (bytes, cs) = (&needle.bytes[..], needle.cs);
    if !bytes.is_ascii() {
        return text::find(hay, bytes, cs).is_some() || text::is_subsequence(hay, bytes, cs);
    }
    if fits(hay, bytes) {
        masked(hay, needle, Matches)
    } else {
        Scanned::new(hay, needle).earliest(&mut []).is_some()
    }
}

/// Estimated SkimMatcherV2 score of a fuzzy needle in `hay` and where it occurs contiguously
/// (for the exact bonus), or None when it does not match.
pub(super) fn estimate(hay: &[u8], needle: &Needle) -> Estimate {
    let (bytes, cs) = (&needle.bytes[..], needle.cs);
    if !bytes.is_ascii() {
        // Rare: decide exactly, estimate crudely (SkimMatcherV2 ranks these anyway if kept).
        let exact = text::find(hay, bytes, cs).map(|s| (s, s + bytes.len()));
        let matched = exact.is_some() || text::is_subsequence(hay, bytes, cs);
        return matched.then(|| (SCORE_MATCH * bytes.len() as i64, exact));
    }
    if fits(hay, bytes) {
        masked(hay, needle, Estimates(hay, bytes))
    } else {
        let scanned = Scanned::new(hay, needle);
        estimate_with(&scanned, hay, bytes, (&mut [0; KEPT], &mut [0; KEPT]))
    }
}

/// The estimate, with room for the positions of the needle's first bytes forward and
/// backward (as many as the needle has, or `KEPT`).
fn estimate_with(
    find: &impl Finder,
    hay: &[u8],
    needle: &[u8],
    (forward, backward): (&mut [u32], &mut [u32]),
) -> Estimate {
    // Forward: the earliest match (fzf's v1 algorithm), its positions kept when they fit ...
    let end = find.earliest(forward)?;
    // ... a contiguous occurrence usually beats it; prefer one at a word start. None begins
    // before the needle's first byte first occurs, and the earliest match is the first one
    // when its bytes are adjacent.
    let first = forward[0] as usize;
    let contiguous = if end + 1 - first == needle.len() {
        Some(first)
    } else {
        find.whole_from(first)
    };
    if let Some(s) = contiguous {
        let mut best = (score_alignment(hay, needle, s..s + needle.len()), s);
        let mut from = s + 1;
        let at_head = |i: usize| i == 0 || in_place(Some(hay[i - 1]), hay[i]) >= BONUS_BREAK;
        for _ in 0..3 {
            if at_head(best.1) {
                break;
            }
            let Some(at) = find.whole_from(from) else {
                break;
            };
            let score = score_alignment(hay, needle, at..at + needle.len());
            if score > best.0 {
                best = (score, at);
            }
            from = at + 1;
        }
        return Some((best.0, Some((best.1, best.1 + needle.len()))));
    }
    // ... otherwise the better of the earliest alignment and the tightest window ending where it
    // ends (matched right to left).
    let n = needle.len();
    if n > backward.len() {
        return Some((SCORE_MATCH * n as i64, None));
    }
    find.latest(end, backward);
    let (forward, backward) = (&forward[..n], &backward[..n]);
    let score = score_alignment(hay, needle, forward.iter().map(|&p| p as usize));
    // Scattered letters that occur once each align the same both ways: score them once.
    if backward == forward {
        return Some((score, None));
    }
    let score = score.max(score_alignment(
        hay,
        needle,
        backward.iter().map(|&p| p as usize),
    ));
    Some((score, None))
}

#[cfg(test)]
mod tests;
