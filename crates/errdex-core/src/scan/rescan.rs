//! A scan into `code/`: files unchanged since the last scan keep their records, copied from
//! the last output as bytes; only changed files are parsed; the summary compares ids and
//! lines with the state.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use super::deferred::{Deferred, keep_resolved_snippets, resolve};
use super::output::{Summary, added, sites_of};
use super::state::{self, FileState, State};
use super::{Filter, Scanned};

/// What a rescan did.
#[derive(Debug)]
pub struct Report {
    pub scanned: Scanned,
    pub summary: Summary,
    /// Whether the output was written (nothing changed: it was left as it was).
    pub written: bool,
}

/// Scans `start` (in the checkout at `root`) into `output`, reusing what the state in
/// `cache_dir` (if any) says is unchanged.
pub fn rescan(
    root: &Path,
    start: &Path,
    filter: &Filter,
    output: &Path,
    cache_dir: Option<&Path>,
) -> std::io::Result<Report> {
    let state_file = cache_dir.map(|c| state::path(c, start, output));
    let rules = state::rules_of(filter.everything, &filter.log_functions);
    let old = state_file
        .as_deref()
        .and_then(|f| state::load(f, output, rules));
    let old_output = match &old {
        Some(_) => std::fs::read(output).ok(),
        None => None,
    };
    // An old output without a usable state still tells what was there before.
    let before = match &old {
        Some(state) => state.sites(),
        None => std::fs::read_to_string(output)
            .map(|t| sites_of(&t))
            .unwrap_or_default(),
    };
    let usable = old.as_ref().filter(|_| old_output.is_some());
    let by_path: HashMap<&str, &FileState> = usable.map(State::by_path).unwrap_or_default();
    let previous = |rel: &str| by_path.get(rel).map(|f| State::seen(f));
    let mut scanned = super::scan(root, start, filter, &previous);

    let old_sha = usable.and_then(|s| s.sha.clone());
    let sha_moved = old_sha != scanned.origin.sha;
    let mut next = State::new(output, scanned.origin.sha.clone(), rules);
    let mut bytes = Vec::new();
    let mut now = HashMap::new();
    for file in &scanned.files {
        let start_at = bytes.len() as u64;
        let sites = match (&file.records, by_path.get(file.rel.as_str()), &old_output) {
            (None, Some(prev), Some(out)) => {
                let range = prev.offset as usize..(prev.offset + prev.len) as usize;
                let Some(chunk) = out.get(range) else {
                    return Err(std::io::Error::other(
                        "the last output is shorter than its state",
                    ));
                };
                match (&old_sha, &scanned.origin.sha) {
                    (Some(a), Some(b)) if sha_moved => {
                        let text = String::from_utf8_lossy(chunk).replace(a.as_str(), b);
                        bytes.extend_from_slice(text.as_bytes());
                    }
                    _ => bytes.extend_from_slice(chunk),
                }
                prev.sites.clone()
            }
            (Some(records), ..) => {
                let mut sites = Vec::with_capacity(records.len());
                for record in records {
                    sites.push(write_record(&mut bytes, record)?);
                }
                sites
            }
            // Unchanged but its records are not at hand: cannot happen with a loaded state.
            (None, ..) => Vec::new(),
        };
        now.extend(sites.iter().cloned());
        next.files.push(FileState {
            rel: file.rel.clone(),
            size: file.seen.size,
            mtime: file.seen.mtime,
            hash: file.seen.hash,
            offset: start_at,
            len: bytes.len() as u64 - start_at,
            sites,
            deferred: file
                .deferred
                .clone()
                .or_else(|| by_path.get(file.rel.as_str()).map(|f| f.deferred.clone()))
                .unwrap_or_default(),
        });
    }
    // The raises whose class another file defines, the Go types other files' literals fill:
    // resolved again over every file, read now or not, so a changed class or literal reaches
    // the records of files that did not change.
    let deferred: Vec<(&str, &Deferred)> = next
        .files
        .iter()
        .map(|f| (f.rel.as_str(), &f.deferred))
        .collect();
    scanned.resolved = resolve(&deferred, &scanned.origin, root);
    for record in &scanned.resolved {
        next.resolved.push(write_record(&mut bytes, record)?);
    }
    let mut kept: Vec<(String, &mut Deferred)> = next
        .files
        .iter_mut()
        .map(|f| (f.rel.clone(), &mut f.deferred))
        .collect();
    keep_resolved_snippets(&mut kept, &scanned.resolved);
    now.extend(next.resolved.iter().cloned());
    let summary = Summary::between(&before, &now);
    next.new_ids = added(&before, &now);
    let same_files = usable.is_some_and(|s| {
        s.files.len() == next.files.len()
            && s.files
                .iter()
                .zip(&next.files)
                .all(|(a, b)| a.rel == b.rel && a.hash == b.hash)
    });
    let unchanged = same_files && !sha_moved && usable.is_some_and(|s| s.resolved == next.resolved);
    if !unchanged {
        write_atomically(output, &bytes)?;
    }
    next.output_len = bytes.len() as u64;
    if let Some(file) = &state_file
        && (!unchanged
            || usable.is_some_and(|s| mtimes_moved(s, &next) || s.new_ids != next.new_ids))
    {
        // A cache that cannot be written costs the next scan time, nothing else.
        let _ = state::save(file, &next);
    }
    Ok(Report {
        scanned,
        summary,
        written: !unchanged,
    })
}

/// `record` as one line of the output; its (id, lineNumber).
fn write_record(
    bytes: &mut Vec<u8>,
    record: &serde_json::Map<String, serde_json::Value>,
) -> std::io::Result<(String, u64)> {
    serde_json::to_writer(&mut *bytes, record)?;
    bytes.push(b'\n');
    let id = record.get("id").and_then(|v| v.as_str()).unwrap_or("");
    let line = record
        .get("lineNumber")
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0);
    Ok((id.to_string(), line))
}

/// Touched files with the same content: the state is refreshed so the next scan need not
/// hash them again.
fn mtimes_moved(old: &State, new: &State) -> bool {
    old.files
        .iter()
        .zip(&new.files)
        .any(|(a, b)| a.mtime != b.mtime)
}

pub fn write_atomically(file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    crate::paths::create_folder(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{}.", name.unwrap_or_default()))
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(file).map_err(|e| e.error)?;
    Ok(())
}
