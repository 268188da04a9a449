//! The bytes of one source. errdex's own copies (stdin, gzip, pipes, spooled to an unlinked
//! temporary file nobody else can open) are memory-mapped. A dataset file, which others may
//! rewrite or truncate at any time (`curl … > file`), is read by position and never mapped:
//! a read past a map's shrunken end kills the process with SIGBUS, while a positioned read
//! past a file's new end is an error the caller reports.

use std::borrow::Cow;
use std::fs::File;
use std::io;
use std::path::PathBuf;
use std::time::SystemTime;

use crate::mmap::Mmap;

/// The bytes of one source, alive as long as the dataset.
pub enum Bytes {
    Static(&'static [u8]),
    /// errdex's own spooled copy.
    Spooled(Mmap),
    /// A regular file, read by position.
    File(FileBytes),
}

/// A file read by position, with what it looked like when it was opened, so a read can tell
/// that it changed since.
pub struct FileBytes {
    file: File,
    path: PathBuf,
    stamp: Stamp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    device: u64,
    inode: u64,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        let (device, inode) = identity(meta);
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            device,
            inode,
        }
    }
}

#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> (u64, u64) {
    (0, 0)
}

#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_read(buf, offset) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

impl FileBytes {
    /// Takes an opened regular file; its length now is the length of the source.
    pub fn new(file: File, path: PathBuf) -> io::Result<FileBytes> {
        let stamp = Stamp::of(&file.metadata()?);
        Ok(FileBytes { file, path, stamp })
    }

    fn len(&self) -> usize {
        usize::try_from(self.stamp.len).unwrap_or(usize::MAX)
    }

    fn read(&self, start: usize, end: usize) -> io::Result<Vec<u8>> {
        let mut buf = vec![0; end - start];
        self.read_exact(start, &mut buf)?;
        Ok(buf)
    }

    fn read_exact(&self, start: usize, buf: &mut [u8]) -> io::Result<()> {
        read_exact_at(&self.file, buf, start as u64).map_err(|e| {
            if e.kind() == io::ErrorKind::UnexpectedEof {
                io::Error::other(
                    self.changed()
                        .unwrap_or_else(|| "the file is shorter now".into()),
                )
            } else {
                e
            }
        })
    }

    /// The file's bytes as loaded, copied into an unlinked temporary file of errdex's own.
    pub fn copy(&self) -> io::Result<File> {
        use std::io::Write;
        const CHUNK: usize = 1 << 20;
        let mut copy = tempfile::tempfile()?;
        let mut at = 0;
        while at < self.len() {
            let end = (at + CHUNK).min(self.len());
            copy.write_all(&self.read(at, end)?)?;
            at = end;
        }
        copy.flush()?;
        Ok(copy)
    }

    /// How the file differs from when it was opened: shorter or longer, rewritten, or
    /// replaced by another file under its name.
    fn changed(&self) -> Option<String> {
        let open = self.file.metadata().ok().map(|m| Stamp::of(&m));
        let named = std::fs::metadata(&self.path).ok().map(|m| Stamp::of(&m));
        let then = self.stamp;
        match (open, named) {
            (_, None) => Some("the file was removed since it was loaded".into()),
            (Some(now), _) if now.len != then.len => Some(format!(
                "the file changed since it was loaded ({} bytes then, {} now)",
                then.len, now.len
            )),
            (Some(now), _) if now.modified != then.modified => {
                Some("the file was rewritten since it was loaded".into())
            }
            (_, Some(named)) if (named.device, named.inode) != (then.device, then.inode) => {
                Some("the file was replaced since it was loaded".into())
            }
            _ => None,
        }
    }
}

