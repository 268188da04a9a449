//! One pasted line against the records, for `search`: the same normalisation, containment and
//! `path:line` boosts as a log scan, plus a looser rarity-weighted overlap that also counts how
//! much of the *line* a record explains — a pasted line is often a fragment of the message, or
//! the message wrapped in a logger's prefix — and that reports poor overlaps as weak instead of
//! dropping them.

use super::frames::{self, Frame};
use super::index::{Index, UNKNOWN, VAR};
use super::matcher::{FormHit, Scratch, Via};
use super::normalize::{self, Tok};
use super::{Triage, jsonlog, resolve};
use crate::dataset::Entries;

/// Frames kept per event: a deep trace names the same few files over and over.
pub(super) const MAX_FRAMES: usize = 64;
/// Bytes of a line that are matched: a message sits at the start of even a huge line.
pub(super) const MAX_LINE_BYTES: usize = 64 * 1024;

/// A record scores at least this to be a confident answer (location alone scores 0.50).
pub const CONFIDENT: f32 = 0.5;

/// Overlap: share of the record's word weight the line covers and share of the line's weight
/// the record explains. Either a triage-strength cover of the record, or a record that explains
/// nearly the whole line while covering much of itself, is confident.
const RECORD_COVER: f32 = 0.65;
const RECORD_PART: f32 = 0.75;
const LINE_COVER: f32 = 0.8;
const RECORD_COVER_WITH_LINE: f32 = 0.5;
/// Fewer shared words than this is never confident, and below `WEAK_COVER` not even weak.
const MIN_SHARED: usize = 3;
const WEAK_COVER: f32 = 0.3;
/// Forms whose cheap partial sum is below this share of their weight are not checked fully.
const PREFILTER: f32 = 0.2;

/// One record a pasted line matched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineMatch {
    /// Index of the record in the dataset.
    pub record: usize,
    /// 0–1, as triage's `Match::score`; below `CONFIDENT` the match is weak.
    pub score: f32,
    pub via: Via,
}

impl LineMatch {
    pub fn weak(&self) -> bool {
        self.score < CONFIDENT
    }
}

/// A pasted line as the ranking reads it: trimmed and cut to `MAX_LINE_BYTES`, a JSON log
/// line flattened to its text, a trace's frame lines taken out, and the `path:line` frames it
/// holds.
pub(super) fn read_line(line: &str) -> (std::borrow::Cow<'_, str>, Vec<Frame>) {
    let line = truncate(line.trim(), MAX_LINE_BYTES);
    let text = match line
        .starts_with('{')
        .then(|| jsonlog::flatten(line))
        .flatten()
    {
        Some(flat) => std::borrow::Cow::Owned(flat.text),
        None => std::borrow::Cow::Borrowed(line),
    };
    let mut found: Vec<Frame> = Vec::new();
    frames::extract(&text, &mut found);
    found.truncate(MAX_FRAMES);
    let messages = match super::traced::messages(&text) {
        std::borrow::Cow::Owned(kept) => Some(kept),
        std::borrow::Cow::Borrowed(_) => None,
    };
    (messages.map_or(text, std::borrow::Cow::Owned), found)
}

impl Triage {
    /// The records `line` names, best first, at most `limit`: confident ones (the message or
    /// pattern inside the line, a strong word overlap, the line's `path:line`) score from 0.5,
    /// weak overlaps below.
    /// `entries` are the records the triage was built from.
    pub fn rank_line<'a>(
        &self,
        entries: impl Into<Entries<'a>>,
        line: &str,
        limit: usize,
    ) -> Vec<LineMatch> {
        let (text, found) = read_line(line);
        self.rank_text(entries.into(), &text, &found, limit)
    }

    /// `rank_line` on a line already flattened (JSON) and read for frames.
    pub(super) fn rank_text(
        &self,
        entries: Entries<'_>,
        text: &str,
        found: &[Frame],
        limit: usize,
    ) -> Vec<LineMatch> {
        let index = &self.index;
        let mut scratch = Scratch::default();
        normalize::tokenize(text, &mut scratch.tokens);
        let mut hits = Vec::new();
        index.match_line(&mut scratch, text, false, &mut hits);
        overlap(index, &scratch, &mut hits);
        resolve::resolve(index, entries, &mut hits, found, true, limit)
            .into_iter()
            .map(|m| LineMatch {
                record: m.record,
                score: m.score,
                via: m.via,
            })
            .collect()
    }
}

