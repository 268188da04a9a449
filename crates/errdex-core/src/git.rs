//! The one way errdex runs the `git` on PATH, for `errdex sync` and for the commits since a
//! record's analysis in the user's checkout. Git is never let to ask for anything (no
//! terminal prompt, no askpass program, credential helpers told not to interact, SSH in batch
//! mode), runs no program a checkout's config names (fsmonitor), starts no pager, takes no
//! optional lock a running git of the user's would trip on, speaks English (callers read its
//! messages), and has a deadline (`process::Run`).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::process::{Run, RunError};

/// Git in `dir` (the current folder when None), hardened; the caller adds its own `-c`
/// options and then the subcommand. `timeout` also bounds SSH's connection attempt.
pub fn command(dir: Option<&Path>, timeout: Duration) -> Command {
    let mut git = Command::new("git");
    if let Some(dir) = dir {
        git.arg("-C").arg(dir);
    }
    git.args(["-c", "core.fsmonitor=false", "--no-pager"])
        .args(["-c", "core.askPass=", "-c", "credential.interactive=never"])
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GCM_INTERACTIVE", "never")
        .env("SSH_ASKPASS_REQUIRE", "never")
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("LC_ALL", "C")
        .env_remove("GIT_ASKPASS")
        .env_remove("SSH_ASKPASS");
    if std::env::var_os("GIT_SSH_COMMAND").is_none() {
        let secs = timeout.as_secs().max(1);
        git.env(
            "GIT_SSH_COMMAND",
            format!("ssh -o BatchMode=yes -o ConnectTimeout={secs}"),
        );
    }
    git
}

/// Runs `git` (from `command`) with nothing on stdin, killed at `deadline`; its stdout when
/// it exits with status 0.
pub fn run(git: Command, deadline: Duration) -> Result<String, RunError> {
    Run::new(git).timeout(deadline).run().map(|out| out.stdout)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn git_runs_hardened_in_the_folder_given() {
        if crate::process::which("git").is_none() {
            return;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let mut git = command(Some(dir.path()), Duration::from_secs(5));
        git.args(["config", "--get", "core.fsmonitor"]);
        assert_eq!(run(git, Duration::from_secs(20)).as_deref(), Ok("false\n"));
        let mut git = command(Some(dir.path()), Duration::from_secs(5));
        git.args(["rev-parse", "HEAD"]);
        let err = run(git, Duration::from_secs(20)).expect_err("not a repository");
        assert!(
            matches!(&err, RunError::Failed { stderr, .. } if stderr.contains("not a git repository")),
            "{err:?}"
        );
    }
}
