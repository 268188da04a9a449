//! The searched text of every record, laid out for scanning: message and path one record
//! after another, so that a scan over 100k records streams through memory instead of chasing
//! separately allocated strings; tags interned, because a few hundred distinct tags cover most
//! records and each needs matching only once per query. The facet values (repo, severity,
//! error type) are interned too: counting them over 100k matches after every keystroke is
//! then array increments, not string hashing.
//!
//! A dataset part read from a mapped index already has that layout (`dataset::mapped`): its
//! segment here points into the map and copies nothing. Records parsed this run are packed
//! into an owned segment.

use std::sync::Arc;

use super::matcher::{Field, searched};
use super::rank::OrderKey;
use crate::dataset::blocks::{BLOCK, BlockMask};
use crate::dataset::mapped::{FACETS, Table, byte_mask};
use crate::dataset::{Entries, EntryRef, PartView};

mod facets;
mod reader;
mod vocab;
pub use reader::Reader;
use reader::View;
use vocab::Interner;

#[derive(Clone, Copy)]
struct Span {
    start: usize,
    /// Offsets from `start`: the message is `0..msg_end`, the path `msg_end..path_end`.
    msg_end: u32,
    path_end: u32,
    /// This record's tags are `tag_ids[tags.0..tags.1]`.
    tags: (u32, u32),
}

/// Records parsed this run, packed.
#[derive(Default)]
struct Packed {
    text: Vec<u8>,
    spans: Vec<Span>,
    tag_ids: Vec<u32>,
    facet_ids: Vec<[u32; FACETS]>,
    /// Per record, what the result order needs besides the score (see `OrderKey`), as two
    /// arrays: 12 bytes a record rather than 16.
    message_lens: Vec<u32>,
    id_heads: Vec<u64>,
    /// `byte_mask` of each record's searched message and path.
    masks: Vec<[u64; 2]>,
    /// The summary of each `BLOCK` records of the segment.
    blocks: Vec<BlockMask>,
}

/// A mapped table, and how its vocabulary ids map to the index's (None: the same ids).
struct Mapped {
    table: Arc<Table>,
    /// The segment is the table's rows `from..`.
    from: usize,
    /// The table's tag ids → the index's, when they differ.
    tag_map: Option<Vec<u32>>,
    /// Its tag ids in the index's vocabulary, when they differ.
    tag_ids: Option<Vec<u32>>,
    /// Per facet: its value ids → the index's, when they differ; and the id of NONE.
    facet_maps: [Option<Vec<u32>>; FACETS],
    none_ids: [u32; FACETS],
}

enum Segment {
    Packed(Packed),
    Mapped(Mapped),
}

/// The packed text of one record as a search reads it: its message and path (empty when it has
/// none), each with its `byte_mask`, and its tags as ids into `Index::vocabulary`.
#[derive(Clone, Copy, Default)]
pub struct Searched<'a> {
    pub message: &'a [u8],
    pub message_mask: u64,
    pub path: &'a [u8],
    pub path_mask: u64,
    pub tags: &'a [u32],
}

impl<'a> Searched<'a> {
    /// The message and/or the path (when there is one), each with its field and mask.
    pub fn fields(
        &self,
        message: bool,
        path: bool,
    ) -> impl Iterator<Item = (Field, &'a [u8], u64)> {
        let message = message.then_some((Field::Message, self.message, self.message_mask));
        let path =
            (path && !self.path.is_empty()).then_some((Field::Path, self.path, self.path_mask));
        message.into_iter().chain(path)
    }
}

/// A part of the index (see `Index::parts`).
pub enum Part<'a> {
    /// Records parsed this run.
    Packed { first: usize, len: usize },
    /// Rows `from..from + len` of a mapped table.
    Mapped {
        first: usize,
        len: usize,
        from: usize,
        table: &'a Table,
        /// The table's tag ids mapped to the index's (None: the same ids).
        tag_map: Option<&'a [u32]>,
    },
}

