//! How much the fast pass's estimate (`scan`) can give a record for one term, by where in the
//! record the term can begin: the bounds that let a walk down the word-start postings
//! (`dataset::starts`) stop once nothing left can beat the best found (`pass::first`).
//!
//! Per character the estimate gives 16 for the match, a bonus by what precedes the first
//! character of each run (8 after a separator, 7 after punctuation, 6 on a hump; doubled at the
//! field's first byte) that the rest of the run keeps (at least 4), minus at least 3 per gap;
//! then 8 for a contiguous match and 8 more for a whole word. So a term of `n` bytes scores at
//! most 48n starting a field as a whole word, 40n starting a field (or a whole word further
//! in), 32n from another word start — and far less where no word start holds its first bytes.

use super::Weights;
use super::query::{Kind, Scope, Term};
use super::scan::{CASE_MISMATCH, GAP_EXTENSION, GAP_START};
use crate::dataset::starts::{self, Postings, RUN_MAX};
use crate::text::BONUS_HEAD;

/// Per byte of a term, the most any match can score (16 + 16 for the doubled head bonus that
/// a run keeps, + 16 for an exact whole word).
const MOST_PER_BYTE: i64 = 48;

/// The most a term adds to any record's estimate, whatever the record.
pub fn most(t: &Term, w: &Weights, tag_best: Option<i64>) -> i64 {
    if t.negated || t.scope.is_flag() {
        return 0;
    }
    let raw = MOST_PER_BYTE * t.text.len() as i64;
    let weighted = |pct: i64| raw * pct / 100;
    let tags = tag_best.unwrap_or(i64::MIN);
    match t.scope {
        Scope::Any => weighted(w.message).max(weighted(w.path)).max(tags),
        Scope::Message => weighted(w.message),
        Scope::Path => weighted(w.path),
        Scope::Tags => tags,
        Scope::Repo => weighted(w.repo),
        _ => raw,
    }
}

/// One list of ranks to walk and the most any record on it can score for the term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tier {
    pub bound: i64,
    /// A position in the postings' `keys`.
    pub list: usize,
}

/// A term the word-start postings can bound: fuzzy, not negated, looking at the message or the
/// path (and maybe tags), ASCII text that starts with a letter or digit.
pub fn drives(t: &Term) -> bool {
    t.kind == Kind::Fuzzy
        && !t.negated
        && matches!(t.scope, Scope::Any | Scope::Message | Scope::Path)
        && t.text.is_ascii()
        && t.text
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_alphanumeric)
}

/// The tiers of a driving term's word starts in one table, and the most a record scores for it
/// in the message and path when it holds none of their keys (`rest`). `apart`: the term occurs
/// whole in no message or path of the table (`dataset::trigrams`), so it matches only with a
/// gap; then every field-start key of its first byte is a tier too, and the rest is lower
/// (24 a byte, less one gap).
pub fn word_tiers(t: &Term, w: &Weights, postings: &Postings, apart: bool) -> (Vec<Tier>, i64) {
    let needle = t.text.as_bytes();
    let n = needle.len();
    let lower: Vec<u8> = needle.iter().map(u8::to_ascii_lowercase).collect();
    let prefix = &lower[..n.min(3)];
    // A needle of word bytes only is a whole word exactly where the word run is as long as it.
    let words_only = needle.iter().all(|&b| crate::text::is_word_byte(b));
    let whole_run = n.min(RUN_MAX);
    let lower_first = !t.case_sensitive && needle.first().is_some_and(u8::is_ascii_lowercase);
    let n = n as i64;
    let mut tiers = Vec::new();
    let mut rest = i64::MIN;
    for (path, pct) in [(false, w.message), (true, w.path)] {
        let looked_at = match t.scope {
            Scope::Message => !path,
            Scope::Path => path,
            _ => true,
        };
        if !looked_at {
            continue;
        }
        let weighted = |raw: i64| raw * pct / 100;
        for start in [true, false] {
            // (whole word possible, not whole): 48n / 40n from the field's start, 40n / 32n
            // further in.
            let (whole, other) = if start {
                (48 * n, 40 * n)
            } else {
                (40 * n, 32 * n)
            };
            let range = starts::prefix_range(path, start, prefix);
            for list in postings.keys_in(range) {
                let key = postings.keys[list];
                let bound = if !words_only || starts::run_of(key) == whole_run {
                    whole
                } else {
                    other
                };
                // A lower-case first letter on a capital costs the case penalty there.
                let case = if lower_first && starts::is_capital(key) {
                    CASE_MISMATCH
                } else {
                    0
                };
                tiers.push(Tier {
                    bound: weighted(bound + case),
                    list,
                });
            }
        }
        if apart {
            let listed = starts::prefix_range(path, true, prefix);
            for list in postings.keys_in(starts::prefix_range(path, true, &lower[..1])) {
                let key = postings.keys[list];
                if !listed.contains(&key) {
                    let head = starts::bytes_of(key);
                    let shared = head.iter().zip(&lower).take_while(|(a, b)| a == b).count();
                    tiers.push(Tier {
                        bound: weighted(field_start_apart(n, shared as i64)),
                        list,
                    });
                }
            }
            rest = rest.max(weighted(APART_MOST * n + GAP_START + GAP_EXTENSION));
        } else {
            rest = rest.max(weighted(rest_bound(needle)));
        }
    }
    (tiers, rest)
}

