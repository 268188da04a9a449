//! The records of a dataset as one sequence over its parts: records parsed this run (owned)
//! and records read in place from a mapped index, in load order.

use std::sync::Arc;

use super::entry::{Entry, EntryRef};
use super::mapped::Table;

/// One run of records from one load step.
#[derive(Clone)]
pub struct Part {
    pub(super) rows: PartRows,
    /// The index of this part's first record in the dataset.
    pub(super) first: usize,
}

/// A part's records: owned (each knows its source), or rows `from..to` of a mapped table of
/// one source (all of them, unless records were taken out of search: see `Dataset::shadow`).
#[derive(Clone)]
pub enum PartRows {
    Owned(Vec<Entry>),
    Mapped {
        table: Arc<Table>,
        source: u32,
        from: u32,
        to: u32,
    },
}

impl Part {
    pub fn len(&self) -> usize {
        match &self.rows {
            PartRows::Owned(v) => v.len(),
            PartRows::Mapped { from, to, .. } => (to - from) as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn first(&self) -> usize {
        self.first
    }

    pub fn rows(&self) -> &PartRows {
        &self.rows
    }

    /// A mapped part's records in id order (ties by row), from the first whose id is not
    /// below `at_least`, as (id, dataset index); None for an owned part.
    pub(super) fn by_id_from<'p>(
        &'p self,
        at_least: &[u8],
    ) -> Option<impl Iterator<Item = (&'p [u8], usize)> + 'p> {
        let PartRows::Mapped {
            table, from, to, ..
        } = &self.rows
        else {
            return None;
        };
        let (from, to) = (*from, *to);
        let by_id = table.by_id();
        let start = by_id.partition_point(|&k| table.id_bytes(k as usize) < at_least);
        Some(
            by_id[start..]
                .iter()
                .filter(move |&&k| (from..to).contains(&k))
                .map(move |&k| (table.id_bytes(k as usize), self.first + (k - from) as usize)),
        )
    }

    /// The first record with exactly this id, and up to `most` records whose id starts with
    /// it (dataset indices). A mapped part looks them up in its sorted ids.
    pub(super) fn find(&self, id: &str, most: usize) -> (Option<usize>, Vec<usize>) {
        let mut exact = None;
        let mut prefixed = Vec::new();
        if let Some(sorted) = self.by_id_from(id.as_bytes()) {
            for (found, index) in sorted.take_while(|(found, _)| found.starts_with(id.as_bytes())) {
                let same = found == id.as_bytes();
                // Exact matches sort before longer ids (ties by row): past them, `most` is enough.
                if prefixed.len() >= most && !same {
                    break;
                }
                if same && exact.is_none() {
                    exact = Some(index);
                }
                if prefixed.len() < most {
                    prefixed.push(index);
                }
            }
            return (exact, prefixed);
        }
        let PartRows::Owned(v) = &self.rows else {
            return (None, Vec::new());
        };
        for (k, e) in v.iter().enumerate() {
            if e.id.starts_with(id) {
                if exact.is_none() && &*e.id == id {
                    exact = Some(self.first + k);
                }
                if prefixed.len() < most {
                    prefixed.push(self.first + k);
                }
            }
        }
        (exact, prefixed)
    }

    /// Record `k`'s filePath and lineNumber (`Entries::location`).
    fn location(&self, k: usize) -> Option<(&str, Option<i64>)> {
        match &self.rows {
            PartRows::Owned(v) => v.get(k)?.location_parts(),
            PartRows::Mapped {
                table, from, to, ..
            } => {
                let row = (*from as usize)
                    .checked_add(k)
                    .filter(|&r| r < *to as usize)?;
                table.location(row)
            }
        }
    }

    pub(super) fn get(&self, k: usize) -> Option<EntryRef<'_>> {
        match &self.rows {
            PartRows::Owned(v) => v.get(k).map(Entry::view),
            PartRows::Mapped {
                table,
                source,
                from,
                to,
            } => {
                let row = (*from as usize)
                    .checked_add(k)
                    .filter(|&r| r < *to as usize)?;
                table.entry(row, *source)
            }
        }
    }
}

/// The records, by index (`at`, `get`) or in order (`iter`). Cheap to copy.
#[derive(Clone, Copy)]
pub enum Entries<'a> {
    Slice(&'a [Entry]),
    Parts(&'a [Part]),
}

impl<'a> From<&'a [Entry]> for Entries<'a> {
    fn from(s: &'a [Entry]) -> Self {
        Entries::Slice(s)
    }
}

impl<'a, const N: usize> From<&'a [Entry; N]> for Entries<'a> {
    fn from(s: &'a [Entry; N]) -> Self {
        Entries::Slice(s)
    }
}

impl<'a> From<&'a Vec<Entry>> for Entries<'a> {
    fn from(s: &'a Vec<Entry>) -> Self {
        Entries::Slice(s)
    }
}

