//! What a search reads of each record, with each segment's sections found once for many
//! records. Finding a mapped table's spans, text and tag ids goes through the map and checks
//! their bounds and alignment; a pass over a million records did that four times a record.

use super::{Index, Packed, Searched, Segment};
use crate::dataset::mapped::{SearchSpan, bytes_in};
use crate::search::matcher::searched_bytes;

/// `Index::searched` for many records (see `Index::reader`).
pub struct Reader<'a> {
    pub(super) index: &'a Index,
    pub(super) views: Vec<View<'a>>,
}

impl<'a> Reader<'a> {
    /// What a search reads of record `i` (the empty view past the end).
    #[inline]
    pub fn searched(&self, i: usize) -> Searched<'a> {
        self.index
            .locate(i)
            .and_then(|(k, i)| Some(self.views.get(k)?.searched(i)))
            .unwrap_or_default()
    }

    /// Starts loading record `i`'s message, path and tags into the CPU's cache (its row is
    /// read to find them: see `prefetch_row`).
    #[inline]
    pub fn prefetch(&self, i: usize) {
        let record = self.searched(i);
        crate::mmap::prefetch(record.message);
        crate::mmap::prefetch(record.path);
        if let Some(first) = record.tags.first() {
            crate::mmap::prefetch_value(first);
        }
    }

    /// Starts loading where record `i`'s text and tags are, and its masks, into the CPU's
    /// cache: what `masks` and `prefetch` read first.
    #[inline]
    pub fn prefetch_row(&self, i: usize) {
        if let Some((k, i)) = self.index.locate(i)
            && let Some(view) = self.views.get(k)
        {
            view.prefetch_row(i);
        }
    }

    /// The `byte_mask`s of record `i`'s message and path (every bit past the end).
    #[inline]
    pub fn masks(&self, i: usize) -> [u64; 2] {
        self.index
            .locate(i)
            .and_then(|(k, i)| self.views.get(k)?.masks(i))
            .unwrap_or([u64::MAX; 2])
    }
}

/// One segment's sections.
pub(super) enum View<'a> {
    Packed(&'a Packed),
    Mapped {
        spans: &'a [SearchSpan],
        arena: &'a [u8],
        tag_ids: &'a [u32],
        /// The segment is the table's rows `from..`.
        from: usize,
    },
}

impl<'a> View<'a> {
    pub(super) fn of(segment: &'a Segment) -> View<'a> {
        match segment {
            Segment::Packed(p) => View::Packed(p),
            Segment::Mapped(m) => View::Mapped {
                spans: m.table.spans(),
                arena: m.table.arena(),
                tag_ids: m.tag_ids.as_deref().unwrap_or(m.table.tag_ids()),
                from: m.from,
            },
        }
    }

    /// `Reader::prefetch_row` of the segment's record `k`.
    #[inline]
    fn prefetch_row(&self, k: usize) {
        match *self {
            View::Packed(p) => {
                if let (Some(span), Some(masks)) = (p.spans.get(k), p.masks.get(k)) {
                    crate::mmap::prefetch_value(span);
                    crate::mmap::prefetch_value(masks);
                }
            }
            View::Mapped { spans, from, .. } => {
                if let Some(span) = spans.get(from + k) {
                    // A row may straddle two cache lines; the masks end it.
                    crate::mmap::prefetch_value(span);
                    crate::mmap::prefetch_value(&span.masks);
                }
            }
        }
    }

    /// The masks of the segment's record `k`.
    #[inline]
    fn masks(&self, k: usize) -> Option<[u64; 2]> {
        match *self {
            View::Packed(p) => p.masks.get(k).copied(),
            View::Mapped { spans, from, .. } => Some(spans.get(from + k)?.masks),
        }
    }

    /// The segment's record `k`.
    #[inline]
    pub(super) fn searched(&self, k: usize) -> Searched<'a> {
        match *self {
            View::Packed(p) => {
                let (Some(s), Some(&[message_mask, path_mask])) = (p.spans.get(k), p.masks.get(k))
                else {
                    return Searched::default();
                };
                let text = p.text.get(s.start..).unwrap_or(&[]);
                let (msg_end, path_end) = (s.msg_end as usize, s.path_end as usize);
                Searched {
                    message: text.get(..msg_end).unwrap_or(&[]),
                    message_mask,
                    path: text.get(msg_end..path_end.max(msg_end)).unwrap_or(&[]),
                    path_mask,
                    tags: p
                        .tag_ids
                        .get(s.tags.0 as usize..s.tags.1 as usize)
                        .unwrap_or(&[]),
                }
            }
            View::Mapped {
                spans,
                arena,
                tag_ids,
                from,
            } => {
                let Some(s) = spans.get(from + k) else {
                    return Searched::default();
                };
                Searched {
                    message: searched_bytes(bytes_in(arena, s.message)),
                    message_mask: s.masks[0],
                    path: searched_bytes(bytes_in(arena, s.path)),
                    path_mask: s.masks[1],
                    tags: tag_ids
                        .get(s.tags_from as usize..s.tags_to as usize)
                        .unwrap_or(&[]),
                }
            }
        }
    }
}