#[derive(Default)]
pub struct Index {
    /// In record order; `firsts[k]` is the index of segment k's first record.
    segments: Vec<Segment>,
    firsts: Vec<usize>,
    len: usize,
    tags: Interner,
    facet_values: [Interner; FACETS],
}

impl Index {
    pub fn build<'a>(entries: impl Into<Entries<'a>>) -> Index {
        let mut index = Index::default();
        index.extend(entries);
        index
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether `extend` would take every mapped part of `entries` whole: not one that begins
    /// among the records indexed already and would be added row by row (the records read
    /// from the index cache once a load that showed its records as it parsed them ends).
    pub fn extends_whole<'a>(&self, entries: impl Into<Entries<'a>>) -> bool {
        entries
            .into()
            .parts()
            .into_iter()
            .all(|(first, part)| match part {
                PartView::Mapped { from, to, .. } => {
                    first >= self.len || first + (to - from) as usize <= self.len
                }
                PartView::Owned(_) => true,
            })
    }

    /// Adds the entries past the ones already indexed (a dataset that grew while loading).
    pub fn extend<'a>(&mut self, entries: impl Into<Entries<'a>>) {
        let entries = entries.into();
        for (first, part) in entries.parts() {
            match part {
                PartView::Mapped { table, from, to } if first == self.len => {
                    self.push_mapped(table, from as usize, (to - from) as usize);
                }
                PartView::Mapped { table, from, to } => {
                    let end = first + (to - from) as usize;
                    for i in self.len.max(first)..end {
                        if let Some(e) = table.entry(from as usize + i - first, 0) {
                            self.push_packed(e);
                        }
                    }
                }
                PartView::Owned(v) => {
                    let from = self.len.saturating_sub(first).min(v.len());
                    for e in &v[from..] {
                        self.push_packed(e.view());
                    }
                }
            }
        }
    }

    fn push_mapped(&mut self, table: &Arc<Table>, from: usize, len: usize) {
        let tag_map = self.tags.adopt(table, 0);
        let tag_ids = tag_map.as_ref().map(|map| {
            let ids = table.tag_ids().iter();
            ids.map(|&id| map.get(id as usize).copied().unwrap_or(0))
                .collect()
        });
        let mut facet_maps: [Option<Vec<u32>>; FACETS] = Default::default();
        let mut none_ids = [0; FACETS];
        for f in 0..FACETS {
            facet_maps[f] = self.facet_values[f].adopt(table, f + 1);
            none_ids[f] = self.facet_values[f].none_id();
        }
        self.firsts.push(self.len);
        self.len += len;
        self.segments.push(Segment::Mapped(Mapped {
            table: Arc::clone(table),
            from,
            tag_map,
            tag_ids,
            facet_maps,
            none_ids,
        }));
    }

    fn push_packed(&mut self, e: EntryRef<'_>) {
        if !matches!(self.segments.last(), Some(Segment::Packed(_))) {
            self.firsts.push(self.len);
            self.segments.push(Segment::Packed(Packed::default()));
        }
        let Some(Segment::Packed(p)) = self.segments.last_mut() else {
            return;
        };
        if p.spans.len() % BLOCK == 0 {
            p.blocks.push(BlockMask::default());
        }
        if let Some(block) = p.blocks.last_mut() {
            block.add_record(e);
        }
        let start = p.text.len();
        let offset = |text: &Vec<u8>| u32::try_from(text.len() - start).unwrap_or(u32::MAX);
        // Only what search looks at (see `FIELD_PREFIX`).
        let (message, path) = (searched(e.message), searched(e.file_path.unwrap_or("")));
        p.text.extend_from_slice(message.as_bytes());
        let msg_end = offset(&p.text);
        p.text.extend_from_slice(path.as_bytes());
        let path_end = offset(&p.text);
        p.masks
            .push([byte_mask(message.as_bytes()), byte_mask(path.as_bytes())]);
        let first_tag = p.tag_ids.len() as u32;
        for t in e.tags.iter() {
            p.tag_ids.push(self.tags.id(t));
        }
        let values = [e.repo, e.severity, e.error_type];
        let mut ids = [0; FACETS];
        for ((id, interner), v) in ids.iter_mut().zip(&mut self.facet_values).zip(values) {
            *id = match v {
                Some(v) => interner.id(v),
                None => interner.none_id(),
            };
        }
        p.facet_ids.push(ids);
        let order = OrderKey::of(e);
        p.message_lens.push(order.len);
        p.id_heads.push(order.id_head);
        p.spans.push(Span {
            start,
            msg_end,
            path_end,
            tags: (first_tag, p.tag_ids.len() as u32),
        });
        self.len += 1;
    }

    /// The segment holding record `i`, and `i` within it.
    /// The index's parts in record order: records `first..first + len` each.
    pub fn parts(&self) -> impl Iterator<Item = Part<'_>> {
        self.segments.iter().enumerate().map(|(k, segment)| {
            let first = self.firsts[k];
            let len = self.firsts.get(k + 1).copied().unwrap_or(self.len) - first;
            match segment {
                Segment::Packed(_) => Part::Packed { first, len },
                Segment::Mapped(m) => Part::Mapped {
                    first,
                    len,
                    from: m.from,
                    table: &m.table,
                    tag_map: m.tag_map.as_deref(),
                },
            }
        })
    }

    /// Record `i`'s segment and its place in it.
    fn locate(&self, i: usize) -> Option<(usize, usize)> {
        if i >= self.len {
            return None;
        }
        let k = match self.firsts.len() {
            0 => return None,
            1 => 0,
            _ => self.firsts.partition_point(|&f| f <= i).checked_sub(1)?,
        };
        self.segments.get(k)?;
        Some((k, i - self.firsts[k]))
    }

    /// Reads what a search reads of each record, each segment's sections found once.
    pub fn reader(&self) -> Reader<'_> {
        Reader {
            index: self,
            views: self.segments.iter().map(View::of).collect(),
        }
    }

    /// The records of the blocks `keep` accepts, as ranges in order (all of a block whose
    /// summary is missing: a table that lies is read rather than believed).
    pub fn records_kept(&self, keep: impl Fn(&BlockMask) -> bool) -> Vec<std::ops::Range<u32>> {
        let mut out: Vec<std::ops::Range<u32>> = Vec::new();
        for (k, segment) in self.segments.iter().enumerate() {
            let first = self.firsts[k];
            let len = self.firsts.get(k + 1).copied().unwrap_or(self.len) - first;
            // The segment is rows `base..base + len` of what its blocks summarise.
            let (blocks, base) = match segment {
                Segment::Packed(p) => (p.blocks.as_slice(), 0),
                Segment::Mapped(m) => (m.table.blocks(), m.from),
            };
            for b in base / BLOCK..(base + len).div_ceil(BLOCK) {
                if blocks.get(b).is_none_or(&keep) {
                    let from = (b * BLOCK).max(base) - base + first;
                    let to = ((b + 1) * BLOCK).min(base + len) - base + first;
                    let (from, to) = (from as u32, to as u32);
                    match out.last_mut() {
                        Some(last) if last.end == from => last.end = to,
                        _ => out.push(from..to),
                    }
                }
            }
        }
        out
    }

    /// Record `i`'s `OrderKey`.
    pub fn order_key(&self, i: u32) -> OrderKey {
        match self.locate(i as usize).map(|(k, i)| (&self.segments[k], i)) {
            Some((Segment::Packed(p), k)) => OrderKey {
                len: p.message_lens[k],
                id_head: p.id_heads[k],
            },
            Some((Segment::Mapped(m), k)) => {
                let s = m.table.spans().get(m.from + k).copied().unwrap_or_default();
                OrderKey {
                    len: s.message.len,
                    id_head: s.id_head,
                }
            }
            None => OrderKey { len: 0, id_head: 0 },
        }
    }

    /// The distinct tags, by id.
    pub fn vocabulary(&self) -> impl Iterator<Item = &str> {
        (0..self.tags.len()).map(|id| self.tags.value(id))
    }
}

#[cfg(test)]
mod tests;
