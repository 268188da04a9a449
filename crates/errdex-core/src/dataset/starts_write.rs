//! Writes the word-start postings (`starts`) of a table's rows: their result order, and each
//! key's and each tag's records as delta-encoded ranks.

use super::Entry;
use super::mapped::OrderKey;
use super::starts::{Postings, record_keys};
use super::trigrams;
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

/// The rows in the result order's tie-break: shorter message, then id, then row.
pub fn order(entries: &[Entry]) -> Option<Vec<u32>> {
    let n = u32::try_from(entries.len()).ok()?;
    let key = |i: usize| {
        let k = OrderKey::of(entries[i].view());
        (k.len, k.id_head)
    };
    Some(super::order::by_key_then_id(n, key, |i| {
        entries[i].id.as_bytes()
    }))
}

/// The rank of each row (`order` inverted).
pub fn ranks(order: &[u32]) -> Vec<u32> {
    let mut ranks = vec![0; order.len()];
    for (rank, &row) in order.iter().enumerate() {
        ranks[row as usize] = rank as u32;
    }
    ranks
}

/// The postings of the rows' word starts. Rows are read in their own order, which is the
/// order their strings lie in memory: all pairs are sorted afterwards anyway.
pub fn words(entries: &[Entry], ranks: &[u32]) -> Option<Encoded> {
    // About ten starts a record: room for them at once rather than doubling up to them.
    let mut pairs: Vec<u64> = Vec::with_capacity(entries.len() * 12);
    let mut scratch = Vec::new();
    for (e, &rank) in entries.iter().zip(ranks) {
        let path = e.file_path.as_deref().unwrap_or("");
        scratch.clear();
        record_keys(
            searched_bytes(e.message.as_bytes()),
            searched_bytes(path.as_bytes()),
            &mut scratch,
        );
        pairs.extend(scratch.iter().map(|&k| pair(k, rank)));
    }
    encode(pairs)
}

/// The three-byte sequences of the rows' messages and paths, as searched.
pub fn trigrams(entries: &[Entry]) -> Vec<u64> {
    let mut set = trigrams::Builder::default();
    for e in entries {
        set.add(searched_bytes(e.message.as_bytes()));
        set.add(searched_bytes(
            e.file_path.as_deref().unwrap_or("").as_bytes(),
        ));
    }
    set.finish()
}

/// The postings of the rows' tags, whose ids `tags_of` gives.
pub fn tags<'t>(ranks: &[u32], tags_of: impl Fn(usize) -> &'t [u32]) -> Option<Encoded> {
    let mut pairs: Vec<u64> = Vec::new();
    for (row, &rank) in ranks.iter().enumerate() {
        pairs.extend(tags_of(row).iter().map(|&t| pair(t, rank)));
    }
    encode(pairs)
}

fn pair(key: u32, rank: u32) -> u64 {
    u64::from(key) << 32 | u64::from(rank)
}

fn encode(mut pairs: Vec<u64>) -> Option<Encoded> {
    pairs.sort_unstable();
    pairs.dedup();
    Encoded::from_sorted(pairs.iter().map(|&p| ((p >> 32) as u32, p as u32)))
}

fn put_leb128(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}
