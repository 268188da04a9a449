//! `datasets = [...]`: files, directories and glob patterns, turned into load sources.

use std::path::{Path, PathBuf};

use super::Config;
use crate::diag::Diagnostic;
use crate::load::SourceSpec;

/// `~` is the home folder; a relative entry is relative to the config file's folder, so the
/// same config works from any working directory.
pub(super) fn resolve_entry(entry: &str, base: &Path) -> Result<PathBuf, String> {
    let entry = entry.trim();
    if entry.is_empty() {
        return Err("an empty path".into());
    }
    let path = if entry == "~" || entry.starts_with("~/") {
        let home = crate::paths::home_dir().ok_or("no home folder to expand `~` with")?;
        home.join(entry.trim_start_matches('~').trim_start_matches('/'))
    } else {
        PathBuf::from(entry)
    };
    Ok(if path.is_absolute() {
        path
    } else {
        base.join(path)
    })
}

fn is_pattern(path: &str) -> bool {
    path.contains(['*', '?', '['])
}

/// The sources the configured datasets name, in the order written; a glob expands to its
/// matches in sorted order. A pattern that matches nothing is a warning, not an error: the
/// other datasets still load.
pub fn dataset_specs(config: &Config, diags: &mut Vec<Diagnostic>) -> Vec<SourceSpec> {
    let mut specs = Vec::new();
    for path in &config.datasets {
        let text = path.to_string_lossy();
        if !is_pattern(&text) {
            specs.push(SourceSpec::Path(path.clone()));
            continue;
        }
        let matches = match glob::glob(&text) {
            Ok(paths) => paths,
            Err(e) => {
                diags.push(Diagnostic::error(
                    text.as_ref(),
                    0,
                    format!("bad glob pattern in the config: {e}"),
                ));
                continue;
            }
        };
        let mut found: Vec<PathBuf> = Vec::new();
        for m in matches {
            match m {
                Ok(p) => found.push(p),
                Err(e) => diags.push(Diagnostic::error(
                    e.path().display().to_string(),
                    0,
                    e.error().to_string(),
                )),
            }
        }
        if found.is_empty() {
            diags.push(Diagnostic::warning(
                text.as_ref(),
                0,
                "no files match this dataset pattern from the config",
            ));
        }
        found.sort();
        specs.extend(found.into_iter().map(SourceSpec::Path));
    }
    specs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_entries_hang_off_the_config_folder() {
        let base = Path::new("/etc/errdex");
        assert_eq!(
            resolve_entry("data/a.jsonl", base),
            Ok(PathBuf::from("/etc/errdex/data/a.jsonl"))
        );
        assert_eq!(resolve_entry("/x/y", base), Ok(PathBuf::from("/x/y")));
        assert!(resolve_entry("  ", base).is_err());
    }

    #[test]
    fn globs_expand_sorted_and_report_no_match() {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in ["b.jsonl", "a.jsonl", "c.txt"] {
            std::fs::write(dir.path().join(name), "{}").expect("write");
        }
        let config = Config {
            datasets: vec![dir.path().join("*.jsonl"), dir.path().join("none-*.json")],
            ..Config::default()
        };
        let mut diags = Vec::new();
        let specs = dataset_specs(&config, &mut diags);
        let expected: Vec<SourceSpec> = ["a.jsonl", "b.jsonl"]
            .iter()
            .map(|n| SourceSpec::Path(dir.path().join(n)))
            .collect();
        assert_eq!(specs, expected);
        assert_eq!(diags.len(), 1);
        assert!(diags[0].message.contains("no files match"), "{diags:?}");
    }
}
