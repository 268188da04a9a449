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

    /// The first record with exactly this id, and up to `most` records whose id starts with
    /// it (dataset indices). A mapped part looks them up in its sorted ids.
    pub(super) fn find(&self, id: &str, most: usize) -> (Option<usize>, Vec<usize>) {
        let mut exact = None;
        let mut prefixed = Vec::new();
        match &self.rows {
            PartRows::Owned(v) => {
                for (k, e) in v.iter().enumerate() {
                    if e.id.starts_with(id) {
                        if exact.is_none() && &*e.id == id {
                            exact = Some(k);
                        }
                        if prefixed.len() < most {
                            prefixed.push(k);
                        }
                    }
                }
            }
            PartRows::Mapped {
                table, from, to, ..
            } => {
                let rows = table.rows();
                let by_id = table.by_id();
                let id_of = |k: u32| rows.get(k as usize).map_or("", |r| table.str_of(r.id));
                let start = by_id.partition_point(|&k| id_of(k) < id);
                let mine = by_id[start..]
                    .iter()
                    .take_while(|&&k| id_of(k).starts_with(id))
                    .filter(|&&k| (*from..*to).contains(&k));
                for &k in mine {
                    // Exact matches sort before longer ids: past them, `most` is enough.
                    if prefixed.len() >= most && id_of(k) != id {
                        break;
                    }
                    let local = (k - from) as usize;
                    if id_of(k) == id {
                        exact = Some(exact.map_or(local, |e: usize| e.min(local)));
                    }
                    if prefixed.len() < most {
                        prefixed.push(local);
                    }
                }
            }
        }
        let global = |k: usize| self.first + k;
        (
            exact.map(global),
            prefixed.into_iter().map(global).collect(),
        )
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

    pub fn get(&self, i: usize) -> Option<EntryRef<'a>> {
        match *self {
            Entries::Slice(s) => s.get(i).map(Entry::view),
            Entries::Parts([one]) => one.get(i),
            Entries::Parts(parts) => {
                let k = parts.partition_point(|p| p.first <= i).checked_sub(1)?;
                parts[k].get(i - parts[k].first)
            }
        }
    }

    /// Record `i`'s id alone (a tie-break reads no other field).
    pub fn id(&self, i: usize) -> &'a str {
        std::str::from_utf8(self.id_bytes(i)).unwrap_or("")
    }

    /// Record `i`'s id as bytes, which order as the id does, without checking them again.
    fn id_bytes(&self, i: usize) -> &'a [u8] {
        match *self {
            Entries::Slice(s) => s.get(i).map_or(&[], |e| e.id.as_bytes()),
            Entries::Parts(parts) => {
                let k = match parts.len() {
                    1 => 0,
                    _ => parts.partition_point(|p| p.first <= i).saturating_sub(1),
                };
                let Some(p) = parts.get(k) else { return &[] };
                match &p.rows {
                    PartRows::Owned(v) => v.get(i - p.first).map_or(&[], |e| e.id.as_bytes()),
                    PartRows::Mapped { table, from, .. } => {
                        table.id_bytes(*from as usize + (i - p.first))
                    }
                }
            }
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
            Entries::Slice(_) => order.extend(0..self.len() as u32),
            Entries::Parts(parts) => {
                for p in parts {
                    let first = p.first as u32;
                    let from = order.len();
                    match &p.rows {
                        PartRows::Owned(v) => {
                            order.extend((0..v.len() as u32).map(|k| first + k));
                            order[from..].sort_by(by_id);
                        }
                        PartRows::Mapped {
                            table, from, to, ..
                        } => {
                            let mine = table.by_id().iter().filter(|&&k| (*from..*to).contains(&k));
                            order.extend(mine.map(|&k| first + (k - from)));
                        }
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
        let this = *self;
        (0..this.len()).map(Box::new(move |i| this.at(i)))
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

pub type EntryIter<'a> =
    std::iter::Map<std::ops::Range<usize>, Box<dyn Fn(usize) -> EntryRef<'a> + 'a>>;

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
