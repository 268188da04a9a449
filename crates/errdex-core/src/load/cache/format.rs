//! The cache file: a magic number and format version, a framed header (length, xxh3 checksum,
//! bitcode: the release that wrote it, the key it was built for, the table's layout, the
//! diagnostics and a checksum per 4 MiB chunk of the table and of the line index), then the
//! table itself (`dataset::mapped`) and the triage line index (`triage::Triage`), each
//! 8-aligned, which are used in place from the memory map. The header, the file's length and
//! every section's size and alignment are checked before anything in it is believed. Of the
//! chunks, each open hashes the first and the last of each part and `SAMPLED` more picked at
//! random: hashing all of them cost every process a pass over hundreds of megabytes it mostly
//! does not read (a third of a warm `errdex search` of a million records). A damaged chunk is
//! then found within a few runs and the file rebuilt; until then its records read wrong but
//! nothing panics, because every read of the table is bounds-checked (`Table`).

use std::fs::File;
use std::hash::BuildHasher;
use std::sync::Arc;

use xxhash_rust::xxh3::{Xxh3, xxh3_64};

use super::Key;
use crate::dataset::mapped::{Bytes, Layout, Table};
use crate::diag::Diagnostic;

const MAGIC: &[u8; 8] = b"ERRDEXIX";
/// Bump when the framing, the table layout, `Diagnostic` or what the loader puts in them
/// changes.
// 6: a broken element of a JSON array loses only itself (the records after it were lost).
// 7: the triage line index is stored after the table.
// 8: the table's block summaries, which narrow a search before it reads records.
// 9: the line index reads `name_<id>` as the name and a variable (`task_1445_0020_m_1`).
// 10: a record that is only a level word (HPC's `warning`) keeps it as its word.
// 12: a pattern that is only placeholders (`{}`, a raise whose message the scan cannot
//     read) groups nothing.
// 13: a word start's key tells a capital apart (its run is kept up to 31 bytes, not 63).
// 14: a row's flags say whether it is a value its package shares (`sharedValue`).
// 15: a row no longer holds its message, path and facet strings (its span and the
//     vocabularies do); the line index no longer holds each form's distinct words nor each
//     record's path and line.
// 16: the three-byte sequences of the messages and paths (`dataset::trigrams`).
const FORMAT_VERSION: u32 = 16;
const CHUNK: usize = 4 << 20;
/// Chunks hashed per part and open besides its first and last.
const SAMPLED: usize = 2;

/// The release that wrote the file: a new errdex may index records differently.
const WRITER: &str = env!("CARGO_PKG_VERSION");

#[derive(bitcode::Encode, bitcode::Decode)]
struct Header {
    writer: String,
    key: Key,
    layout: Layout,
    diags: Vec<Diagnostic>,
    /// Where the table starts in the file, and its length.
    table: (u64, u64),
    /// xxh3 of each `CHUNK` of the table.
    chunks: Vec<u64>,
    /// Where the line index starts (8-aligned, after the table), its length, and the xxh3 of
    /// each `CHUNK` of it.
    line_index: (u64, u64),
    line_chunks: Vec<u64>,
}

/// The length and the xxh3 of each `CHUNK` of a table written as `pieces`.
pub(super) fn table_sums(pieces: &[&[u8]]) -> (u64, Vec<u64>) {
    let len: usize = pieces.iter().map(|p| p.len()).sum();
    (len as u64, chunk_hashes(pieces))
}

