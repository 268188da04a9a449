//! The final word on whether a record matches and how well: SkimMatcherV2 per field, weighted,
//! with a bonus for exact and whole-word hits.

use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;

use super::Context;
use super::query::{Kind, Query, Scope, Term};
use super::text;
use crate::dataset::EntryRef;

/// A field of the in-memory entry a term can match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Message,
    Tag(usize),
    Path,
    Repo,
    Severity,
    Type,
    Id,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Message => "errorMessage",
            Field::Tag(_) => "tags",
            Field::Path => "filePath",
            Field::Repo => "repo",
            Field::Severity => "severity",
            Field::Type => "errorType",
            Field::Id => "id",
        }
    }
}

pub use crate::text::{FIELD_PREFIX, searched, searched_bytes};

/// The fields of `entry` longer than `FIELD_PREFIX` that a scope covers, with their length in
/// bytes (for `--explain`: only their prefix was searched).
pub fn cut_fields(entry: EntryRef<'_>, scope: Scope) -> Vec<(Field, usize)> {
    let mut cut = Vec::new();
    for_each_whole_field(entry, scope, |field, value| {
        if value.len() > FIELD_PREFIX {
            cut.push((field, value.len()));
        }
    });
    cut
}

/// Calls `f` with the searched part of every field value a scope covers.
pub fn for_each_field<'e>(entry: EntryRef<'e>, scope: Scope, mut f: impl FnMut(Field, &'e str)) {
    for_each_whole_field(entry, scope, |field, value| f(field, searched(value)));
}

fn for_each_whole_field<'e>(entry: EntryRef<'e>, scope: Scope, mut f: impl FnMut(Field, &'e str)) {
    match scope {
        Scope::Any => {
            f(Field::Message, entry.message);
            if let Some(v) = entry.file_path {
                f(Field::Path, v);
            }
            for (i, t) in entry.tags.iter().enumerate() {
                f(Field::Tag(i), t);
            }
        }
        Scope::Message => f(Field::Message, entry.message),
        Scope::Tags => {
            for (i, t) in entry.tags.iter().enumerate() {
                f(Field::Tag(i), t);
            }
        }
        Scope::Path => entry.file_path.into_iter().for_each(|v| f(Field::Path, v)),
        Scope::Repo => entry.repo.into_iter().for_each(|v| f(Field::Repo, v)),
        Scope::Severity => entry
            .severity
            .into_iter()
            .for_each(|v| f(Field::Severity, v)),
        Scope::Type => entry.error_type.into_iter().for_each(|v| f(Field::Type, v)),
        Scope::Id => f(Field::Id, entry.id),
        Scope::Pinned | Scope::Recent | Scope::New | Scope::Note => {}
    }
}

/// Extra points per character of a term found as a contiguous substring, and again when it is a
/// whole word: a person typing a word means that word.
const EXACT_BONUS: i64 = 8;
const WORD_BONUS: i64 = 8;

/// The score of one term against one field value, before weighting, and whether the term was
/// found whole (as one contiguous piece) in it; None when it does not match.
fn score_located(m: &SkimMatcherV2, term: &Term, value: &str) -> Option<(i64, bool)> {
    let exact = text::locate(value, &term.text, term.kind, term.case_sensitive);
    if term.kind != Kind::Fuzzy && exact.is_none() {
        return None;
    }
    // A byte scan settles most misses before SkimMatcherV2 copies the field into chars.
    if exact.is_none()
        && !text::is_subsequence(value.as_bytes(), term.text.as_bytes(), term.case_sensitive)
    {
        return None;
    }
    let base = m.fuzzy_match(value, &term.text)?;
    Some((base + bonus(value, &term.text, exact), exact.is_some()))
}

pub fn bonus(value: &str, needle: &str, exact: Option<(usize, usize)>) -> i64 {
    bonus_bytes(value.as_bytes(), needle.chars().count(), exact)
}

/// `bonus` for a needle of `chars` characters found at byte range `exact` of `value`.
pub fn bonus_bytes(value: &[u8], chars: usize, exact: Option<(usize, usize)>) -> i64 {
    let Some((s, e)) = exact else { return 0 };
    let word = text::is_whole_word(value, s, e);
    chars as i64 * (EXACT_BONUS + if word { WORD_BONUS } else { 0 })
}

/// The best field a term matched in a record and its weighted score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TermHit {
    pub field: Field,
    pub score: i64,
    /// The term holds by more than scattered letters for certain: found whole in some field,
    /// or a term that is not fuzzy (a flag, a negation).
    pub whole: bool,
}

/// Whether a term holds for a record (for a negated term: does not match) and the best hit.
pub fn term_hit(m: &SkimMatcherV2, e: EntryRef<'_>, term: &Term, ctx: &Context) -> Option<TermHit> {
    if let Some(has) = ctx.flag(term, e.id) {
        return (has != term.negated).then_some(TermHit {
            field: Field::Id,
            score: 0,
            whole: true,
        });
    }
    let mut best: Option<TermHit> = None;
    let mut whole = false;
    for_each_field(e, term.scope, |field, value| {
        if term.negated && best.is_some() {
            return;
        }
        let hit = if term.negated {
            text::locate(value, &term.text, term.kind, term.case_sensitive).map(|_| 0)
        } else {
            score_located(m, term, value).map(|(s, found)| {
                whole |= found;
                s * ctx.weights.of(field) / 100
            })
        };
        if let Some(score) = hit
            && best.is_none_or(|b| score > b.score)
        {
            best = Some(TermHit {
                field,
                score,
                whole: false,
            });
        }
    });
    if term.negated {
        return best.is_none().then_some(TermHit {
            field: Field::Id,
            score: 0,
            whole: true,
        });
    }
    best.map(|b| TermHit { whole, ..b })
}

/// A record's score for a whole query, or None when it does not match.
pub fn score_entry(m: &SkimMatcherV2, e: EntryRef<'_>, q: &Query, ctx: &Context) -> Option<i64> {
    score_entry_whole(m, e, q, ctx).map(|(score, _)| score)
}

/// `score_entry`, and whether every group of the query holds by a term found whole: such a
/// match is certainly not weak (see `confidence`), so it need not be judged.
pub fn score_entry_whole(
    m: &SkimMatcherV2,
    e: EntryRef<'_>,
    q: &Query,
    ctx: &Context,
) -> Option<(i64, bool)> {
    let (mut total, mut every_group_whole) = (0, true);
    for group in &q.groups {
        let (mut best, mut whole) = (None::<i64>, false);
        for h in group.iter().filter_map(|t| term_hit(m, e, t, ctx)) {
            best = Some(best.map_or(h.score, |b| b.max(h.score)));
            whole |= h.whole;
        }
        total += best?;
        every_group_whole &= whole;
    }
    Some((total, every_group_whole))
}
