//! A dataset file's records as fixed-layout arrays in one byte buffer (a memory-mapped index
//! file): read in place, so opening a million records costs page faults, not decoding. The
//! buffer holds, each section 8-aligned: the rows (what a record's `EntryRef` needs besides
//! its strings), the search spans (the packed text search scans, in record order), the tag
//! ids of every record, the facet ids (repo, severity, error type), the vocabularies, the
//! ids' sort order, the duplicate-id pairs, and one UTF-8 arena that every string points into.
//!
//! This module reads the layout and writes it; the cache (`load::cache`) frames it with a key
//! and checksums and decides when it may be used.

use bytemuck::{Pod, Zeroable};

use super::blocks::{BLOCK, BlockMask};
use super::entry::EntryRef;
use super::starts::Postings;
use super::trigrams::Trigrams;

/// A string in the arena; `len == ABSENT` is a missing optional field.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
pub struct StrRef {
    pub off: u32,
    pub len: u32,
}

const ABSENT: u32 = u32::MAX;

/// A string's bytes in a table's `arena` (empty when the table lies about it).
#[inline]
pub fn bytes_in(arena: &[u8], r: StrRef) -> &[u8] {
    let (off, len) = (r.off as usize, r.len as usize);
    arena.get(off..off.saturating_add(len)).unwrap_or(&[])
}

/// What a record's view needs besides its tags, its message and path (in its `SearchSpan`)
/// and its facets (ids into the vocabularies): each string once in the file.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
pub struct Row {
    pub id: StrRef,
    pub pattern: StrRef,
    pub line_number: i64,
    pub start: u64,
    pub len: u32,
    pub line: u32,
    /// Bit 0: `line_number` is present.
    pub flags: u32,
    pub _pad: u32,
}

/// What search scans of a record, in record order: its message, its path (empty when it has
/// none), its tags (`tag_ids[tags_from..tags_to]`), and its id's first 8 bytes, big-endian
/// (the result order's tie-break, which orders like the id as far as it goes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
pub struct SearchSpan {
    pub message: StrRef,
    pub path: StrRef,
    pub tags_from: u32,
    pub tags_to: u32,
    pub id_head: u64,
    /// `byte_mask` of the message and of the path.
    pub masks: [u64; 2],
}

/// Which bytes a text holds, case folded, as 64 bits: a term with a byte whose bit is not set
/// cannot match it, which a scan can tell without reading the text. ASCII letters and digits
/// have a bit each; other ASCII bytes share the rest; every non-ASCII byte sets the last.
pub fn byte_mask(text: &[u8]) -> u64 {
    let mut mask = 0u64;
    for &b in text {
        mask |= 1 << byte_bit(b);
    }
    mask
}

/// An id's first 8 bytes, big-endian and zero-padded: orders like the id as far as it goes.
pub fn id_head(id: &str) -> u64 {
    id_head_bytes(id.as_bytes())
}

/// `id_head` of an id's bytes.
pub fn id_head_bytes(id: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = id.len().min(8);
    b[..n].copy_from_slice(&id[..n]);
    u64::from_be_bytes(b)
}

/// What the order needs of a record besides its score, up to the full id: its message's length
/// and its id's first 8 bytes (the search index keeps these per record, so selecting among a
/// million hits reads two small arrays in order instead of every entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderKey {
    pub len: u32,
    /// Big-endian: orders like the id as far as it goes.
    pub id_head: u64,
}

impl OrderKey {
    pub fn of(e: EntryRef<'_>) -> OrderKey {
        OrderKey {
            len: u32::try_from(e.message.len()).unwrap_or(u32::MAX),
            id_head: id_head(e.id),
        }
    }
}

pub fn byte_bit(b: u8) -> u32 {
    match b.to_ascii_lowercase() {
        c @ b'a'..=b'z' => u32::from(c - b'a'),
        c @ b'0'..=b'9' => 26 + u32::from(c - b'0'),
        c if c.is_ascii() => 36 + u32::from(c) % 27,
        _ => 63,
    }
}

