//! Which files of a checkout are scanned: source files of the chosen languages, minus what
//! `.gitignore` ignores and the generated, vendored and test code left out by default.
//! Symlinks are not followed, so a link out of the checkout or a loop is never entered.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use ignore::WalkBuilder;

use super::lang::Language;
use super::module::Manifests;
use crate::config::ScanConfig;
use crate::text::one_line;

/// Folders left out unless `--include` names them: build output, vendored dependencies,
/// tests and fixtures. `regress` is where C projects keep their test suites (OpenSSH's holds
/// 135 sites of test programs), `__tests__` where Jest looks.
pub const DEFAULT_EXCLUDED_DIRS: &[&str] = &[
    "target",
    "vendor",
    "node_modules",
    "third_party",
    "tests",
    "test",
    "testdata",
    "regress",
    "__tests__",
    "fixtures",
    "__pycache__",
    "site-packages",
    "dist",
    "build",
];

#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Empty: every language errdex reads.
    pub languages: Vec<Language>,
    /// When not empty, only files whose relative path matches one of these.
    pub include: Vec<glob::Pattern>,
    pub exclude: Vec<glob::Pattern>,
    /// Keep test code and the default excluded folders.
    pub everything: bool,
    /// C and C++ functions of the team's own that log like printf (config `[scan]`).
    pub log_functions: Vec<String>,
}

impl Filter {
    /// A filter from the command line's words; `Err` names the glob that is not one.
    pub fn new(
        languages: Vec<Language>,
        include: &[String],
        exclude: &[String],
        everything: bool,
    ) -> Result<Filter, String> {
        let globs = |patterns: &[String], flag: &str| {
            patterns
                .iter()
                .map(|p| {
                    glob::Pattern::new(p).map_err(|e| format!("--{flag} {p}: not a glob: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Filter {
            languages,
            include: globs(include, "include")?,
            exclude: globs(exclude, "exclude")?,
            everything,
            log_functions: Vec::new(),
        })
    }

    /// The config's `[scan]` (its exclusions and the team's logging functions) with a command
    /// line's words on top: what `errdex scan` and the browser's rescans read.
    pub fn configured(
        config: &ScanConfig,
        languages: Vec<Language>,
        include: &[String],
        exclude: &[String],
        everything: bool,
    ) -> Result<Filter, String> {
        let exclude: Vec<String> = config.exclude.iter().chain(exclude).cloned().collect();
        let mut filter = Filter::new(languages, include, &exclude, everything)?;
        filter.log_functions.clone_from(&config.log_functions);
        Ok(filter)
    }

    fn wants(&self, language: Language) -> bool {
        self.languages.is_empty() || self.languages.contains(&language)
    }

    fn included(&self, rel: &str) -> bool {
        let options = glob::MatchOptions {
            require_literal_separator: false,
            ..glob::MatchOptions::new()
        };
        let matches = |p: &glob::Pattern| p.matches_with(rel, options);
        (self.include.is_empty() || self.include.iter().any(matches))
            && !self.exclude.iter().any(matches)
    }

    /// A folder named on `--include` (`vendor/**`) is entered even though it is excluded
    /// by default.
    fn include_names(&self, dir: &str) -> bool {
        self.include
            .iter()
            .any(|p| p.as_str().split('/').any(|part| part == dir))
    }
}

/// A file to scan.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub abs: PathBuf,
    /// Relative to the root, `/`-separated.
    pub rel: String,
    pub language: Language,
    pub size: u64,
    /// Nanoseconds since the epoch; 0 when the platform does not say.
    pub mtime: u128,
}

pub struct Walked {
    pub files: Vec<Candidate>,
    pub manifests: Manifests,
    /// One line each: what could not be entered or read, and why.
    pub problems: Vec<String>,
}

fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The files under `start`, a folder in the checkout at `root`.
pub fn walk(root: &Path, start: &Path, filter: &Filter) -> Walked {
    let mut walked = Walked {
        files: Vec::new(),
        manifests: Manifests::default(),
        problems: Vec::new(),
    };
    let everything = filter.everything;
    let include = filter.clone();
    let walker = WalkBuilder::new(start)
        .follow_links(false)
        .require_git(false)
        .filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            let name = entry.file_name().to_string_lossy();
            everything
                || !is_dir
                || entry.depth() == 0
                || !DEFAULT_EXCLUDED_DIRS.contains(&name.as_ref())
                || include.include_names(&name)
        })
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                walked.problems.push(one_line(&e.to_string()));
                continue;
            }
        };
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let rel = relative(root, path);
        let name = entry.file_name().to_string_lossy();
        if matches!(name.as_ref(), "Cargo.toml" | "go.mod" | "package.json") {
            let folder = rel.rsplit_once('/').map_or("", |(d, _)| d);
            if let Ok(text) = std::fs::read_to_string(path) {
                match name.as_ref() {
                    "Cargo.toml" => walked.manifests.read_cargo(folder, &text),
                    "go.mod" => walked.manifests.read_go_mod(folder, &text),
                    _ => walked.manifests.read_package_json(folder, &text),
                }
            }
            continue;
        }
        let Some(language) = Language::of_path(path) else {
            continue;
        };
        if !filter.wants(language)
            || (!everything && language.is_test_file(&name))
            || !filter.included(&rel)
        {
            continue;
        }
        let meta = match entry.metadata() {
            Ok(meta) => meta,
            Err(e) => {
                walked
                    .problems
                    .push(format!("{rel}: {}", one_line(&e.to_string())));
                continue;
            }
        };
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        walked.files.push(Candidate {
            abs: path.to_path_buf(),
            rel,
            language,
            size: meta.len(),
            mtime,
        });
    }
    walked.files.sort_by(|a, b| a.rel.cmp(&b.rel));
    walked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_suites_and_vendored_code_are_left_out_unless_asked_for() {
        let root = tempfile::tempdir().expect("tempdir");
        let files = [
            "src/auth.c",
            "regress/netcat.c",
            "web/__tests__/login.test.js",
            "web/login.js",
            "py/fixtures/broken.py",
            "vendor/zlib/inflate.c",
        ];
        for f in files {
            let path = root.path().join(f);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, "x").expect("write");
        }
        let rels = |filter: &Filter| -> Vec<String> {
            walk(root.path(), root.path(), filter)
                .files
                .into_iter()
                .map(|c| c.rel)
                .collect()
        };
        assert_eq!(rels(&Filter::default()), ["src/auth.c", "web/login.js"]);
        let everything = Filter {
            everything: true,
            ..Filter::default()
        };
        assert_eq!(rels(&everything).len(), files.len());
        let regress = Filter::new(Vec::new(), &["regress/**".into()], &[], false).expect("glob");
        assert_eq!(rels(&regress), ["regress/netcat.c"]);
    }
}