/// Per byte of a term that occurs nowhere whole, the most a match beginning past the field's
/// first byte scores: 16, and a bonus of at most 8 (a word start's, or kept through a run).
const APART_MOST: i64 = 16 + BONUS_HEAD;

/// The most a term of `n` bytes that occurs nowhere whole scores from a field's first byte,
/// where that field's first `shared` bytes are the term's: a first run of at most `shared`
/// bytes keeps the doubled bonus (32 a byte), the bytes after it score at most 24, and at least
/// one gap costs at least 4.
fn field_start_apart(n: i64, shared: i64) -> i64 {
    let run = shared.min(n - 1);
    (16 + 2 * BONUS_HEAD) * run + APART_MOST * (n - run) + GAP_START + GAP_EXTENSION
}

/// The most the estimate gives a needle (ASCII, first byte a letter or digit) in a field where
/// no word start holds its first `min(3, n)` bytes. A match then begins where there is no
/// bonus (16, no whole word; in-run bonuses only where the needle itself has a hump or a
/// separator), or at a word start with a first run shorter than that prefix (then a gap, which
/// costs at least 4: one byte skipped).
///
/// Inside a run of letters the only bonus is a hump (6, a capital after a lower-case letter or
/// digit). A needle with no capital after its first byte meets a capital there only with the
/// case penalty (2) or not at all, so its first hump gains nothing and only the bytes after it
/// keep the 6: two below what a needle with a capital can score. For `ni` (the second letter
/// typed of `nil`) that is 52, what `ni` inside `denied` scores.
pub fn rest_bound(needle: &[u8]) -> i64 {
    let n = needle.len() as i64;
    let inner = &needle[..needle.len() - 1];
    let has_break = inner.iter().any(|b| !b.is_ascii_alphanumeric());
    let tail = (n - 1) * 16;
    let in_runs = if has_break {
        (n - 1) * 8
    } else if needle[1..].iter().any(u8::is_ascii_uppercase) {
        (n - 1) * 6
    } else {
        // The first hump costs the case penalty its bonus wins back; the rest keep 4 or 6.
        ((n - 1) * 6 + CASE_MISMATCH).max((n - 1) * 4)
    };
    let contiguous = 16 + tail + in_runs + 8 * n;
    let gap = GAP_START + GAP_EXTENSION;
    let scattered = 16 + (n - 1) * 24 + gap;
    let short_head = match n {
        1 => i64::MIN,
        2 => 32 + 24 + gap,
        _ => 2 * 32 + (n - 2) * 24 + gap,
    };
    contiguous.max(scattered).max(short_head)
}

#[cfg(test)]
mod tests;
