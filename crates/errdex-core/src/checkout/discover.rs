//! Finding the checkout of `owner/name`: an explicit `[repos]` entry, else a search of the
//! `repo_roots` a few levels deep, remembered in the cache folder.
//!
//! The cache is trusted only as far as it can be checked cheaply: a hit is used after reading
//! that checkout's config again (moved or re-pointed checkouts fall out), and a miss rescans
//! the roots unless the last scan of the same roots is under a minute old (so browsing many
//! records of repositories you do not have costs one scan, and a fresh clone is found within
//! a minute; `errdex cache --clear` forgets everything).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::remote::{checkout_slugs, git_dir};
use crate::config::Checkouts;

/// How deep below a root checkouts are looked for: `ROOT/a/b/c` is the deepest.
pub const SCAN_DEPTH: usize = 3;
/// Folders visited per scan at most, so a root such as `~` cannot make a lookup slow.
const MAX_VISITED: usize = 20_000;
/// A miss rescans only when the last scan is older than this.
const RESCAN_AFTER: Duration = Duration::from_secs(60);
const CACHE_FILE: &str = "checkouts.json";

/// Where a repository's checkout was found, or why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Checkout(PathBuf),
    /// `[repos]` maps the repository to a folder that is not there (or not a folder).
    MissingFolder(PathBuf),
    /// Nothing mapped, nothing found under the roots.
    None {
        roots: usize,
    },
}

/// One scan of the roots: every checkout found and the repositories its remotes name.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Scan {
    roots: Vec<PathBuf>,
    /// Seconds since the epoch.
    scanned_at: u64,
    checkouts: Vec<(PathBuf, Vec<String>)>,
}

impl Scan {
    fn find(&self, slug: &str) -> Option<&Path> {
        self.checkouts
            .iter()
            .find(|(_, slugs)| slugs.iter().any(|s| s == slug))
            .map(|(p, _)| p.as_path())
    }
}

