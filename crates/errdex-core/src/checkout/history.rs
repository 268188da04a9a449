//! How many commits since the record was analysed touched its file: `git rev-list --count
//! SHA..HEAD -- FILE` in the checkout. Local history only: git is told never to prompt, the
//! command never fetches, and it is stopped after a few seconds whatever happens.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::process::wait_until;

/// Long enough for rev-list over a big history on a busy machine; it never waits on the
/// network, so only a pathological repository gets near this.
const GIT_TIMEOUT: Duration = Duration::from_secs(5);

/// The answer about commits since `analyzedSha`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Since {
    /// This many commits since the analysed one changed the file.
    Commits(u64),
    /// The checkout does not have the analysed commit (a shallow clone, another fork, not
    /// fetched yet).
    UnknownCommit,
    /// git could not answer: not installed, too slow, or another error.
    Unavailable(String),
}

/// Counts the commits in `SHA..HEAD` that touched `file` (relative to the checkout).
pub fn commits_since(checkout: &Path, sha: &str, file: &str) -> Since {
    let sha = sha.trim();
    if sha.is_empty() || !sha.chars().all(|c| c.is_ascii_hexdigit()) {
        // Also keeps data from passing an option to git.
        return Since::UnknownCommit;
    }
    let range = format!("{sha}..HEAD");
    let args = ["rev-list", "--count", range.as_str(), "--", file];
    match run_git(checkout, &args) {
        Ok(out) => out
            .trim()
            .parse()
            .map(Since::Commits)
            .unwrap_or_else(|_| Since::Unavailable(format!("git rev-list printed {out:?}"))),
        Err(GitError::Failed(why)) if is_unknown_revision(&why) => Since::UnknownCommit,
        Err(GitError::Failed(why) | GitError::Other(why)) => Since::Unavailable(why),
    }
}

fn is_unknown_revision(stderr: &str) -> bool {
    ["unknown revision", "bad revision", "Invalid revision"]
        .iter()
        .any(|m| stderr.contains(m))
}

enum GitError {
    /// git ran and said no: the first line it printed on stderr.
    Failed(String),
    Other(String),
}

/// Runs git in `dir` without a terminal, prompts, pager or optional locks; stdout on success.
fn run_git(dir: &Path, args: &[&str]) -> Result<String, GitError> {
    let out = tempfile::tempfile().map_err(|e| GitError::Other(e.to_string()))?;
    let err = tempfile::tempfile().map_err(|e| GitError::Other(e.to_string()))?;
    let (out_w, err_w) = match (out.try_clone(), err.try_clone()) {
        (Ok(o), Ok(e)) => (o, e),
        _ => return Err(GitError::Other("cannot capture git's output".into())),
    };
    let mut command = Command::new("git");
    command
        .arg("-C")
        .arg(dir)
        // A hostile checkout's config must not run a program (fsmonitor) behind our back.
        .args(["-c", "core.fsmonitor=false", "--no-pager"])
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("GIT_ASKPASS", "true")
        .env("SSH_ASKPASS", "true")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(out_w)
        .stderr(err_w);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(|e| {
        GitError::Other(match e.kind() {
            std::io::ErrorKind::NotFound => "git is not installed (not on PATH)".into(),
            _ => format!("cannot run git: {e}"),
        })
    })?;
    let Some(status) = wait_until(&mut child, Instant::now() + GIT_TIMEOUT) else {
        return Err(GitError::Other(format!(
            "git took longer than {} s and was stopped",
            GIT_TIMEOUT.as_secs()
        )));
    };
    let read = |mut f: std::fs::File| {
        use std::io::{Read, Seek};
        let mut text = String::new();
        let _ = f.rewind();
        let _ = f.take(64 << 10).read_to_string(&mut text);
        text
    };
    if status.success() {
        return Ok(read(out));
    }
    let stderr = read(err);
    let first = stderr.lines().map(str::trim).find(|l| !l.is_empty());
    Err(GitError::Failed(
        first.unwrap_or("git failed without a word").to_string(),
    ))
}
