//! A record read back from the table: its whole view, or only its place.

use super::{FACETS, HAS_LINE, NO_VALUE, Row, SHARED, SearchSpan, Table};
use crate::dataset::entry::{EntryRef, TagNames, Tags};

impl Table {
    /// Every record, owned (for tests that compare what was written with what is read).
    #[cfg(test)]
    pub fn to_entries(&self) -> Vec<crate::dataset::Entry> {
        (0..self.len)
            .filter_map(|i| self.entry(i, 0).map(|e| e.to_owned()))
            .collect()
    }

    /// Record `i`'s path and line number, without the rest of its view; None when it has no
    /// path.
    pub fn location(&self, i: usize) -> Option<(&str, Option<i64>)> {
        let span = self.spans().get(i)?;
        let row = self.rows().get(i)?;
        Some((self.path_of(span)?, line_of(row)))
    }

    /// A span's path. An absent path is an empty span: the loader keeps no empty path.
    fn path_of(&self, span: &SearchSpan) -> Option<&str> {
        (span.path.len != 0).then(|| self.str_of(span.path))
    }

    /// Record `i` as a view, its `source` set to `source`.
    pub fn entry(&self, i: usize, source: u32) -> Option<EntryRef<'_>> {
        let row = self.rows().get(i)?;
        let span = self.spans().get(i)?;
        let ids = self.tag_ids();
        let tags = ids
            .get(span.tags_from as usize..span.tags_to as usize)
            .unwrap_or(&[]);
        // A facet's value, None for a record without it (an id out of range, which only a
        // damaged file holds, reads as empty).
        let facet = |k: usize| {
            let id = *self.all_facet_ids().get(i * FACETS + k)?;
            (id != NO_VALUE).then(|| self.vocab_value(k + 1, id))
        };
        Some(EntryRef {
            id: self.str_of(row.id),
            message: self.str_of(span.message),
            pattern: self.opt(row.pattern),
            repo: facet(0),
            file_path: self.path_of(span),
            line_number: line_of(row),
            severity: facet(1),
            error_type: facet(2),
            tags: Tags::Mapped {
                ids: tags,
                names: self,
            },
            shared: row.flags & SHARED != 0,
            source,
            start: row.start,
            len: row.len,
            line: row.line,
        })
    }
}

/// A row's line number, None when the record has none.
fn line_of(row: &Row) -> Option<i64> {
    (row.flags & HAS_LINE != 0).then_some(row.line_number)
}

impl TagNames for Table {
    /// The tag `id` of the tag vocabulary.
    fn tag(&self, id: u32) -> &str {
        self.vocab_value(0, id)
    }
}
