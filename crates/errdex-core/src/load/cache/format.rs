//! The cache file: a magic number and format version, a framed header (length, xxh3 checksum,
//! bitcode: the release that wrote it, the key it was built for, the table's layout, the
//! diagnostics and a checksum per 4 MiB chunk of the table), then the table itself
//! (`dataset::mapped`), 8-aligned, which is used in place from the memory map. The header is
//! checked before anything in it is believed, and every chunk of the table before the table
//! is handed out (on two threads), so a damaged file costs one hash pass over its pages and is
//! rebuilt rather than read into wrong records.

use std::fs::File;
use std::sync::Arc;

use crate::mmap::Mmap;
use xxhash_rust::xxh3::xxh3_64;

use super::Key;
use crate::dataset::Entry;
use crate::dataset::mapped::{Layout, Table};
use crate::dataset::mapped_write;
use crate::diag::Diagnostic;

const MAGIC: &[u8; 8] = b"ERRDEXIX";
/// Bump when the framing, the table layout, `Diagnostic` or what the loader puts in them
/// changes.
// 6: a broken element of a JSON array loses only itself (the records after it were lost).
const FORMAT_VERSION: u32 = 6;
const CHUNK: usize = 4 << 20;

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
}

/// The file's bytes in two pieces (the framed header, padded, then the table: written one
/// after the other, so the table is not copied again), or None when the entries' strings do
/// not fit the table's offsets.
pub(super) fn encode(
    key: &Key,
    entries: &[Entry],
    diags: &[Diagnostic],
) -> Option<(Vec<u8>, Vec<u8>)> {
    let (layout, table) = mapped_write::write(entries)?;
    let chunks = table.chunks(CHUNK).map(xxh3_64).collect();
    let mut header = Header {
        writer: WRITER.into(),
        key: key.clone(),
        layout,
        diags: diags.to_vec(),
        table: (0, table.len() as u64),
        chunks,
    };
    // The table's offset depends on the header's length, which holds the offset (bitcode
    // does not promise a fixed width for it): encode until the offset is stable.
    let mut head = bitcode::encode(&header);
    loop {
        let at = (16 + 16 + head.len()).next_multiple_of(8) as u64;
        if header.table.0 == at {
            break;
        }
        header.table.0 = at;
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
    Some((out, table))
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

/// The mapped cache file's table, in place.
struct Region {
    map: Mmap,
    from: usize,
    to: usize,
}

impl AsRef<[u8]> for Region {
    fn as_ref(&self) -> &[u8] {
        &self.map[self.from..self.to]
    }
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
    let table = map.get(from..to)?;
    if from % 8 != 0 || !chunks_intact(table, &header.chunks) || to != map.len() {
        return None;
    }
    let region = Region { map, from, to };
    let table = Table::new(Box::new(region), header.layout)?;
    Some((Arc::new(table), header.diags))
}

/// Whether every chunk has its checksum, hashed on two threads.
fn chunks_intact(table: &[u8], sums: &[u64]) -> bool {
    if table.len().div_ceil(CHUNK) != sums.len() {
        return false;
    }
    let pairs: Vec<(&[u8], u64)> = table.chunks(CHUNK).zip(sums.iter().copied()).collect();
    let check = |part: &[(&[u8], u64)]| part.iter().all(|&(c, sum)| xxh3_64(c) == sum);
    if pairs.len() < 2 {
        return check(&pairs);
    }
    let (a, b) = pairs.split_at(pairs.len() / 2);
    std::thread::scope(|s| {
        let other = s.spawn(|| check(b));
        check(a) && other.join().unwrap_or(false)
    })
}

/// The key a cache file was built for, read from its header only; None for a file of
/// another format or release, or a damaged one.
pub(super) fn stored_key(bytes: &[u8]) -> Option<Key> {
    header(bytes).map(|h| h.key)
}
