//! Word-start postings: where in a record's message and path a typed word can begin with a
//! bonus, so that search can find the records a term scores best in without reading every
//! record (`search::pass::first`).
//!
//! A *start* is a position holding an ASCII letter or digit that is the field's first byte,
//! follows a byte SkimMatcherV2 gives a bonus after (a separator, or a lower-case letter before
//! a capital), or follows a byte that is not part of a word (so a whole-word match can begin
//! there). Its key packs the field, whether it is the field's first byte, the three bytes there
//! (ASCII case folded, zero past the field's end) and the length of the run of word bytes
//! from it. Per key, the records holding it are listed as *ranks*: positions in the result
//! order's tie-break (shorter message, then id, then record), so a walk down a list meets the
//! records that win ties first. Lists are delta-encoded (LEB128). Tags get one list per tag.

use std::ops::Range;

use crate::text::{in_place, is_word_byte};

pub const PATH_BIT: u32 = 1 << 31;
pub const START_BIT: u32 = 1 << 30;
/// The start's byte is a capital: a term typed in lower case matches it with SkimMatcherV2's
/// case penalty, which bounds the list lower (`search::tiers`).
pub const CAPITAL_BIT: u32 = 1 << RUN_BITS;
/// The longest word run a key tells apart; longer runs are all `RUN_MAX`.
pub const RUN_MAX: usize = 31;
const RUN_BITS: u32 = 5;
/// The bits below the three bytes: the capital bit and the run.
const LOW_BITS: u32 = RUN_BITS + 1;

/// Whether position `p` of `hay` is a start (see the module's comment).
pub fn is_start(hay: &[u8], p: usize) -> bool {
    let cur = hay[p];
    if !cur.is_ascii_alphanumeric() {
        return false;
    }
    match p.checked_sub(1) {
        None => true,
        Some(i) => !is_word_byte(hay[i]) || in_place(Some(hay[i]), cur) > 0,
    }
}

/// The key of a start: `at` is the field from the start on.
pub fn key(path: bool, start: bool, at: &[u8]) -> u32 {
    let byte = |i: usize| u32::from(at.get(i).map_or(0, u8::to_ascii_lowercase));
    let run = at
        .iter()
        .take(RUN_MAX)
        .take_while(|&&c| is_word_byte(c))
        .count() as u32;
    let capital = at.first().is_some_and(u8::is_ascii_uppercase);
    let flags = if path { PATH_BIT } else { 0 }
        | if start { START_BIT } else { 0 }
        | if capital { CAPITAL_BIT } else { 0 };
    flags | byte(0) << (LOW_BITS + 16) | byte(1) << (LOW_BITS + 8) | byte(2) << LOW_BITS | run
}

/// The keys whose three bytes begin with `prefix` (1 to 3 bytes, already folded), in one field
/// and position class: a range of key values, any capital and run.
pub fn prefix_range(path: bool, start: bool, prefix: &[u8]) -> Range<u32> {
    let lo = key(path, start, prefix) & !((1 << LOW_BITS) - 1);
    let width = 8 * (3 - prefix.len().min(3)) as u32 + LOW_BITS;
    lo..lo + (1u32 << width)
}

/// The three bytes of a key (ASCII case folded, zero past the field's end).
pub fn bytes_of(key: u32) -> [u8; 3] {
    [16, 8, 0].map(|shift| (key >> (LOW_BITS + shift)) as u8)
}

/// Whether a key's start is a capital.
pub fn is_capital(key: u32) -> bool {
    key & CAPITAL_BIT != 0
}

/// The key with a given run, from a key of `prefix_range`.
pub fn with_run(key: u32, run: usize) -> u32 {
    (key & !((1 << RUN_BITS) - 1)) | run.min(RUN_MAX) as u32
}

/// The run a key records.
pub fn run_of(key: u32) -> usize {
    (key & ((1 << RUN_BITS) - 1)) as usize
}

/// Every distinct key of a record's message and path, appended to `out` (sorted, deduplicated).
pub fn record_keys(message: &[u8], path: &[u8], out: &mut Vec<u32>) {
    let from = out.len();
    for (hay, is_path) in [(message, false), (path, true)] {
        for p in 0..hay.len() {
            if is_start(hay, p) {
                out.push(key(is_path, p == 0, &hay[p..]));
            }
        }
    }
    out[from..].sort_unstable();
    let mut kept = from;
    for k in from..out.len() {
        if kept == from || out[k] != out[kept - 1] {
            out[kept] = out[k];
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Lists of ranks by key, as written: `offsets[k]..offsets[k + 1]` of `data` is key `k`'s list
/// (for tags, `k` is the tag's id and `keys` is empty).
#[derive(Clone, Copy, Default)]
pub struct Postings<'a> {
    pub keys: &'a [u32],
    pub offsets: &'a [u32],
    pub data: &'a [u8],
}

impl<'a> Postings<'a> {
    /// The positions in `keys` of the keys within `range`.
    pub fn keys_in(&self, range: Range<u32>) -> Range<usize> {
        let from = self.keys.partition_point(|&k| k < range.start);
        let to = self.keys.partition_point(|&k| k < range.end);
        from..to.max(from)
    }

    /// The position of `key` in `keys`.
    pub fn find(&self, key: u32) -> Option<usize> {
        self.keys.binary_search(&key).ok()
    }

    /// The bytes list `k` takes: at least one a rank.
    pub fn bytes(&self, k: usize) -> usize {
        match (self.offsets.get(k), self.offsets.get(k + 1)) {
            (Some(&a), Some(&b)) => b.saturating_sub(a) as usize,
            _ => 0,
        }
    }

    /// List `k`'s ranks, ascending (empty when the file lies about it).
    pub fn ranks(&self, k: usize) -> Ranks<'a> {
        let span = match (self.offsets.get(k), self.offsets.get(k + 1)) {
            (Some(&a), Some(&b)) => self.data.get(a as usize..b as usize),
            _ => None,
        };
        Ranks {
            data: span.unwrap_or(&[]),
            at: 0,
            last: None,
        }
    }
}

/// A list's ranks, decoded as they are read. Stops at the first malformed number.
pub struct Ranks<'a> {
    data: &'a [u8],
    at: usize,
    last: Option<u32>,
}

impl Iterator for Ranks<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let mut value: u64 = 0;
        let mut shift = 0;
        loop {
            let b = *self.data.get(self.at)?;
            self.at += 1;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 35 {
                self.at = self.data.len();
                return None;
            }
        }
        let rank = match self.last {
            None => u32::try_from(value).ok(),
            Some(l) => u32::try_from(value)
                .ok()
                .and_then(|d| l.checked_add(d))
                .filter(|_| value > 0),
        };
        let Some(rank) = rank else {
            self.at = self.data.len();
            return None;
        };
        self.last = Some(rank);
        Some(rank)
    }
}

#[cfg(test)]
mod tests;
