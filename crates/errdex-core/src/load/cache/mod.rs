//! The index of each dataset file (its `Entry` list and diagnostics) kept in the cache folder,
//! so a warm start skips parsing. An entry is used only while the file has the same canonical
//! path, size, modification time, device, inode and inode-change time, and the same bytes at
//! both ends and in blocks spread over the whole file; and only while every part of the cache
//! file still has the checksum it was written with. Anything else (a stale, damaged or foreign
//! cache file) is rebuilt without a word.

mod format;

use crate::source::ReadAt;
use std::fs;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use std::sync::Arc;

use crate::dataset::Entry;
use crate::dataset::mapped::Table;
use crate::diag::Diagnostic;

/// Files smaller than this parse faster than their cache file is read and checked.
pub const MIN_CACHED_BYTES: usize = 64 << 10;

/// How much of each end of a source goes into its fingerprint.
const END_BYTES: usize = 64 << 10;
/// How many blocks spread evenly over the source also go in, and their size: 768 KiB in all,
/// so a file up to that size is hashed whole and a bigger one costs the same few reads.
const SAMPLES: usize = 192;
const SAMPLE_BYTES: usize = 4 << 10;

/// The cache folder.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

/// What a cached index must match to be used.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct Key {
    pub canonical: String,
    pub size: u64,
    pub mtime_secs: i64,
    pub mtime_nanos: u32,
    /// Where the file lives and when its inode last changed (zero off Unix). A file replaced
    /// by another has a new inode; any write moves the change time, which — unlike the
    /// modification time — no one can set back.
    pub device: u64,
    pub inode: u64,
    pub ctime_secs: i64,
    pub ctime_nanos: u32,
    /// xxh3 of the (decompressed) bytes' length, first and last 64 KiB and sampled blocks.
    pub fingerprint: u64,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Cache { dir: dir.into() }
    }

    /// The platform's cache folder for errdex, if it has one.
    pub fn open_default() -> Option<Self> {
        crate::paths::cache_dir().map(Cache::new)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The key of a source file whose (decompressed) bytes are `bytes`, or `None` when the
    /// file is too small to be worth caching or its metadata cannot be read.
    pub fn key(path: &Path, bytes: &(impl ReadAt + ?Sized)) -> Option<Key> {
        if bytes.size() < MIN_CACHED_BYTES {
            return None;
        }
        let canonical = fs::canonicalize(path).ok()?;
        let meta = fs::metadata(&canonical).ok()?;
        let (mtime_secs, mtime_nanos) = match meta.modified().ok()?.duration_since(UNIX_EPOCH) {
            Ok(d) => (i64::try_from(d.as_secs()).ok()?, d.subsec_nanos()),
            Err(before) => (-i64::try_from(before.duration().as_secs()).ok()?, 0),
        };
        let (device, inode, ctime_secs, ctime_nanos) = inode_of(&meta);
        Some(Key {
            canonical: canonical.to_str()?.to_string(),
            size: meta.len(),
            mtime_secs,
            mtime_nanos,
            device,
            inode,
            ctime_secs,
            ctime_nanos,
            fingerprint: fingerprint(bytes)?,
        })
    }

    fn file_for(&self, key: &Key) -> PathBuf {
        let h = xxhash_rust::xxh3::xxh3_64(key.canonical.as_bytes());
        self.dir.join(format!("{h:016x}.idx"))
    }

    /// The cached index for `key`, used in place, with its diagnostics renamed to
    /// `source_name` (the path as the user spelled it this time).
    pub fn get(&self, key: &Key, source_name: &str) -> Option<(Arc<Table>, Vec<Diagnostic>)> {
        let file = fs::File::open(self.file_for(key)).ok()?;
        let (table, mut diags) = format::open(&file, key)?;
        for d in &mut diags {
            d.path = source_name.to_string();
        }
        Some((table, diags))
    }

    /// Stores an index, and removes the indexes of files that are gone (a synced version
    /// replaced by a newer one, a dataset deleted). Failing to is not worth troubling anyone
    /// with: the next start parses again. Whether the index was written.
    pub fn put(&self, key: &Key, entries: &[Entry], diags: &[Diagnostic]) -> bool {
        let written = self.try_put(key, entries, diags).unwrap_or(false);
        self.prune();
        written
    }

    /// Removes every index whose source file no longer exists. An index of another release
    /// or format is left to be overwritten: the same file may still be in use by it.
    fn prune(&self) {
        let Ok(dir) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in dir.flatten() {
            let path = entry.path();
            if is_stale_temporary(&entry) {
                let _ = fs::remove_file(&path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "idx") {
                continue;
            }
            let Some(key) = stored_key(&path) else {
                continue;
            };
            if !Path::new(&key.canonical).exists() {
                let _ = fs::remove_file(&path);
            }
        }
    }

    fn try_put(&self, key: &Key, entries: &[Entry], diags: &[Diagnostic]) -> io::Result<bool> {
        self.try_put_early(key, (entries, diags), (EARLY_TABLE, HEADER_ROOM))
    }

    /// `try_put`, writing a table of at least `early` bytes at `room` while the line index is
    /// still being built.
    fn try_put_early(
        &self,
        key: &Key,
        (entries, diags): (&[Entry], &[Diagnostic]),
        (early, room): (u64, u64),
    ) -> io::Result<bool> {
        fs::create_dir_all(&self.dir)?;
        let create = || {
            tempfile::Builder::new()
                .prefix(".idx.")
                .tempfile_in(&self.dir)
        };
        // A header of that many diagnostics would not fit the room: written in order.
        let diag_bytes: usize = diags
            .iter()
            .map(|d| d.message.len() + d.path.len() + 32)
            .sum();
        let early = if diag_bytes as u64 > room / 2 {
            u64::MAX
        } else {
            early
        };
        let mut tmp = None;
        // The line index is built on the other core while the table is laid out, and a big
        // table is written after room for the header while it still is (a million records'
        // table took half a second to write, with that core idle).
        let (written, triage) = crate::dataset::mapped_write::write_beside(
            entries,
            || crate::triage::Triage::from_entries(entries),
            |written| -> io::Result<((u64, Vec<u64>), bool)> {
                let pieces = written.pieces();
                let sums = format::table_sums(&pieces);
                let now = sums.0 >= early;
                if now {
                    let file = tmp.insert(create()?).as_file_mut();
                    file.seek(SeekFrom::Start(room))?;
                    write_pieces(file, &pieces)?;
                }
                Ok((sums, now))
            },
        );
        let Some((written, done)) = written else {
            return Ok(false);
        };
        let (sums, at_room) = done?;
        let at = at_room.then_some(room);
        let line_index = triage.index_bytes();
        let mut tmp = match tmp {
            Some(tmp) => tmp,
            None => create()?,
        };
        let file = tmp.as_file_mut();
        let table = (&written.layout, sums.clone());
        if let Some(at) = at
            && let Some(head) = format::encode(key, table.clone(), diags, line_index, Some(at))
        {
            file.seek(SeekFrom::Start(0))?;
            file.write_all(&head)?;
            file.seek(SeekFrom::Start(at + sums.0))?;
            file.write_all(line_index)?;
        } else {
            // Written whole, in order: the header did not fit the room (thousands of
            // diagnostics), or the table was small.
            let head = format::encode(key, table, diags, line_index, None)
                .ok_or_else(|| io::Error::other("the header does not fit"))?;
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            file.write_all(&head)?;
            write_pieces(file, &written.pieces())?;
            file.write_all(line_index)?;
        }
        tmp.persist(self.file_for(key)).map_err(|e| e.error)?;
        Ok(true)
    }

    /// How many cached indexes there are and their total size in bytes.
    pub fn usage(&self) -> io::Result<(usize, u64)> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((0, 0)),
            Err(e) => return Err(e),
        };
        let (mut files, mut bytes) = (0, 0);
        for entry in entries {
            let entry = entry?;
            if entry.file_name().to_string_lossy().ends_with(".idx") {
                files += 1;
                bytes += entry.metadata()?.len();
            }
        }
        Ok((files, bytes))
    }

    /// Deletes every cached index; returns how many there were.
    pub fn clear(&self) -> io::Result<usize> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
            Err(e) => return Err(e),
        };
        let mut removed = 0;
        for entry in entries {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            // Only what errdex wrote: the user may have pointed XDG_CACHE_HOME somewhere shared.
            if has_idx_extension(name) || name.starts_with(".idx.") {
                fs::remove_file(&path)?;
                removed += usize::from(has_idx_extension(name));
            }
        }
        Ok(removed)
    }
}

