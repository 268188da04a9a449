//! `errdex scan`: every place a checkout's code raises or logs an error, as a record. Each
//! file is parsed with tree-sitter; one table per language says which calls count
//! (`rust`, `go`, `python`, `java`, `js`, `c`, in [`lang`] the calls each is written with;
//! [`own`] the config's own functions); [`tree`] walks, [`record`] builds the records, [`walk`]
//! picks the files, [`output`] writes them and says what changed, [`rescan`] and
//! [`state`] reparse only the files that changed; [`deferred`] resolves what one file cannot
//! say alone (a Python exception whose class, maybe in another file, writes the message)
//! over the whole checkout when the output is assembled.

pub mod anchors;
mod c;
pub mod deferred;
pub mod elide;
pub mod git;
mod go;
mod go_types;
mod java;
mod js;
pub mod lang;
pub mod message;
pub mod module;
pub mod output;
pub mod own;
mod python;
mod python_args;
mod python_callers;
mod python_classes;
mod python_templates;
mod python_walk;
pub mod record;
pub mod rescan;
mod resolved;
mod rust;
mod rust_display;
mod rust_text;
pub mod site;
pub mod state;
pub mod tree;
mod variable;
pub mod walk;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value};
use xxhash_rust::xxh3::xxh3_64;

pub use git::Origin;
pub use lang::Language;
pub use walk::{Candidate, Filter};

/// Files bigger than this are generated (a bundled parser, a table); they are skipped with
/// a line that says so.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// What a previous scan knew of a file: its size, mtime and content hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub size: u64,
    pub mtime: u128,
    pub hash: u64,
}

/// One scanned file.
#[derive(Debug, Clone)]
pub struct FileScan {
    pub rel: String,
    pub language: Language,
    pub seen: Seen,
    /// `None`: unchanged since the previous scan, whose records stand.
    pub records: Option<Vec<Map<String, Value>>>,
    /// Where the file stopped parsing cleanly: its other sites are kept.
    pub broken_at: Option<usize>,
    /// What is resolved over the repository ([`deferred`]); `None` when unchanged.
    pub deferred: Option<deferred::Deferred>,
}

/// One checkout's scan.
#[derive(Debug)]
pub struct Scanned {
    pub root: PathBuf,
    pub origin: Origin,
    pub files: Vec<FileScan>,
    /// The records of the raises whose message a class of the repository writes
    /// ([`deferred::resolve`]), over the files read: a rescan resolves them again with the
    /// classes of the files it did not read.
    pub resolved: Vec<Map<String, Value>>,
    /// One line each: a file or folder skipped or read only in part, and why.
    pub problems: Vec<String>,
    /// Bytes read and parsed (unchanged files are not read).
    pub bytes_parsed: u64,
    pub files_parsed: usize,
}