impl<'a> Entries<'a> {
    pub fn len(&self) -> usize {
        match self {
            Entries::Slice(s) => s.len(),
            Entries::Parts(p) => p.last().map_or(0, |p| p.first + p.len()),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The part holding record `i`, and `i` within it.
    fn locate(&self, i: usize) -> Option<(&'a Part, usize)> {
        let Entries::Parts(parts) = *self else {
            return None;
        };
        let k = match parts.len() {
            1 => 0,
            _ => parts.partition_point(|p| p.first <= i).checked_sub(1)?,
        };
        let p = parts.get(k)?;
        Some((p, i.checked_sub(p.first)?))
    }

    pub fn get(&self, i: usize) -> Option<EntryRef<'a>> {
        match *self {
            Entries::Slice(s) => s.get(i).map(Entry::view),
            Entries::Parts(_) => {
                let (part, k) = self.locate(i)?;
                part.get(k)
            }
        }
    }

    /// Record `i`'s filePath and lineNumber; None when it has no path. Reads only those two:
    /// triage asks it of every record in a file a trace names.
    pub fn location(&self, i: usize) -> Option<(&'a str, Option<i64>)> {
        match *self {
            Entries::Slice(s) => s.get(i)?.location_parts(),
            Entries::Parts(_) => {
                let (part, k) = self.locate(i)?;
                part.location(k)
            }
        }
    }

    /// Record `i`'s id alone (a tie-break reads no other field).
    pub fn id(&self, i: usize) -> &'a str {
        std::str::from_utf8(self.id_bytes(i)).unwrap_or("")
    }

    /// Record `i`'s id as bytes, which order as the id does, without checking them again.
    pub(crate) fn id_bytes(&self, i: usize) -> &'a [u8] {
        if let Entries::Slice(s) = *self {
            return s.get(i).map_or(&[], |e| e.id.as_bytes());
        }
        let Some((part, k)) = self.locate(i) else {
            return &[];
        };
        match &part.rows {
            PartRows::Owned(v) => v.get(k).map_or(&[], |e| e.id.as_bytes()),
            PartRows::Mapped { table, from, .. } => table.id_bytes(*from as usize + k),
        }
    }

    /// Every record's index, in id order (ties by index). A mapped part has its order on
    /// disk; the parts' orders are merged.
    pub fn id_order(&self) -> Vec<u32> {
        let by_id = |a: &u32, b: &u32| {
            let (x, y) = (self.id_bytes(*a as usize), self.id_bytes(*b as usize));
            x.cmp(y).then(a.cmp(b))
        };
        let mut order: Vec<u32> = Vec::with_capacity(self.len());
        match *self {
            Entries::Slice(s) => return super::order::of_entries(s),
            Entries::Parts(parts) => {
                for p in parts {
                    let first = p.first as u32;
                    match &p.rows {
                        PartRows::Owned(v) => {
                            order.extend(super::order::of_entries(v).iter().map(|k| first + k));
                        }
                        PartRows::Mapped { .. } => order.extend(
                            p.by_id_from(b"")
                                .into_iter()
                                .flatten()
                                .map(|(_, i)| i as u32),
                        ),
                    }
                }
            }
        }
        // One sorted run per part: a stable sort merges them rather than sorting again.
        if !matches!(*self, Entries::Parts(parts) if parts.len() == 1) {
            order.sort_by(by_id);
        }
        order
    }

    /// Record `i`; like slice indexing, an index past the end is a bug and panics.
    pub fn at(&self, i: usize) -> EntryRef<'a> {
        match self.get(i) {
            Some(e) => e,
            None => panic!("record {i} of {}", self.len()),
        }
    }

    pub fn first(&self) -> Option<EntryRef<'a>> {
        self.get(0)
    }

    pub fn last(&self) -> Option<EntryRef<'a>> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    pub fn iter(&self) -> EntryIter<'a> {
        EntryIter {
            entries: *self,
            at: 0..self.len(),
        }
    }

    /// Owned copies of every record.
    pub fn to_vec(&self) -> Vec<Entry> {
        self.iter().map(|e| e.to_owned()).collect()
    }

    /// The parts, each with the index of its first record (one owned part for a slice).
    pub fn parts(&self) -> Vec<(usize, PartView<'a>)> {
        match *self {
            Entries::Slice(s) => vec![(0, PartView::Owned(s))],
            Entries::Parts(parts) => parts
                .iter()
                .map(|p| {
                    let view = match &p.rows {
                        PartRows::Owned(v) => PartView::Owned(v),
                        PartRows::Mapped {
                            table, from, to, ..
                        } => PartView::Mapped {
                            table,
                            from: *from,
                            to: *to,
                        },
                    };
                    (p.first, view)
                })
                .collect(),
        }
    }
}

/// The records in order.
pub struct EntryIter<'a> {
    entries: Entries<'a>,
    at: std::ops::Range<usize>,
}

impl<'a> Iterator for EntryIter<'a> {
    type Item = EntryRef<'a>;
    fn next(&mut self) -> Option<EntryRef<'a>> {
        self.at.next().map(|i| self.entries.at(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.at.size_hint()
    }
}

impl DoubleEndedIterator for EntryIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.at.next_back().map(|i| self.entries.at(i))
    }
}

impl ExactSizeIterator for EntryIter<'_> {}

impl<'a> IntoIterator for Entries<'a> {
    type Item = EntryRef<'a>;
    type IntoIter = EntryIter<'a>;
    fn into_iter(self) -> EntryIter<'a> {
        self.iter()
    }
}

impl PartialEq for Entries<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl std::fmt::Debug for Entries<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A part as search indexes it.
#[derive(Clone, Copy)]
pub enum PartView<'a> {
    Owned(&'a [Entry]),
    /// Rows `from..to` of the table.
    Mapped {
        table: &'a Arc<Table>,
        from: u32,
        to: u32,
    },
}
