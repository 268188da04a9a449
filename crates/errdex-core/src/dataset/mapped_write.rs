//! Lays out a mapped table (see `mapped`) from parsed entries.

use std::sync::atomic::{AtomicBool, Ordering};

use foldhash::HashMap;

use super::blocks::{BLOCK, BlockMask};
use super::entry::Entry;
use super::mapped::{
    FACETS, HAS_LINE, Layout, NO_STR, NO_VALUE, Row, SECTIONS, SHARED, SearchSpan, StrRef,
    byte_mask, id_head,
};
use super::starts_write::{self, Encoded};

/// Distinct strings in first-seen order, each with its id.
#[derive(Default)]
struct Vocabulary<'a> {
    values: Vec<&'a str>,
    ids: HashMap<&'a str, u32>,
}

impl<'a> Vocabulary<'a> {
    fn id(&mut self, v: &'a str) -> Option<u32> {
        if let Some(&id) = self.ids.get(v) {
            return Some(id);
        }
        let id = u32::try_from(self.values.len())
            .ok()
            .filter(|&id| id != NO_VALUE)?;
        self.values.push(v);
        self.ids.insert(v, id);
        Some(id)
    }
}

struct Arena(Vec<u8>);

impl Arena {
    fn put(&mut self, s: &str) -> Option<StrRef> {
        let off = u32::try_from(self.0.len()).ok()?;
        let len = u32::try_from(s.len()).ok().filter(|&l| l != NO_STR.len)?;
        u32::try_from(self.0.len() + s.len()).ok()?;
        self.0.extend_from_slice(s.as_bytes());
        Some(StrRef { off, len })
    }

    fn put_opt(&mut self, s: Option<&str>) -> Option<StrRef> {
        s.map_or(Some(NO_STR), |s| self.put(s))
    }
}

/// The rows and what is laid out with them, in the order the sections are written.
struct Laid {
    rows: Vec<Row>,
    spans: Vec<SearchSpan>,
    tag_ids: Vec<u32>,
    facet_ids: Vec<u32>,
    vocab: Vec<StrRef>,
    sizes: [u32; 1 + FACETS],
    by_id: Vec<u32>,
    duplicates: Vec<[u32; 2]>,
    arena: Vec<u8>,
}

/// What is built from the entries alone, apart from the rows.
struct Side {
    blocks: Vec<BlockMask>,
    order: Vec<u32>,
    ranks: Vec<u32>,
    words: Encoded,
    trigrams: Vec<u64>,
}

/// Writes the table of `entries` (their `source` is not kept: the loader sets it), or None
/// when its strings do not fit 32-bit offsets (a dataset file of several GB of text is then
/// parsed at each start rather than cached).
pub fn write(entries: &[Entry]) -> Option<(Layout, Vec<u8>)> {
    let (written, ()) = write_beside(entries, || (), |_| ()).0?;
    let bytes = written.pieces().concat();
    Some((written.layout, bytes))
}

/// A table laid out, in the pieces it is written in: each section and the zeros before it.
/// The cache writes them one after another rather than copying them into one buffer (at a
/// million records a quarter of a GB, faulted in fresh and copied, while the other core
/// waited).
pub struct Written {
    pub layout: Layout,
    laid: Laid,
    side: Side,
    tags: Encoded,
}

/// Zeros enough to pad a section to 8 bytes.
static PADDING: [u8; 8] = [0; 8];

impl Written {
    /// The table's bytes, piece by piece, in order, ending at a multiple of 8.
    pub fn pieces(&self) -> Vec<&[u8]> {
        let mut pieces = Vec::with_capacity(2 * self.layout.sections.len());
        let mut at = 0u64;
        for (&(offset, len), bytes) in self.layout.sections.iter().zip(self.sections()) {
            debug_assert_eq!(len, bytes.len() as u64);
            let pad = usize::try_from(offset - at).unwrap_or(0);
            pieces.push(&PADDING[..pad.min(PADDING.len())]);
            pieces.push(bytes);
            at = offset + len;
        }
        // The table ends at a multiple of 8 too (the line index follows it in the cache).
        let end = usize::try_from(at.next_multiple_of(8) - at).unwrap_or(0);
        pieces.push(&PADDING[..end.min(PADDING.len())]);
        pieces
    }

