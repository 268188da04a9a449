//! Writes the word-start postings (`starts`) of a table's rows: their result order, and each
//! key's and each tag's records as delta-encoded ranks.

use super::Entry;
use super::mapped::OrderKey;
use super::starts::{Postings, record_keys};
use crate::text::searched_bytes;

/// Postings being written.
#[derive(Default)]
pub struct Encoded {
    pub keys: Vec<u32>,
    pub offsets: Vec<u32>,
    pub data: Vec<u8>,
}

impl Encoded {
    /// From `(key, rank)` pairs sorted by key, then rank, without duplicates; None past 4 GB.
    pub fn from_sorted(pairs: impl Iterator<Item = (u32, u32)>) -> Option<Encoded> {
        let mut out = Encoded::default();
        let mut last: Option<(u32, u32)> = None;
        for (key, rank) in pairs {
            let delta = match last {
                Some((k, r)) if k == key => rank - r,
                _ => {
                    out.keys.push(key);
                    out.offsets.push(u32::try_from(out.data.len()).ok()?);
                    rank
                }
            };
            put_leb128(&mut out.data, delta);
            last = Some((key, rank));
        }
        out.offsets.push(u32::try_from(out.data.len()).ok()?);
        Some(out)
    }

    pub fn as_postings(&self) -> Postings<'_> {
        Postings {
            keys: &self.keys,
            offsets: &self.offsets,
            data: &self.data,
        }
    }
}

/// What the cache stores for a table's rows: their result order (row of each rank), and the
/// postings of their starts and of their tags (by the table's tag ids), by rank.
pub struct Built {
    pub order: Vec<u32>,
    pub words: Encoded,
    pub tags: Encoded,
}

/// `Built` for `entries`, whose tag ids (into the table's vocabulary) `tags_of` gives; None
/// past 4 GB of postings.
pub fn build<'t>(entries: &[Entry], tags_of: impl Fn(usize) -> &'t [u32]) -> Option<Built> {
    let n = u32::try_from(entries.len()).ok()?;
    let keys: Vec<OrderKey> = entries.iter().map(|e| OrderKey::of(e.view())).collect();
    let mut order: Vec<u32> = (0..n).collect();
    order.sort_unstable_by(|&a, &b| {
        let (ka, kb) = (keys[a as usize], keys[b as usize]);
        ka.len
            .cmp(&kb.len)
            .then(ka.id_head.cmp(&kb.id_head))
            .then_with(|| entries[a as usize].id.cmp(&entries[b as usize].id))
            .then(a.cmp(&b))
    });
    let mut words: Vec<u64> = Vec::new();
    let mut tags: Vec<u64> = Vec::new();
    let mut scratch = Vec::new();
    for (rank, &row) in order.iter().enumerate() {
        let e = &entries[row as usize];
        let path = e.file_path.as_deref().unwrap_or("");
        scratch.clear();
        record_keys(
            searched_bytes(e.message.as_bytes()),
            searched_bytes(path.as_bytes()),
            &mut scratch,
        );
        let pair = |key: u32| u64::from(key) << 32 | rank as u64;
        words.extend(scratch.iter().map(|&k| pair(k)));
        tags.extend(tags_of(row as usize).iter().map(|&t| pair(t)));
    }
    let encode = |mut pairs: Vec<u64>| {
        pairs.sort_unstable();
        pairs.dedup();
        Encoded::from_sorted(pairs.iter().map(|&p| ((p >> 32) as u32, p as u32)))
    };
    Some(Built {
        order,
        words: encode(words)?,
        tags: encode(tags)?,
    })
}

fn put_leb128(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}
