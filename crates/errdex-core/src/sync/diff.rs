//! Checking a staged version with the loader, and what changed against the version in use:
//! records new, changed (by `contentChangedAt` when both sides have it, else by content) and
//! removed, by id.

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;

use super::Failure;
use crate::dataset::Dataset;
use crate::load::{self, Depth, Options, SourceSpec};

/// What a version holds, as far as telling versions apart goes.
pub struct Fingerprints {
    by_id: HashMap<String, Print>,
    pub records: usize,
    /// The `datasetVersion` most records carry, if any do.
    pub dataset_version: Option<String>,
}

struct Print {
    changed_at: Option<String>,
    hash: u64,
}

/// The counts of one sync.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub records: usize,
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
}

/// Loads a version folder in full, the way `--data FOLDER` would. A staged version must load
/// without a single broken record: a truncated or mangled download must not replace data
/// that works.
pub fn check(folder: &Path) -> Result<Fingerprints, Failure> {
    let loaded = load::load(
        &[SourceSpec::Path(folder.to_path_buf())],
        Options {
            depth: Depth::Full,
            ..Options::default()
        },
        &|_| {},
    );
    let errors: Vec<_> = loaded.diagnostics.iter().filter(|d| d.is_error()).collect();
    if let Some(first) = errors.first() {
        let shown = first.to_string();
        let shown = shown
            .strip_prefix(&format!("{}/", folder.display()))
            .unwrap_or(&shown);
        return Err(Failure::failed(format!(
            "{} record{} would not load (first: {}); nothing replaced",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" },
            super::short_line(shown, 160)
        )));
    }
    if loaded.dataset.is_empty() {
        return Err(Failure::failed(
            "it holds no records; nothing replaced".into(),
        ));
    }
    Ok(fingerprints(&loaded.dataset))
}

/// Fingerprints of a version already in use (broken records, if any, are simply left out).
pub fn fingerprints_of(folder: &Path) -> Fingerprints {
    let loaded = load::load(
        &[SourceSpec::Path(folder.to_path_buf())],
        Options::default(),
        &|_| {},
    );
    fingerprints(&loaded.dataset)
}

fn fingerprints(ds: &Dataset) -> Fingerprints {
    let mut by_id = HashMap::with_capacity(ds.len());
    let mut versions: HashMap<String, usize> = HashMap::new();
    for (i, entry) in ds.entries().iter().enumerate() {
        let doc: Value = ds.document(i).unwrap_or(Value::Null);
        let (record, version) = match doc {
            Value::Object(mut map) if map.get("record").is_some_and(Value::is_object) => {
                let version = map
                    .get("datasetVersion")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                (map.remove("record").unwrap_or(Value::Null), version)
            }
            other => (other, None),
        };
        if let Some(v) = version {
            *versions.entry(v).or_default() += 1;
        }
        let changed_at = record
            .get("contentChangedAt")
            .and_then(Value::as_str)
            .map(str::to_string);
        let bytes = serde_json::to_vec(&record).unwrap_or_default();
        let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
        by_id.insert(entry.id.to_string(), Print { changed_at, hash });
    }
    let dataset_version = versions
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)))
        .map(|(v, _)| v);
    Fingerprints {
        by_id,
        records: ds.len(),
        dataset_version,
    }
}

/// What `new` adds, changes and removes against `old` (nothing before: every record is new),
/// and the ids added or changed, sorted.
pub fn compare(old: Option<&Fingerprints>, new: &Fingerprints) -> (Counts, Vec<String>) {
    let mut counts = Counts {
        records: new.records,
        ..Counts::default()
    };
    let mut fresh = Vec::new();
    for (id, print) in &new.by_id {
        match old.and_then(|o| o.by_id.get(id)) {
            None => {
                counts.added += 1;
                fresh.push(id.clone());
            }
            Some(before) => {
                let changed = match (&before.changed_at, &print.changed_at) {
                    (Some(a), Some(b)) => a != b,
                    _ => before.hash != print.hash,
                };
                if changed {
                    counts.changed += 1;
                    fresh.push(id.clone());
                }
            }
        }
    }
    if let Some(old) = old {
        counts.removed = old
            .by_id
            .keys()
            .filter(|id| !new.by_id.contains_key(*id))
            .count();
    }
    fresh.sort();
    (counts, fresh)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(lines: &[&str]) -> (tempfile::TempDir, Fingerprints) {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("r.jsonl"), lines.join("\n")).expect("write");
        let prints = check(dir.path()).unwrap_or_else(|f| panic!("{}", f.message));
        (dir, prints)
    }

    #[test]
    fn counts_new_changed_and_removed() {
        let (_a, old) = version(&[
            r#"{"record":{"id":"a","errorMessage":"one"},"datasetVersion":"v1"}"#,
            r#"{"record":{"id":"b","errorMessage":"two","contentChangedAt":"2026-01-01"},"datasetVersion":"v1"}"#,
            r#"{"record":{"id":"c","errorMessage":"three","contentChangedAt":"2026-01-01"},"datasetVersion":"v1"}"#,
            r#"{"record":{"id":"d","errorMessage":"gone"},"datasetVersion":"v1"}"#,
        ]);
        let (_b, new) = version(&[
            // Only the wrapper's version differs: not a change.
            r#"{"record":{"id":"a","errorMessage":"one"},"datasetVersion":"v2"}"#,
            // Same contentChangedAt, re-analysed: not a change.
            r#"{"record":{"id":"b","errorMessage":"two","contentChangedAt":"2026-01-01","analyzedAt":"x"},"datasetVersion":"v2"}"#,
            r#"{"record":{"id":"c","errorMessage":"three!","contentChangedAt":"2026-02-01"},"datasetVersion":"v2"}"#,
            r#"{"record":{"id":"e","errorMessage":"born"},"datasetVersion":"v2"}"#,
        ]);
        assert_eq!(new.dataset_version.as_deref(), Some("v2"));
        let (counts, fresh) = compare(Some(&old), &new);
        assert_eq!(
            counts,
            Counts {
                records: 4,
                added: 1,
                changed: 1,
                removed: 1
            }
        );
        assert_eq!(fresh, ["c", "e"]);
        let (first, all) = compare(None, &old);
        assert_eq!((first.added, all.len()), (4, 4));
    }

    #[test]
    fn a_broken_record_or_nothing_at_all_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("r.jsonl");
        std::fs::write(&file, "{\"errorMessage\":\"ok\"}\n{\"errorMess").expect("write");
        let Err(f) = check(dir.path()) else {
            panic!("a broken record passed")
        };
        assert!(
            f.message
                .starts_with("1 record would not load (first: r.jsonl:2:"),
            "{}",
            f.message
        );
        std::fs::write(&file, "\n").expect("write");
        let Err(f) = check(dir.path()) else {
            panic!("an empty file passed")
        };
        assert!(f.message.contains("no records"), "{}", f.message);
    }
}