    /// The sections' bytes, in the order of `SECTIONS`.
    fn sections(&self) -> Vec<&[u8]> {
        let (laid, side) = (&self.laid, &self.side);
        let mut all: Vec<&[u8]> = vec![
            bytemuck::cast_slice(&laid.rows),
            bytemuck::cast_slice(&laid.spans),
            bytemuck::cast_slice(&laid.tag_ids),
            bytemuck::cast_slice(&laid.facet_ids),
            bytemuck::cast_slice(&laid.vocab),
            bytemuck::cast_slice(&laid.by_id),
            bytemuck::cast_slice(&laid.duplicates),
            &laid.arena,
            bytemuck::cast_slice(&side.blocks),
            bytemuck::cast_slice(&side.order),
        ];
        for e in [&side.words, &self.tags] {
            all.extend([
                bytemuck::cast_slice(&e.keys),
                bytemuck::cast_slice(&e.offsets),
                &e.data[..],
            ]);
        }
        all.push(bytemuck::cast_slice(&side.trigrams));
        debug_assert_eq!(all.len(), SECTIONS.len());
        all
    }
}

/// `write`, while `other` runs on a second thread, and `then` given the table as soon as it
/// is whole. The block summaries and the word starts need only the entries: whichever thread
/// is free first builds them, so the longer of `other` and the rows (the cache's line index
/// is the longer on some datasets, the rows on others) never shares its core. When this
/// thread built them, `then` runs before `other` is done (the cache writes the table then).
pub fn write_beside<T: Send, R>(
    entries: &[Entry],
    other: impl FnOnce() -> T + Send,
    then: impl FnOnce(&Written) -> R,
) -> (Option<(Written, R)>, T) {
    let taken = AtomicBool::new(false);
    let take = || (!taken.swap(true, Ordering::Relaxed)).then(|| side(entries));
    let mut then = Some(then);
    let mut done = |written: Option<Written>| {
        let then = then.take()?;
        written.map(|w| {
            let r = then(&w);
            (w, r)
        })
    };
    std::thread::scope(|s| {
        let helper = s.spawn(|| {
            let t = other();
            (t, take())
        });
        let mut laid = Some(lay_out(entries));
        let early = take().map(|side| done(finish(laid.take().flatten(), side)));
        let (t, theirs) = helper
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        let written = match early {
            Some(written) => written,
            None => done(finish(laid.take().flatten(), theirs.flatten())),
        };
        (written, t)
    })
}

/// What is built from the entries alone.
fn side(entries: &[Entry]) -> Option<Side> {
    let order = starts_write::order(entries)?;
    let ranks = starts_write::ranks(&order);
    let words = starts_write::words(entries, &ranks)?;
    Some(Side {
        blocks: blocks(entries),
        order,
        ranks,
        words,
        trigrams: starts_write::trigrams(entries),
    })
}

/// The table from its two halves.
fn finish(laid: Option<Laid>, side: Option<Side>) -> Option<Written> {
    let (laid, side) = (laid?, side?);
    let tags = starts_write::tags(&side.ranks, |i| {
        let s = &laid.spans[i];
        &laid.tag_ids[s.tags_from as usize..s.tags_to as usize]
    })?;
    let mut written = Written {
        layout: Layout {
            sections: Vec::new(),
            vocab: laid.sizes,
        },
        laid,
        side,
        tags,
    };
    // Each section starts at a multiple of 8, after the one before.
    let mut at = 0u64;
    let sections: Vec<(u64, u64)> = written
        .sections()
        .iter()
        .map(|bytes| {
            let offset = at.next_multiple_of(8);
            at = offset + bytes.len() as u64;
            (offset, bytes.len() as u64)
        })
        .collect();
    written.layout.sections = sections;
    Some(written)
}

