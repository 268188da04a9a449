//! Turning a fetched file into the dataset file of a version: gzip unpacked (with the size
//! limit on what comes out: a small bomb must not fill the disk), and an HTML page named for
//! what it is before the loader reports it as a thousand broken records.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::{Failure, Limits};
use crate::source::{EXTENSIONS, read_up_to};

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The dataset file name for a URL: its extension kept (after any `.gz`) so the loader gets
/// the same hint it would from the original; `json` when the URL has none it knows.
pub fn file_name_for(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let last = path.rsplit('/').next().unwrap_or("");
    let last = last.strip_suffix(".gz").unwrap_or(last);
    let ext = last
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .filter(|e| EXTENSIONS.contains(&e.as_str()));
    format!("records.{}", ext.as_deref().unwrap_or("json"))
}

/// Moves or unpacks `fetched` to `to`.
pub fn unpack(fetched: &Path, to: &Path, limits: &Limits) -> Result<(), Failure> {
    let cannot = |e: io::Error| Failure::failed(format!("cannot unpack: {e}"));
    let mut file = File::open(fetched).map_err(cannot)?;
    let mut magic = [0u8; 2];
    let n = read_up_to(&mut file, &mut magic).map_err(cannot)?;
    if n == 2 && magic == GZIP_MAGIC {
        drop(file);
        gunzip(fetched, to, limits)?;
        std::fs::remove_file(fetched).map_err(cannot)?;
    } else {
        std::fs::rename(fetched, to).map_err(cannot)?;
    }
    if looks_like_html(to).map_err(cannot)? {
        return Err(html());
    }
    Ok(())
}

pub fn html() -> Failure {
    Failure::failed("the server sent an HTML page, not a dataset".into())
}

fn gunzip(from: &Path, to: &Path, limits: &Limits) -> Result<(), Failure> {
    let cannot = |e: io::Error| Failure::failed(format!("cannot unpack: {e}"));
    let input = File::open(from).map_err(cannot)?;
    let mut decoder = flate2::read::MultiGzDecoder::new(BufReader::new(input));
    let mut out = BufWriter::with_capacity(1 << 20, File::create(to).map_err(cannot)?);
    match copy_limited(&mut decoder, &mut out, limits.max_bytes, |_, _| {}) {
        Ok(_) => {}
        Err(CopyError::Read(e)) => {
            return Err(Failure::failed(format!(
                "the gzip data is broken ({e}): truncated or corrupt"
            )));
        }
        Err(CopyError::Write(e)) => return Err(cannot(e)),
        Err(CopyError::TooBig) => {
            return Err(Failure::failed(format!(
                "it unpacks to more than the limit of {} MB (max_size_mb); not unpacked further",
                limits.max_bytes / 1_000_000
            )));
        }
    }
    out.flush().map_err(cannot)?;
    out.get_ref().sync_all().map_err(cannot)?;
    Ok(())
}

/// Checks that the files under `dir` (a git remote's records) come to at most `max_size_mb`
/// once unpacked, as an HTTP download is held to: a small `.gz` that unpacks to gigabytes would
/// otherwise be unpacked again by every search.
pub fn check_unpacked_size(dir: &Path, limits: &Limits) -> Result<(), Failure> {
    let cannot = |e: io::Error| Failure::failed(format!("cannot read the records: {e}"));
    let too_big = || {
        Failure::failed(format!(
            "the records unpack to more than the limit of {} MB (max_size_mb)",
            limits.max_bytes / 1_000_000
        ))
    };
    let mut left = limits.max_bytes;
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).map_err(cannot)? {
            let entry = entry.map_err(cannot)?;
            let kind = entry.file_type().map_err(cannot)?;
            if kind.is_dir() {
                folders.push(entry.path());
                continue;
            }
            let mut file = File::open(entry.path()).map_err(cannot)?;
            let mut magic = [0u8; 2];
            let gzip =
                read_up_to(&mut file, &mut magic).map_err(cannot)? == 2 && magic == GZIP_MAGIC;
            let size = if gzip {
                let file = File::open(entry.path()).map_err(cannot)?;
                let mut decoder = flate2::read::MultiGzDecoder::new(BufReader::new(file));
                match copy_limited(&mut decoder, &mut io::sink(), left, |_, _| {}) {
                    Ok(n) => n,
                    Err(CopyError::TooBig) => return Err(too_big()),
                    // A broken archive is the loader's to report, with its file and line.
                    Err(CopyError::Read(_) | CopyError::Write(_)) => 0,
                }
            } else {
                entry.metadata().map_err(cannot)?.len()
            };
            left = left.checked_sub(size).ok_or_else(too_big)?;
        }
    }
    Ok(())
}

