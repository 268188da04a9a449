//! The user's editor at a file and line: `$VISUAL`, else `$EDITOR`, else `vi` (as git does),
//! run through `sh -c` so a value such as `code -w` or `emacs -nw` works, with the file and
//! line passed as separate arguments (no quoting of paths into the shell line).

use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

/// The editor command line the environment names (`crate::editor` decides it for every
/// command that runs an editor).
pub fn from_env() -> String {
    crate::editor::editor_command()
}

/// The program's name without its folder: `/usr/bin/nvim -p` → `nvim`.
fn program_name(editor: &str) -> &str {
    let first = editor.split_whitespace().next().unwrap_or("");
    first.rsplit(['/', '\\']).next().unwrap_or(first)
}

/// Whether the editor is VS Code or a build of it, which take `-g PATH:LINE`.
fn is_vs_code(editor: &str) -> bool {
    let name = program_name(editor).trim_end_matches(".exe");
    matches!(
        name,
        "code" | "code-insiders" | "codium" | "vscodium" | "code-oss" | "cursor" | "windsurf"
    )
}

/// The arguments that put the editor at `line` of `path`: `-g PATH:LINE` for VS Code,
/// `+LINE PATH` for the rest (vi, vim, nvim, emacs, nano, helix, micro, kak all take it).
pub fn arguments(editor: &str, path: &Path, line: usize) -> Vec<OsString> {
    if is_vs_code(editor) {
        let mut at = path.as_os_str().to_os_string();
        at.push(format!(":{line}"));
        return vec!["-g".into(), at];
    }
    vec![format!("+{line}").into(), path.as_os_str().to_os_string()]
}

/// The editor at `line` of `path`, through the shell as `crate::editor::shell` runs it.
pub fn command(editor: &str, path: &Path, line: usize) -> Command {
    crate::editor::shell(editor, arguments(editor, path, line))
}

/// A command line to show the user (`nvim +431 /src/x.rs`).
pub fn describe(editor: &str, path: &Path, line: usize) -> String {
    let args: Vec<String> = arguments(editor, path, line)
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    format!("{editor} {}", args.join(" "))
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
                arguments(editor, path, 431),
                [OsString::from("+431"), OsString::from("/src/shop/app.rs")],
                "{editor}"
            );
        }
        for editor in ["code", "code -w", "/opt/bin/codium --wait", "code-insiders"] {
            assert_eq!(
                arguments(editor, path, 7),
                [OsString::from("-g"), OsString::from("/src/shop/app.rs:7")],
                "{editor}"
            );
        }
        assert_eq!(
            describe("code -w", path, 7),
            "code -w -g /src/shop/app.rs:7"
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_shell_splits_the_editor_but_not_the_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("argv");
        let editor = format!("printf '%s\\n' first >{} && printf '%s\\n'", out.display());
        let odd = Path::new("/tmp/a b/$(touch x);.rs");
        let run = command(&editor, odd, 3).output().expect("run sh");
        assert!(run.status.success());
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "+3\n/tmp/a b/$(touch x);.rs\n"
        );
        assert_eq!(std::fs::read_to_string(out).expect("read"), "first\n");
    }
}
