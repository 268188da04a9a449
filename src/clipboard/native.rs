//! The display's own clipboard through arboard.
//!
//! On X11 a selection lives only as long as the process that owns it: text set by a process
//! that then exits is gone. So errdex hands the text to a helper — itself, re-executed with
//! [`HELPER_ARG`] — that takes the selection, confirms it, and keeps serving it until another
//! program owns the clipboard (arboard's `SetExtLinux::wait`). On macOS and Windows the
//! system keeps the text, and arboard is called directly.

/// The hidden argument that turns errdex into the clipboard helper.
pub const HELPER_ARG: &str = "__clipboard-helper";

#[cfg(all(unix, not(target_os = "macos")))]
pub use x11::{copy_via_helper, serve};

#[cfg(all(unix, not(target_os = "macos")))]
mod x11 {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::path::Path;
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::thread;
    use std::time::{Duration, Instant};

    use arboard::{Clipboard, SetExtLinux};

    use super::HELPER_ARG;
    use errdex_core::process::{feed, wait_until};

    /// How long the helper may take to confirm that it owns the selection.
    const CONFIRM_TIMEOUT: Duration = Duration::from_secs(2);

    /// Starts the helper with the text and waits (briefly) for it to confirm it owns the
    /// CLIPBOARD selection. The helper then outlives errdex, serving the text.
    pub fn copy_via_helper(exe: &Path, text: &str) -> Result<(), String> {
        let mut command = Command::new(exe);
        command
            .arg(HELPER_ARG)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .current_dir("/");
        // Its own process group: Ctrl-C in errdex's terminal must not take the clipboard with it.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start the clipboard helper: {e}"))?;
        feed(&mut child, text);
        let Some(stdout) = child.stdout.take() else {
            return Err("the clipboard helper has no output".into());
        };
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        match rx.recv_timeout(CONFIRM_TIMEOUT) {
            Ok(line) if line.trim_end() == "ok" => {
                // Reap it whenever it ends, so a long browser session leaves no zombies.
                thread::spawn(move || child.wait());
                Ok(())
            }
            Ok(line) => {
                let _ = wait_until(&mut child, Instant::now() + CONFIRM_TIMEOUT);
                let why = line.trim_end();
                Err(why
                    .strip_prefix("error: ")
                    .unwrap_or("the clipboard helper stopped without confirming")
                    .to_string())
            }
            Err(_) => {
                let _ = wait_until(&mut child, Instant::now());
                Err("the X server did not confirm the selection in time".into())
            }
        }
    }

    fn say(line: &str) {
        let mut out = crate::out::stdout();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    /// The helper's side: read the text, own the selection, say `ok`, serve it until another
    /// program takes the clipboard or the display goes away. Returns the exit code.
    pub fn serve() -> u8 {
        let mut text = String::new();
        if std::io::stdin().read_to_string(&mut text).is_err() {
            say("error: the text to copy is not UTF-8");
            return 1;
        }
        let (tx, rx) = mpsc::channel();
        let held = text.clone();
        thread::spawn(move || {
            let result = Clipboard::new().and_then(|mut c| c.set().wait().text(held));
            let _ = tx.send(result.map_err(|e| e.to_string()));
        });
        let deadline = Instant::now() + CONFIRM_TIMEOUT;
        let mut probe: Option<Clipboard> = None;
        loop {
            match rx.try_recv() {
                Ok(Err(e)) => {
                    say(&format!("error: X11: {e}"));
                    return 1;
                }
                Ok(Ok(())) | Err(mpsc::TryRecvError::Disconnected) => {
                    say("error: X11: another program took the clipboard at once");
                    return 1;
                }
                Err(mpsc::TryRecvError::Empty) => {}
            }
            if probe.is_none() {
                probe = Clipboard::new().ok();
            }
            if let Some(p) = probe.as_mut()
                && p.get_text().is_ok_and(|t| t == text)
            {
                break;
            }
            if Instant::now() >= deadline {
                say("error: X11: the selection could not be confirmed");
                return 1;
            }
            thread::sleep(Duration::from_millis(10));
        }
        say("ok");
        // Serve until the waiting `set` returns (someone else owns the clipboard). Should the
        // X server go away without waking it, the periodic probe notices and we leave.
        loop {
            match rx.recv_timeout(Duration::from_secs(5)) {
                Ok(_) | Err(mpsc::RecvTimeoutError::Disconnected) => return 0,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let alive = probe.as_mut().is_some_and(|p| {
                        !matches!(p.get_text(), Err(e) if !matches!(e, arboard::Error::ContentNotAvailable))
                    });
                    if !alive {
                        return 0;
                    }
                }
            }
        }
    }
}

/// On macOS and Windows the system clipboard outlives errdex: no helper needed.
#[cfg(not(all(unix, not(target_os = "macos"))))]
pub fn copy_via_helper(_exe: &std::path::Path, text: &str) -> Result<(), String> {
    arboard::Clipboard::new()
        .and_then(|mut c| c.set_text(text))
        .map_err(|e| e.to_string())
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
pub fn serve() -> u8 {
    crate::say!("errdex: the clipboard helper is only needed on X11");
    2
}

/// Whether this platform keeps copied text after the copying process exits.
pub const SYSTEM_KEEPS_TEXT: bool = !cfg!(all(unix, not(target_os = "macos")));