/// Scans `start`, a folder in the checkout at `root` (often the root itself). `previous`
/// says what an earlier scan saw of a file; a file whose size and mtime, or else content
/// hash, are the same is not parsed again.
pub fn scan(
    root: &Path,
    start: &Path,
    filter: &Filter,
    previous: &(dyn Fn(&str) -> Option<Seen> + Sync),
) -> Scanned {
    let origin = git::origin(root);
    let walked = walk::walk(root, start, filter);
    let analyzed_at = humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, FileOutcome)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism()
        .map_or(2, std::num::NonZero::get)
        .min(8);
    let calls = lang::Calls::new(&filter.log_functions);
    let job = Job {
        origin: &origin,
        filter,
        calls: &calls,
        manifests: &walked.manifests,
        analyzed_at: &analyzed_at,
        previous,
    };
    std::thread::scope(|s| {
        for _ in 0..threads.min(walked.files.len().max(1)) {
            let (job, next, results, files) = (&job, &next, &results, &walked.files);
            let worker = std::thread::Builder::new().stack_size(16 << 20);
            let spawned = worker.spawn_scoped(s, move || {
                let mut parsers = HashMap::new();
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    mine.push((i, job.file(file, &mut parsers)));
                }
                if let Ok(mut all) = results.lock() {
                    all.extend(mine);
                }
            });
            if spawned.is_err() {
                // No thread: the files no worker reaches are done on this one, below.
                break;
            }
        }
    });
    let mut results = results.into_inner().unwrap_or_default();
    // Files no worker reached (a thread could not be started) are done here.
    let done: std::collections::HashSet<usize> = results.iter().map(|(i, _)| *i).collect();
    let mut parsers = HashMap::new();
    for (i, file) in walked.files.iter().enumerate() {
        if !done.contains(&i) {
            results.push((i, job.file(file, &mut parsers)));
        }
    }
    results.sort_by_key(|(i, _)| *i);
    let mut scanned = Scanned {
        root: root.to_path_buf(),
        origin: origin.clone(),
        files: Vec::new(),
        resolved: Vec::new(),
        problems: walked.problems,
        bytes_parsed: 0,
        files_parsed: 0,
    };
    for (_, result) in results {
        match result {
            Ok((file, parsed)) => {
                if let Some(line) = file.broken_at {
                    scanned.problems.push(format!(
                        "{}:{line}: does not parse here; the sites of the rest are kept",
                        file.rel
                    ));
                }
                if file.records.is_some() {
                    scanned.files_parsed += 1;
                }
                scanned.bytes_parsed += parsed;
                scanned.files.push(file);
            }
            Err(problem) => scanned.problems.push(problem),
        }
    }
    let deferred: Vec<(&str, &deferred::Deferred)> = scanned
        .files
        .iter()
        .filter_map(|f| Some((f.rel.as_str(), f.deferred.as_ref()?)))
        .collect();
    scanned.resolved = deferred::resolve(&deferred, &origin, root);
    scanned
}

/// A scanned file and the bytes parsed for it, or the line that says why it was skipped.
type FileOutcome = Result<(FileScan, u64), String>;

struct Job<'a> {
    origin: &'a Origin,
    filter: &'a Filter,
    /// The tables with the config's own functions.
    calls: &'a lang::Calls,
    manifests: &'a module::Manifests,
    analyzed_at: &'a str,
    previous: &'a (dyn Fn(&str) -> Option<Seen> + Sync),
}

