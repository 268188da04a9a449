//! Running another program: text on its stdin, its output kept, a deadline, and a readable
//! reason when it fails (`Run`, used for clipboard tools, openers and git). Nothing here may
//! block past the deadline, whatever the program does.

use std::ffi::OsStr;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long a clipboard tool may take. Tools that serve the selection (xclip, xsel, wl-copy)
/// fork and let the parent return at once, so this is only reached by a stuck tool.
pub const TOOL_TIMEOUT: Duration = Duration::from_secs(2);

/// Finds an executable on PATH, as a shell would.
pub fn which(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        return is_executable(Path::new(program)).then(|| PathBuf::from(program));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// A program run with a deadline it cannot pass. Its stdin is fed from a thread of its own
/// (a program that never reads cannot block us); its stdout and stderr go to temporary files,
/// not pipes (a program that forks a server holding them, as xclip does, cannot make us wait
/// for that server). The caller builds the `Command` (arguments, environment, folder,
/// process group); the runner owns its stdio and its wait.
pub struct Run {
    command: Command,
    program: String,
    input: Option<Vec<u8>>,
    timeout: Duration,
    keep_output: bool,
    at_deadline: AtDeadline,
}

/// What becomes of a program still running at its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AtDeadline {
    Kill,
    LeaveRunning,
}

/// What a program that exited with status 0 printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
}

/// Why a run did not end with status 0, in words that name the program.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    #[error("{program} not found")]
    NotFound { program: String },
    #[error("{program}: {reason}")]
    Start { program: String, reason: String },
    /// Killed and reaped at the deadline.
    #[error("{program} did not finish within {}s", after.as_secs())]
    TimedOut { program: String, after: Duration },
    /// Still running at the deadline and left to run (`leave_running_at_deadline`).
    #[error("{program} is still running after {}s", after.as_secs())]
    StillRunning { program: String, after: Duration },
    /// It exited with another status (`code` is None when a signal ended it).
    #[error("{}", failed(program, *code, stderr))]
    Failed {
        program: String,
        code: Option<i32>,
        stderr: String,
    },
}

/// "PROGRAM exited with status N: the first line it printed on stderr".
fn failed(program: &str, code: Option<i32>, stderr: &str) -> String {
    let how = match code {
        Some(code) => format!("exited with status {code}"),
        None => "was killed".to_string(),
    };
    let said = stderr.lines().map(str::trim).find(|l| !l.is_empty());
    match said {
        Some(said) => format!("{program} {how}: {}", crate::text::sanitize(said)),
        None => format!("{program} {how}"),
    }
}

/// How much of a program's stdout is kept (git's answers are a few lines).
const STDOUT_KEPT: u64 = 4 << 20;
/// How much of its stderr is kept, for the reason of a failure.
const STDERR_KEPT: u64 = 64 << 10;

impl Run {
    /// Runs `command` with nothing on stdin, its output kept, killed after `TOOL_TIMEOUT`.
    pub fn new(command: Command) -> Run {
        let program = command.get_program().to_string_lossy().into_owned();
        Run {
            command,
            program,
            input: None,
            timeout: TOOL_TIMEOUT,
            keep_output: true,
            at_deadline: AtDeadline::Kill,
        }
    }

    /// These bytes on its stdin.
    pub fn input(mut self, bytes: &[u8]) -> Run {
        self.input = Some(bytes.to_vec());
        self
    }

    pub fn timeout(mut self, timeout: Duration) -> Run {
        self.timeout = timeout;
        self
    }

    /// Its stdout and stderr go nowhere (a web browser that may run for hours).
    pub fn discard_output(mut self) -> Run {
        self.keep_output = false;
        self
    }

    /// At the deadline it is left running and reaped whenever it ends; the answer is
    /// `RunError::StillRunning`.
    pub fn leave_running_at_deadline(mut self) -> Run {
        self.at_deadline = AtDeadline::LeaveRunning;
        self
    }

