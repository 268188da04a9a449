//! Streams that cannot be mapped (stdin, a pipe or FIFO named on the command line, gzip) are
//! copied into an unlinked temporary file first. The copy is bounded by the free space where
//! it goes, and a stream that breaks off keeps what arrived before the break: each of those
//! is reported, never silent.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use super::read_up_to;

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];

/// The share of the free space in the temporary folder a spool may fill: enough for any real
/// dataset, and a gzip bomb or an endless pipe still leaves the disk usable.
const FREE_SPACE_SHARE: u64 = 2;

/// Whether bytes start like gzip.
pub fn is_gzip(prefix: &[u8]) -> bool {
    prefix.starts_with(GZIP_MAGIC)
}

/// A stream copied to a temporary file, and what went wrong on the way (for diagnostics).
pub struct Spooled {
    pub file: File,
    pub problems: Vec<String>,
}

/// Copies a stream (decompressing it when it starts like gzip) into a temporary file of at
/// most half the free space in the temporary folder.
pub fn spool(reader: impl Read) -> io::Result<Spooled> {
    spool_within(reader, spool_limit())
}

/// `spool`, with the size limit given.
pub fn spool_within(mut reader: impl Read, limit: u64) -> io::Result<Spooled> {
    let mut prefix = [0u8; 2];
    let n = read_up_to(&mut reader, &mut prefix)?;
    let rejoined = io::Cursor::new(prefix[..n].to_vec()).chain(reader);
    if is_gzip(&prefix[..n]) {
        let decoder = flate2::read::MultiGzDecoder::new(io::BufReader::new(rejoined));
        copy_bounded(decoder, limit, true)
    } else {
        copy_bounded(rejoined, limit, false)
    }
}

fn copy_bounded(mut reader: impl Read, limit: u64, gzip: bool) -> io::Result<Spooled> {
    let mut file = tempfile::tempfile()?;
    let mut problems = Vec::new();
    let mut written: u64 = 0;
    let mut buf = vec![0u8; 1 << 20];
    {
        let mut writer = io::BufWriter::with_capacity(1 << 20, &mut file);
        loop {
            let n = match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    // A truncated gzip file fails at the cut: what came before it is good.
                    let what = if gzip {
                        "gzip data breaks off"
                    } else {
                        "reading stopped"
                    };
                    problems.push(format!(
                        "{what} after {} ({e}); the records before the break are kept, anything after it is lost",
                        size(written)
                    ));
                    break;
                }
            };
            let room = limit.saturating_sub(written);
            let take = n.min(usize::try_from(room).unwrap_or(usize::MAX));
            writer.write_all(&buf[..take])?;
            written += take as u64;
            if take < n {
                problems.push(format!(
                    "stopped after {}{}: that is half the free space in the temporary folder; the rest of this source was skipped (free some space or set TMPDIR to a roomier folder)",
                    size(written),
                    if gzip { " of decompressed data" } else { "" }
                ));
                break;
            }
        }
        writer.flush()?;
    }
    Ok(Spooled { file, problems })
}

/// A byte count as people read it.
fn size(bytes: u64) -> String {
    const MB: u64 = 1 << 20;
    if bytes >= MB {
        format!("{:.1} MB", bytes as f64 / MB as f64)
    } else {
        format!("{bytes} bytes")
    }
}

/// Half the space free to this user in the temporary folder; no limit when it cannot be told.
fn spool_limit() -> u64 {
    free_space(&std::env::temp_dir()).map_or(u64::MAX, |free| free / FREE_SPACE_SHARE)
}

#[cfg(unix)]
fn free_space(dir: &Path) -> Option<u64> {
    let s = rustix::fs::statvfs(dir).ok()?;
    Some(s.f_bavail.saturating_mul(s.f_frsize))
}

#[cfg(not(unix))]
fn free_space(_dir: &Path) -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Seek;

    fn contents(mut s: Spooled) -> (Vec<u8>, Vec<String>) {
        let mut out = Vec::new();
        s.file.rewind().unwrap();
        s.file.read_to_end(&mut out).unwrap();
        (out, s.problems)
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn plain_and_gzip_streams_are_copied_whole() {
        let (out, problems) = contents(spool_within(&b"{\"a\":1}\n"[..], 1 << 20).unwrap());
        assert_eq!(out, b"{\"a\":1}\n");
        assert!(problems.is_empty());
        let (out, problems) = contents(spool_within(&gzip(b"hello\n")[..], 1 << 20).unwrap());
        assert_eq!(out, b"hello\n");
        assert!(problems.is_empty());
        let (out, _) = contents(spool_within(&b"x"[..], 10).unwrap());
        assert_eq!(
            out, b"x",
            "a one-byte stream is not lost to the magic check"
        );
    }

    #[test]
    fn a_truncated_gzip_keeps_what_came_before_the_cut() {
        let text: String = (0..2000)
            .map(|i| format!("{{\"id\":\"r{i}\",\"errorMessage\":\"m {i}\"}}\n"))
            .collect();
        let packed = gzip(text.as_bytes());
        let cut = &packed[..packed.len() * 3 / 4];
        let (out, problems) = contents(spool_within(cut, u64::MAX).unwrap());
        assert!(out.len() > text.len() / 2, "kept {} bytes", out.len());
        assert!(text.as_bytes().starts_with(&out));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("gzip data breaks off after"),
            "{problems:?}"
        );
    }

    #[test]
    fn the_copy_stops_at_the_limit_and_says_so() {
        let bomb = gzip(&vec![b'a'; 4 << 20]);
        let (out, problems) = contents(spool_within(&bomb[..], 1 << 20).unwrap());
        assert_eq!(out.len(), 1 << 20);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("stopped after 1.0 MB of decompressed data"),
            "{problems:?}"
        );
    }

    #[test]
    fn there_is_a_limit_on_this_machine() {
        assert!(
            spool_limit() < u64::MAX,
            "statvfs of the temp dir works here"
        );
    }
}