/// The framed header of a file whose table (`layout`, and its `table_sums`) follows and whose
/// line index `line_index` (built from the same entries) comes after the table, padded to
/// where the table starts: right after it, or at `at` when given (the table was written
/// there before the header was known). None when the header does not fit before `at`.
pub(super) fn encode(
    key: &Key,
    (layout, (table_len, chunks)): (&Layout, (u64, Vec<u64>)),
    diags: &[Diagnostic],
    line_index: &[u8],
    at: Option<u64>,
) -> Option<Vec<u8>> {
    let mut header = Header {
        writer: WRITER.into(),
        key: key.clone(),
        layout: layout.clone(),
        diags: diags.to_vec(),
        table: (at.unwrap_or(0), table_len),
        chunks,
        line_index: (at.unwrap_or(0) + table_len, line_index.len() as u64),
        line_chunks: line_index.chunks(CHUNK).map(xxh3_64).collect(),
    };
    // The table's offset depends on the header's length, which holds the offset (bitcode
    // does not promise a fixed width for it): encode until the offset is stable.
    let mut head = bitcode::encode(&header);
    loop {
        let end = (16 + 16 + head.len()).next_multiple_of(8) as u64;
        match at {
            Some(at) if end <= at => break,
            Some(_) => return None,
            None if header.table.0 == end => break,
            None => {}
        }
        header.table.0 = end;
        header.line_index.0 = end + table_len;
        head = bitcode::encode(&header);
    }
    let mut out = Vec::with_capacity(header.table.0 as usize);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&(head.len() as u64).to_le_bytes());
    out.extend_from_slice(&xxh3_64(&head).to_le_bytes());
    out.extend_from_slice(&head);
    out.resize(header.table.0 as usize, 0);
    Some(out)
}

/// xxh3 of each `CHUNK` of the bytes of `pieces` one after another: what hashing their
/// concatenation chunk by chunk gives, without concatenating them.
fn chunk_hashes(pieces: &[&[u8]]) -> Vec<u64> {
    let mut hashes = Vec::new();
    let mut hasher = Xxh3::new();
    let mut filled = 0;
    for &piece in pieces {
        let mut rest = piece;
        while !rest.is_empty() {
            let (take, after) = rest.split_at(rest.len().min(CHUNK - filled));
            hasher.update(take);
            filled += take.len();
            rest = after;
            if filled == CHUNK {
                hashes.push(hasher.digest());
                hasher.reset();
                filled = 0;
            }
        }
    }
    if filled > 0 {
        hashes.push(hasher.digest());
    }
    hashes
}

/// The header, if the file is of this format and release and its header is intact.
fn header(bytes: &[u8]) -> Option<Header> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (version, rest) = rest.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*version) != FORMAT_VERSION {
        return None;
    }
    let (pad, rest) = rest.split_first_chunk::<4>()?;
    let (len, rest) = rest.split_first_chunk::<8>()?;
    let (checksum, rest) = rest.split_first_chunk::<8>()?;
    let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
    let head = rest.get(..len)?;
    if *pad != [0; 4] || xxh3_64(head) != u64::from_le_bytes(*checksum) {
        return None;
    }
    let header: Header = bitcode::decode(head).ok()?;
    // Every byte is checked: the padding up to the table must be what was written, zeros.
    let padding = bytes.get(32 + len..usize::try_from(header.table.0).ok()?)?;
    if padding.iter().any(|&b| b != 0) {
        return None;
    }
    (header.writer == WRITER).then_some(header)
}

/// The table and diagnostics, if the file is intact and was built for exactly `key`.
pub(super) fn open(file: &File, key: &Key) -> Option<(Arc<Table>, Vec<Diagnostic>)> {
    let map = crate::mmap::map(file).ok()?;
    let header = header(&map)?;
    if header.key != *key {
        return None;
    }
    let from = usize::try_from(header.table.0).ok()?;
    let to = from.checked_add(usize::try_from(header.table.1).ok()?)?;
    let (line_from, line_len) = header.line_index;
    let line_from = usize::try_from(line_from).ok()?;
    let line_to = line_from.checked_add(usize::try_from(line_len).ok()?)?;
    let table = map.get(from..to)?;
    let line_index = map.get(line_from..line_to)?;
    if from % 8 != 0
        || line_from != to
        || line_to != map.len()
        || !chunks_intact(table, &header.chunks)
        || !chunks_intact(line_index, &header.line_chunks)
    {
        return None;
    }
    let map = Arc::new(map);
    let region = |from, to| Bytes::Mapped {
        map: Arc::clone(&map),
        from,
        to,
    };
    let table = Table::new(region(from, to), header.layout)?;
    let line_index: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(region(line_from, line_to));
    if !crate::triage::Triage::index_fits(Arc::clone(&line_index), table.len()) {
        return None;
    }
    Some((Arc::new(table.with_line_index(line_index)), header.diags))
}

