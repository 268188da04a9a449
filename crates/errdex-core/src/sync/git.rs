//! Git remotes, through the `git` on PATH: `ls-remote` to learn the commit (the same commit
//! costs nothing more), then a shallow clone of that one branch. Git never asks for a password
//! (no terminal prompts, SSH in batch mode, no stdin) and every run has a deadline.

use std::path::{Path, PathBuf};

use super::{Failure, Limits};
use crate::process::RunError;
// Only dataset files are copied out of the checkout: `.git` and everything else stay out.
use crate::source::is_dataset_file;

/// The commit the branch (or the default branch) points at.
pub fn remote_commit(url: &str, branch: Option<&str>, limits: &Limits) -> Result<String, Failure> {
    let reference = match branch {
        Some(b) => format!("refs/heads/{b}"),
        None => "HEAD".into(),
    };
    let out = run(
        &["ls-remote", "--exit-code", "--", url, &reference],
        None,
        limits,
    )?;
    out.lines()
        .find_map(|l| l.split_whitespace().next())
        .filter(|c| c.len() >= 40 && c.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(str::to_string)
        .ok_or_else(|| match branch {
            Some(b) => Failure::failed(format!("the repository has no branch `{b}`")),
            None => Failure::failed("the repository has no commits".into()),
        })
}

/// A shallow clone of the branch into `into`; returns the commit checked out.
pub fn clone(
    url: &str,
    branch: Option<&str>,
    into: &Path,
    limits: &Limits,
) -> Result<String, Failure> {
    let target = into.to_string_lossy();
    let mut args = vec![
        "clone",
        "--quiet",
        "--depth",
        "1",
        "--single-branch",
        "--no-tags",
    ];
    if let Some(b) = branch {
        args.extend(["--branch", b]);
    }
    args.extend(["--", url, &target]);
    run(&args, None, limits)?;
    let head = run(&["rev-parse", "HEAD"], Some(into), limits)?;
    Ok(head.trim().to_string())
}

/// Copies `path` of the checkout (a file or a folder; the whole tree when `None`) to `to`:
/// only dataset files, keeping their relative paths.
pub fn copy_records(checkout: &Path, path: Option<&str>, to: &Path) -> Result<(), Failure> {
    let from = match path {
        Some(p) => checkout.join(p),
        None => checkout.to_path_buf(),
    };
    let cannot = |e: std::io::Error| Failure::failed(format!("cannot copy the records: {e}"));
    if let Some(p) = path {
        no_links_on_the_way(checkout, p)?;
    }
    std::fs::create_dir_all(to).map_err(cannot)?;
    if from.is_file() {
        let name = from.file_name().unwrap_or_default().to_string_lossy();
        let name = if is_dataset_file(&from) {
            name.into_owned()
        } else {
            // The loader only reads known extensions from a folder; the file was named.
            format!("{name}.json")
        };
        std::fs::copy(&from, to.join(name)).map_err(cannot)?;
        return Ok(());
    }
    if !from.is_dir() {
        return Err(Failure::failed(format!(
            "the repository has no `{}`",
            path.unwrap_or("")
        )));
    }
    copy_tree(&from, to).map_err(cannot)
}

/// A remote's `path` leads to its own files only: a symbolic link on the way (`records.jsonl
/// -> /home/me/secret.jsonl`, `records -> /etc`) would copy a local file into the synced
/// version. Links are never followed, and the path cannot climb out with `..`.
fn no_links_on_the_way(checkout: &Path, path: &str) -> Result<(), Failure> {
    let refused = |why: &str| Failure::failed(format!("the remote's path `{path}` {why}"));
    let mut at = checkout.to_path_buf();
    for part in Path::new(path).components() {
        match part {
            std::path::Component::Normal(name) => at.push(name),
            std::path::Component::CurDir => continue,
            _ => return Err(refused("leaves the repository")),
        }
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                return Err(refused(
                    "is a symbolic link in the repository; errdex does not follow links in a remote",
                ));
            }
            // A missing part is reported as missing by the caller.
            _ => {}
        }
    }
    Ok(())
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if name == ".git" {
            continue;
        }
        let kind = entry.file_type()?;
        let (src, dst) = (entry.path(), to.join(&name));
        if kind.is_dir() {
            std::fs::create_dir_all(&dst)?;
            copy_tree(&src, &dst)?;
        } else if kind.is_file() && is_dataset_file(&src) {
            std::fs::copy(&src, &dst)?;
        }
    }
    Ok(())
}

/// Runs git (`crate::git`: no way to prompt) in `dir`, stdout collected, and a deadline; a
/// failure says why in git's own last words.
fn run(args: &[&str], dir: Option<&Path>, limits: &Limits) -> Result<String, Failure> {
    let secs = limits.timeout.as_secs().max(1).to_string();
    let mut git = crate::git::command(dir, limits.timeout);
    // Slower than 1 KB/s for `timeout` seconds is a stalled transfer.
    git.args(["-c", "http.lowSpeedLimit=1000", "-c"])
        .arg(format!("http.lowSpeedTime={secs}"))
        .args(args);
    // A transfer that keeps trickling is bounded by lowSpeedTime; this bounds everything else.
    let deadline = limits.timeout * 20;
    crate::git::run(git, deadline).map_err(|e| match e {
        RunError::NotFound { .. } => {
            Failure::failed("git is not installed (git remotes need it on PATH)".into())
        }
        RunError::Start { reason, .. } => Failure::failed(format!("cannot run git: {reason}")),
        RunError::TimedOut { .. } | RunError::StillRunning { .. } => Failure::failed(format!(
            "git did not finish within {} s; stopped",
            deadline.as_secs()
        )),
        RunError::Failed { code, stderr, .. } => explain(&stderr, code),
    })
}

fn explain(stderr: &str, code: Option<i32>) -> Failure {
    let last = stderr
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let detail = super::short_line(last, 160);
    let lower = stderr.to_ascii_lowercase();
    if [
        "terminal prompts disabled",
        "could not read username",
        "could not read password",
        "unable to get password",
        "authentication failed",
        "permission denied (publickey",
        "host key verification failed",
    ]
    .iter()
    .any(|s| lower.contains(s))
    {
        return Failure::failed(format!(
            "the repository asks for credentials, and errdex does not prompt (set up a credential helper or an SSH key): {detail}"
        ));
    }
    if [
        "could not resolve host",
        "connection refused",
        "network is unreachable",
        "could not connect",
        "failed to connect",
    ]
    .iter()
    .any(|s| lower.contains(s))
    {
        return Failure::offline(detail);
    }
    if code == Some(2) && stderr.trim().is_empty() {
        // `ls-remote --exit-code` found no matching ref.
        return Failure::failed("the repository has no such branch".into());
    }
    Failure::failed(format!("git failed: {detail}"))
}

/// Where the clone goes inside the staging folder.
pub fn checkout_dir(staging: &Path) -> PathBuf {
    staging.join("checkout")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_errors_are_named() {
        let f = explain(
            "Cloning...\nfatal: could not read Username for 'http://127.0.0.1:1': terminal prompts disabled\n",
            Some(128),
        );
        assert!(!f.offline);
        assert!(f.message.contains("asks for credentials"), "{}", f.message);
        let f = explain(
            "fatal: unable to access 'https://x/': Could not resolve host: x\n",
            Some(128),
        );
        assert!(f.offline, "{}", f.message);
        assert_eq!(
            explain("", Some(2)).message,
            "the repository has no such branch"
        );
    }
}