/// The facets a record is counted under (repo, severity, error type), as ids into the facet
/// vocabularies; `NO_VALUE` for a record without that field.
pub const FACETS: usize = 3;
pub const NO_VALUE: u32 = u32::MAX;

/// The sections in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Rows,
    Spans,
    TagIds,
    FacetIds,
    /// `StrRef`s: the tag vocabulary, then each facet's.
    Vocab,
    /// Record indices sorted by id.
    ById,
    /// `(earlier, later)` record pairs with the same id, in the order a scan meets them.
    Duplicates,
    Arena,
    /// A `BlockMask` per `BLOCK` records (`dataset::blocks`).
    Blocks,
    /// The row of each rank in the result order's tie-break (`dataset::starts`).
    Order,
    /// The word-start postings (`dataset::starts`): keys, offsets, delta-encoded ranks.
    WordKeys,
    WordOffsets,
    WordData,
    /// The same per tag id.
    TagKeys,
    TagOffsets,
    TagData,
    /// The three-byte sequences of the messages and paths (`dataset::trigrams`).
    Trigrams,
}

pub const SECTIONS: [Section; 17] = [
    Section::Rows,
    Section::Spans,
    Section::TagIds,
    Section::FacetIds,
    Section::Vocab,
    Section::ById,
    Section::Duplicates,
    Section::Arena,
    Section::Blocks,
    Section::Order,
    Section::WordKeys,
    Section::WordOffsets,
    Section::WordData,
    Section::TagKeys,
    Section::TagOffsets,
    Section::TagData,
    Section::Trigrams,
];

/// Where each section lies in the buffer, and how many tags and facet values there are.
#[derive(Clone, Debug, Default, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct Layout {
    /// `(offset, length)` in bytes, per `SECTIONS`.
    pub sections: Vec<(u64, u64)>,
    /// Vocabulary sizes: tags, then each facet.
    pub vocab: [u32; 1 + FACETS],
}

/// A table's bytes: written this run, or a part of a mapped cache file. An enum rather than a
/// trait object because every record a search reads goes through it several times, and a
/// match inlines where a virtual call does not.
pub enum Bytes {
    Owned(Vec<u8>),
    Mapped {
        map: std::sync::Arc<crate::mmap::Mmap>,
        from: usize,
        to: usize,
    },
}

impl Bytes {
    #[inline]
    pub fn get(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped { map, from, to } => map.get(*from..*to).unwrap_or(&[]),
        }
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        self.get()
    }
}

impl From<Vec<u8>> for Bytes {
    fn from(v: Vec<u8>) -> Bytes {
        Bytes::Owned(v)
    }
}

/// The buffer, read through its layout. Construction checks every size and alignment, so the
/// accessors cannot go out of bounds on a well-formed table and return empty values (never
/// panic) on a table whose contents lie.
pub struct Table {
    bytes: Bytes,
    layout: Layout,
    /// Byte ranges of the sections, by `Section as usize`.
    ranges: [(usize, usize); SECTIONS.len()],
    len: usize,
    /// The triage line index of these rows (`triage::Triage::new` reads it in place), when the
    /// cache file holds one.
    line_index: Option<LineIndexBytes>,
}

/// The bytes of a line index, shared with the table they index.
pub type LineIndexBytes = std::sync::Arc<dyn AsRef<[u8]> + Send + Sync>;

