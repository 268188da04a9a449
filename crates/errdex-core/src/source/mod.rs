//! Where records come from: files (read by position), directories, gzip, stdin, the embedded
//! sample. Gzip, stdin and pipes are spooled to an unlinked temporary file first (`spool.rs`)
//! and mapped, so every source is a byte range the detail views can read from on demand.
//! `scan.rs` (with `field.rs`) reads one record from a document of those bytes in a streaming
//! pass: the loader uses it to index, the dataset to read a whole record when it is shown.

mod bytes;
mod field;
pub mod scan;

pub use bytes::{Bytes, FileBytes, ReadAt};

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

mod spool;
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
    let mut paths: Vec<(PathBuf, Kind)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let kind = e.file_type().ok()?;
            // Symlinked directories are not followed (they can loop); a symlinked file is
            // read when what it points to is a regular file.
            let kind = if kind.is_dir() {
                Kind::Dir
            } else if kind.is_file()
                || (kind.is_symlink() && std::fs::metadata(e.path()).ok()?.is_file())
            {
                Kind::File
            } else {
                Kind::Special
            };
            Some((e.path(), kind))
        })
        .collect();
    paths.sort();
    for (path, kind) in paths {
        match kind {
            Kind::Dir => walk(&path, out, diags),
            Kind::File if is_dataset_file(&path) => out.push(SourceSpec::Path(path)),
            // Opening a FIFO waits for a writer that may never come: every command would hang.
            Kind::Special if is_dataset_file(&path) => diags.push(Diagnostic::warning(
                path.display().to_string(),
                0,
                "not a regular file (a FIFO, socket or device); skipped",
            )),
            _ => {}
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Dir,
    File,
    Special,
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

/// Opens one file spec (not a directory). The error is the message for a diagnostic; the
/// diagnostics are problems that cost part of the source (a gzip stream that breaks off).
pub fn open(spec: &SourceSpec) -> Result<(Source, Vec<Diagnostic>), String> {
    match spec {
        SourceSpec::Embedded { name, bytes } => Ok((
            Source {
                name: (*name).to_string(),
                bytes: Bytes::Static(bytes),
                extension: Some("jsonl".into()),
            },
            Vec::new(),
        )),
        SourceSpec::Stdin => {
            let spooled =
                spool::spool(io::stdin().lock()).map_err(|e| format!("cannot read stdin: {e}"))?;
            finish("<stdin>".into(), None, spooled)
        }
        SourceSpec::Path(path) => {
            let name = path.display().to_string();
            let mut file = File::open(path).map_err(|e| format!("cannot open: {e}"))?;
            let extension = extension_of(&name);
            let regular = file
                .metadata()
                .map_err(|e| format!("cannot read: {e}"))?
                .is_file();
            // A pipe, FIFO or device (`--data <(zcat f)`) cannot be mapped: read it like stdin.
            if !regular || starts_like_gzip(&mut file)? {
                let spooled = spool::spool(file).map_err(|e| format!("cannot read: {e}"))?;
                return finish(name, extension, spooled);
            }
            let bytes = if file
                .metadata()
                .map_err(|e| format!("cannot read: {e}"))?
                .len()
                == 0
            {
                Bytes::Static(&[])
            } else {
                Bytes::File(
                    FileBytes::new(file, path.clone()).map_err(|e| format!("cannot read: {e}"))?,
                )
            };
            Ok((
                Source {
                    name,
                    bytes,
                    extension,
                },
                Vec::new(),
            ))
        }
    }
}

/// Reads a regular file's first bytes, then goes back to its start.
fn starts_like_gzip(file: &mut File) -> Result<bool, String> {
    use std::io::Seek;
    let mut magic = [0u8; 2];
    let n = read_up_to(file, &mut magic).map_err(|e| format!("cannot read: {e}"))?;
    file.rewind().map_err(|e| format!("cannot read: {e}"))?;
    Ok(spool::is_gzip(&magic[..n]))
}

fn finish(
    name: String,
    extension: Option<String>,
    spooled: spool::Spooled,
) -> Result<(Source, Vec<Diagnostic>), String> {
    let diags = spooled
        .problems
        .into_iter()
        .map(|p| Diagnostic::error(&name, 0, p))
        .collect();
    Ok((map(name, extension, &spooled.file)?, diags))
}

/// errdex's own copy of a source, mapped, for a parse that needs all of it at once
/// (documents not one a line): nobody else can truncate the copy while it is read.
pub fn snapshot(bytes: &Bytes) -> Result<Bytes, String> {
    match bytes {
        Bytes::File(file) => {
            let copy = file
                .copy()
                .map_err(|e| format!("cannot copy to read: {e}"))?;
            Ok(map(String::new(), None, &copy)?.bytes)
        }
        Bytes::Static(s) => Ok(Bytes::Static(s)),
        Bytes::Spooled(_) => Err("a spooled copy needs no snapshot".into()),
    }
}

/// Maps errdex's own spooled copy (an empty one needs no map).
fn map(name: String, extension: Option<String>, file: &File) -> Result<Source, String> {
    let len = file
        .metadata()
        .map_err(|e| format!("cannot read: {e}"))?
        .len();
    let bytes = if len == 0 {
        Bytes::Static(&[])
    } else {
        let map = crate::mmap::map(file).map_err(|e| format!("cannot map: {e}"))?;
        Bytes::Spooled(map)
    };
    Ok(Source {
        name,
        bytes,
        extension,
    })
}

/// Fills `buf` from `reader` as far as it goes (a pipe may hand out one byte at a time).
pub fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
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