/// Whether the chunks this open samples have their checksums (see the module comment).
fn chunks_intact(part: &[u8], sums: &[u64]) -> bool {
    let n = part.len().div_ceil(CHUNK);
    if n != sums.len() {
        return false;
    }
    let seed = std::hash::RandomState::new().hash_one(std::process::id());
    sampled(n, seed).into_iter().all(|k| {
        let chunk = part.get(k * CHUNK..((k + 1) * CHUNK).min(part.len()));
        chunk.is_some_and(|c| sums.get(k) == Some(&xxh3_64(c)))
    })
}

/// The chunks of `n` that an open with `seed` hashes: the first, the last and `SAMPLED` more,
/// each once.
fn sampled(n: usize, seed: u64) -> Vec<usize> {
    let mut picked: Vec<usize> = [0, n.saturating_sub(1)]
        .into_iter()
        .take(n.min(2))
        .collect();
    let middle = n.saturating_sub(2);
    for k in 0..SAMPLED.min(middle) {
        let mut at = 1 + (seed.rotate_left(21 * k as u32) as usize) % middle;
        while picked.contains(&at) {
            at = 1 + at % middle;
        }
        picked.push(at);
    }
    picked
}

/// The key a cache file was built for, read from its header only; None for a file of
/// another format or release, or a damaged one.
pub(super) fn stored_key(bytes: &[u8]) -> Option<Key> {
    header(bytes).map(|h| h.key)
}

#[cfg(test)]
mod sampling_tests {
    use super::*;

    #[test]
    fn an_open_hashes_the_ends_and_distinct_chunks_between_that_vary_from_open_to_open() {
        assert_eq!(sampled(0, 7), Vec::<usize>::new());
        assert_eq!(sampled(1, 7), vec![0]);
        assert_eq!(sampled(2, 7), vec![0, 1]);
        assert_eq!(sampled(3, 7), vec![0, 2, 1]);
        let n = 40;
        let mut seen = vec![false; n];
        for seed in 0..400u64 {
            let picked = sampled(n, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            assert_eq!(picked.len(), 2 + SAMPLED, "{picked:?}");
            assert_eq!(&picked[..2], &[0, n - 1]);
            let mut distinct = picked.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), picked.len(), "{picked:?}");
            for k in picked {
                seen[k] = true;
            }
        }
        assert!(
            seen.iter().all(|&s| s),
            "every chunk is hashed by some open"
        );
    }

    #[test]
    fn a_damaged_chunk_that_is_sampled_fails_the_check() {
        let part: Vec<u8> = (0..3 * CHUNK).map(|i| (i % 251) as u8).collect();
        let sums: Vec<u64> = part.chunks(CHUNK).map(xxh3_64).collect();
        assert!(chunks_intact(&part, &sums));
        for at in [5, CHUNK + 17, 3 * CHUNK - 1] {
            let mut bad = part.clone();
            bad[at] ^= 1;
            assert!(!chunks_intact(&bad, &sums), "byte {at}");
        }
        assert!(!chunks_intact(&part[..2 * CHUNK], &sums), "a chunk short");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_hash_as_their_concatenation_does() {
        let bytes: Vec<u8> = (0..2 * CHUNK + 12_345)
            .map(|i| (i * 7 + i / 977) as u8)
            .collect();
        let whole: Vec<u64> = bytes.chunks(CHUNK).map(xxh3_64).collect();
        // Pieces that end before, on and across chunk boundaries, and empty ones.
        let cuts = [0, 3, 3, CHUNK - 1, CHUNK, CHUNK + 8, 2 * CHUNK, bytes.len()];
        let pieces: Vec<&[u8]> = cuts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect();
        assert_eq!(chunk_hashes(&pieces), whole);
        assert_eq!(chunk_hashes(&[&bytes[..CHUNK]]), whole[..1]);
        assert!(chunk_hashes(&[&[], &[]]).is_empty());
    }
}
