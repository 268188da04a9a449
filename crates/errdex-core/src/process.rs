//! Running a clipboard tool: text on its stdin, a deadline, and a readable reason when it
//! fails. Nothing here may block past the deadline, whatever the tool does.

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

/// Runs `program args…` with `input` on stdin and waits at most `timeout`. Success is exit
/// status 0; otherwise the error names the program and says what went wrong, with the first
/// line of what it printed on stderr.
pub fn run_with_input<S: AsRef<OsStr>>(
    program: &str,
    args: &[S],
    input: &str,
    timeout: Duration,
) -> Result<(), String> {
    // stderr goes to a file, not a pipe: a tool that forks a server (xclip) leaves the
    // server holding its stderr, and reading a pipe to its end would wait for that server.
    let mut err_file = tempfile::tempfile().ok();
    let stderr = match err_file.as_ref().and_then(|f| f.try_clone().ok()) {
        Some(f) => Stdio::from(f),
        None => Stdio::null(),
    };
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{program} not found"),
            _ => format!("{program}: {e}"),
        })?;
    feed(&mut child, input);
    let status = wait_until(&mut child, Instant::now() + timeout)
        .ok_or_else(|| format!("{program} did not finish within {}s", timeout.as_secs()))?;
    if status.success() {
        return Ok(());
    }
    let said = err_file.as_mut().map(first_line).unwrap_or_default();
    let how = match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "was killed".to_string(),
    };
    Err(if said.is_empty() {
        format!("{program} {how}")
    } else {
        format!("{program} {how}: {said}")
    })
}

/// Writes the input from another thread, so a tool that never reads cannot block us; the
/// write ends (with an error we need not hear) when the tool exits or is killed.
pub fn feed(child: &mut Child, input: &str) {
    if let Some(mut stdin) = child.stdin.take() {
        let bytes = input.as_bytes().to_vec();
        thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
}

/// Waits for the child until the deadline; past it, kills and reaps it and returns `None`.
pub fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    // Most tools answer within a millisecond or two: poll fast at first, then back off.
    let mut pause = Duration::from_micros(100);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => {
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

fn first_line(file: &mut std::fs::File) -> String {
    let mut text = String::new();
    if file.rewind().is_err() {
        return text;
    }
    let _ = file.take(4096).read_to_string(&mut text);
    let line = text.lines().map(str::trim).find(|l| !l.is_empty());
    crate::text::sanitize(line.unwrap_or("")).into_owned()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn success_failure_and_timeout() {
        assert_eq!(
            run_with_input("sh", &["-c", "cat >/dev/null"], "hi", TOOL_TIMEOUT),
            Ok(())
        );
        let err = run_with_input("sh", &["-c", "echo nope >&2; exit 3"], "", TOOL_TIMEOUT)
            .expect_err("exit 3");
        assert_eq!(err, "sh exited with status 3: nope");
        let started = Instant::now();
        let err = run_with_input("sh", &["-c", "sleep 5"], "", Duration::from_millis(200))
            .expect_err("timeout");
        assert!(err.contains("did not finish"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_tool_that_never_reads_cannot_block_the_writer() {
        let big = "x".repeat(1 << 20);
        let r = run_with_input("sh", &["-c", "exit 0"], &big, TOOL_TIMEOUT);
        assert_eq!(r, Ok(()));
    }

    #[test]
    fn missing_tools_are_named() {
        let err = run_with_input("errdex-no-such-tool", &[] as &[&str], "", TOOL_TIMEOUT)
            .expect_err("missing");
        assert_eq!(err, "errdex-no-such-tool not found");
        assert!(which("errdex-no-such-tool").is_none());
        assert!(which("sh").is_some());
    }
}
