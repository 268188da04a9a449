//! How many commits since the record was analysed touched its file: `git rev-list --count
//! SHA..HEAD -- FILE` in the checkout. Local history only: git is told never to prompt, the
//! command never fetches, and it is stopped after a few seconds whatever happens.

use std::path::Path;
use std::time::Duration;

use crate::process::RunError;

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
        Ok(out) => out.trim().parse().map_or_else(
            |_| Since::Unavailable(format!("git rev-list printed {out:?}")),
            Since::Commits,
        ),
        Err(RunError::Failed { stderr, .. }) if is_unknown_revision(&first_line(&stderr)) => {
            Since::UnknownCommit
        }
        Err(e) => Since::Unavailable(unavailable(e)),
    }
}

fn is_unknown_revision(stderr: &str) -> bool {
    ["unknown revision", "bad revision", "Invalid revision"]
        .iter()
        .any(|m| stderr.contains(m))
}

/// Runs git (`crate::git`, hardened: no prompt, no pager, no fsmonitor, no optional locks) in
/// the checkout; its stdout, or why not.
fn run_git(dir: &Path, args: &[&str]) -> Result<String, RunError> {
    let mut git = crate::git::command(Some(dir), GIT_TIMEOUT);
    git.args(args);
    // Its own process group: a signal for errdex's terminal is not git's business.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut git, 0);
    crate::git::run(git, GIT_TIMEOUT)
}

/// Why git gave no count, in a few words.
fn unavailable(e: RunError) -> String {
    match e {
        RunError::NotFound { .. } => "git is not installed (not on PATH)".into(),
        RunError::Start { reason, .. } => format!("cannot run git: {reason}"),
        RunError::TimedOut { .. } | RunError::StillRunning { .. } => format!(
            "git took longer than {} s and was stopped",
            GIT_TIMEOUT.as_secs()
        ),
        RunError::Failed { stderr, .. } => first_line(&stderr),
    }
}

/// The first thing git said on stderr.
fn first_line(stderr: &str) -> String {
    let first = stderr.lines().map(str::trim).find(|l| !l.is_empty());
    first.unwrap_or("git failed without a word").to_string()
}
