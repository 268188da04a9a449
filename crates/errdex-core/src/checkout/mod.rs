//! From a record to the user's own checkout: which folder holds the repository, where the
//! error line is in today's version of the file, and how many commits since the record was
//! analysed touched it. Knows nothing of terminals; `where`, `edit` and the browser call it.

mod discover;
mod follow;
mod history;
pub(crate) mod remote;

use std::fmt;
use std::path::{Component, Path, PathBuf};

pub use discover::{Found, SCAN_DEPTH, configured_checkouts, find_checkout, forget_checkouts};
pub use follow::{Line, Snippet, follow};
pub use history::{Since, commits_since};
pub use remote::{checkout_remote_urls, checkout_slugs, slug_of_url};

use crate::config::{Checkouts, repo_slug};
use crate::record::Record;

/// Files bigger than this are not read: no source file is, and reading one would stall.
pub const MAX_FILE_BYTES: u64 = 20 << 20;
/// How much of the start of a file is looked at for NUL bytes to call it binary.
const BINARY_PROBE: usize = 8000;
/// Lines shown around today's line when the record has no snippet to size the view by.
const CONTEXT_WITHOUT_SNIPPET: usize = 10;

/// The record's file in the user's checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub checkout: PathBuf,
    pub file: PathBuf,
    pub line: Line,
    /// Commits since `analyzedSha` that touched the file; `None` without an `analyzedSha`.
    pub since: Option<Since>,
    /// Today's lines around the error line, as many as the snippet has.
    pub window: Option<Window>,
}

/// A stretch of the local file, numbered from `start`, with today's error line `marked`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    pub text: String,
    pub start: usize,
    pub marked: usize,
}

/// Why a record could not be followed into a checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotLocated {
    NoRepo,
    NoPath,
    /// `filePath` is absolute or climbs out of the checkout with `..`.
    BadPath(String),
    NoCheckout {
        repo: String,
        roots: usize,
        /// `repo_roots` entries that are not folders: likely the reason.
        missing_roots: Vec<PathBuf>,
    },
    MissingFolder {
        repo: String,
        folder: PathBuf,
    },
    NoFile {
        repo: String,
        file: PathBuf,
    },
    Unreadable {
        file: PathBuf,
        why: String,
    },
}

impl fmt::Display for NotLocated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotLocated::NoRepo => f.write_str("the record names no repository (`repo`)"),
            NotLocated::NoPath => f.write_str("the record names no file (`filePath`)"),
            NotLocated::BadPath(p) => write!(f, "filePath `{p}` is not a path inside a checkout"),
            NotLocated::NoCheckout { repo, roots: 0, .. } => write!(
                f,
                "no checkout of {repo}: map it in config.toml ([repos] \"{repo}\" = \"PATH\") or name the folder holding your clones in repo_roots"
            ),
            NotLocated::NoCheckout {
                repo,
                roots,
                missing_roots,
            } => {
                write!(
                    f,
                    "no checkout of {repo} found under the {roots} repo_roots folder{} ({SCAN_DEPTH} levels deep); map it in config.toml ([repos] \"{repo}\" = \"PATH\")",
                    if *roots == 1 { "" } else { "s" }
                )?;
                let missing: Vec<String> = missing_roots
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    write!(f, "; not a folder: {}", missing.join(", "))
                }
            }
            NotLocated::MissingFolder { repo, folder } => write!(
                f,
                "config.toml maps {repo} to {}, which is not a folder",
                folder.display()
            ),
            NotLocated::NoFile { repo, file } => {
                write!(f, "the checkout of {repo} has no file {}", file.display())
            }
            NotLocated::Unreadable { file, why } => write!(f, "{}: {why}", file.display()),
        }
    }
}

impl Located {
    /// `PATH:LINE` of today's line; `None` when the line is gone.
    pub fn position(&self) -> Option<String> {
        let line = self.line.local()?;
        Some(format!("{}:{line}", self.file.display()))
    }

