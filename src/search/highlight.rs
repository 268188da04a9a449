//! Which characters of a shown row to highlight: computed per visible record, never for the
//! whole result set.

use fuzzy_matcher::FuzzyMatcher;

use super::matcher::{Field, for_each_field};
use super::query::{Kind, Query};
use super::{skim, text};
use crate::dataset::Entry;

/// Matched char indices per field, sorted and without duplicates.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct Positions {
    pub message: Vec<usize>,
    pub file_path: Vec<usize>,
    pub repo: Vec<usize>,
    /// `(tag index, char indices)`, by tag index.
    pub tags: Vec<(usize, Vec<usize>)>,
}

impl Positions {
    pub fn is_empty(&self) -> bool {
        self.message.is_empty()
            && self.file_path.is_empty()
            && self.repo.is_empty()
            && self.tags.is_empty()
    }
}

/// Where each positive term of `q` matches `entry`, in every field the term's scope covers.
pub fn positions(entry: &Entry, q: &Query) -> Positions {
    let mut p = Positions::default();
    let m = skim();
    for term in q.terms().filter(|t| !t.negated && !t.scope.is_flag()) {
        // `repo` is not one of the unscoped fields, but a scoped repo term highlights it.
        for_each_field(entry, term.scope, |field, value| {
            let found: Vec<usize> = if term.kind == Kind::Fuzzy {
                match m.fuzzy_indices(value, &term.text) {
                    Some((_, idx)) => idx,
                    None => return,
                }
            } else {
                match text::locate(value, &term.text, term.kind, term.case_sensitive) {
                    Some((s, e)) => text::char_range(value, s, e).collect(),
                    None => return,
                }
            };
            let slot = match field {
                Field::Message => &mut p.message,
                Field::Path => &mut p.file_path,
                Field::Repo => &mut p.repo,
                Field::Tag(i) => match p.tags.iter().position(|(t, _)| *t == i) {
                    Some(k) => &mut p.tags[k].1,
                    None => {
                        p.tags.push((i, Vec::new()));
                        let last = p.tags.len() - 1;
                        &mut p.tags[last].1
                    }
                },
                Field::Severity | Field::Type | Field::Id => return,
            };
            slot.extend(found);
        });
    }
    for v in [&mut p.message, &mut p.file_path, &mut p.repo]
        .into_iter()
        .chain(p.tags.iter_mut().map(|(_, v)| v))
    {
        v.sort_unstable();
        v.dedup();
    }
    p.tags.sort_by_key(|(i, _)| *i);
    p
}