/// Rarity-weighted overlap of the line's words with every form sharing a rare one.
fn overlap(index: &Index, s: &Scratch, out: &mut Vec<FormHit>) {
    let mut line_words: Vec<u32> = s
        .tokens
        .iter()
        .filter_map(|t| match t {
            Tok::Word(w) => Some(index.word(w)),
            Tok::Var => None,
        })
        .filter(|&w| w != UNKNOWN && w != VAR)
        .collect();
    line_words.sort_unstable();
    line_words.dedup();
    let (idf, df) = (index.idf(), index.df());
    let idf_of = |w: u32| idf.get(w as usize).copied().unwrap_or(0.0);
    let line_weight: f32 = line_words.iter().map(|&w| idf_of(w)).sum();
    let mut acc: foldhash::HashMap<u32, f32> = foldhash::HashMap::default();
    for &w in &line_words {
        if df.get(w as usize).is_none_or(|&d| d > index.max_df()) {
            continue;
        }
        for &f in index.postings(w) {
            *acc.entry(f).or_default() += idf_of(w);
        }
    }
    for (f, partial) in acc {
        let form = index.form(f);
        if partial < PREFILTER * form.weight || out.iter().any(|h| h.form == f) {
            continue;
        }
        let (mut shared, mut covered) = (0usize, 0f32);
        let words = form.words();
        for &w in words.iter() {
            if line_words.binary_search(&w).is_ok() {
                shared += 1;
                covered += idf_of(w);
            }
        }
        let record_cover = (covered / form.weight.max(f32::EPSILON)).min(1.0);
        let line_cover = (covered / line_weight.max(f32::EPSILON)).min(1.0);
        let part = shared as f32 / words.len().max(1) as f32;
        let enough = shared >= MIN_SHARED.min(words.len());
        let strong = enough
            && ((record_cover >= RECORD_COVER && part >= RECORD_PART)
                || (line_cover >= LINE_COVER && record_cover >= RECORD_COVER_WITH_LINE));
        let score = if strong {
            // 0.55–0.80: below containment (0.81+), above a location alone.
            0.55 + 0.15 * record_cover + 0.10 * line_cover
        } else if shared >= 2 && record_cover >= WEAK_COVER {
            // 0.10–0.45: shown, never trusted.
            0.10 + 0.20 * record_cover + 0.15 * line_cover
        } else {
            continue;
        };
        out.push(FormHit {
            form: f,
            score,
            via: Via::Overlap,
        });
    }
}

/// What marks a text as a log line rather than typed search words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LogMarks {
    /// Variable parts: numbers, timestamps, addresses, ids, quoted values, placeholders.
    pub variables: usize,
    /// A level word (ERROR, WARN, `E0115` …) near the start.
    pub level: bool,
    /// `path:line` locations.
    pub frames: usize,
}

/// The marks of `text`, read by the same normaliser that matches log lines.
pub fn log_marks(text: &str) -> LogMarks {
    let text = truncate(text, MAX_LINE_BYTES);
    let mut tokens = normalize::Tokens::new();
    normalize::tokenize(text, &mut tokens);
    let mut found = Vec::new();
    frames::extract(text, &mut found);
    LogMarks {
        variables: tokens.iter().filter(|t| *t == Tok::Var).count(),
        level: tokens.level().is_some() || normalize::Level::from_logfmt(text).is_some(),
        frames: found.len(),
    }
}

/// At most `max` bytes of `line`, cut at a character boundary.
pub(super) fn truncate(line: &str, max: usize) -> &str {
    if line.len() <= max {
        return line;
    }
    let mut end = max;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}
