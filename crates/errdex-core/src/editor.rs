//! The user's editor, for every command that runs one (`errdex new`, `errdex edit`, `N` and
//! `e` in the browser): `$VISUAL`, else `$EDITOR`, else `vi` (as git does), run through
//! `sh -c` so a value such as `code -w` or `emacs -nw` works, with the file (and line) passed
//! as separate arguments: a path is never quoted into the shell line. `Editor::launch` is the
//! one way each of them runs it and judges how it ended.

use std::ffi::{OsStr, OsString};
use std::fmt::Display;
use std::io::IsTerminal;
use std::path::Path;
use std::process::{Command, ExitStatus};

/// Where the editor opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place<'a> {
    File(&'a Path),
    /// At this line of the file.
    Line(&'a Path, usize),
}

/// Why an edit did not happen.
#[derive(Debug, thiserror::Error)]
pub enum EditorError {
    /// The editor could not be run (or the terminal not handed to it).
    #[error("the editor `{editor}`: {why}")]
    Run { editor: String, why: String },
    /// It ran and exited with an error (`:cq` in vi): the user did not mean to save.
    #[error("`{command}` exited with {status}")]
    Failed { command: String, status: ExitStatus },
}

/// The editor command line the user asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor(String);

impl Display for Editor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Editor {
    /// `$VISUAL`, else `$EDITOR`, else `vi`.
    pub fn from_env() -> Editor {
        let named = ["VISUAL", "EDITOR"]
            .iter()
            .find_map(|v| std::env::var(v).ok().filter(|s| !s.trim().is_empty()));
        Editor(named.unwrap_or_else(|| "vi".into()))
    }

    /// This command line (`code -w`).
    pub fn named(command: &str) -> Editor {
        Editor(command.to_string())
    }

    /// The editor on `file`; the caller runs it.
    pub fn on(&self, file: &Path) -> Command {
        shell(&self.0, [file])
    }

    /// The editor at `line` of `path`.
    pub fn at(&self, path: &Path, line: usize) -> Command {
        shell(&self.0, self.line_arguments(path, line))
    }

    /// A command line to show the user (`nvim +431 /src/x.rs`).
    pub fn describe_at(&self, path: &Path, line: usize) -> String {
        let args: Vec<String> = self
            .line_arguments(path, line)
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        format!("{} {}", self.0, args.join(" "))
    }

    /// The arguments that put the editor at `line` of `path`: `-g PATH:LINE` for VS Code,
    /// `+LINE PATH` for the rest (vi, vim, nvim, emacs, nano, helix, micro, kak all take it).
    pub fn line_arguments(&self, path: &Path, line: usize) -> Vec<OsString> {
        if self.is_vs_code() {
            let mut at = path.as_os_str().to_os_string();
            at.push(format!(":{line}"));
            return vec!["-g".into(), at];
        }
        vec![format!("+{line}").into(), path.as_os_str().to_os_string()]
    }

    /// The program's name without its folder: `/usr/bin/nvim -p` → `nvim`.
    fn program_name(&self) -> &str {
        let first = self.0.split_whitespace().next().unwrap_or("");
        first.rsplit(['/', '\\']).next().unwrap_or(first)
    }

    /// VS Code or a build of it, which take `-g PATH:LINE`.
    fn is_vs_code(&self) -> bool {
        let name = self.program_name().trim_end_matches(".exe");
        matches!(
            name,
            "code" | "code-insiders" | "codium" | "vscodium" | "code-oss" | "cursor" | "windsurf"
        )
    }

    /// The editor's command for `place`.
    pub fn command(&self, place: Place) -> Command {
        match place {
            Place::File(file) => self.on(file),
            Place::Line(path, line) => self.at(path, line),
        }
    }

    /// The command line for `place`, to show the user.
    pub fn describe(&self, place: Place) -> String {
        match place {
            Place::File(file) => format!("{} {}", self.0, file.display()),
            Place::Line(path, line) => self.describe_at(path, line),
        }
    }

    /// Runs the editor at `place` through `run` (in this terminal, or with the browser's
    /// terminal handed over) and waits for it; an editor that cannot run or exits with an
    /// error is an `EditorError`.
    pub fn launch<E: Display>(
        &self,
        place: Place,
        run: impl FnOnce(Command) -> Result<ExitStatus, E>,
    ) -> Result<(), EditorError> {
        let status = run(self.command(place)).map_err(|why| EditorError::Run {
            editor: self.0.clone(),
            why: why.to_string(),
        })?;
        if status.success() {
            return Ok(());
        }
        Err(EditorError::Failed {
            command: self.describe(place),
            status,
        })
    }

    /// `launch` in this terminal, reading the keyboard even when stdin is a pipe.
    pub fn launch_here(&self, place: Place) -> Result<(), EditorError> {
        self.launch(place, |mut command| {
            keyboard_stdin(&mut command);
            command
                .status()
                .map_err(|e| format!("cannot start it: {e}"))
        })
    }
}

/// `… | errdex new --from-log -` used stdin up, and a piped log is the browser's stdin: the
/// editor reads the keyboard instead.
pub fn keyboard_stdin(command: &mut Command) {
    if !std::io::stdin().is_terminal()
        && let Ok(tty) = std::fs::File::open("/dev/tty")
    {
        command.stdin(tty);
    }
}

/// `sh -c 'EDITOR "$@"' sh ARGS…`: the shell splits the editor's own words (`code -w`), the
/// arguments pass through untouched.
fn shell<I, S>(editor: &str, args: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("{editor} \"$@\""))
        .arg("sh")
        .args(args);
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_line_for_terminal_editors_and_goto_for_vs_code() {
        let path = Path::new("/src/shop/app.rs");
        for editor in [
            "vi",
            "vim",
            "/usr/bin/nvim",
            "emacs -nw",
            "nano",
            "hx",
            "micro",
            "kak",
        ] {
            assert_eq!(
                Editor::named(editor).line_arguments(path, 431),
                [OsString::from("+431"), OsString::from("/src/shop/app.rs")],
                "{editor}"
            );
        }
        for editor in ["code", "code -w", "/opt/bin/codium --wait", "code-insiders"] {
            assert_eq!(
                Editor::named(editor).line_arguments(path, 7),
                [OsString::from("-g"), OsString::from("/src/shop/app.rs:7")],
                "{editor}"
            );
        }
        assert_eq!(
            Editor::named("code -w").describe_at(path, 7),
            "code -w -g /src/shop/app.rs:7"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_launch_names_the_editor_that_failed_or_could_not_run() {
        let path = Path::new("/src/x.rs");
        let ok = Editor::named("true").launch(Place::Line(path, 4), |mut c| c.status());
        assert!(ok.is_ok(), "{ok:?}");
        let failed = Editor::named("false")
            .launch(Place::Line(path, 4), |mut c| c.status())
            .expect_err("false fails");
        assert!(matches!(failed, EditorError::Failed { .. }), "{failed:?}");
        assert_eq!(
            failed.to_string(),
            "`false +4 /src/x.rs` exited with exit status: 1"
        );
        let refused = Editor::named("vi")
            .launch(Place::File(path), |_| Err("cannot hand the terminal over"))
            .expect_err("not run");
        assert_eq!(
            refused.to_string(),
            "the editor `vi`: cannot hand the terminal over"
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_shell_splits_the_editor_but_not_the_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("argv");
        let editor = format!("printf '%s\\n' first >{} && printf '%s\\n'", out.display());
        let odd = Path::new("/tmp/a b/$(touch x);.rs");
        let run = Editor::named(&editor).at(odd, 3).output().expect("run sh");
        assert!(run.status.success());
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "+3\n/tmp/a b/$(touch x);.rs\n"
        );
        assert_eq!(std::fs::read_to_string(out).expect("read"), "first\n");
        let run = Editor::named("printf '%s\\n'")
            .on(odd)
            .output()
            .expect("run sh");
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "/tmp/a b/$(touch x);.rs\n"
        );
    }
}
