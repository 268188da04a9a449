//! The records, indexed once for scanning logs: every distinct normalised message or pattern
//! (a "form") with the records that share it, an anchor table (each form filed under its rarest
//! word run) for containment, postings for the token-overlap fallback, and file names for
//! `path:line` boosts.
//!
//! `build` computes it; `layout` lays it out in one buffer. `Index` reads that buffer, owned
//! (built this run) or mapped from the index cache: the same bytes and the same code either
//! way. Every accessor returns an empty value rather than panicking on a buffer that lies.

mod build;
mod encode;
mod layout;

use std::sync::Arc;

use bytemuck::Pod;

use layout::{Counts, FormMeta, SECTIONS, Sec};
pub use layout::{hash_bytes, hash_gram, hash_ids};

/// A variable part in a token sequence.
pub const VAR: u32 = u32::MAX;
/// A log word no record has: it can only fall inside a placeholder.
pub const UNKNOWN: u32 = u32::MAX - 1;
pub const NONE: u32 = u32::MAX;

/// The bytes an index is read from.
pub type Bytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// A built buffer, 8-aligned.
struct Owned(Vec<u64>);

impl AsRef<[u8]> for Owned {
    fn as_ref(&self) -> &[u8] {
        bytemuck::cast_slice(&self.0)
    }
}

/// Tokens of a form beyond this are not compared: a message's first 48 tokens identify it.
pub(super) const MAX_FORM_TOKENS: usize = 48;

/// One distinct normalised message or pattern.
#[derive(Debug, Clone, Copy)]
pub struct Form<'a> {
    /// Word ids and `VAR`s, without leading or trailing `VAR`s.
    pub tokens: &'a [u32],
    /// Sum of the idf of its distinct words: what full coverage weighs.
    pub weight: f32,
    /// Number of word tokens (a measure of how specific a containment hit is).
    pub word_count: u16,
    /// Its two rarest distinct words (`NONE` when it has fewer): a line without them cannot
    /// contain it, checked before the full comparison.
    pub rare: [u32; 2],
}

impl Form<'_> {
    /// Its distinct word ids, sorted: worked out from its tokens when an overlap is weighed
    /// (a few hundred forms a line) rather than stored for each of millions of forms.
    pub fn words(&self) -> FormWords {
        let mut out = FormWords {
            ids: [0; MAX_FORM_TOKENS],
            len: 0,
        };
        // A form holds at most `MAX_FORM_TOKENS` tokens; a damaged file's longer one is cut.
        for &t in self.tokens.iter().filter(|&&t| t != VAR) {
            if out.len == MAX_FORM_TOKENS {
                break;
            }
            out.ids[out.len] = t;
            out.len += 1;
        }
        let ids = &mut out.ids[..out.len];
        ids.sort_unstable();
        let mut kept = 0;
        for k in 0..ids.len() {
            if k == 0 || ids[k] != ids[kept - 1] {
                ids[kept] = ids[k];
                kept += 1;
            }
        }
        out.len = kept;
        out
    }
}

/// A form's distinct word ids (`Form::words`).
pub struct FormWords {
    ids: [u32; MAX_FORM_TOKENS],
    len: usize,
}

impl std::ops::Deref for FormWords {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.ids[..self.len]
    }
}

pub struct Index {
    bytes: Bytes,
    ranges: [(usize, usize); SECTIONS],
    counts: Counts,
}

impl Index {
    pub fn build(entries: crate::dataset::Entries<'_>) -> Self {
        let owned: Bytes = Arc::new(Owned(build::build(entries)));
        Index::read(owned).expect("a buffer just laid out reads back")
    }

    /// The index in `bytes`, or None when they are not a whole index (their sizes disagree).
    pub fn read(bytes: Bytes) -> Option<Self> {
        let (ranges, counts) = layout::read_head((*bytes).as_ref())?;
        let index = Index {
            bytes,
            ranges,
            counts,
        };
        index.fits().then_some(index)
    }

    /// Whether every per-record, per-form and per-word array has its count and type.
    fn fits(&self) -> bool {
        let c = self.counts;
        let n = |s: Sec, size: usize| {
            let (from, to) = self.ranges[s as usize];
            (to - from)
                .is_multiple_of(size)
                .then_some(((to - from) / size) as u64)
        };
        let aligned = (0..SECTIONS).all(|k| self.ranges[k].0.is_multiple_of(8));
        aligned
            && n(Sec::Idf, 4) == Some(c.words)
            && n(Sec::Df, 4) == Some(c.words)
            && n(Sec::WordOffsets, 4) == Some(c.words + 1)
            && n(Sec::FormMeta, 16) == Some(c.forms)
            && n(Sec::FormTokenOffsets, 4) == Some(c.forms + 1)
            && n(Sec::FormRecordOffsets, 4) == Some(c.forms + 1)
            && n(Sec::PostingOffsets, 4) == Some(c.words + 1)
            && n(Sec::RecordForms, 8) == Some(c.records)
            && n(Sec::Rank, 4) == Some(c.records)
            && n(Sec::GroupOf, 4) == Some(c.records)
            && usize::try_from(c.max_whole).is_ok()
            && u32::try_from(c.max_df).is_ok()
    }

    /// The buffer, to be stored.
    pub fn bytes(&self) -> &[u8] {
        (*self.bytes).as_ref()
    }

    fn cast<T: Pod>(&self, s: Sec) -> &[T] {
        let (from, to) = self.ranges[s as usize];
        let raw = self.bytes().get(from..to).unwrap_or(&[]);
        bytemuck::try_cast_slice(raw).unwrap_or(&[])
    }

