//! The line index as one byte buffer of fixed-layout arrays, so that the index cache can hold
//! it and a later process can read it in place from the memory map, and so that the index
//! built this run and the one mapped are the same bytes read by the same code.
//!
//! The buffer opens with a head of little-endian u64s: `SECTIONS.len()`, then each section's
//! `(offset, length)` in bytes, then the `Counts`. Every section is 8-aligned. Lookups by key
//! (words, anchor runs, whole messages, file names) are open-addressing tables of ids probed
//! linearly from the key's xxh3; each id's key is kept beside it to be compared.

use bytemuck::{Pod, Zeroable};

/// The sections in buffer order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sec {
    WordSlots,
    WordOffsets,
    WordBytes,
    Idf,
    Df,
    FormMeta,
    FormTokenOffsets,
    FormTokens,
    FormRecordOffsets,
    FormRecords,
    AnchorSlots,
    AnchorKeys,
    AnchorOffsets,
    Anchors,
    WholeSlots,
    WholeKeyOffsets,
    WholeKeys,
    WholeFormOffsets,
    WholeForms,
    TailSlots,
    TailKeyOffsets,
    TailKeys,
    PostingOffsets,
    Postings,
    RecordForms,
    Rank,
    FileSlots,
    FileNameOffsets,
    FileNameBytes,
    FileRecordOffsets,
    FileRecords,
    GroupOf,
    GroupOffsets,
    Groups,
}

pub const SECTIONS: usize = Sec::Groups as usize + 1;

/// The sizes and limits the arrays do not say by themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub records: u64,
    pub forms: u64,
    pub words: u64,
    pub max_whole: u64,
    pub max_df: u64,
}

const COUNTS: usize = 5;
const HEAD_WORDS: usize = 1 + 2 * SECTIONS + COUNTS;

/// What a form keeps besides its token and word lists.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
pub struct FormMeta {
    pub weight: f32,
    pub word_count: u32,
    pub rare: [u32; 2],
}

/// An empty slot of a lookup table.
pub const EMPTY: u32 = u32::MAX;

/// Lays out the sections in order, straight into the buffer: its head's room is kept at the
/// front and filled in last.
pub struct Writer {
    out: Vec<u64>,
    /// Each section's byte range so far.
    parts: Vec<(u64, u64)>,
}

impl Writer {
    pub fn new() -> Self {
        Writer {
            out: vec![0; HEAD_WORDS],
            parts: Vec::with_capacity(SECTIONS),
        }
    }

    /// Appends the next section, which must be `sec`.
    pub fn put<T: Pod>(&mut self, sec: Sec, items: &[T]) {
        self.put_all(sec, std::iter::once(items));
    }

    /// Appends the next section, `sec`, from pieces.
    fn put_all<'r, T: Pod>(&mut self, sec: Sec, pieces: impl IntoIterator<Item = &'r [T]>) {
        debug_assert_eq!(self.parts.len(), sec as usize, "sections in order");
        let from = self.out.len() * 8;
        let mut len = 0;
        for piece in pieces {
            let bytes: &[u8] = bytemuck::cast_slice(piece);
            let at = from + len;
            self.out.resize((at + bytes.len()).div_ceil(8), 0);
            bytemuck::cast_slice_mut::<u64, u8>(&mut self.out)[at..at + bytes.len()]
                .copy_from_slice(bytes);
            len += bytes.len();
        }
        self.parts.push((from as u64, len as u64));
    }

    /// Compressed rows: an offsets section and an items section.
    pub fn rows<'r, T: Pod>(
        &mut self,
        offsets: Sec,
        items: Sec,
        rows: impl Iterator<Item = &'r [T]> + Clone,
    ) {
        let mut off = Vec::with_capacity(rows.size_hint().0 + 1);
        off.push(0u32);
        let mut at = 0u32;
        for row in rows.clone() {
            at += row.len() as u32;
            off.push(at);
        }
        self.put(offsets, &off);
        self.put_all(items, rows);
    }

    /// The buffer, as u64s so that it is 8-aligned in memory as in the map.
    pub fn finish(mut self, counts: Counts) -> Vec<u64> {
        debug_assert_eq!(self.parts.len(), SECTIONS);
        let mut head = Vec::with_capacity(HEAD_WORDS);
        head.push(SECTIONS as u64);
        for &(at, len) in &self.parts {
            head.extend([at, len]);
        }
        head.extend([
            counts.records,
            counts.forms,
            counts.words,
            counts.max_whole,
            counts.max_df,
        ]);
        self.out[..HEAD_WORDS].copy_from_slice(&head);
        self.out
    }
}

/// The section ranges and counts of a buffer, or None when its head does not fit it.
pub fn read_head(bytes: &[u8]) -> Option<([(usize, usize); SECTIONS], Counts)> {
    let head: &[u64] = bytemuck::try_cast_slice(bytes.get(..HEAD_WORDS * 8)?).ok()?;
    if head[0] != SECTIONS as u64 {
        return None;
    }
    let mut ranges = [(0, 0); SECTIONS];
    for (k, range) in ranges.iter_mut().enumerate() {
        let (off, len) = (head[1 + 2 * k], head[2 + 2 * k]);
        let end = off.checked_add(len)?;
        if !off.is_multiple_of(8) || end > bytes.len() as u64 {
            return None;
        }
        *range = (usize::try_from(off).ok()?, usize::try_from(end).ok()?);
    }
    let c = &head[1 + 2 * SECTIONS..];
    let counts = Counts {
        records: c[0],
        forms: c[1],
        words: c[2],
        max_whole: c[3],
        max_df: c[4],
    };
    Some((ranges, counts))
}

pub fn hash_bytes(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

pub fn hash_ids(ids: &[u32]) -> u64 {
    hash_bytes(bytemuck::cast_slice(ids))
}

pub fn hash_gram(key: u64) -> u64 {
    hash_bytes(&key.to_le_bytes())
}

/// A lookup table of ids `0..hashes.len()`, at most half full.
pub fn slots(hashes: impl ExactSizeIterator<Item = u64>) -> Vec<u32> {
    let size = (hashes.len() * 2).next_power_of_two().max(2);
    let mask = size - 1;
    let mut slots = vec![EMPTY; size];
    for (id, hash) in hashes.enumerate() {
        let mut at = hash as usize & mask;
        while slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        slots[at] = id as u32;
    }
    slots
}

/// The id whose key `is` accepts, probing from `hash`; at most one pass over the table, so a
/// table that lies (no empty slot) still ends.
pub fn probe(slots: &[u32], hash: u64, mut is: impl FnMut(u32) -> bool) -> Option<u32> {
    if !slots.len().is_power_of_two() {
        return None;
    }
    let mask = slots.len() - 1;
    let mut at = hash as usize & mask;
    for _ in 0..slots.len() {
        let id = slots[at];
        if id == EMPTY {
            return None;
        }
        if is(id) {
            return Some(id);
        }
        at = (at + 1) & mask;
    }
    None
}
