//! Putting text on a clipboard wherever errdex runs — a desktop, tmux, an SSH session — and
//! saying truthfully what happened. Never panics, never waits more than a moment.
//!
//! The browser holds one [`SystemClipboard`] (it is `Send + Sync`) and calls
//! [`Clipboard::copy`] off the UI thread; the returned [`Report`]'s message goes on the
//! status line.

mod native;
mod osc52;
mod plan;
mod report;

use std::path::PathBuf;

pub use native::{HELPER_ARG, serve as serve_helper};
pub use osc52::{TerminalWriter, controlling_terminal, sequence as osc52_sequence};
pub use report::{Report, Route};

use errdex_core::choice::Choice as _;
pub use errdex_core::clipboard_settings::{Config, Env, Mode};
use errdex_core::process::{RunError, TOOL_TIMEOUT, run_with_input, which};
use plan::{Abilities, Slot, Step, X11_TOOLS};

/// Something that takes text and says where it went.
pub trait Clipboard: Send + Sync {
    fn copy(&self, text: &str) -> Report;
}

/// The real clipboard: tries the routes the mode and the environment allow.
pub struct SystemClipboard {
    config: Config,
    env: Env,
    /// The errdex executable, re-run as the X11 selection helper.
    helper: Option<PathBuf>,
    terminal: TerminalWriter,
}

impl SystemClipboard {
    /// A clipboard for this process: its environment, its executable as the helper, and the
    /// controlling terminal for OSC 52.
    pub fn new(config: Config) -> Self {
        SystemClipboard {
            config,
            env: Env::from_process(),
            helper: std::env::current_exe().ok(),
            terminal: controlling_terminal(),
        }
    }

    /// Where OSC 52 sequences go instead of the controlling terminal (the browser passes a
    /// writer that queues them for its draw loop).
    pub fn with_terminal(mut self, terminal: TerminalWriter) -> Self {
        self.terminal = terminal;
        self
    }

    pub fn with_env(mut self, env: Env) -> Self {
        self.env = env;
        self
    }

    /// The executable to run as `EXE __clipboard-helper`; `None` disables the helper.
    pub fn with_helper(mut self, helper: Option<PathBuf>) -> Self {
        self.helper = helper;
        self
    }

    fn attempt(&self, step: &Step, text: &str) -> Result<Route, String> {
        match step {
            Step::Tmux => tmux_load_buffer(text).map(|()| Route::Tmux),
            Step::WlCopy => run_with_input("wl-copy", &[] as &[&str], text, TOOL_TIMEOUT)
                .map(|()| Route::Wayland)
                .map_err(|e| e.to_string()),
            Step::Native => {
                let Some(exe) = &self.helper else {
                    return Err("no clipboard helper".into());
                };
                native::copy_via_helper(exe, text).map(|()| {
                    if native::SYSTEM_KEEPS_TEXT {
                        Route::System
                    } else {
                        Route::X11
                    }
                })
            }
            Step::Tool(tool) => {
                let args = X11_TOOLS
                    .iter()
                    .find(|(name, _)| name == tool)
                    .map(|(_, args)| *args)
                    .unwrap_or_default();
                run_with_input(tool, args, text, TOOL_TIMEOUT)
                    .map(|()| Route::Tool(tool))
                    .map_err(|e| e.to_string())
            }
            Step::Command(command) => run_shell(command, text).map(|()| Route::Command),
            Step::Osc52 => (self.terminal)(osc52::sequence(text).as_bytes())
                .map(|()| Route::Osc52)
                .map_err(|e| format!("OSC 52: {e}")),
        }
    }
}

