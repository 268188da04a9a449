//! Search: the query language, matching and ranking, match positions, and a background engine.
//!
//! SkimMatcherV2 decides what matches, the final order and the highlights. In front of it a
//! fast first pass over all records (`scan`) picks the candidates, so SkimMatcherV2 only ranks
//! a few thousand of them whatever the dataset size.

mod confidence;
mod engine;
mod find;
mod halves;
mod highlight;
mod index;
mod line_index;
mod matcher;
mod mode;
mod narrow;
mod pass;
mod query;
pub(crate) mod rank;
pub(crate) mod scan;
mod scope;
pub(crate) mod text;
mod tiers;
mod weights;

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use fuzzy_matcher::skim::SkimMatcherV2;

use crate::dataset::Dataset;
use crate::facets::Facets;

pub use engine::{Engine, LIMIT, Matches, Results, SETTLED_FIRST};
pub use find::{Findings, FuzzySide, LineDetail, Mark, Ranked, Via, find_with};
pub use highlight::{LineWords, Positions, positions};
pub use matcher::{FIELD_PREFIX, Field, TermHit, searched, searched_bytes};
pub use mode::{MAX_QUERY_BYTES, Mode, capped, mode_of};
pub use query::{Kind, Query, Scope, Term};
pub use rank::Hit;
pub use weights::Weights;

/// Context a query can refer to beyond the record itself (`is:pinned`, `is:recent`, `is:new`), and the
/// ranking weights in force.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// Ids of the pinned records.
    pub pinned: HashSet<String>,
    /// Ids of the records viewed recently (`is:recent`).
    pub recent: HashSet<String>,
    /// The team's notes per record id, one per line (`note:`).
    pub notes: HashMap<String, String>,
    /// Ids the last `errdex sync` added or changed (`is:new`).
    pub new: HashSet<String>,
    /// How much a match in each field counts.
    pub weights: Weights,
}

impl Context {
    /// For `is:` and `note:` terms: whether the record with this id is in the set the scope
    /// names, or has a note holding the term's text.
    pub fn flag(&self, term: &Term, id: &str) -> Option<bool> {
        match term.scope {
            Scope::Pinned => Some(self.pinned.contains(id)),
            Scope::Recent => Some(self.recent.contains(id)),
            Scope::Note => Some(self.notes.get(id).is_some_and(|notes| {
                // Notes are prose: a fuzzy term is looked for as written, not letter by letter.
                let kind = match term.kind {
                    Kind::Fuzzy => Kind::Exact,
                    k => k,
                };
                text::locate(notes, &term.text, kind, term.case_sensitive).is_some()
            })),
            Scope::New => Some(self.new.contains(id)),
            _ => None,
        }
    }
}

/// The result of a blocking search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Best first, at most `limit`.
    pub hits: Vec<Hit>,
    /// How many records match in all.
    pub matched: usize,
}

/// The most cells SkimMatcherV2's score matrix (query chars × field chars, 16 bytes a cell) may
/// have: 64 MiB. Past that it aligns greedily instead, so a long query against a long field
/// (highlighting keeps the whole matrix) cannot take memory without bound.
const MATRIX_CELLS: usize = 4 << 20;

/// One matcher for the whole process: it keeps per-thread scratch buffers between calls.
fn skim() -> &'static SkimMatcherV2 {
    static SKIM: LazyLock<SkimMatcherV2> =
        LazyLock::new(|| SkimMatcherV2::default().element_limit(MATRIX_CELLS));
    &SKIM
}

/// Searches the whole dataset (on both cores).
pub fn search(ds: &Dataset, q: &Query, ctx: &Context, limit: usize) -> Found {
    let index = index::Index::build(ds.entries());
    let out = whole_pass(ds, &index, q, ctx, limit).run();
    Found {
        hits: out.hits,
        matched: out.matched.len(),
    }
}

/// Searches the whole dataset for a query as typed or pasted (see `find`): typed words by the
/// query language, a pasted log line by the triage matcher, each result marked weak or not.
/// The triage index is built only when the line side runs.
pub fn find(ds: &Dataset, text: &str, ctx: &Context, limit: usize) -> Findings {
    find_counting(ds, text, ctx, limit, true)
}

/// `find` for a caller that needs the ranked top and whether more match, not how many: where
/// the word-start postings of a cached dataset settle the top, no pass reads every record and
/// `Findings::at_least` says `matched` is a floor (the walk kept all 2,000 candidates it may;
/// when it kept fewer, it found every match and the count is exact). The hits are `find`'s.
pub fn find_top(ds: &Dataset, text: &str, ctx: &Context, limit: usize) -> Findings {
    find_counting(ds, text, ctx, limit, false)
}

