//! Which characters of a shown row to highlight: computed per visible record, never for the
//! whole result set. Typed terms mark what they matched; a pasted line marks the words of the
//! record's message and path that the line holds too.

use std::collections::HashSet;

use fuzzy_matcher::FuzzyMatcher;

use super::matcher::{Field, for_each_field};
use super::query::{Kind, Query};
use super::{skim, text};
use crate::dataset::EntryRef;

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
pub fn positions(entry: EntryRef<'_>, q: &Query) -> Positions {
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
                Field::Tag(i) => {
                    if let Some(k) = p.tags.iter().position(|(t, _)| *t == i) {
                        &mut p.tags[k].1
                    } else {
                        p.tags.push((i, Vec::new()));
                        let last = p.tags.len() - 1;
                        &mut p.tags[last].1
                    }
                }
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

/// A pasted line's words (letters and digits, two or more, case folded), to mark the same
/// words in the rows it found: the shared words are why a line matched a record.
pub struct LineWords {
    words: HashSet<String>,
}

impl LineWords {
    pub fn new(line: &str) -> LineWords {
        LineWords {
            words: words(line).map(|(_, w)| w.to_lowercase()).collect(),
        }
    }

    /// The chars of `entry`'s message and path that are words of the line.
    pub fn positions(&self, entry: EntryRef<'_>) -> Positions {
        let mark = |value: &str| -> Vec<usize> {
            let mut out = Vec::new();
            for (start, w) in words(value) {
                if self.words.contains(&w.to_lowercase()) {
                    out.extend(text::char_range(value, start, start + w.len()));
                }
            }
            out
        };
        let mut p = Positions::default();
        for_each_field(entry, super::Scope::Message, |_, v| p.message = mark(v));
        for_each_field(entry, super::Scope::Path, |_, v| p.file_path = mark(v));
        p
    }
}

/// The words of `s` with their byte offsets: runs of letters, digits and `_` of two or more
/// characters.
fn words(s: &str) -> impl Iterator<Item = (usize, &str)> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.chars().nth(1).is_some())
        .map(move |w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::Entry;
    use crate::record::Record;

    #[test]
    fn a_pasted_line_marks_the_words_it_shares_with_the_record() {
        let r = Record {
            id: "i".into(),
            error_message: "listen EADDRINUSE: address already in use".into(),
            file_path: Some("src/server.js".into()),
            ..Record::default()
        };
        let e = Entry::from_record(r, 0, 0, 0, 1);
        let line = "2026-11-30T03:12:09Z ERROR Error: listen eaddrinuse: address in use :::8080 (server.js:12)";
        let p = LineWords::new(line).positions(e.view());
        let marked = |value: &str, at: &[usize]| -> String {
            value
                .chars()
                .enumerate()
                .filter(|(i, _)| at.contains(i))
                .map(|(_, c)| c)
                .collect()
        };
        let message = "listen EADDRINUSE: address already in use";
        assert_eq!(marked(message, &p.message), "listenEADDRINUSEaddressinuse");
        assert_eq!(marked("src/server.js", &p.file_path), "serverjs");
        assert!(p.repo.is_empty() && p.tags.is_empty());
    }
}