    /// What to tell the user beside the position: the move, the commits since analysis, or
    /// that the line could not be checked. `None` when the line is where the record says and
    /// nothing changed the file.
    pub fn note(&self) -> Option<String> {
        let mut parts = Vec::new();
        match self.line {
            Line::Same(_) => {}
            Line::Moved { from, .. } => parts.push(format!("moved from {from}")),
            Line::Gone { from } => parts.push(format!(
                "the error line (was {from}) is no longer in the file"
            )),
            Line::Unchecked(_) => {
                parts.push("not checked: the record has no snippet of that line".into());
            }
        }
        match &self.since {
            Some(Since::Commits(0)) if parts.is_empty() => {}
            Some(Since::Commits(n)) => parts.push(format!(
                "{n} commit{} since analysis",
                if *n == 1 { "" } else { "s" }
            )),
            Some(Since::UnknownCommit) => {
                parts.push("the analysed commit is not in this checkout".into());
            }
            Some(Since::Unavailable(why)) => {
                parts.push(format!("commits since analysis unknown: {why}"));
            }
            None => {}
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// Follows `record` into its checkout.
pub fn locate(
    record: &Record,
    checkouts: &Checkouts,
    cache_dir: Option<&Path>,
) -> Result<Located, NotLocated> {
    let repo = record.repo.as_deref().and_then(repo_slug);
    let repo = repo.ok_or(NotLocated::NoRepo)?;
    let rel = record.file_path.as_deref().map(str::trim);
    let rel = rel.filter(|p| !p.is_empty()).ok_or(NotLocated::NoPath)?;
    let rel_path = Path::new(rel);
    if !rel_path
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(NotLocated::BadPath(rel.to_string()));
    }
    let checkout = match find_checkout(checkouts, &repo, cache_dir) {
        Found::Checkout(dir) => dir,
        Found::MissingFolder(folder) => return Err(NotLocated::MissingFolder { repo, folder }),
        Found::None { roots } => {
            let missing_roots = checkouts.roots.iter().filter(|r| !r.is_dir()).cloned();
            return Err(NotLocated::NoCheckout {
                repo,
                roots,
                missing_roots: missing_roots.collect(),
            });
        }
    };
    let file = checkout.join(rel_path);
    // A symbolic link inside the checkout (`pw -> /etc/passwd`, `evil -> /etc`) may lead
    // anywhere: what counts is where the file really is.
    if let (Ok(real), Ok(root)) = (file.canonicalize(), checkout.canonicalize())
        && !real.starts_with(&root)
    {
        return Err(NotLocated::BadPath(rel.to_string()));
    }
    let text = read_source(&file).map_err(|why| match why {
        None => NotLocated::NoFile {
            repo: repo.clone(),
            file: file.clone(),
        },
        Some(why) => NotLocated::Unreadable {
            file: file.clone(),
            why,
        },
    })?;
    let local = follow::lines(&text);
    let old = record
        .line_number
        .filter(|&n| n >= 1)
        .map_or(1, |n| n as usize);
    let snippet = record.source_code.as_deref().map(|text| Snippet {
        text,
        start: record
            .source_code_start
            .filter(|&n| n >= 1)
            .map_or(1, |n| n as usize),
    });
    let line = follow(&local, old, snippet);
    let since = record
        .analyzed_sha
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(|sha| commits_since(&checkout, sha, rel));
    let window = line.local().map(|today| window(&local, today, old, record));
    Ok(Located {
        checkout,
        file,
        line,
        since,
        window,
    })
}

/// The file's text; `Err(None)` when it does not exist, `Err(Some(why))` when it cannot be
/// shown (a folder, binary, huge, unreadable).
fn read_source(file: &Path) -> Result<String, Option<String>> {
    let meta = match std::fs::metadata(file) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(None),
        Err(e) => return Err(Some(format!("cannot read: {e}"))),
    };
    if !meta.is_file() {
        return Err(Some("not a file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Some(format!(
            "a {} MB file, bigger than the {} MB errdex reads",
            meta.len() >> 20,
            MAX_FILE_BYTES >> 20
        )));
    }
    let bytes = std::fs::read(file).map_err(|e| Some(format!("cannot read: {e}")))?;
    if bytes[..bytes.len().min(BINARY_PROBE)].contains(&0) {
        return Err(Some("a binary file, not source text".into()));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The local lines matching the record's snippet in extent: as many lines above and below
/// today's line as the snippet had around the old one.
fn window(local: &[&str], today: usize, old: usize, record: &Record) -> Window {
    let snippet_len = record
        .source_code
        .as_deref()
        .map_or(0, |s| s.lines().count());
    let start = record
        .source_code_start
        .filter(|&n| n >= 1)
        .map(|n| n as usize);
    let (above, below) = match start {
        Some(start) if snippet_len > 0 && (start..start + snippet_len).contains(&old) => {
            (old - start, start + snippet_len - 1 - old)
        }
        _ => (CONTEXT_WITHOUT_SNIPPET, CONTEXT_WITHOUT_SNIPPET),
    };
    let first = today.saturating_sub(above).max(1);
    let last = (today + below).min(local.len());
    let text = local[first - 1..last].join("\n");
    Window {
        text,
        start: first,
        marked: today,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(path: &str) -> Record {
        Record {
            id: "r".into(),
            repo: Some("Acme/Shop".into()),
            file_path: Some(path.into()),
            line_number: Some(2),
            ..Record::default()
        }
    }

    #[test]
    fn paths_that_leave_the_checkout_and_huge_files_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let checkouts = Checkouts {
            repos: vec![("acme/shop".into(), dir.path().to_path_buf())],
            roots: Vec::new(),
        };
        for bad in ["../etc/passwd", "/etc/passwd", "src/../../x"] {
            assert_eq!(
                locate(&record(bad), &checkouts, None),
                Err(NotLocated::BadPath(bad.into()))
            );
        }
        // Through a link inside the checkout, to a file or into a folder outside it.
        let outside = tempfile::tempdir().expect("temp dir");
        std::fs::write(outside.path().join("passwd"), "root\nx\n").expect("write");
        let link = |to: &Path, name: &str| {
            std::os::unix::fs::symlink(to, dir.path().join(name)).expect("symlink");
        };
        link(&outside.path().join("passwd"), "pw");
        link(outside.path(), "evil");
        for bad in ["pw", "evil/passwd"] {
            assert_eq!(
                locate(&record(bad), &checkouts, None),
                Err(NotLocated::BadPath(bad.into()))
            );
        }
        let big = std::fs::File::create(dir.path().join("big.rs")).expect("create");
        big.set_len(MAX_FILE_BYTES + 1).expect("grow");
        let err = locate(&record("big.rs"), &checkouts, None).expect_err("too big");
        assert!(err.to_string().contains("bigger than the 20 MB"), "{err}");
        std::fs::write(dir.path().join("ok.rs"), "a\nb\nc\n").expect("write");
        let found = locate(&record("./ok.rs"), &checkouts, None).expect("located");
        // No snippet: the number is taken as it is, with context around it.
        assert_eq!(found.line, Line::Unchecked(2));
        assert_eq!(found.since, None);
        let window = found.window.clone().expect("a window");
        assert_eq!((window.start, window.marked), (1, 2));
        assert_eq!(window.text, "a\nb\nc");
        assert_eq!(
            found.position(),
            Some(format!("{}:2", found.file.display()))
        );
    }
}