fn find_counting(ds: &Dataset, text: &str, ctx: &Context, limit: usize, count: bool) -> Findings {
    let entries = ds.entries();
    let mut floor = None;
    let mut fuzzy = |q: &Query| {
        let index = index::Index::build(entries);
        let pass = whole_pass(ds, &index, q, ctx, limit);
        // A limit past half the candidates (`--all`) is left to the full pass: the walk would
        // keep twice the limit, and on a dataset that size read every record anyway.
        if !count
            && limit.saturating_mul(2) <= pass::CANDIDATES
            && let Some(Some(top)) = pass.run_first(&|| false)
        {
            if let pass::Matched::AtLeast(n) = top.matched {
                floor = Some(n);
            }
            return Some(FuzzySide::from(top));
        }
        let out = pass.run();
        Some(FuzzySide {
            hits: out.hits,
            matched: out.matched,
            whole: out.whole,
        })
    };
    let mut line = |text: &str| {
        let triage = crate::triage::Triage::new(ds);
        Some(triage.answer_line(entries, text, limit.max(LINE_LIMIT)))
    };
    let mut found = find_with(entries, text, ctx, limit, (&mut fuzzy, None), &mut line)
        .expect("a search that is never cancelled finishes");
    // The fuzzy side did not list its matches: `found` counted only the line side's.
    if let Some(floor) = floor {
        found.matched = found.matched.max(floor);
        found.at_least = true;
    }
    found
}

/// How many records a line ranking returns at most: enough to count what matched.
pub const LINE_LIMIT: usize = 1000;

/// The reference ranking: SkimMatcherV2 over every record, no first pass. As slow as it is
/// simple; the benchmark and the agreement tests compare `search` against it.
pub fn search_exhaustive(ds: &Dataset, q: &Query, ctx: &Context, limit: usize) -> Found {
    let entries = ds.entries();
    let mut hits: Vec<Hit> = (0..entries.len() as u32)
        .filter_map(|index| {
            let score = matcher::score_entry(skim(), entries.at(index as usize), q, ctx)?;
            Some(Hit { index, score })
        })
        .collect();
    let matched = hits.len();
    if q.is_scored() {
        rank::top_k(entries, &mut hits, limit);
    } else {
        hits.truncate(limit);
    }
    Found { hits, matched }
}

/// A pass over every record.
fn whole_pass<'a>(
    ds: &'a Dataset,
    index: &'a index::Index,
    query: &'a Query,
    ctx: &'a Context,
    limit: usize,
) -> pass::Pass<'a> {
    pass::Pass {
        ds,
        index,
        query,
        ctx,
        candidates: None,
        limit,
        narrow: true,
    }
}

/// Counts by severity, repo, error type and tag over every record the query matches.
pub fn facets(ds: &Dataset, q: &Query, ctx: &Context) -> Facets {
    let index = index::Index::build(ds.entries());
    let out = whole_pass(ds, &index, q, ctx, 0).run();
    index.facets(&out.matched)
}

/// Counts by severity, repo, error type and tag over every record (`errdex stats`): from the
/// index's interned ids, which a mapped dataset has without reading its strings.
pub fn facets_of_all(ds: &Dataset) -> Facets {
    index::Index::build(ds.entries()).all_facets()
}

/// Counts by severity, repo, error type and tag over these records (e.g. `Engine::matches`).
/// Indices past the end of the dataset are ignored.
pub fn facets_of(ds: &Dataset, indices: &[u32]) -> Facets {
    let entries = ds.entries();
    Facets::count(indices.iter().filter_map(|&i| entries.get(i as usize)))
}

/// For `--explain`: the fields of `entry` the query looks at that are longer than
/// `FIELD_PREFIX` (only that much of them was searched), with their length in bytes.
pub fn cut_fields(entry: crate::dataset::EntryRef<'_>, q: &Query) -> Vec<(Field, usize)> {
    let mut cut: Vec<(Field, usize)> = Vec::new();
    for t in q.terms() {
        for (field, len) in matcher::cut_fields(entry, t.scope) {
            if !cut.iter().any(|(f, _)| *f == field) {
                cut.push((field, len));
            }
        }
    }
    cut
}

/// For `--explain`: per term, the field it matched best in this record and its weighted score
/// (None when the term does not hold).
pub fn explain(
    entry: crate::dataset::EntryRef<'_>,
    q: &Query,
    ctx: &Context,
) -> Vec<(Term, Option<TermHit>)> {
    q.terms()
        .map(|t| (t.clone(), matcher::term_hit(skim(), entry, t, ctx)))
        .collect()
}
