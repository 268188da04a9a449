//! The cache file: a magic number and format version, the key it was built for, then the
//! entries and diagnostics, each part length-prefixed and bitcode-encoded.

use super::Key;
use crate::dataset::Entry;
use crate::diag::Diagnostic;

const MAGIC: &[u8; 8] = b"ERRDEXIX";
/// Bump when `Entry`, `Diagnostic` or what the loader puts in them changes.
const FORMAT_VERSION: u32 = 1;

/// The release that wrote the file: a new errdex may index records differently.
const WRITER: &str = env!("CARGO_PKG_VERSION");

pub(super) fn encode(key: &Key, entries: &[Entry], diags: &[Diagnostic]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    for part in [
        bitcode::encode(WRITER),
        bitcode::encode(key),
        bitcode::encode(entries),
        bitcode::encode(diags),
    ] {
        out.extend_from_slice(&(part.len() as u64).to_le_bytes());
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
    let writer: &str = bitcode::decode(take(&mut rest)?).ok()?;
    if writer != WRITER {
        return None;
    }
    // The key first: a stale file is rejected before the big part is decoded.
    let stored: Key = bitcode::decode(take(&mut rest)?).ok()?;
    if stored != *key {
        return None;
    }
    let entries: Vec<Entry> = bitcode::decode(take(&mut rest)?).ok()?;
    let diags: Vec<Diagnostic> = bitcode::decode(take(&mut rest)?).ok()?;
    Some((entries, diags))
}

/// Splits one length-prefixed part off the front of `rest`.
fn take<'a>(rest: &mut &'a [u8]) -> Option<&'a [u8]> {
    let (len, tail) = rest.split_first_chunk::<8>()?;
    let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
    let part = tail.get(..len)?;
    *rest = &tail[len..];
    Some(part)
}
