//! Where records come from: files (memory-mapped), directories, gzip, stdin, the embedded
//! sample. Gzip and stdin are spooled to an unlinked temporary file first, so every source
//! is a byte range the detail views can read from on demand. `scan.rs` (with `field.rs`)
//! reads one record from a document of those bytes in a streaming pass: the loader uses it
//! to index, the dataset to read a whole record when it is shown.

mod field;
pub mod scan;

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::diag::Diagnostic;

/// What the user named with `--data` (or the default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceSpec {
    Path(PathBuf),
    Stdin,
    Embedded {
        name: &'static str,
        bytes: &'static [u8],
    },
}

impl SourceSpec {
    /// `-` is stdin, anything else a path.
    pub fn parse(arg: &str) -> Self {
        if arg == "-" {
            SourceSpec::Stdin
        } else {
            SourceSpec::Path(PathBuf::from(arg))
        }
    }
}

/// The bytes of one source, alive as long as the dataset.
pub enum Bytes {
    Mapped(Mmap),
    Static(&'static [u8]),
}

impl Bytes {
    pub fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Static(s) => s,
        }
    }

    /// Lets the kernel drop pages already parsed from this process's memory; they are read
    /// back from the page cache if a record is shown later. Keeps peak RSS far below the
    /// file size while loading.
    pub fn release(&self, start: usize, end: usize) {
        if let Bytes::Mapped(m) = self
            && end > start
        {
            // SAFETY: the map is read-only and file-backed, so MADV_DONTNEED only drops page
            // table entries; the next read faults the same bytes back in from the file.
            let _ = unsafe {
                m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
            };
        }
    }
}

/// One opened source.
pub struct Source {
    /// The name diagnostics use: the path as given, `<stdin>`, `<sample>`.
    pub name: String,
    pub bytes: Bytes,
    /// The file extension after any `.gz`, as a layout hint.
    pub extension: Option<String>,
}

/// The extensions of dataset files in a folder (each optionally followed by `.gz`).
pub const EXTENSIONS: &[&str] = &["json", "jsonl", "ndjson", "txt"];

/// Lists the files a spec names: a file itself, or the dataset files below a directory
/// (sorted, so the order of records is the same on every run).
pub fn expand(spec: &SourceSpec, out: &mut Vec<SourceSpec>, diags: &mut Vec<Diagnostic>) {
    let SourceSpec::Path(path) = spec else {
        out.push(spec.clone());
        return;
    };
    if !path.is_dir() {
        out.push(spec.clone());
        return;
    }
    let before = out.len();
    walk(path, out, diags);
    if out.len() == before {
        diags.push(Diagnostic::warning(
            path.display().to_string(),
            0,
            "no dataset files (.json .jsonl .ndjson .txt, optionally .gz) in this directory",
        ));
    }
}

fn walk(dir: &Path, out: &mut Vec<SourceSpec>, diags: &mut Vec<Diagnostic>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            diags.push(Diagnostic::error(
                dir.display().to_string(),
                0,
                e.to_string(),
            ));
            return;
        }
    };
    let mut paths: Vec<(PathBuf, bool)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            // Symlinked directories are not followed: they can loop.
            let is_dir = e.file_type().ok()?.is_dir();
            Some((e.path(), is_dir))
        })
        .collect();
    paths.sort();
    for (path, is_dir) in paths {
        if is_dir {
            walk(&path, out, diags);
        } else if is_dataset_file(&path) {
            out.push(SourceSpec::Path(path));
        }
    }
}

pub fn is_dataset_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let name = name.strip_suffix(".gz").unwrap_or(name);
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    ext.is_some_and(|e| EXTENSIONS.contains(&e.as_str()))
}

fn extension_of(name: &str) -> Option<String> {
    let name = name.strip_suffix(".gz").unwrap_or(name);
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
    file.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())
}

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];

/// Opens one file spec (not a directory). The error is the message for a diagnostic.
pub fn open(spec: &SourceSpec) -> Result<Source, String> {
    match spec {
        SourceSpec::Embedded { name, bytes } => Ok(Source {
            name: (*name).to_string(),
            bytes: Bytes::Static(bytes),
            extension: Some("jsonl".into()),
        }),
        SourceSpec::Stdin => {
            let spooled =
                spool(io::stdin().lock()).map_err(|e| format!("cannot read stdin: {e}"))?;
            finish("<stdin>".into(), None, spooled)
        }
        SourceSpec::Path(path) => {
            let name = path.display().to_string();
            let file = File::open(path).map_err(|e| format!("cannot open: {e}"))?;
            let extension = extension_of(&name);
            finish(name, extension, file)
        }
    }
}

/// Maps a file; gzip content is decompressed into a spool file first.
fn finish(name: String, extension: Option<String>, mut file: File) -> Result<Source, String> {
    let mut magic = [0u8; 2];
    let n = read_up_to(&mut file, &mut magic).map_err(|e| format!("cannot read: {e}"))?;
    let is_gzip = &magic[..n] == GZIP_MAGIC;
    if is_gzip {
        use std::io::Seek;
        file.rewind().map_err(|e| format!("cannot read: {e}"))?;
        let decoder = flate2::read::MultiGzDecoder::new(io::BufReader::new(file));
        file = spool(decoder).map_err(|e| format!("cannot decompress gzip: {e}"))?;
    }
    let len = file
        .metadata()
        .map_err(|e| format!("cannot read: {e}"))?
        .len();
    let bytes = if len == 0 {
        Bytes::Static(&[])
    } else {
        // SAFETY: the map is read-only; a file truncated by someone else while errdex runs
        // is outside what any reader of a mapped file can guard against.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| format!("cannot map: {e}"))?;
        Bytes::Mapped(map)
    };
    Ok(Source {
        name,
        bytes,
        extension,
    })
}

/// Fills `buf` from the start of `file` as far as the file goes.
pub fn read_up_to(file: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match file.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// Copies a stream into an unlinked temporary file, ready to map.
fn spool(mut reader: impl Read) -> io::Result<File> {
    let mut file = tempfile::tempfile()?;
    let mut writer = io::BufWriter::with_capacity(1 << 20, &mut file);
    io::copy(&mut reader, &mut writer)?;
    writer.flush()?;
    drop(writer);
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_dataset_files() {
        for ok in ["a.json", "b.JSONL", "c.ndjson.gz", "d.txt", "e.json.gz"] {
            assert!(is_dataset_file(Path::new(ok)), "{ok}");
        }
        for no in ["a.md", "b.gz", "c", "d.jsonx"] {
            assert!(!is_dataset_file(Path::new(no)), "{no}");
        }
        assert_eq!(extension_of("dir.v2/x.jsonl.gz").as_deref(), Some("jsonl"));
        assert_eq!(extension_of("dir.v2/x").as_deref(), None);
    }
}