/// A table this big is written while the line index is still being built.
const EARLY_TABLE: u64 = 4 << 20;
/// Where such a table starts in the file: room for a header of about a thousand diagnostics.
const HEADER_ROOM: u64 = 128 << 10;

/// A file a write left behind (its run was killed): named as one and untouched for longer
/// than any write takes. A younger one may be another run's, still being written.
fn is_stale_temporary(entry: &fs::DirEntry) -> bool {
    const STALE: std::time::Duration = std::time::Duration::from_secs(3600);
    entry.file_name().to_string_lossy().starts_with(".idx.")
        && entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > STALE))
}

fn write_pieces(file: &mut fs::File, pieces: &[&[u8]]) -> io::Result<()> {
    pieces.iter().try_for_each(|piece| file.write_all(piece))
}

/// The key a cache file was built for (from its header alone).
fn stored_key(path: &Path) -> Option<Key> {
    let file = fs::File::open(path).ok()?;
    let map = crate::mmap::map(&file).ok()?;
    format::stored_key(&map)
}

/// Device, inode and inode-change time (seconds, nanoseconds).
#[cfg(unix)]
fn inode_of(meta: &fs::Metadata) -> (u64, u64, i64, u32) {
    use std::os::unix::fs::MetadataExt;
    let nanos = u32::try_from(meta.ctime_nsec()).unwrap_or(0);
    (meta.dev(), meta.ino(), meta.ctime(), nanos)
}

#[cfg(not(unix))]
fn inode_of(_: &fs::Metadata) -> (u64, u64, i64, u32) {
    (0, 0, 0, 0)
}

/// Hashes the length, both ends and `SAMPLES` blocks starting at even fractions of the length
/// (block k at k/SAMPLES of the way), so an edit anywhere in a small file, and in any sampled
/// block of a big one, changes it; the change time catches the rest.
/// `None` when the bytes cannot be read (the file shrank since it was opened).
fn fingerprint(bytes: &(impl ReadAt + ?Sized)) -> Option<u64> {
    let len = bytes.size();
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&(len as u64).to_le_bytes());
    h.update(&bytes.read_range(0, END_BYTES).ok()?);
    h.update(&bytes.read_range(len.saturating_sub(END_BYTES), len).ok()?);
    for k in 0..SAMPLES {
        let at = k * len / SAMPLES;
        h.update(&bytes.read_range(at, at + SAMPLE_BYTES).ok()?);
    }
    Some(h.digest())
}

#[cfg(test)]
mod tests;

/// Our cache files end in `.idx` exactly as we wrote them; a name that differs in case is not ours.
fn has_idx_extension(name: &str) -> bool {
    Path::new(name).extension().is_some_and(|e| e == "idx")
}
