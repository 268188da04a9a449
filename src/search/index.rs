//! The searched text of every record packed for scanning: message and path one record after
//! another in one buffer, so that a scan over 100k records streams through memory instead of
//! chasing separately allocated strings; tags interned, because a few hundred distinct tags
//! cover most records and each needs matching only once per query. The facet values (repo,
//! severity, error type) are interned too: counting them over 100k matches after every
//! keystroke is then array increments, not string hashing.

use std::collections::HashMap;

use super::matcher::{Field, searched};
use super::rank::OrderKey;
use crate::dataset::Entry;
use crate::facets::{Facets, NONE, sort_ranked};

#[derive(Clone, Copy)]
struct Span {
    start: usize,
    /// Offsets from `start`: the message is `0..msg_end`, the path `msg_end..path_end`.
    msg_end: u32,
    path_end: u32,
    /// This record's tags are `tag_ids[tags.0..tags.1]`.
    tags: (u32, u32),
}

/// Distinct strings, each with a small id.
#[derive(Default)]
struct Interner {
    values: Vec<Box<str>>,
    ids: HashMap<Box<str>, u32, foldhash::fast::RandomState>,
}

impl Interner {
    fn id(&mut self, value: &str) -> u32 {
        if let Some(&id) = self.ids.get(value) {
            return id;
        }
        let id = self.values.len() as u32;
        self.values.push(value.into());
        self.ids.insert(value.into(), id);
        id
    }

    /// `(value, count)` of the values with a non-zero count, most frequent first, ties by
    /// value (as `Facets` lists them).
    fn ranked(&self, counts: &[usize]) -> Vec<(String, usize)> {
        let mut v: Vec<(String, usize)> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(id, &n)| (self.values[id].to_string(), n))
            .collect();
        sort_ranked(&mut v);
        v
    }
}

/// The facets counted per record: repo, severity, error type.
const FACETS: usize = 3;

#[derive(Default)]
pub struct Index {
    text: Vec<u8>,
    spans: Vec<Span>,
    tag_ids: Vec<u32>,
    tags: Interner,
    /// Per record, its repo, severity and error type as ids into `facet_values`.
    facet_ids: Vec<[u32; FACETS]>,
    facet_values: [Interner; FACETS],
    /// Per record, what the result order needs besides the score (see `OrderKey`), as two
    /// arrays: 12 bytes a record rather than 16.
    message_lens: Vec<u32>,
    id_heads: Vec<u64>,
}