impl Table {
    /// A table over `bytes` (the mapped file), or None when the layout does not fit them.
    pub fn new(bytes: Bytes, layout: Layout) -> Option<Table> {
        let total = bytes.get().len() as u64;
        if layout.sections.len() != SECTIONS.len() {
            return None;
        }
        let mut ranges = [(0, 0); SECTIONS.len()];
        for (k, &(off, len)) in layout.sections.iter().enumerate() {
            let end = off.checked_add(len)?;
            if off % 8 != 0 || end > total {
                return None;
            }
            ranges[k] = (usize::try_from(off).ok()?, usize::try_from(end).ok()?);
        }
        let t = Table {
            bytes,
            layout,
            ranges,
            len: 0,
            line_index: None,
        };
        let rows: &[Row] = bytemuck::try_cast_slice(t.raw(Section::Rows)).ok()?;
        let spans: &[SearchSpan] = bytemuck::try_cast_slice(t.raw(Section::Spans)).ok()?;
        let _: &[u32] = bytemuck::try_cast_slice(t.raw(Section::TagIds)).ok()?;
        let facets: &[u32] = bytemuck::try_cast_slice(t.raw(Section::FacetIds)).ok()?;
        let vocab: &[StrRef] = bytemuck::try_cast_slice(t.raw(Section::Vocab)).ok()?;
        let by_id: &[u32] = bytemuck::try_cast_slice(t.raw(Section::ById)).ok()?;
        let _: &[[u32; 2]] = bytemuck::try_cast_slice(t.raw(Section::Duplicates)).ok()?;
        let blocks: &[BlockMask] = bytemuck::try_cast_slice(t.raw(Section::Blocks)).ok()?;
        let order: &[u32] = bytemuck::try_cast_slice(t.raw(Section::Order)).ok()?;
        let trigrams: &[u64] = bytemuck::try_cast_slice(t.raw(Section::Trigrams)).ok()?;
        let lists = [
            (Section::WordKeys, Section::WordOffsets),
            (Section::TagKeys, Section::TagOffsets),
        ];
        for (keys, offsets) in lists {
            let keys: &[u32] = bytemuck::try_cast_slice(t.raw(keys)).ok()?;
            let offsets: &[u32] = bytemuck::try_cast_slice(t.raw(offsets)).ok()?;
            if offsets.len() != keys.len() + 1 {
                return None;
            }
        }
        let len = rows.len();
        let vocab_len: u64 = t.layout.vocab.iter().map(|&n| u64::from(n)).sum();
        if spans.len() != len
            || facets.len() != len * FACETS
            || by_id.len() != len
            || vocab.len() as u64 != vocab_len
            || blocks.len() != len.div_ceil(BLOCK)
            || order.len() != len
            || trigrams.len() != crate::dataset::trigrams::WORDS
        {
            return None;
        }
        Some(Table { len, ..t })
    }

    #[inline]
    fn raw(&self, s: Section) -> &[u8] {
        let (from, to) = self.ranges[s as usize];
        self.bytes.get().get(from..to).unwrap_or(&[])
    }