    /// Row `k` of compressed rows: `items[offsets[k]..offsets[k + 1]]`.
    fn row<T: Pod>(&self, offsets: Sec, items: Sec, k: u32) -> &[T] {
        let offs: &[u32] = self.cast(offsets);
        let k = k as usize;
        match (offs.get(k), offs.get(k + 1)) {
            (Some(&a), Some(&b)) => self.cast(items).get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    pub fn records(&self) -> usize {
        self.counts.records as usize
    }

    pub fn form_count(&self) -> usize {
        self.counts.forms as usize
    }

    /// The longest whole-message form, in tokens (with a variable at either end).
    pub fn max_whole(&self) -> usize {
        self.counts.max_whole as usize
    }

    /// Words in more forms than this are not used to find overlap candidates.
    pub fn max_df(&self) -> u32 {
        self.counts.max_df as u32
    }

    /// The id of a log word, or `UNKNOWN`.
    pub fn word(&self, word: &str) -> u32 {
        let key = word.as_bytes();
        let found = layout::probe(self.cast(Sec::WordSlots), hash_bytes(key), |id| {
            self.row::<u8>(Sec::WordOffsets, Sec::WordBytes, id) == key
        });
        found.unwrap_or(UNKNOWN)
    }

    /// Inverse document frequency per word id.
    pub fn idf(&self) -> &[f32] {
        self.cast(Sec::Idf)
    }

    /// Forms per word id.
    pub fn df(&self) -> &[u32] {
        self.cast(Sec::Df)
    }

    /// Form `f` (an empty one, which matches nothing, past the end).
    pub fn form(&self, f: u32) -> Form<'_> {
        let meta = self
            .cast::<FormMeta>(Sec::FormMeta)
            .get(f as usize)
            .copied()
            .unwrap_or(FormMeta {
                rare: [NONE; 2],
                ..FormMeta::default()
            });
        Form {
            tokens: self.row(Sec::FormTokenOffsets, Sec::FormTokens, f),
            weight: meta.weight,
            word_count: meta.word_count.min(u32::from(u16::MAX)) as u16,
            rare: meta.rare,
        }
    }

    /// Forms filed under the anchor run `gram`.
    pub fn anchored(&self, gram: u64) -> &[u32] {
        let keys: &[u64] = self.cast(Sec::AnchorKeys);
        let found = layout::probe(self.cast(Sec::AnchorSlots), hash_gram(gram), |id| {
            keys.get(id as usize) == Some(&gram)
        });
        found.map_or(&[], |k| self.row(Sec::AnchorOffsets, Sec::Anchors, k))
    }

    /// Short forms whose whole token sequence is `seq`.
    pub fn whole(&self, seq: &[u32]) -> &[u32] {
        let found = layout::probe(self.cast(Sec::WholeSlots), hash_ids(seq), |id| {
            self.row::<u32>(Sec::WholeKeyOffsets, Sec::WholeKeys, id) == seq
        });
        found.map_or(&[], |k| self.row(Sec::WholeFormOffsets, Sec::WholeForms, k))
    }

    /// Whether a line ending with `seq` may hold a whole-message form.
    pub fn is_whole_tail(&self, seq: &[u32]) -> bool {
        layout::probe(self.cast(Sec::TailSlots), hash_ids(seq), |id| {
            self.row::<u32>(Sec::TailKeyOffsets, Sec::TailKeys, id) == seq
        })
        .is_some()
    }

    /// Forms per word (every form), for the overlap fallback.
    pub fn postings(&self, word: u32) -> &[u32] {
        self.row(Sec::PostingOffsets, Sec::Postings, word)
    }

    /// Records (dataset indices, ascending id order) of a form.
    pub fn records_of(&self, form: u32) -> &[u32] {
        self.row(Sec::FormRecordOffsets, Sec::FormRecords, form)
    }

    /// The message form and the pattern form of a record (`NONE` when absent).
    pub fn record_forms(&self, record: usize) -> [u32; 2] {
        let all: &[[u32; 2]] = self.cast(Sec::RecordForms);
        all.get(record).copied().unwrap_or([NONE; 2])
    }

    /// A record's position in id order: ties between equal scores go to the smaller id.
    pub fn rank(&self, record: usize) -> u32 {
        self.cast::<u32>(Sec::Rank)
            .get(record)
            .copied()
            .unwrap_or(u32::MAX)
    }

    /// Records whose filePath ends with this file name.
    pub fn records_in_file(&self, name: &str) -> &[u32] {
        let key = name.as_bytes();
        let found = layout::probe(self.cast(Sec::FileSlots), hash_bytes(key), |id| {
            self.row::<u8>(Sec::FileNameOffsets, Sec::FileNameBytes, id) == key
        });
        found.map_or(&[], |k| {
            self.row(Sec::FileRecordOffsets, Sec::FileRecords, k)
        })
    }

    /// A record's group: one repository, one messagePattern (or message when it has none).
    pub fn group_of(&self, record: usize) -> Option<u32> {
        self.cast::<u32>(Sec::GroupOf).get(record).copied()
    }

    /// Records of a group, in dataset order.
    pub fn group(&self, group: u32) -> &[u32] {
        self.row(Sec::GroupOffsets, Sec::Groups, group)
    }
}

/// Bits per word id in an n-gram key; longer vocabularies fall back to single words.
const GRAM_BITS: u32 = 20;

/// The key of a run of one to three word ids (ids of longer runs must `fit`).
pub fn gram(words: &[u32]) -> u64 {
    let mut key = 0u64;
    for &w in words {
        key = (key << GRAM_BITS) | u64::from(w);
    }
    key | ((words.len() as u64) << 60)
}

/// Whether every id of a run fits a key.
pub fn fits(words: &[u32]) -> bool {
    words.iter().all(|&w| w < 1 << GRAM_BITS)
}

#[cfg(test)]
mod tests;
