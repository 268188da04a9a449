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

/// Lays out the sections in order.
pub struct Writer {
    parts: Vec<Vec<u8>>,
}

impl Writer {
    pub fn new() -> Self {
        Writer {
            parts: Vec::with_capacity(SECTIONS),
        }
    }

    /// Appends the next section, which must be `sec`.
    pub fn put<T: Pod>(&mut self, sec: Sec, items: &[T]) {
        debug_assert_eq!(self.parts.len(), sec as usize, "sections in order");
        self.parts.push(bytemuck::cast_slice(items).to_vec());
    }

    /// Compressed rows: an offsets section and an items section.
    pub fn rows<T: Pod>(&mut self, offsets: Sec, items: Sec, rows: &[Vec<T>]) {
        let mut off = Vec::with_capacity(rows.len() + 1);
        off.push(0u32);
        let mut flat = Vec::new();
        for row in rows {
            flat.extend_from_slice(row);
            off.push(flat.len() as u32);
        }
        self.put(offsets, &off);
        self.put(items, &flat);
    }

    /// The buffer, as u64s so that it is 8-aligned in memory as in the map.
    pub fn finish(self, counts: Counts) -> Vec<u64> {
        debug_assert_eq!(self.parts.len(), SECTIONS);
        let mut head = Vec::with_capacity(HEAD_WORDS);
        head.push(SECTIONS as u64);
        let mut at = (HEAD_WORDS * 8) as u64;
        for part in &self.parts {
            head.extend([at, part.len() as u64]);
            at += (part.len() as u64).next_multiple_of(8);
        }
        head.extend([
            counts.records,
            counts.forms,
            counts.words,
            counts.max_whole,
            counts.max_df,
        ]);
        let mut out: Vec<u64> = Vec::with_capacity(at as usize / 8);
        out.extend_from_slice(&head);
        for part in &self.parts {
            let start = out.len();
            out.resize(start + part.len().div_ceil(8), 0);
            bytemuck::cast_slice_mut::<u64, u8>(&mut out[start..])[..part.len()]
                .copy_from_slice(part);
        }
        out
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
