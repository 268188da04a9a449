//! What a checkout says about itself without running git: its HEAD commit and where its
//! remote is, for `analyzedSha`, `repo` and `githubUrl`.

use std::fs;
use std::path::Path;

use crate::checkout::{checkout_remote_urls, slug_of_url};

/// The checkout's identity as the records name it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// `owner/name` from the first remote, else the folder's name.
    pub repo: String,
    /// The HEAD commit, when the checkout is a git work tree.
    pub sha: Option<String>,
    /// `https://github.com/owner/name` or a GitLab one: where `githubUrl` points.
    pub web: Option<String>,
}

pub fn origin(root: &Path) -> Origin {
    let urls = checkout_remote_urls(root);
    let slug = urls.iter().find_map(|u| slug_of_url(u));
    let folder = root
        .file_name()
        .map_or_else(|| "code".to_string(), |n| n.to_string_lossy().into_owned());
    let web = urls.iter().find_map(|u| web_base(u));
    Origin {
        repo: slug.unwrap_or(folder),
        sha: head_commit(root),
        web,
    }
}

/// The browsable base of a GitHub or GitLab remote.
fn web_base(url: &str) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    let host = ["github.com", "gitlab.com"]
        .into_iter()
        .find(|h| lower.contains(&format!("{h}/")) || lower.contains(&format!("{h}:")))?;
    let slug = slug_of_url(url)?;
    // The slug is lower-cased; the URL's own spelling is kept for the path.
    let at = lower.rfind(&slug)?;
    let path = url.get(at..at + slug.len())?;
    Some(format!("https://{host}/{path}"))
}

/// HEAD, followed through a symbolic ref to a loose or packed ref.
pub fn head_commit(root: &Path) -> Option<String> {
    let git = crate::checkout::remote::git_dir(root)?;
    let head = fs::read_to_string(git.join("HEAD")).ok()?;
    let head = head.trim();
    let Some(reference) = head.strip_prefix("ref:") else {
        return is_sha(head).then(|| head.to_string());
    };
    let reference = reference.trim();
    if reference.contains("..") {
        return None;
    }
    let common = crate::checkout::remote::common_dir(&git);
    for dir in [&git, &common] {
        if let Ok(sha) = fs::read_to_string(dir.join(reference)) {
            let sha = sha.trim();
            if is_sha(sha) {
                return Some(sha.to_string());
            }
        }
    }
    let packed = fs::read_to_string(common.join("packed-refs")).ok()?;
    packed.lines().find_map(|line| {
        let (sha, name) = line.split_once(' ')?;
        (name.trim() == reference && is_sha(sha)).then(|| sha.to_string())
    })
}

fn is_sha(s: &str) -> bool {
    (s.len() == 40 || s.len() == 64) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_and_gitlab_remotes_give_a_web_base() {
        assert_eq!(
            web_base("git@github.com:Acme/Shop.git").as_deref(),
            Some("https://github.com/Acme/Shop")
        );
        assert_eq!(
            web_base("https://gitlab.com/acme/shop").as_deref(),
            Some("https://gitlab.com/acme/shop")
        );
        assert_eq!(web_base("file:///srv/acme/shop.git"), None);
    }

    #[test]
    fn head_follows_loose_and_packed_refs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let git = dir.path().join(".git");
        fs::create_dir_all(git.join("refs/heads")).expect("mkdir");
        let sha = "0123456789abcdef0123456789abcdef01234567";
        fs::write(git.join("HEAD"), "ref: refs/heads/main\n").expect("write");
        fs::write(
            git.join("packed-refs"),
            format!("# pack\n{sha} refs/heads/main\n"),
        )
        .expect("write");
        assert_eq!(head_commit(dir.path()).as_deref(), Some(sha));
        let other = "fedcba9876543210fedcba9876543210fedcba98";
        fs::write(git.join("refs/heads/main"), format!("{other}\n")).expect("write");
        assert_eq!(head_commit(dir.path()).as_deref(), Some(other));
    }
}