impl Index {
    pub fn build(entries: &[Entry]) -> Index {
        let mut index = Index::default();
        index.extend(entries);
        index
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Adds the entries past the ones already indexed (a dataset that grew while loading).
    pub fn extend(&mut self, entries: &[Entry]) {
        let new = entries.get(self.spans.len()..).unwrap_or(&[]);
        for e in new {
            let start = self.text.len();
            let offset = |text: &Vec<u8>| u32::try_from(text.len() - start).unwrap_or(u32::MAX);
            // Only what search looks at (see `FIELD_PREFIX`).
            self.text.extend_from_slice(searched(&e.message).as_bytes());
            let msg_end = offset(&self.text);
            let path = searched(e.file_path.as_deref().unwrap_or(""));
            self.text.extend_from_slice(path.as_bytes());
            let path_end = offset(&self.text);
            let first_tag = self.tag_ids.len() as u32;
            for t in e.tags.iter() {
                let id = self.tags.id(t);
                self.tag_ids.push(id);
            }
            let values = [&e.repo, &e.severity, &e.error_type];
            let [repo, severity, error_type] = &mut self.facet_values;
            self.facet_ids.push([
                repo.id(values[0].as_deref().unwrap_or(NONE)),
                severity.id(values[1].as_deref().unwrap_or(NONE)),
                error_type.id(values[2].as_deref().unwrap_or(NONE)),
            ]);
            let order = OrderKey::of(e);
            self.message_lens.push(order.len);
            self.id_heads.push(order.id_head);
            self.spans.push(Span {
                start,
                msg_end,
                path_end,
                tags: (first_tag, self.tag_ids.len() as u32),
            });
        }
    }

    /// Calls `f` with the message and/or the path (when there is one) of record `i`.
    pub fn fields(&self, i: usize, message: bool, path: bool, mut f: impl FnMut(Field, &[u8])) {
        let s = self.spans[i];
        let text = &self.text[s.start..];
        if message {
            f(Field::Message, &text[..s.msg_end as usize]);
        }
        if path && s.path_end > s.msg_end {
            f(Field::Path, &text[s.msg_end as usize..s.path_end as usize]);
        }
    }

    /// Record `i`'s tags, as ids into `vocabulary()`, in the record's order.
    pub fn tags(&self, i: usize) -> &[u32] {
        let (from, to) = self.spans[i].tags;
        &self.tag_ids[from as usize..to as usize]
    }

    /// Record `i`'s `OrderKey`.
    pub fn order_key(&self, i: u32) -> OrderKey {
        OrderKey {
            len: self.message_lens[i as usize],
            id_head: self.id_heads[i as usize],
        }
    }

    pub fn vocabulary(&self) -> &[Box<str>] {
        &self.tags.values
    }

    /// The facets of the records `indices` (what `Facets::count` gives for their entries).
    pub fn facets(&self, indices: &[u32]) -> Facets {
        let mut tags = vec![0; self.tags.values.len()];
        let mut counts = self
            .facet_values
            .each_ref()
            .map(|v| vec![0; v.values.len()]);
        for &i in indices {
            let Some(span) = self.spans.get(i as usize) else {
                continue;
            };
            for (facet, &id) in self.facet_ids[i as usize].iter().enumerate() {
                counts[facet][id as usize] += 1;
            }
            for &t in &self.tag_ids[span.tags.0 as usize..span.tags.1 as usize] {
                tags[t as usize] += 1;
            }
        }
        let [repo, severity, error_type] = &self.facet_values;
        Facets {
            by_repo: repo.ranked(&counts[0]),
            by_severity: severity.ranked(&counts[1]),
            by_error_type: error_type.ranked(&counts[2]),
            by_tag: self.tags.ranked(&tags),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;

    fn entry(msg: &str, path: Option<&str>, tags: &[&str]) -> Entry {
        let r = Record {
            id: "i".into(),
            error_message: msg.into(),
            file_path: path.map(Into::into),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            ..Record::default()
        };
        Entry::from_record(r, 0, 0, 0, 1)
    }

    #[test]
    fn gives_back_each_field_of_each_record() {
        let es = [
            entry("boom", Some("src/a.rs"), &["rust", "io"]),
            entry("bang", None, &[]),
            entry("pow", None, &["io"]),
        ];
        let mut index = Index::build(&es[..1]);
        index.extend(&es);
        assert_eq!(index.len(), 3);
        assert_eq!(index.tags(2), [1], "a tag seen before keeps its id");
        assert_eq!(index.vocabulary().len(), 2);
        let mut seen = Vec::new();
        for i in 0..2 {
            index.fields(i, true, true, |f, v| {
                seen.push((i, f, String::from_utf8_lossy(v).into_owned()))
            });
            for &t in index.tags(i) {
                let tag = index.vocabulary()[t as usize].to_string();
                seen.push((i, Field::Tag(t as usize), tag));
            }
        }
        let want = [
            (0, Field::Message, "boom"),
            (0, Field::Path, "src/a.rs"),
            (0, Field::Tag(0), "rust"),
            (0, Field::Tag(1), "io"),
            (1, Field::Message, "bang"),
        ];
        let want: Vec<_> = want
            .iter()
            .map(|(i, f, v)| (*i, *f, v.to_string()))
            .collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn counts_facets_as_the_entries_would() {
        let ds = crate::load::load(
            &[crate::sample::spec()],
            crate::load::Options::default(),
            &|_| {},
        )
        .dataset;
        let index = Index::build(ds.entries());
        let all: Vec<u32> = (0..ds.len() as u32).collect();
        let some: Vec<u32> = all.iter().copied().filter(|i| i % 3 == 1).collect();
        for indices in [&all[..], &some[..], &[][..]] {
            let entries = indices.iter().map(|&i| &ds.entries()[i as usize]);
            let want = crate::facets::Facets::count(entries);
            assert_eq!(index.facets(indices), want);
        }
        let whole = index.facets(&all);
        assert!(
            whole.by_tag.len() > 5 && whole.by_repo.len() > 1,
            "{whole:?}"
        );
    }
}