pub(super) enum CopyError {
    Read(io::Error),
    Write(io::Error),
    /// More than the limit came; the copy stopped there.
    TooBig,
}

/// Copies `reader` to `out` to its end but never more than `max` bytes; `seen` gets each
/// chunk and the bytes so far (for a hash, a progress meter).
pub(super) fn copy_limited(
    reader: &mut impl Read,
    out: &mut impl Write,
    max: u64,
    mut seen: impl FnMut(&[u8], u64),
) -> Result<u64, CopyError> {
    let mut buf = vec![0u8; 64 * 1024];
    let mut copied = 0u64;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => return Ok(copied),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(CopyError::Read(e)),
        };
        copied += n as u64;
        if copied > max {
            return Err(CopyError::TooBig);
        }
        out.write_all(&buf[..n]).map_err(CopyError::Write)?;
        seen(&buf[..n], copied);
    }
}

/// Whether the file starts (after white space and a BOM) with `<`: no JSON document does.
pub fn looks_like_html(path: &Path) -> io::Result<bool> {
    let mut head = [0u8; 512];
    let n = read_up_to(&mut File::open(path)?, &mut head)?;
    let text = head[..n]
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(&head[..n]);
    Ok(text
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'<'))
}

/// The data folder of a staged version.
pub fn data_dir(staging: &Path) -> PathBuf {
    staging.join("data")
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn limits(max_bytes: u64) -> Limits {
        Limits {
            max_bytes,
            timeout: std::time::Duration::from_secs(1),
        }
    }

    #[test]
    fn names_keep_the_extension() {
        assert_eq!(
            file_name_for("https://h/x/errors.jsonl.gz?t=1"),
            "records.jsonl"
        );
        assert_eq!(file_name_for("file:///a/b.JSON"), "records.json");
        assert_eq!(file_name_for("https://h/download"), "records.json");
    }

    #[test]
    fn a_folder_of_records_is_held_to_the_limit_once_unpacked() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&vec![b'\n'; 3_000_000]).expect("compress");
        let bomb = gz.finish().expect("compress");
        assert!(bomb.len() < 100_000);
        std::fs::create_dir_all(dir.path().join("sub")).expect("mkdir");
        std::fs::write(dir.path().join("sub/records.jsonl.gz"), &bomb).expect("write");
        assert!(check_unpacked_size(dir.path(), &limits(4_000_000)).is_ok());
        let err = check_unpacked_size(dir.path(), &limits(2_000_000)).expect_err("over");
        assert!(
            err.message
                .contains("unpack to more than the limit of 2 MB"),
            "{}",
            err.message
        );
        // Plain files count too, with what the archive unpacks to.
        std::fs::write(dir.path().join("more.jsonl"), vec![b' '; 1_500_000]).expect("write");
        assert!(check_unpacked_size(dir.path(), &limits(4_000_000)).is_err());
    }

    #[test]
    fn gzip_is_unpacked_within_the_limit() {
        let dir = tempfile::tempdir().expect("temp dir");
        let packed = dir.path().join("in");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&vec![b' '; 100_000]).expect("gzip");
        gz.write_all(b"{\"errorMessage\":\"x\"}\n").expect("gzip");
        std::fs::write(&packed, gz.finish().expect("gzip")).expect("write");
        let out = dir.path().join("out.jsonl");
        let bomb = unpack(&packed, &out, &limits(50_000)).expect_err("too big");
        assert!(
            bomb.message.contains("unpacks to more than"),
            "{}",
            bomb.message
        );
        unpack(&packed, &out, &limits(1_000_000)).expect("fits");
        assert_eq!(std::fs::metadata(&out).expect("out").len(), 100_021);
    }

    #[test]
    fn truncated_gzip_and_html_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let packed = dir.path().join("in");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"{\"errorMessage\":\"x\"}\n".repeat(1000).as_slice())
            .expect("gzip");
        let bytes = gz.finish().expect("gzip");
        std::fs::write(&packed, &bytes[..bytes.len() / 2]).expect("write");
        let e = unpack(&packed, &dir.path().join("o"), &limits(1 << 30)).err();
        assert!(e.is_some_and(|f| f.message.contains("gzip data is broken")));
        let page = dir.path().join("page");
        std::fs::write(&page, "\u{feff}\n  <!doctype html><p>login</p>").expect("write");
        let e = unpack(&page, &dir.path().join("p"), &limits(1 << 30)).err();
        assert!(e.is_some_and(|f| f.message.contains("HTML page")));
    }
}