/// The rows, their search spans, tags, facets and vocabularies, and the id order.
fn lay_out(entries: &[Entry]) -> Option<Laid> {
    // Room for every string at once (a vocabulary's strings are counted once a record that
    // has them, more than they take): a million records' strings are not copied again as
    // they grow.
    let strings: usize = entries.iter().map(|e| string_bytes(e) + tag_bytes(e)).sum();
    let mut arena = Arena(Vec::with_capacity(strings));
    let mut rows = Vec::with_capacity(entries.len());
    let mut spans = Vec::with_capacity(entries.len());
    // What search scans comes first in the arena, record after record.
    for e in entries {
        let message = arena.put(&e.message)?;
        let path = arena.put_opt(e.file_path.as_deref())?;
        rows.push(Row::default());
        let path = if path == NO_STR {
            StrRef::default()
        } else {
            path
        };
        spans.push(SearchSpan {
            message,
            path,
            id_head: id_head(&e.id),
            masks: [
                byte_mask(e.message.as_bytes()),
                byte_mask(e.file_path.as_deref().unwrap_or("").as_bytes()),
            ],
            ..SearchSpan::default()
        });
    }
    let mut tags = Vocabulary::default();
    let mut facets: [Vocabulary; FACETS] = Default::default();
    let mut tag_ids = Vec::new();
    let mut facet_ids = Vec::with_capacity(entries.len() * FACETS);
    for ((e, row), span) in entries.iter().zip(&mut rows).zip(&mut spans) {
        row.id = arena.put(&e.id)?;
        row.pattern = arena.put_opt(e.pattern.as_deref())?;
        row.line_number = e.line_number.unwrap_or(0);
        row.flags =
            if e.line_number.is_some() { HAS_LINE } else { 0 } | if e.shared { SHARED } else { 0 };
        row.start = e.start;
        row.len = e.len;
        row.line = e.line;
        span.tags_from = u32::try_from(tag_ids.len()).ok()?;
        for t in &e.tags {
            tag_ids.push(tags.id(t)?);
        }
        span.tags_to = u32::try_from(tag_ids.len()).ok()?;
        let values = [&e.repo, &e.severity, &e.error_type];
        for (vocab, v) in facets.iter_mut().zip(values) {
            facet_ids.push(match v.as_deref() {
                Some(v) => vocab.id(v)?,
                None => NO_VALUE,
            });
        }
    }
    let mut vocab = Vec::new();
    let mut sizes = [0u32; 1 + FACETS];
    for (k, v) in std::iter::once(&tags).chain(&facets).enumerate() {
        sizes[k] = u32::try_from(v.values.len()).ok()?;
        for s in &v.values {
            vocab.push(arena.put(s)?);
        }
    }
    // Rows are `u32`s: a table of more is not laid out.
    u32::try_from(entries.len()).ok()?;
    let by_id = super::order::of_entries(entries);
    let duplicates = duplicates(entries, &by_id);
    Some(Laid {
        rows,
        spans,
        tag_ids,
        facet_ids,
        vocab,
        sizes,
        by_id,
        duplicates,
        arena: arena.0,
    })
}

/// The summary of each `BLOCK` records (see `BlockMask::add_record`).
fn blocks(entries: &[Entry]) -> Vec<BlockMask> {
    entries
        .chunks(BLOCK)
        .map(|block| {
            let mut m = BlockMask::default();
            for e in block {
                m.add_record(e.view());
            }
            m
        })
        .collect()
}

/// The bytes of a record's own strings.
fn string_bytes(e: &Entry) -> usize {
    let opt = |s: &Option<Box<str>>| s.as_ref().map_or(0, |s| s.len());
    e.id.len()
        + e.message.len()
        + opt(&e.pattern)
        + opt(&e.repo)
        + opt(&e.file_path)
        + opt(&e.severity)
        + opt(&e.error_type)
}

/// The bytes of a record's tags (the vocabulary holds each distinct one once).
fn tag_bytes(e: &Entry) -> usize {
    e.tags.iter().map(|t| t.len()).sum()
}

/// `(earlier, later)` for each record whose id an earlier record has, paired with the first
/// record of that id, in record order of `later`.
fn duplicates(entries: &[Entry], by_id: &[u32]) -> Vec<[u32; 2]> {
    let mut pairs = Vec::new();
    for run in by_id.chunk_by(|&a, &b| entries[a as usize].id == entries[b as usize].id) {
        for &later in &run[1..] {
            pairs.push([run[0], later]);
        }
    }
    pairs.sort_unstable_by_key(|p| p[1]);
    pairs
}
