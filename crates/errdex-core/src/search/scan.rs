//! The fast first pass: decides exactly which records match (the same rules as SkimMatcherV2:
//! characters in order, ASCII case folded unless the term has a capital) and estimates each
//! match's score in one linear scan per field, so that SkimMatcherV2 only has to rank the best
//! few thousand. The estimate scores one alignment the way SkimMatcherV2 scores alignments
//! (16 a character, bonuses at word starts and for runs, penalties for gaps); SkimMatcherV2
//! searches all alignments, so it can only find a better one.

use super::index::{Index, Reader, Searched};
use super::matcher::{Field, bonus_bytes, for_each_field};
use super::query::{Kind, Query, Scope, Term};
use super::text::{self, in_place};
use super::{Context, Weights};
use crate::dataset::Entries;
use crate::dataset::mapped::byte_mask;

mod fuzzy;
mod order;
mod sieve;
use fuzzy::Needle;
pub use order::Tries;
pub use sieve::Sieve;

const SCORE_MATCH: i64 = 16;
const BONUS_CONSECUTIVE: i64 = 4;
pub(super) const GAP_START: i64 = -3;
pub(super) const GAP_EXTENSION: i64 = -1;
pub(super) const CASE_MISMATCH: i64 = -2;

/// Scores one alignment: `positions` are byte offsets of the needle's bytes in `hay`.
fn score_alignment(hay: &[u8], needle: &[u8], positions: impl Iterator<Item = usize>) -> i64 {
    let mut score = 0;
    let mut last: Option<usize> = None;
    let mut run_bonus = 0;
    for (k, p) in positions.enumerate() {
        let mut b = in_place(p.checked_sub(1).map(|i| hay[i]), hay[p]);
        if p == 0 {
            b *= 2;
        }
        let m = if hay[p] == needle[k] {
            SCORE_MATCH
        } else {
            SCORE_MATCH + CASE_MISMATCH
        };
        match last {
            Some(l) if l + 1 == p => {
                run_bonus = run_bonus.max(b).max(BONUS_CONSECUTIVE);
                score += run_bonus + m;
            }
            Some(l) => {
                score += GAP_START + GAP_EXTENSION * (p - l - 1) as i64 + b + m;
                run_bonus = b;
            }
            None => {
                score += b + m;
                run_bonus = b;
            }
        }
        last = Some(p);
    }
    score
}

/// A term's weighted score in one field value (0 for a negated term: it only has to be found).
fn score_field(
    (t, needle): (&Term, &Needle),
    chars: usize,
    (field, w): (Field, &Weights),
    hay: &[u8],
) -> Option<i64> {
    score_or_decide((t, needle), chars, (field, w), hay, false)
}

/// `score_field`, or with `decide` only whether the term is in the field (Some(0)), which a
/// count needs and which costs a fraction of the score.
fn score_or_decide(
    (t, fuzzy_needle): (&Term, &Needle),
    chars: usize,
    (field, w): (Field, &Weights),
    hay: &[u8],
    decide: bool,
) -> Option<i64> {
    let needle = t.text.as_bytes();
    if decide {
        let found = if t.kind == Kind::Fuzzy && !t.negated {
            fuzzy::matches(hay, fuzzy_needle)
        } else {
            text::locate_bytes(hay, needle, t.kind, t.case_sensitive).is_some()
        };
        return found.then_some(0);
    }
    let (raw, exact) = if t.kind == Kind::Fuzzy && !t.negated {
        fuzzy::estimate(hay, fuzzy_needle)?
    } else {
        let (s, e) = text::locate_bytes(hay, needle, t.kind, t.case_sensitive)?;
        if t.negated {
            return Some(0);
        }
        (score_alignment(hay, needle, s..e), Some((s, e)))
    };
    Some((raw + bonus_bytes(hay, chars, exact)) * w.of(field) / 100)
}

/// A term's estimate in one message (weight 100), for tests of the bounds (`tiers`).
#[cfg(test)]
pub(crate) fn message_estimate(t: &Term, hay: &[u8]) -> Option<i64> {
    let chars = t.text.chars().count();
    let needle = Needle::new(t.text.as_bytes(), t.case_sensitive);
    score_field(
        (t, &needle),
        chars,
        (Field::Message, &Weights::default()),
        hay,
    )
}

/// What a query needs once per pass rather than once per record: each term's score against
/// every distinct tag.
pub struct Prepared {
    /// Per term (in `Query::terms` order): the score per tag id, when the term looks at tags
    /// and some tag holds it.
    tags: Vec<Option<Vec<Option<i64>>>>,
    /// Per term: its length in characters.
    chars: Vec<usize>,
    /// Per term: its text set up for the fuzzy estimate.
    needles: Vec<Needle>,
    /// Per term: the `byte_mask` of its text (what a field must hold to match it).
    masks: Vec<u64>,
    weights: Weights,
    sieve: Option<Sieve>,
}

impl Prepared {
    pub fn new(index: &Index, q: &Query, weights: Weights) -> Prepared {
        let needles: Vec<Needle> = q
            .terms()
            .map(|t| Needle::new(t.text.as_bytes(), t.case_sensitive))
            .collect();
        let tags: Vec<Option<Vec<Option<i64>>>> = q
            .terms()
            .zip(&needles)
            .map(|(t, needle)| {
                matches!(t.scope, Scope::Any | Scope::Tags).then(|| {
                    let chars = t.text.chars().count();
                    let score = |tag: &str| {
                        let at = (Field::Tag(0), &weights);
                        score_field((t, needle), chars, at, tag.as_bytes())
                    };
                    index.vocabulary().map(score).collect::<Vec<_>>()
                })
                // A term no tag holds needs no record's tags read (a pass over a million
                // records spent a fifth of its time there for `src/net/pool`).
                .filter(|per_tag| per_tag.iter().any(Option::is_some))
            })
            .collect();
        let chars = q.terms().map(|t| t.text.chars().count()).collect();
        let masks: Vec<u64> = q.terms().map(|t| byte_mask(t.text.as_bytes())).collect();
        let sieve = Sieve::new(q, &masks, |k| tags.get(k).is_some_and(Option::is_some));
        Prepared {
            tags,
            chars,
            needles,
            masks,
            weights,
            sieve,
        }
    }