    /// Starts it, feeds it, waits at most the timeout. Ok only for exit status 0.
    pub fn run(mut self) -> Result<Output, RunError> {
        let program = self.program.clone();
        let start = |reason: String| RunError::Start {
            program: program.clone(),
            reason,
        };
        let files = if self.keep_output {
            let out = tempfile::tempfile().map_err(|e| start(e.to_string()))?;
            let err = tempfile::tempfile().map_err(|e| start(e.to_string()))?;
            let (out_w, err_w) = (out.try_clone(), err.try_clone());
            let (out_w, err_w) = (
                out_w.map_err(|e| start(e.to_string()))?,
                err_w.map_err(|e| start(e.to_string()))?,
            );
            self.command.stdout(out_w).stderr(err_w);
            Some((out, err))
        } else {
            self.command.stdout(Stdio::null()).stderr(Stdio::null());
            None
        };
        let stdin = if self.input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        };
        let mut child = self
            .command
            .stdin(stdin)
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => RunError::NotFound {
                    program: program.clone(),
                },
                _ => start(e.to_string()),
            })?;
        if let Some(input) = self.input.take() {
            feed_bytes(&mut child, input);
        }
        let deadline = Instant::now() + self.timeout;
        let status = match self.at_deadline {
            AtDeadline::Kill => wait_until(&mut child, deadline),
            AtDeadline::LeaveRunning => match wait_or_leave(child, deadline) {
                Some(status) => Some(status),
                None => {
                    return Err(RunError::StillRunning {
                        program,
                        after: self.timeout,
                    });
                }
            },
        };
        let Some(status) = status else {
            return Err(RunError::TimedOut {
                program,
                after: self.timeout,
            });
        };
        let (stdout, stderr) = match files {
            Some((mut out, mut err)) => (read(&mut out, STDOUT_KEPT), read(&mut err, STDERR_KEPT)),
            None => (String::new(), String::new()),
        };
        if status.success() {
            return Ok(Output { stdout, stderr });
        }
        Err(RunError::Failed {
            program,
            code: status.code(),
            stderr,
        })
    }
}

/// Runs `program args…` with `input` on stdin and waits at most `timeout` (a clipboard tool).
/// Success is exit status 0; otherwise the error names the program and says what went wrong,
/// with the first line of what it printed on stderr.
pub fn run_with_input<S: AsRef<OsStr>>(
    program: &str,
    args: &[S],
    input: &str,
    timeout: Duration,
) -> Result<(), RunError> {
    let mut command = Command::new(program);
    command.args(args);
    Run::new(command)
        .input(input.as_bytes())
        .timeout(timeout)
        .run()
        .map(drop)
}

/// Writes the input from another thread, so a tool that never reads cannot block us; the
/// write ends (with an error we need not hear) when the tool exits or is killed.
pub fn feed(child: &mut Child, input: &str) {
    feed_bytes(child, input.as_bytes().to_vec());
}

fn feed_bytes(child: &mut Child, bytes: Vec<u8>) {
    if let Some(mut stdin) = child.stdin.take() {
        thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
}

/// Waits for the child until the deadline; past it, kills and reaps it and returns `None`.
pub fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    let status = poll_until(child, deadline);
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    status
}

/// Waits until the deadline; past it, leaves the child running and reaps it on a thread of
/// its own, so it never lingers as a zombie.
fn wait_or_leave(mut child: Child, deadline: Instant) -> Option<ExitStatus> {
    let status = poll_until(&mut child, deadline);
    if status.is_none() {
        thread::spawn(move || child.wait());
    }
    status
}

/// The child's status once it exits, or `None` at the deadline (or when it cannot be asked),
/// leaving what to do with it to the caller.
fn poll_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    // Most tools answer within a millisecond or two: poll fast at first, then back off.
    let mut pause = Duration::from_micros(100);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => {
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            }
            _ => return None,
        }
    }
}

/// Up to `limit` bytes of what the program wrote to this file, as text.
fn read(file: &mut std::fs::File, limit: u64) -> String {
    let mut bytes = Vec::new();
    if file.rewind().is_ok() {
        let _ = file.take(limit).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(all(test, unix))]
#[path = "process_tests.rs"]
mod tests;
