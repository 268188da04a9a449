//! Running the user's editor on a file: `$VISUAL`, else `$EDITOR`, else `vi`, through `sh -c`
//! so that an editor command with arguments (`code -w`) works.

use std::io::IsTerminal;
use std::path::Path;
use std::process::Command;

/// The editor command line the user asked for.
pub fn editor_command() -> String {
    ["VISUAL", "EDITOR"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.trim().is_empty()))
        .unwrap_or_else(|| "vi".into())
}

/// `sh -c 'EDITOR "$@"' sh ARGS…`: the shell splits the editor's own words (`code -w`), the
/// arguments pass through untouched (a path is never quoted into the shell line).
pub fn shell<I, S>(editor: &str, args: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("{editor} \"$@\""))
        .arg("sh")
        .args(args);
    cmd
}

/// The editor as a process on `file`; the caller runs it.
pub fn command(file: &Path) -> Command {
    shell(&editor_command(), [file])
}

/// Runs the editor on `file` and waits for it; an editor that cannot start or fails is an error.
pub fn edit(file: &Path) -> Result<(), String> {
    let mut cmd = command(file);
    // `… | errdex new --from-log -` used stdin up: the editor reads the keyboard instead.
    if !std::io::stdin().is_terminal()
        && let Ok(tty) = std::fs::File::open("/dev/tty")
    {
        cmd.stdin(tty);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run the editor `{}`: {e}", editor_command()))?;
    check_status(status)
}

/// An editor that exited with an error (`:cq` in vi) did not mean to save.
pub fn check_status(status: std::process::ExitStatus) -> Result<(), String> {
    if status.success() {
        return Ok(());
    }
    Err(format!(
        "the editor `{}` failed ({status})",
        editor_command()
    ))
}