impl Bytes {
    pub fn len(&self) -> usize {
        match self {
            Bytes::Static(s) => s.len(),
            Bytes::Spooled(m) => m.len(),
            Bytes::File(f) => f.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All the bytes at once, when they are errdex's own (in the binary or spooled): a file
    /// others may write has none, and is read by [`Bytes::read`].
    pub fn in_memory(&self) -> Option<&[u8]> {
        match self {
            Bytes::Static(s) => Some(s),
            Bytes::Spooled(m) => Some(m),
            Bytes::File(_) => None,
        }
    }

    /// `bytes[start..end]` (clamped to the source), read now from a file; an error when the
    /// file no longer holds them.
    pub fn read(&self, start: usize, end: usize) -> io::Result<Cow<'_, [u8]>> {
        let end = end.min(self.len());
        let start = start.min(end);
        match self {
            Bytes::Static(s) => Ok(Cow::Borrowed(&s[start..end])),
            Bytes::Spooled(m) => Ok(Cow::Borrowed(&m[start..end])),
            Bytes::File(f) => f.read(start, end).map(Cow::Owned),
        }
    }

    /// `read`, into `buf` when it must be copied: a parser reading a big file part after part
    /// reuses one buffer rather than having the kernel fault in and zero fresh pages for each.
    pub fn read_with<'b>(
        &'b self,
        start: usize,
        end: usize,
        buf: &'b mut Vec<u8>,
    ) -> io::Result<&'b [u8]> {
        let end = end.min(self.len());
        let start = start.min(end);
        match self {
            Bytes::Static(s) => Ok(&s[start..end]),
            Bytes::Spooled(m) => Ok(&m[start..end]),
            Bytes::File(f) => {
                if buf.len() < end - start {
                    buf.resize(end - start, 0);
                }
                let buf = &mut buf[..end - start];
                f.read_exact(start, buf)?;
                Ok(buf)
            }
        }
    }

    /// How the dataset file changed since it was loaded, if it did (errdex's own copies never
    /// change).
    pub fn changed(&self) -> Option<String> {
        match self {
            Bytes::File(f) => f.changed(),
            _ => None,
        }
    }

    /// Lets the kernel drop pages of a spooled copy already parsed from this process's
    /// memory; they are read back from the page cache if a record is shown later. Keeps peak
    /// RSS far below the file size while loading.
    pub fn release(&self, start: usize, end: usize) {
        if let Bytes::Spooled(m) = self {
            crate::mmap::release(m, start, end);
        }
    }
}

/// What reads bytes by position: a source's [`Bytes`], or a plain slice.
pub trait ReadAt {
    fn size(&self) -> usize;
    /// `bytes[start..end]`, clamped to the size.
    fn read_range(&self, start: usize, end: usize) -> io::Result<Cow<'_, [u8]>>;
}

impl ReadAt for Bytes {
    fn size(&self) -> usize {
        self.len()
    }

    fn read_range(&self, start: usize, end: usize) -> io::Result<Cow<'_, [u8]>> {
        self.read(start, end)
    }
}

impl ReadAt for [u8] {
    fn size(&self) -> usize {
        self.len()
    }

    fn read_range(&self, start: usize, end: usize) -> io::Result<Cow<'_, [u8]>> {
        let end = end.min(self.len());
        Ok(Cow::Borrowed(&self[start.min(end)..end]))
    }
}

impl ReadAt for Vec<u8> {
    fn size(&self) -> usize {
        self.len()
    }

    fn read_range(&self, start: usize, end: usize) -> io::Result<Cow<'_, [u8]>> {
        self.as_slice().read_range(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_with(text: &[u8]) -> (tempfile::TempDir, PathBuf, Bytes) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("d.jsonl");
        std::fs::write(&path, text).expect("write");
        let file = File::open(&path).expect("open");
        let bytes = Bytes::File(FileBytes::new(file, path.clone()).expect("stamp"));
        (dir, path, bytes)
    }

    #[test]
    fn a_file_is_read_by_position_and_reads_are_clamped() {
        let (_dir, _path, bytes) = file_with(b"hello world");
        assert_eq!(bytes.len(), 11);
        assert!(bytes.in_memory().is_none());
        assert_eq!(&*bytes.read(6, 11).expect("read"), b"world");
        assert_eq!(&*bytes.read(6, 99).expect("read"), b"world");
        assert_eq!(&*bytes.read(20, 30).expect("read"), b"");
        assert_eq!(bytes.changed(), None);
    }

    #[test]
    fn a_file_truncated_under_it_is_an_error_that_says_so_not_a_crash() {
        let (_dir, path, bytes) = file_with(&b"x".repeat(10_000));
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_len(0))
            .expect("truncate");
        let err = bytes.read(5_000, 6_000).expect_err("the bytes are gone");
        assert!(err.to_string().contains("10000 bytes then, 0 now"), "{err}");
        assert!(bytes.changed().is_some_and(|c| c.contains("changed")));
    }

    #[test]
    fn a_file_replaced_or_removed_under_it_is_noticed() {
        let (_dir, path, bytes) = file_with(b"one");
        let other = path.with_extension("new");
        std::fs::write(&other, b"two").expect("write");
        std::fs::rename(&other, &path).expect("rename");
        assert!(
            bytes.changed().is_some_and(|c| c.contains("replaced")),
            "{:?}",
            bytes.changed()
        );
        // The open file is still the one loaded, so its records still read.
        assert_eq!(&*bytes.read(0, 3).expect("read"), b"one");
        std::fs::remove_file(&path).expect("remove");
        assert!(bytes.changed().is_some_and(|c| c.contains("removed")));
    }
}