    fn cast<T: Pod>(&self, s: Section) -> &[T] {
        bytemuck::try_cast_slice(self.raw(s)).unwrap_or(&[])
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The table with the line index stored beside it.
    pub fn with_line_index(self, bytes: LineIndexBytes) -> Table {
        Table {
            line_index: Some(bytes),
            ..self
        }
    }

    pub fn line_index(&self) -> Option<&LineIndexBytes> {
        self.line_index.as_ref()
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes of a string (empty when the table lies about it).
    pub fn bytes_of(&self, r: StrRef) -> &[u8] {
        bytes_in(self.arena(), r)
    }

    /// Where every string's bytes are (see `bytes_in`).
    pub fn arena(&self) -> &[u8] {
        self.raw(Section::Arena)
    }

    /// A string: what was written is UTF-8; anything else (a file that lies) reads as empty.
    pub fn str_of(&self, r: StrRef) -> &str {
        std::str::from_utf8(self.bytes_of(r)).unwrap_or("")
    }

    fn opt(&self, r: StrRef) -> Option<&str> {
        (r.len != ABSENT).then(|| self.str_of(r))
    }

    pub fn rows(&self) -> &[Row] {
        self.cast(Section::Rows)
    }

    pub fn spans(&self) -> &[SearchSpan] {
        self.cast(Section::Spans)
    }

    pub fn tag_ids(&self) -> &[u32] {
        self.cast(Section::TagIds)
    }

    /// Record `i`'s facet ids: repo, severity, error type.
    pub fn facet_ids(&self, i: usize) -> [u32; FACETS] {
        match self.all_facet_ids().get(i * FACETS..i * FACETS + FACETS) {
            Some(&[a, b, c]) => [a, b, c],
            _ => [0; FACETS],
        }
    }

    /// Every record's facet ids, `FACETS` a record.
    pub fn all_facet_ids(&self) -> &[u32] {
        self.cast(Section::FacetIds)
    }

    /// Vocabulary `k` (0: tags, 1..: the facets) as strings.
    pub fn vocabulary(&self, k: usize) -> impl ExactSizeIterator<Item = &str> + '_ {
        let all: &[StrRef] = self.cast(Section::Vocab);
        let from: usize = self.layout.vocab[..k].iter().map(|&n| n as usize).sum();
        let n = self.layout.vocab.get(k).copied().unwrap_or(0) as usize;
        all.get(from..from + n)
            .unwrap_or(&[])
            .iter()
            .map(|&r| self.str_of(r))
    }

    /// Value `id` of vocabulary `k` (0: tags, 1..: the facets).
    pub fn vocab_value(&self, k: usize, id: u32) -> &str {
        let all: &[StrRef] = self.cast(Section::Vocab);
        let Some(&n) = self.layout.vocab.get(k) else {
            return "";
        };
        if id >= n {
            return "";
        }
        let from: usize = self.layout.vocab[..k].iter().map(|&n| n as usize).sum();
        all.get(from + id as usize).map_or("", |&r| self.str_of(r))
    }

    /// Record indices sorted by id.
    pub fn by_id(&self) -> &[u32] {
        self.cast(Section::ById)
    }

    /// `(earlier, later)` pairs of records with the same id.
    pub fn duplicates(&self) -> &[[u32; 2]] {
        self.cast(Section::Duplicates)
    }

    /// The summary of rows `k * BLOCK..` (see `dataset::blocks`).
    pub fn blocks(&self) -> &[BlockMask] {
        self.cast(Section::Blocks)
    }

    /// The row of each rank (see `dataset::starts`).
    pub fn order(&self) -> &[u32] {
        self.cast(Section::Order)
    }

    /// The word-start postings (see `dataset::starts`).
    pub fn word_postings(&self) -> Postings<'_> {
        self.postings(Section::WordKeys, Section::WordOffsets, Section::WordData)
    }

    /// The ranks of each tag's records, by the table's tag id.
    pub fn tag_postings(&self) -> Postings<'_> {
        self.postings(Section::TagKeys, Section::TagOffsets, Section::TagData)
    }

    /// The three-byte sequences of the messages and paths (see `dataset::trigrams`).
    pub fn trigrams(&self) -> Trigrams<'_> {
        Trigrams(self.cast(Section::Trigrams))
    }

    /// The bytes of the result order and of the word-start and tag postings (the sections
    /// from `Order` to `TagData`).
    pub fn starts_bytes(&self) -> usize {
        SECTIONS[Section::Order as usize..=Section::TagData as usize]
            .iter()
            .map(|&s| self.raw(s).len())
            .sum()
    }

    fn postings(&self, keys: Section, offsets: Section, data: Section) -> Postings<'_> {
        Postings {
            keys: self.cast(keys),
            offsets: self.cast(offsets),
            data: self.raw(data),
        }
    }

    /// Record `i`'s id as bytes (empty past the end).
    pub fn id_bytes(&self, i: usize) -> &[u8] {
        self.rows().get(i).map_or(&[], |r| self.bytes_of(r.id))
    }
}

/// `Row::flags`: the record has a line number.
pub const HAS_LINE: u32 = 1;
/// `Row::flags`: the record is a value its package shares (`Entry::shared`).
pub const SHARED: u32 = 2;

pub const NO_STR: StrRef = StrRef {
    off: 0,
    len: ABSENT,
};

mod view;

#[cfg(test)]
mod tests;
