//! The cache file: a magic number and format version, then parts — the release that wrote it,
//! the key it was built for, the entries (in a few chunks, decoded in parallel) and the
//! diagnostics — each bitcode-encoded and framed as length, xxh3 checksum, bytes. Every part's
//! checksum is checked just before that part is decoded (a chunk's on the thread that decodes
//! it), so a damaged file costs one hash pass over bytes that are being read anyway, and is
//! rejected rather than decoded into wrong records.

use xxhash_rust::xxh3::xxh3_64;

use super::Key;
use crate::dataset::Entry;
use crate::diag::Diagnostic;

const MAGIC: &[u8; 8] = b"ERRDEXIX";
/// Bump when the framing, `Entry`, `Diagnostic` or what the loader puts in them changes.
const FORMAT_VERSION: u32 = 4;
/// Entries are stored in this many chunks so a warm start decodes them on every core.
const CHUNKS: usize = 8;

/// The release that wrote the file: a new errdex may index records differently.
const WRITER: &str = env!("CARGO_PKG_VERSION");

pub(super) fn encode(key: &Key, entries: &[Entry], diags: &[Diagnostic]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let chunk = entries.len().div_ceil(CHUNKS).max(1);
    let mut parts = vec![bitcode::encode(WRITER), bitcode::encode(key)];
    let chunks: Vec<&[Entry]> = entries.chunks(chunk).collect();
    parts.push(bitcode::encode(&(chunks.len() as u64)));
    parts.extend(chunks.into_iter().map(bitcode::encode));
    parts.push(bitcode::encode(diags));
    for part in parts {
        out.extend_from_slice(&(part.len() as u64).to_le_bytes());
        out.extend_from_slice(&xxh3_64(&part).to_le_bytes());
        out.extend_from_slice(&part);
    }
    out
}

/// The entries and diagnostics, if the file is intact and was built for exactly `key`.
pub(super) fn decode(bytes: &[u8], key: &Key) -> Option<(Vec<Entry>, Vec<Diagnostic>)> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (version, mut rest) = rest.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*version) != FORMAT_VERSION {
        return None;
    }
    let writer: &str = bitcode::decode(take(&mut rest)?.checked()?).ok()?;
    if writer != WRITER {
        return None;
    }
    // The key first: a stale file is rejected before the big part is decoded.
    let stored: Key = bitcode::decode(take(&mut rest)?.checked()?).ok()?;
    if stored != *key {
        return None;
    }
    let count: u64 = bitcode::decode(take(&mut rest)?.checked()?).ok()?;
    let chunks: Vec<Part> = (0..count).map(|_| take(&mut rest)).collect::<Option<_>>()?;
    let diags: Vec<Diagnostic> = bitcode::decode(take(&mut rest)?.checked()?).ok()?;
    if !rest.is_empty() {
        return None;
    }
    let decoded: Vec<Option<Vec<Entry>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|c| scope.spawn(move || bitcode::decode::<Vec<Entry>>(c.checked()?).ok()))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().ok().flatten())
            .collect()
    });
    let mut entries = Vec::new();
    for chunk in decoded {
        entries.append(&mut chunk?);
    }
    Some((entries, diags))
}

/// The key a cache file was built for, read from its first parts only; None for a file of
/// another format or release, or a damaged one.
pub(super) fn stored_key(bytes: &[u8]) -> Option<Key> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (version, mut rest) = rest.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*version) != FORMAT_VERSION {
        return None;
    }
    let writer: &str = bitcode::decode(take(&mut rest)?.checked()?).ok()?;
    if writer != WRITER {
        return None;
    }
    bitcode::decode(take(&mut rest)?.checked()?).ok()
}

/// One framed part, its checksum not yet checked.
struct Part<'a> {
    bytes: &'a [u8],
    checksum: u64,
}

impl<'a> Part<'a> {
    /// The bytes, when they are what was written.
    fn checked(self) -> Option<&'a [u8]> {
        (xxh3_64(self.bytes) == self.checksum).then_some(self.bytes)
    }
}

/// Splits one framed part off the front of `rest`.
fn take<'a>(rest: &mut &'a [u8]) -> Option<Part<'a>> {
    let (len, tail) = rest.split_first_chunk::<8>()?;
    let (checksum, tail) = tail.split_first_chunk::<8>()?;
    let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
    let bytes = tail.get(..len)?;
    *rest = &tail[len..];
    Some(Part {
        bytes,
        checksum: u64::from_le_bytes(*checksum),
    })
}