impl Job<'_> {
    /// One file: reused, or read, parsed and turned into records; `Err` is the line that
    /// says why it was skipped.
    fn file(
        &self,
        file: &Candidate,
        parsers: &mut HashMap<Language, tree_sitter::Parser>,
    ) -> FileOutcome {
        let before = (self.previous)(&file.rel);
        let unchanged = |seen: Seen| FileScan {
            rel: file.rel.clone(),
            language: file.language,
            seen,
            records: None,
            broken_at: None,
            deferred: None,
        };
        if let Some(seen) = before
            && seen.size == file.size
            && seen.mtime == file.mtime
        {
            return Ok((unchanged(seen), 0));
        }
        if file.size > MAX_FILE_BYTES {
            return Err(format!(
                "{}: skipped: {} MB, more than {} MB (generated?)",
                file.rel,
                file.size >> 20,
                MAX_FILE_BYTES >> 20
            ));
        }
        let bytes =
            std::fs::read(&file.abs).map_err(|e| format!("{}: cannot read: {e}", file.rel))?;
        let seen = Seen {
            size: bytes.len() as u64,
            mtime: file.mtime,
            hash: xxh3_64(&bytes),
        };
        if before.is_some_and(|b| b.hash == seen.hash) {
            return Ok((unchanged(seen), 0));
        }
        if bytes[..bytes.len().min(8192)].contains(&0) {
            return Err(format!("{}: skipped: binary", file.rel));
        }
        let text = String::from_utf8_lossy(&bytes);
        let python = file.language == Language::Python;
        let go = file.language == Language::Go;
        let may_have_sites = self.calls.may_have_sites(file.language, text.as_bytes())
            || (python && python_classes::may_define(text.as_bytes()))
            || (go && go_types::may_build(text.as_bytes()));
        if !may_have_sites {
            let scan = FileScan {
                rel: file.rel.clone(),
                language: file.language,
                seen,
                records: Some(Vec::new()),
                broken_at: None,
                deferred: Some(deferred::Deferred::default()),
            };
            return Ok((scan, bytes.len() as u64));
        }
        let parser = match parsers.entry(file.language) {
            std::collections::hash_map::Entry::Occupied(p) => p.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let mut parser = tree_sitter::Parser::new();
                parser
                    .set_language(&file.language.tree_sitter())
                    .map_err(|e| {
                        format!("{}: cannot parse {}: {e}", file.rel, file.language.name())
                    })?;
                v.insert(parser)
            }
        };
        let anchors = anchors::anchors(self.calls, file.language, text.as_bytes());
        let tree = parse(parser, file.language, &text, anchors.as_deref())
            .ok_or_else(|| format!("{}: could not be parsed", file.rel))?;
        let (module, tag) = self.manifests.name(file.language, &file.rel);
        let (mut sites, mut facts) = tree::sites(
            file.language.grammar(),
            &tree,
            &text,
            module.as_deref(),
            &self.filter.log_functions,
            anchors.as_deref(),
        );
        let module = facts.module.take().or(module);
        let tag = tag.or(facts.package.clone());
        let cx = record::FileCx {
            origin: self.origin,
            path: &file.rel,
            language: file.language,
            module: module.as_deref(),
            tag: tag.as_deref(),
            analyzed_at: self.analyzed_at,
        };
        let (records, deferred) = if python {
            python_classes::file_records(&tree, &text, &mut sites, &cx)
        } else {
            let mut deferred = deferred::Deferred::default();
            if go && go_types::may_take_part(text.as_bytes()) {
                (deferred.go_templates, deferred.go_literals) =
                    go_types::file_parts(&tree, &text, &facts, &cx, &sites);
            }
            (record::records(&sites, &text, &cx), deferred)
        };
        let scan = FileScan {
            rel: file.rel.clone(),
            language: file.language,
            seen,
            records: Some(records),
            broken_at: broken_at(tree.root_node()),
            deferred: Some(deferred),
        };
        Ok((scan, bytes.len() as u64))
    }
}

/// The syntax tree of `text`, the insides of blocks in which none of the `words`
/// ([`anchors`]) starts left out (see [`elide`]); parsed whole when the braces do not match, or when
/// what is left does not parse cleanly (the whole file's error is then the one reported).
pub fn parse(
    parser: &mut tree_sitter::Parser,
    language: Language,
    text: &str,
    words: Option<&[usize]>,
) -> Option<tree_sitter::Tree> {
    let kept = language
        .syntax()
        .zip(words)
        .and_then(|(syntax, words)| elide::kept_ranges(text.as_bytes(), syntax, words));
    if let Some(kept) = kept
        && parser
            .set_included_ranges(&elide::ts_ranges(text.as_bytes(), &kept))
            .is_ok()
    {
        let tree = parser.parse(text.as_bytes(), None);
        let _ = parser.set_included_ranges(&[]);
        if let Some(tree) = tree.filter(|t| !t.root_node().has_error()) {
            return Some(tree);
        }
    }
    parser.parse(text.as_bytes(), None)
}

/// The first line (1-based) of a part the grammar could not parse.
fn broken_at(root: tree_sitter::Node) -> Option<usize> {
    if !root.has_error() {
        return None;
    }
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            return Some(node.start_position().row + 1);
        }
        // Into the first child that holds the error, else on to the next sibling.
        if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return Some(root.start_position().row + 1);
            }
        }
    }
}

/// `code/<name>.jsonl`'s name for a repository: `owner-name`, or the folder's name, with
/// nothing that could leave the folder.
pub fn output_name(repo: &str) -> String {
    let name: String = repo
        .replace('/', "-")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let name = name.trim_start_matches('.');
    if name.is_empty() {
        "code".to_string()
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod deferred_tests;
#[cfg(test)]
mod own_tests;
#[cfg(test)]
mod python_tests;
#[cfg(test)]
mod tests;