/// Finds the checkout of `slug` (`owner/name`, lower case). `cache_dir` keeps the scan
/// between runs; without one every miss scans.
pub fn find_checkout(checkouts: &Checkouts, slug: &str, cache_dir: Option<&Path>) -> Found {
    if let Some((_, dir)) = checkouts.repos.iter().find(|(s, _)| s == slug) {
        return if dir.is_dir() {
            Found::Checkout(dir.clone())
        } else {
            Found::MissingFolder(dir.clone())
        };
    }
    if checkouts.roots.is_empty() {
        return Found::None { roots: 0 };
    }
    let cached = cache_dir
        .and_then(read_cache)
        .filter(|s| s.roots == checkouts.roots);
    if let Some(scan) = &cached {
        if let Some(path) = scan.find(slug)
            && checkout_slugs(path).iter().any(|s| s == slug)
        {
            return Found::Checkout(path.to_path_buf());
        }
        let age = now().saturating_sub(scan.scanned_at);
        let fresh = Duration::from_secs(age) < RESCAN_AFTER;
        if fresh && scan.find(slug).is_none() {
            return Found::None {
                roots: checkouts.roots.len(),
            };
        }
    }
    let scan = scan_roots(&checkouts.roots);
    if let Some(dir) = cache_dir {
        write_cache(dir, &scan);
    }
    match scan.find(slug) {
        Some(path) => Found::Checkout(path.to_path_buf()),
        None => Found::None {
            roots: checkouts.roots.len(),
        },
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn scan_roots(roots: &[PathBuf]) -> Scan {
    let mut scan = Scan {
        roots: roots.to_vec(),
        scanned_at: now(),
        checkouts: Vec::new(),
    };
    let mut visited = 0;
    for root in roots {
        // A root that is itself a checkout counts too.
        let mut stack = vec![(root.clone(), 0usize)];
        while let Some((dir, depth)) = stack.pop() {
            visited += 1;
            if visited > MAX_VISITED {
                return scan;
            }
            if git_dir(&dir).is_some() {
                let slugs = checkout_slugs(&dir);
                if !slugs.is_empty() {
                    scan.checkouts.push((dir, slugs));
                }
                // Nested repositories (vendored, submodules) are not what the roots name.
                continue;
            }
            if depth == SCAN_DEPTH {
                continue;
            }
            let Ok(entries) = fs::read_dir(&dir) else {
                continue;
            };
            let mut children: Vec<PathBuf> = entries
                .flatten()
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .filter(|e| !skipped(&e.file_name().to_string_lossy()))
                .map(|e| e.path())
                .collect();
            // Sorted, so that of two clones of one repository the first by name wins, every run.
            children.sort();
            stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
        }
    }
    scan
}

/// Every checkout the config knows: the `[repos]` folders that exist, then those found
/// under `repo_roots`, each once.
pub fn configured_checkouts(checkouts: &Checkouts) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let found = scan_roots(&checkouts.roots)
        .checkouts
        .into_iter()
        .map(|(dir, _)| dir);
    let named = checkouts
        .repos
        .iter()
        .map(|(_, dir)| dir.clone())
        .filter(|d| d.is_dir());
    for dir in named.chain(found) {
        if !out.contains(&dir) {
            out.push(dir);
        }
    }
    out
}

/// Folders no checkout lives in, and that can be huge.
fn skipped(name: &str) -> bool {
    name.starts_with('.') || matches!(name, "node_modules" | "target" | "vendor" | "__pycache__")
}

/// Deletes the remembered scan (`errdex cache --clear`); whether there was one.
pub fn forget_checkouts(cache_dir: &Path) -> std::io::Result<bool> {
    match fs::remove_file(cache_dir.join(CACHE_FILE)) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

fn read_cache(dir: &Path) -> Option<Scan> {
    let bytes = fs::read(dir.join(CACHE_FILE)).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Best effort: a cache that cannot be written only costs a scan next time.
fn write_cache(dir: &Path, scan: &Scan) {
    let Ok(text) = serde_json::to_vec(scan) else {
        return;
    };
    if fs::create_dir_all(dir).is_err() {
        return;
    }
    let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir) else {
        return;
    };
    if std::io::Write::write_all(&mut tmp, &text).is_ok() {
        let _ = tmp.persist(dir.join(CACHE_FILE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_checkout(dir: &Path, url: &str) {
        fs::create_dir_all(dir.join(".git")).expect("mkdir");
        let config = format!("[remote \"origin\"]\n\turl = {url}\n");
        fs::write(dir.join(".git/config"), config).expect("write");
    }

    #[test]
    fn explicit_mapping_wins_and_a_missing_folder_is_named() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path().join("src");
        fake_checkout(&root.join("shop"), "git@github.com:acme/shop.git");
        let mapped = tmp.path().join("mine");
        fs::create_dir_all(&mapped).expect("mkdir");
        let mut checkouts = Checkouts {
            repos: vec![("acme/shop".into(), mapped.clone())],
            roots: vec![root.clone()],
        };
        assert_eq!(
            find_checkout(&checkouts, "acme/shop", None),
            Found::Checkout(mapped)
        );
        checkouts.repos[0].1 = tmp.path().join("gone");
        assert_eq!(
            find_checkout(&checkouts, "acme/shop", None),
            Found::MissingFolder(tmp.path().join("gone"))
        );
        checkouts.repos.clear();
        assert_eq!(
            find_checkout(&checkouts, "acme/shop", None),
            Found::Checkout(root.join("shop"))
        );
    }

    #[test]
    fn discovery_goes_three_levels_deep_and_skips_hidden_folders() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path().to_path_buf();
        fake_checkout(&root.join("a/b/deep"), "https://github.com/acme/deep");
        fake_checkout(
            &root.join("a/b/c/tooDeep"),
            "https://github.com/acme/toodeep",
        );
        fake_checkout(&root.join(".hidden/x"), "https://github.com/acme/hidden");
        let checkouts = Checkouts {
            repos: Vec::new(),
            roots: vec![root.clone()],
        };
        let found = |slug| find_checkout(&checkouts, slug, None);
        assert_eq!(found("acme/deep"), Found::Checkout(root.join("a/b/deep")));
        assert_eq!(found("acme/toodeep"), Found::None { roots: 1 });
        assert_eq!(found("acme/hidden"), Found::None { roots: 1 });
    }

    #[test]
    fn the_cache_is_checked_on_a_hit_and_fresh_misses_do_not_rescan() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let (root, cache) = (tmp.path().join("src"), tmp.path().join("cache"));
        fake_checkout(&root.join("shop"), "https://github.com/acme/shop");
        let checkouts = Checkouts {
            repos: Vec::new(),
            roots: vec![root.clone()],
        };
        let found = |slug| find_checkout(&checkouts, slug, Some(&cache));
        assert_eq!(found("acme/shop"), Found::Checkout(root.join("shop")));
        assert!(cache.join(CACHE_FILE).is_file());
        // Moved away: the cached hit is checked, the roots rescanned, the new place found.
        fs::rename(root.join("shop"), root.join("shop2")).expect("rename");
        assert_eq!(found("acme/shop"), Found::Checkout(root.join("shop2")));
        // A new clone right after a scan is not looked for again until the scan is old.
        fake_checkout(&root.join("new"), "https://github.com/acme/new");
        assert_eq!(found("acme/new"), Found::None { roots: 1 });
        let mut scan = read_cache(&cache).expect("cached scan");
        scan.scanned_at -= RESCAN_AFTER.as_secs() + 1;
        write_cache(&cache, &scan);
        assert_eq!(found("acme/new"), Found::Checkout(root.join("new")));
    }
}