    /// What a record's masks must allow for it to match, when the query's terms can tell.
    pub fn sieve(&self) -> Option<&Sieve> {
        self.sieve.as_ref()
    }

    /// Term `k`'s score per tag id (None where the tag does not match it), when it looks at tags
    /// and some tag holds it.
    pub fn tag_scores(&self, k: usize) -> Option<&[Option<i64>]> {
        self.tags.get(k)?.as_deref()
    }
}

/// A term's estimated weighted score in one record (0 for a negated term that holds).
// Inlined into the per-record loop, as it was before the groups' order was learnt: called
// through that order's closure, the compiler kept it a function of its own.
#[inline]
fn estimate_term(
    (record, prepared): (&Searched<'_>, &Prepared),
    (entries, i): (Entries<'_>, usize),
    (k, t): (usize, &Term),
    (ctx, decide): (&Context, bool),
) -> Option<i64> {
    let scanned = matches!(
        t.scope,
        Scope::Any | Scope::Message | Scope::Path | Scope::Tags
    );
    // Only a term that looks past the packed text reads the record itself (in place, or
    // parsed): the usual query scans the index alone.
    let entry = (!scanned).then(|| entries.at(i));
    if let Some(e) = entry
        && let Some(has) = ctx.flag(t, e.id)
    {
        return (has != t.negated).then_some(0);
    }
    let chars = prepared.chars[k];
    let term = (t, &prepared.needles[k]);
    let mut best: Option<i64> = None;
    let mut keep = |s: Option<i64>| {
        if let Some(s) = s {
            best = Some(best.map_or(s, |b| b.max(s)));
        }
    };
    let (message, path) = match t.scope {
        Scope::Any => (true, true),
        Scope::Message => (true, false),
        Scope::Path => (false, true),
        _ => (false, false),
    };
    let needs = prepared.masks[k];
    for (field, hay, has) in record.fields(message, path) {
        // A byte of the term the field lacks: no match, without reading the field.
        if needs & !has == 0 {
            keep(score_or_decide(
                term,
                chars,
                (field, &prepared.weights),
                hay,
                decide,
            ));
        }
    }
    if let Some(per_tag) = &prepared.tags[k] {
        for &id in record.tags {
            keep(per_tag.get(id as usize).copied().flatten());
        }
    }
    if let Some(e) = entry {
        for_each_field(e, t.scope, |field, v| {
            let hay = v.as_bytes();
            keep(score_or_decide(
                term,
                chars,
                (field, &prepared.weights),
                hay,
                decide,
            ));
        });
    }
    if t.negated {
        return best.is_none().then_some(0);
    }
    best
}

/// Record `i`'s estimated score, or None when it does not match. `tries` is the calling
/// thread's order of the query's groups (see `order`).
pub fn estimate(
    at: (&Reader, &Prepared),
    record: (Entries<'_>, usize),
    q: &Query,
    (ctx, tries): (&Context, &mut Tries),
) -> Option<i64> {
    evaluate(at, record, (q, 0, 0), (ctx, false), tries).map(|(total, _)| total)
}

/// Whether record `i` matches: exactly when `estimate` is Some, at a fraction of its cost
/// (a count of every match does not need their scores).
pub fn matches(
    at: (&Reader, &Prepared),
    record: (Entries<'_>, usize),
    q: &Query,
    (ctx, tries): (&Context, &mut Tries),
) -> bool {
    evaluate(at, record, (q, 0, 0), (ctx, true), tries).is_some()
}

/// `estimate` of a record whose sum over the query's first `from` groups is known to be
/// `known` (it matched them): only the other groups are estimated. With the estimate, the sum
/// without the last group.
pub fn estimate_rest(
    at: (&Reader, &Prepared),
    record: (Entries<'_>, usize),
    (q, from, known): (&Query, usize, i64),
    (ctx, tries): (&Context, &mut Tries),
) -> Option<(i64, i64)> {
    evaluate(at, record, (q, from, known), (ctx, false), tries)
}

/// The sum over the groups from `from` on, added to `known`, and that sum before the last
/// group; None when a group does not match.
fn evaluate(
    (reader, prepared): (&Reader, &Prepared),
    (entries, i): (Entries<'_>, usize),
    (q, from, known): (&Query, usize, i64),
    ctx: (&Context, bool),
    tries: &mut Tries,
) -> Option<(i64, i64)> {
    let record = reader.searched(i);
    // One term (most keystrokes): there is no order of groups to learn, and learning it cost
    // a twentieth of a full pass of a short word over a million records.
    if from == 0
        && let [group] = &q.groups[..]
        && let [t] = &group[..]
    {
        let s = estimate_term((&record, prepared), (entries, i), (0, t), ctx)?;
        return Some((known + s, known));
    }
    order::evaluate(q, (from, known), tries, |g, first| {
        let mut best: Option<i64> = None;
        for (k, t) in (first..).zip(&q.groups[g]) {
            if let Some(s) = estimate_term((&record, prepared), (entries, i), (k, t), ctx) {
                best = Some(best.map_or(s, |b| b.max(s)));
            }
        }
        best
    })
}

#[cfg(test)]
mod tests;
