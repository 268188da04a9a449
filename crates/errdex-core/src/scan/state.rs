//! What a rescan may reuse, kept in the cache folder per checkout: each file's size, mtime
//! and content hash, where its records sit in the last output, and their ids and lines
//! (for `+N new, M moved, K gone` without reading the output back).

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::xxh3_64;

use super::Seen;
use super::deferred::Deferred;

/// Bumped when the layout or what a record holds changes: an old state is then ignored.
const VERSION: u32 = 6;

/// The fingerprint of what finds the records: this build's scanner code (`build.rs`) and the
/// filter's words that change what one file yields (`--all-files` keeps test code inside a
/// file; the config's `log_functions` add calls).
pub fn rules_of(everything: bool, log_functions: &[String]) -> u64 {
    let mut text = String::from(env!("ERRDEX_SCAN_RULES"));
    text.push(if everything { '1' } else { '0' });
    for name in log_functions {
        text.push('\0');
        text.push_str(name);
    }
    xxh3_64(text.as_bytes())
}

#[derive(Debug, Clone, Default, bitcode::Encode, bitcode::Decode)]
pub struct FileState {
    pub rel: String,
    pub size: u64,
    pub mtime: u128,
    pub hash: u64,
    /// Byte range of this file's records in the output.
    pub offset: u64,
    pub len: u64,
    /// (id, lineNumber) of each record.
    pub sites: Vec<(String, u64)>,
    /// What the file leaves to the repository: its classes, its raises whose class writes
    /// the message ([`super::deferred`]).
    pub deferred: Deferred,
}

#[derive(Debug, Clone, Default, bitcode::Encode, bitcode::Decode)]
pub struct State {
    pub version: u32,
    /// What found the records: the scanner's code and the filter's words that change what a
    /// file yields. Records found by other rules are not reused.
    pub rules: u64,
    /// The output these ranges are of, and its length when written.
    pub output: String,
    pub output_len: u64,
    /// The HEAD the records name (`analyzedSha`, `githubUrl`).
    pub sha: Option<String>,
    pub files: Vec<FileState>,
    /// (id, lineNumber) of the records resolved over the repository, written after every
    /// file's own.
    pub resolved: Vec<(String, u64)>,
    /// Ids of the sites this scan added against the one before (`is:new`), sorted.
    pub new_ids: Vec<String>,
}

impl State {
    pub fn new(output: &Path, sha: Option<String>, rules: u64) -> State {
        State {
            version: VERSION,
            rules,
            output: output.to_string_lossy().into_owned(),
            sha,
            ..State::default()
        }
    }

    pub fn by_path(&self) -> HashMap<&str, &FileState> {
        self.files.iter().map(|f| (f.rel.as_str(), f)).collect()
    }

    pub fn seen(file: &FileState) -> Seen {
        Seen {
            size: file.size,
            mtime: file.mtime,
            hash: file.hash,
        }
    }

    /// Every (id, line) the output holds.
    pub fn sites(&self) -> HashMap<String, u64> {
        self.files
            .iter()
            .flat_map(|f| f.sites.iter().cloned())
            .chain(self.resolved.iter().cloned())
            .collect()
    }
}

/// The state file of a scan of `start` into `output`: one per checkout folder and output.
pub fn path(cache_dir: &Path, start: &Path, output: &Path) -> PathBuf {
    let key = format!("{}\0{}", start.display(), output.display());
    cache_dir
        .join("scan")
        .join(format!("{:016x}.bin", xxh3_64(key.as_bytes())))
}

/// The state, when there is one for this output as it is on disk now, found by these
/// `rules` (`rules_of`); anything else (missing, corrupt, from another release or another
/// filter, an output changed behind its back) is none.
pub fn load(state_file: &Path, output: &Path, rules: u64) -> Option<State> {
    read(state_file, output).filter(|state| state.rules == rules)
}

/// The commit the last scan of this output saw, whatever rules found its records.
pub fn scanned_sha(state_file: &Path, output: &Path) -> Option<String> {
    read(state_file, output)?.sha
}

fn read(state_file: &Path, output: &Path) -> Option<State> {
    let bytes = std::fs::read(state_file).ok()?;
    let state: State = bitcode::decode(&bytes).ok()?;
    let len = std::fs::metadata(output).ok()?.len();
    (state.version == VERSION
        && state.output == output.to_string_lossy()
        && state.output_len == len)
        .then_some(state)
}

/// The sites the last scan of each output in `code_dir` added (`is:new`): read from the
/// states in the cache folder whose output is still as that scan left it.
pub fn news(cache_dir: &Path, code_dir: &Path) -> HashSet<String> {
    let Ok(entries) = std::fs::read_dir(cache_dir.join("scan")) else {
        return HashSet::new();
    };
    let code_dir = code_dir
        .canonicalize()
        .unwrap_or_else(|_| code_dir.to_path_buf());
    let mut ids = HashSet::new();
    for entry in entries.flatten() {
        let file = entry.path();
        if file.extension().is_none_or(|e| e != "bin") {
            continue;
        }
        let Some(state) = std::fs::read(&file)
            .ok()
            .and_then(|bytes| bitcode::decode::<State>(&bytes).ok())
        else {
            continue;
        };
        let output = PathBuf::from(&state.output);
        let real = output.canonicalize().unwrap_or_else(|_| output.clone());
        if state.new_ids.is_empty() || !real.starts_with(&code_dir) {
            continue;
        }
        if let Some(state) = read(&file, &output) {
            ids.extend(state.new_ids);
        }
    }
    ids
}

/// Written atomically; a cache that cannot be written only costs the next scan time.
pub fn save(state_file: &Path, state: &State) -> std::io::Result<()> {
    let dir = state_file.parent().unwrap_or(Path::new("."));
    crate::paths::create_folder(dir)?;
    let mut tmp = tempfile::Builder::new().prefix(".scan.").tempfile_in(dir)?;
    tmp.write_all(&bitcode::encode(state))?;
    tmp.persist(state_file).map_err(|e| e.error)?;
    Ok(())
}
