//! Writing a scan as JSON Lines, finding the checkout a path belongs to, loading `code/`
//! by default, and the `+N new, M moved, K gone` summary.

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::Scanned;
use crate::load::SourceSpec;
use crate::paths::CODE_DIR;

/// `code/` of the data folder as a source, when a scan has written anything there.
pub fn code_spec(data_dir: &Path) -> Option<SourceSpec> {
    let dir = data_dir.join(CODE_DIR);
    let has_records = std::fs::read_dir(&dir).ok()?.flatten().any(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        name.ends_with(".jsonl") && !name.starts_with('.')
    });
    has_records.then_some(SourceSpec::Path(dir))
}

/// The sites the last scan into `code/` of `data_dir` added (`is:new`), as the scan state
/// in the cache folder keeps them.
pub fn news(data_dir: &Path) -> HashSet<String> {
    match crate::paths::cache_dir() {
        Some(cache) => super::state::news(&cache, &data_dir.join(CODE_DIR)),
        None => HashSet::new(),
    }
}

/// The checkout `path` is in: the nearest folder at or above it with a `.git`, else the
/// path itself.
pub fn checkout_root(path: &Path) -> PathBuf {
    let mut at = Some(path);
    while let Some(dir) = at {
        if dir.join(".git").exists() {
            return dir.to_path_buf();
        }
        at = dir.parent();
    }
    path.to_path_buf()
}

/// Every record of the scan, one JSON document a line, in file order, then the records
/// resolved over the repository.
pub fn write_jsonl(scanned: &Scanned, out: &mut dyn Write) -> io::Result<usize> {
    let mut count = 0;
    for file in &scanned.files {
        for record in file.records.iter().flatten() {
            serde_json::to_writer(&mut *out, record)?;
            out.write_all(b"\n")?;
            count += 1;
        }
    }
    for record in &scanned.resolved {
        serde_json::to_writer(&mut *out, record)?;
        out.write_all(b"\n")?;
        count += 1;
    }
    Ok(count)
}

/// `id → lineNumber` of every record of `jsonl` (a previous scan's output).
pub fn sites_of(jsonl: &str) -> HashMap<String, u64> {
    #[derive(serde::Deserialize)]
    struct Row {
        id: String,
        #[serde(rename = "lineNumber")]
        line: Option<u64>,
    }
    jsonl
        .lines()
        .filter_map(|l| serde_json::from_str::<Row>(l).ok())
        .map(|r| (r.id, r.line.unwrap_or(0)))
        .collect()
}

/// What a rescan changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub total: usize,
    pub new: usize,
    pub moved: usize,
    pub gone: usize,
}

/// The ids of `now` that `before` did not have, sorted: what `is:new` lists after a scan.
pub fn added(before: &HashMap<String, u64>, now: &HashMap<String, u64>) -> Vec<String> {
    let mut ids: Vec<String> = now
        .keys()
        .filter(|id| !before.contains_key(*id))
        .cloned()
        .collect();
    ids.sort_unstable();
    ids
}

impl Summary {
    pub fn between(before: &HashMap<String, u64>, now: &HashMap<String, u64>) -> Summary {
        let mut s = Summary {
            total: now.len(),
            ..Summary::default()
        };
        for (id, line) in now {
            match before.get(id) {
                None => s.new += 1,
                Some(old) if old != line => s.moved += 1,
                Some(_) => {}
            }
        }
        s.gone = before.keys().filter(|id| !now.contains_key(*id)).count();
        s
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} new, {} moved, {} gone",
            self.new, self.moved, self.gone
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_new_moved_and_gone_sites() {
        let before = sites_of(
            "{\"id\":\"a\",\"lineNumber\":3}\n{\"id\":\"b\",\"lineNumber\":9}\nnot json\n",
        );
        let now: HashMap<String, u64> = [("a".to_string(), 4), ("c".to_string(), 1)].into();
        let s = Summary::between(&before, &now);
        assert_eq!((s.new, s.moved, s.gone, s.total), (1, 1, 1, 2));
        assert_eq!(s.to_string(), "+1 new, 1 moved, 1 gone");
        assert_eq!(added(&before, &now), vec!["c".to_string()]);
    }
}