impl Clipboard for SystemClipboard {
    fn copy(&self, text: &str) -> Report {
        let has_tool = |t: &str| which(t).is_some();
        let can = Abilities {
            has_tool: &has_tool,
            has_helper: self.helper.is_some(),
            system_clipboard: native::SYSTEM_KEEPS_TEXT,
        };
        let plan = plan::plan(
            self.config.mode,
            self.config.command.as_deref(),
            &self.env,
            &can,
        );
        let mut report = Report::default();
        let mut reasons: Vec<(Slot, String)> = plan.skipped;
        for group in &plan.groups {
            if group.fallback_only && report.copied() {
                continue;
            }
            let mut failures = Vec::new();
            for step in &group.steps {
                match self.attempt(step, text) {
                    Ok(route) => {
                        report.routes.push(route);
                        failures.clear();
                        break;
                    }
                    Err(e) => failures.push(e),
                }
            }
            if !failures.is_empty() {
                reasons.push((group.slot, failures.join("; ")));
            }
        }
        reasons.sort_by_key(|(slot, _)| *slot);
        report.reasons = reasons.into_iter().map(|(_, why)| why).collect();
        if self.config.mode != Mode::Auto {
            report.mode_note = Some(format!("clipboard = \"{}\"", self.config.mode.name()));
        }
        report
    }
}

/// `tmux load-buffer -w -`: the buffer, and through `-w` the outer terminal's clipboard.
/// tmux before 3.2 has no `-w`; then the buffer alone.
fn tmux_load_buffer(text: &str) -> Result<(), String> {
    match run_with_input("tmux", &["load-buffer", "-w", "-"], text, TOOL_TIMEOUT) {
        Err(RunError::Failed { stderr, .. }) if refuses_flag_w(&stderr) => {
            run_with_input("tmux", &["load-buffer", "-"], text, TOOL_TIMEOUT)
        }
        other => other,
    }
    .map_err(|e| e.to_string())
}

/// What tmux before 3.2 says of `load-buffer -w`: `unknown flag -w` (or its usage line).
fn refuses_flag_w(stderr: &str) -> bool {
    stderr.contains("unknown flag") || stderr.contains("-w")
}

fn run_shell(command: &str, text: &str) -> Result<(), String> {
    let (shell, flag) = if cfg!(windows) {
        ("cmd", "/C")
    } else {
        ("sh", "-c")
    };
    run_with_input(shell, &[flag, command], text, TOOL_TIMEOUT)
        .map_err(|e| format!("clipboard_command `{command}`: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    fn bare(mode: Mode, command: Option<&str>) -> (SystemClipboard, Arc<Mutex<Vec<u8>>>) {
        let written = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&written);
        let terminal: TerminalWriter = Arc::new(move |b: &[u8]| {
            sink.lock()
                .map_err(|_| std::io::Error::other("poisoned"))?
                .extend_from_slice(b);
            Ok(())
        });
        let config = Config {
            mode,
            command: command.map(String::from),
        };
        let clipboard = SystemClipboard::new(config)
            .with_env(Env::default())
            .with_helper(None)
            .with_terminal(terminal);
        (clipboard, written)
    }

    #[test]
    fn osc52_goes_to_the_terminal_writer() {
        let (c, written) = bare(Mode::Auto, None);
        let report = c.copy("hi");
        assert_eq!(report.message(), "sent via OSC 52 — cannot confirm");
        let bytes = written.lock().map(|w| w.clone()).unwrap_or_default();
        assert_eq!(bytes, osc52::sequence("hi").as_bytes());
    }

    #[test]
    fn nothing_available_says_why_without_panicking() {
        let (c, written) = bare(Mode::Native, None);
        let report = c.copy("hi");
        assert!(!report.copied());
        assert_eq!(
            report.message(),
            "cannot copy: no display, not in tmux, OSC 52 disabled (clipboard = \"native\")"
        );
        assert!(written.lock().is_ok_and(|w| w.is_empty()));
    }

    #[cfg(unix)]
    #[test]
    fn command_mode_pipes_the_text_and_reports_failures() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("copied");
        let (c, _) = bare(Mode::Command, Some(&format!("cat > '{}'", out.display())));
        assert_eq!(c.copy("a\nb").message(), "copied (clipboard_command)");
        assert_eq!(std::fs::read_to_string(&out).ok().as_deref(), Some("a\nb"));
        let (c, _) = bare(Mode::Command, Some("exit 4"));
        assert_eq!(
            c.copy("x").message(),
            "cannot copy: clipboard_command `exit 4`: sh exited with status 4 (clipboard = \"command\")"
        );
    }
}
