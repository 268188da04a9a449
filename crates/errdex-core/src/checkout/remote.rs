//! Which repositories a git checkout is a clone of, read from its own config file: no `git`
//! process, so nothing can prompt for credentials, fetch, or hang.

use std::fs;
use std::path::{Path, PathBuf};

/// Config files bigger than this are not a git config we should be reading.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// `owner/name` (lower-cased) of a remote URL in any of git's forms: `https://host/o/n.git`,
/// `ssh://git@host:22/o/n`, `git@host:o/n.git`, `git://…`, `file:///srv/o/n.git`, a plain
/// path. The last two path components count, so GitLab subgroups (`g/sub/n`) give `sub/n`.
pub fn slug_of_url(url: &str) -> Option<String> {
    let url = url.trim();
    let path = match url.split_once("://") {
        // scheme://[user@]host[:port]/path
        Some((_, rest)) => rest.split_once('/').map_or("", |(_, p)| p),
        None => match url.split_once(':') {
            // scp-like `[user@]host:path`, unless the colon is inside a path.
            Some((host, p)) if !host.contains('/') && !host.is_empty() => p,
            _ => url,
        },
    };
    let path = path.split(['?', '#']).next().unwrap_or("");
    let path = path.trim_end_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path);
    let mut parts = path.rsplit(['/', '\\']).filter(|p| !p.is_empty());
    let name = parts.next()?;
    let owner = parts.next()?;
    if [owner, name].iter().any(|p| *p == "." || *p == "..") {
        return None;
    }
    crate::config::repo_slug(&format!("{owner}/{name}"))
}

/// The git folder of a checkout: `.git` itself, or where a `.git` file (`gitdir: PATH`, as in
/// a worktree or a submodule) points.
pub fn git_dir(checkout: &Path) -> Option<PathBuf> {
    let dot_git = checkout.join(".git");
    let meta = fs::metadata(&dot_git).ok()?;
    if meta.is_dir() {
        return Some(dot_git);
    }
    if !meta.is_file() || meta.len() > 4096 {
        return None;
    }
    let text = fs::read_to_string(&dot_git).ok()?;
    let target = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("gitdir:"))?;
    let target = Path::new(target.trim());
    let dir = if target.is_absolute() {
        target.to_path_buf()
    } else {
        checkout.join(target)
    };
    dir.is_dir().then_some(dir)
}

/// The folder holding the repository's shared config: a worktree's git folder names it in
/// its `commondir` file.
pub(crate) fn common_dir(git_dir: &Path) -> PathBuf {
    let Ok(text) = fs::read_to_string(git_dir.join("commondir")) else {
        return git_dir.to_path_buf();
    };
    let common = Path::new(text.trim());
    if common.is_absolute() {
        common.to_path_buf()
    } else {
        git_dir.join(common)
    }
}

/// The `owner/name` of every remote of the checkout at `checkout`; empty when it is not a
/// checkout or has no remote errdex can read.
pub fn checkout_slugs(checkout: &Path) -> Vec<String> {
    let mut slugs = Vec::new();
    for url in checkout_remote_urls(checkout) {
        if let Some(slug) = slug_of_url(&url)
            && !slugs.contains(&slug)
        {
            slugs.push(slug);
        }
    }
    slugs
}

/// The remote URLs of the checkout at `checkout`, in the order its config names them.
pub fn checkout_remote_urls(checkout: &Path) -> Vec<String> {
    let Some(dir) = git_dir(checkout) else {
        return Vec::new();
    };
    let config = common_dir(&dir).join("config");
    let too_big = fs::metadata(&config).map_or(true, |m| m.len() > MAX_CONFIG_BYTES);
    if too_big {
        return Vec::new();
    }
    let Ok(bytes) = fs::read(&config) else {
        return Vec::new();
    };
    remote_urls(&String::from_utf8_lossy(&bytes))
}

/// The `url` values of the `[remote "…"]` sections of a git config file.
fn remote_urls(config: &str) -> Vec<String> {
    let mut in_remote = false;
    let mut urls = Vec::new();
    for line in config.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            let header = line.trim_start_matches('[');
            let section = header.split([' ', '"', ']', '.']).next().unwrap_or("");
            in_remote = section.eq_ignore_ascii_case("remote");
            continue;
        }
        if !in_remote {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if key.trim().eq_ignore_ascii_case("url") {
            let value = value.trim();
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(value);
            urls.push(value.to_string());
        }
    }
    urls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_remote_url_names_its_repository() {
        let s = Some("acme/shop".to_string());
        for url in [
            "https://github.com/acme/shop",
            "https://github.com/acme/shop.git",
            "https://github.com/Acme/Shop/",
            "https://user:token@github.com/acme/shop.git",
            "http://gitea.local:3000/acme/shop",
            "ssh://git@github.com/acme/shop.git",
            "ssh://git@github.com:2222/acme/shop.git",
            "git://example.org/acme/shop.git",
            "git@github.com:acme/shop.git",
            "github.com:acme/shop",
            "git@gitlab.com:group/acme/shop.git",
            "file:///srv/git/acme/shop.git",
            "/srv/git/acme/shop.git",
            "../acme/shop",
            "  https://github.com/acme/shop.git  ",
        ] {
            assert_eq!(slug_of_url(url), s, "{url}");
        }
    }

    #[test]
    fn odd_urls_name_nothing_and_never_panic() {
        for url in [
            "",
            "origin",
            "git@github.com:",
            "https://github.com/",
            "https://github.com/acme",
            "::::",
            "/",
            "./..",
            "é:/ü",
            "https://github.com/acme/sh op",
        ] {
            assert_eq!(slug_of_url(url), None, "{url}");
        }
    }

    #[test]
    fn remote_urls_come_from_remote_sections_only() {
        let config = "[core]\n\turl = https://x/not/this\n[remote \"origin\"]\n\turl = git@github.com:acme/shop.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n[remote \"up\"]\n\tURL = \"https://github.com/up/shop\"\n";
        assert_eq!(
            remote_urls(config),
            ["git@github.com:acme/shop.git", "https://github.com/up/shop"]
        );
    }

    #[test]
    fn a_worktree_reads_the_config_of_its_main_checkout() {
        let dir = tempfile::tempdir().expect("temp dir");
        let main = dir.path().join("main");
        let git = main.join(".git");
        fs::create_dir_all(git.join("worktrees/wt")).expect("mkdir");
        fs::write(
            git.join("config"),
            "[remote \"origin\"]\n  url = https://github.com/acme/shop.git\n",
        )
        .expect("write");
        fs::write(git.join("worktrees/wt/commondir"), "../..\n").expect("write");
        let wt = dir.path().join("wt");
        fs::create_dir_all(&wt).expect("mkdir");
        let gitdir = git.join("worktrees/wt");
        fs::write(wt.join(".git"), format!("gitdir: {}\n", gitdir.display())).expect("write");
        assert_eq!(checkout_slugs(&main), ["acme/shop"]);
        assert_eq!(checkout_slugs(&wt), ["acme/shop"]);
        assert!(checkout_slugs(dir.path()).is_empty());
    }
}
