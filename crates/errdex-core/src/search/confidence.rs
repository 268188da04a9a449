//! When a fuzzy hit is too poor to trust: some term of the query found only a few scattered
//! letters of itself in the record, rather than a solid piece of its text.

use aho_corasick::AhoCorasick;

use super::Context;
use super::matcher::{for_each_field, term_hit};
use super::query::{Kind, Query, Term};
use super::skim;
use crate::dataset::EntryRef;

/// Terms this short are abbreviations (`cr` for "connection refused"): they never make a hit weak.
const SHORT_TERM: usize = 2;
/// A fuzzy term is solid in a record when a field holds this share of it (at least 3
/// characters) contiguously: `deadlok` in "deadlock", `permision` in "permission".
const SOLID_SHARE: f64 = 0.6;

/// A query's terms, cut once into the pieces that make a fuzzy hit solid.
pub struct Judge<'q> {
    query: &'q Query,
    /// Per group, per term: one automaton over the windows of its text, so a field is read
    /// once however many windows there are (None for terms judged by holding alone).
    windows: Vec<Vec<Option<AhoCorasick>>>,
}

impl<'q> Judge<'q> {
    pub fn new(query: &'q Query) -> Self {
        let windows = query
            .groups
            .iter()
            .map(|g| g.iter().map(windows_of).collect())
            .collect();
        Judge { query, windows }
    }

    /// The query has no terms (it lists everything): no hit can be weak.
    pub fn is_empty(&self) -> bool {
        self.query.groups.is_empty()
    }

    /// True when a record matching the query does so only weakly: some group holds by
    /// scattered letters alone.
    pub fn weak(&self, e: EntryRef<'_>, ctx: &Context) -> bool {
        self.query
            .groups
            .iter()
            .zip(&self.windows)
            .any(|(group, windows)| {
                let alone = group.len() == 1;
                !group
                    .iter()
                    .zip(windows)
                    .any(|(t, w)| solid(e, t, w, alone, ctx))
            })
    }
}

fn windows_of(t: &Term) -> Option<AhoCorasick> {
    let chars: Vec<char> = t.text.chars().collect();
    if t.kind != Kind::Fuzzy || t.negated || t.scope.is_flag() || chars.len() <= SHORT_TERM {
        return None;
    }
    let need = ((chars.len() as f64 * SOLID_SHARE).ceil() as usize).clamp(3, chars.len());
    let windows: Vec<String> = chars.windows(need).map(|w| w.iter().collect()).collect();
    // ASCII case folding, as `text::find` does for a case-insensitive term.
    AhoCorasick::builder()
        .ascii_case_insensitive(!t.case_sensitive)
        .build(&windows)
        .ok()
}

/// Whether `t` holds solidly for a record that matched the query; `alone`: `t` is its group's
/// only term, so it holds (the record matched) and only a fuzzy term's solidity is in question.
fn solid(
    e: EntryRef<'_>,
    t: &Term,
    windows: &Option<AhoCorasick>,
    alone: bool,
    ctx: &Context,
) -> bool {
    let Some(windows) = windows else {
        return alone || term_hit(skim(), e, t, ctx).is_some();
    };
    let mut found = false;
    for_each_field(e, t.scope, |_, value| {
        found = found || windows.is_match(value);
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::{self, Options};
    use crate::search::index::Index;
    use crate::search::pass::Pass;

    /// The pass skips judging the hits it found whole: that shortcut must never hide a weak
    /// hit, and it must be taken (else it saves nothing).
    #[test]
    fn a_hit_the_pass_found_whole_is_never_weak() {
        let ds = load::load(&[crate::sample::spec()], Options::default(), &|_| {}).dataset;
        let index = Index::build(ds.entries());
        let ctx = Context::default();
        let (mut shortcut, mut judged_weak) = (0, 0);
        for text in [
            "connection refused",
            "conection refusd",
            "nil pointr dereference",
            "permission denied !test",
            "tag:go deadline",
            "cr",
            "'timeout | panic",
            "xqzv",
            "index out of bounds",
        ] {
            let q = Query::parse(text);
            let pass = Pass {
                ds: &ds,
                index: &index,
                query: &q,
                ctx: &ctx,
                candidates: None,
                limit: 1000,
                narrow: true,
            };
            let out = pass.run();
            assert_eq!(out.whole.len(), out.hits.len(), "{text}");
            let judge = Judge::new(&q);
            for (h, &whole) in out.hits.iter().zip(&out.whole) {
                let weak = judge.weak(ds.entries().at(h.index as usize), &ctx);
                assert!(
                    !(whole && weak),
                    "{text}: hit {} is whole yet weak",
                    h.index
                );
                shortcut += usize::from(whole);
                judged_weak += usize::from(weak);
            }
        }
        assert!(shortcut > 0, "the shortcut is taken");
        assert!(judged_weak > 0, "the queries include weak hits");
    }
}
