//! The browser's triage view, end to end: a log piped into the real binary running in a
//! pseudo-terminal (`cat LOG | errdex`), keys typed at the terminal, the screen read with vt100.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

mod support;

/// Generous: these tests check behaviour, not speed, on a busy 2-core machine.
const TIMEOUT: Duration = Duration::from_secs(20);
const ROWS: u16 = 30;
const COLS: u16 = 110;

struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _home: support::Home,
}

impl Session {
    /// Runs a shell command line in the pty, in the crate's directory and a private home.
    fn shell(line: &str) -> Session {
        let home = support::Home::new();
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", line]);
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        let bin = std::path::Path::new(env!("CARGO_BIN_EXE_errdex"));
        let dir = bin.parent().expect("the binary's directory");
        let path = std::env::var("PATH").unwrap_or_default();
        cmd.env("PATH", format!("{}:{path}", dir.display()));
        cmd.env("TERM", "xterm-256color");
        for (k, v) in [
            ("XDG_CONFIG_HOME", home.path("config")),
            ("XDG_DATA_HOME", home.path("data")),
            ("XDG_CACHE_HOME", home.path("cache")),
            ("HOME", home.dir.path().to_path_buf()),
        ] {
            cmd.env(k, v);
        }
        for var in [
            "DISPLAY",
            "WAYLAND_DISPLAY",
            "TMUX",
            "NO_COLOR",
            "ERRDEX_THEME",
        ] {
            cmd.env_remove(var);
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn sh");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let size = |n| std::num::NonZeroU16::new(n).expect("non-zero size");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(ROWS), size(COLS), 0)));
        let feed = Arc::clone(&screen);
        std::thread::spawn(move || {
            let _master = pty.master;
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut p) = feed.lock() {
                    p.process(&buf[..n]);
                }
            }
        });
        Session {
            screen,
            writer,
            child,
            _home: home,
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    fn wait_for(&self, what: &str) {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if self.contents().contains(what) {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("`{what}` never appeared; screen:\n{}", self.contents());
    }

    fn send(&mut self, bytes: &str) {
        self.writer
            .write_all(bytes.as_bytes())
            .expect("write to pty");
        self.writer.flush().expect("flush pty");
    }

    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if let Some(status) = self.child.try_wait().expect("child status") {
                std::thread::sleep(Duration::from_millis(200));
                return status;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        let _ = self.child.kill();
        panic!("errdex did not exit; screen:\n{}", self.contents());
    }

    fn assert_restored(&self) {
        let p = self.screen.lock().expect("screen");
        assert!(
            !p.screen().alternate_screen(),
            "still on the alternate screen"
        );
        assert!(!p.screen().hide_cursor(), "cursor left hidden");
    }
}

#[test]
fn a_piped_log_opens_in_the_triage_view_and_keys_come_from_the_terminal() {
    let mut s = Session::shell("cat tests/fixtures/logs/go_panic.log | errdex");
    s.wait_for("errdex · triage");
    s.wait_for("5 known errors in 5 log events");
    s.wait_for("37 lines");
    s.wait_for("concurrent map writes");
    s.wait_for("assignment to entry in nil map");
    // The first known error is selected: its log line and its overview are on screen.
    s.wait_for("22 │ fatal error: concurrent map writes");
    // Keys reach errdex although its stdin is the pipe: down selects the next known error.
    s.send("\x1b[B");
    s.wait_for("3 │ 2024/01/15 10:23:47 http: panic serving");
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}

#[test]
fn a_pasted_log_opens_the_triage_view_and_esc_goes_back_to_the_search() {
    let mut s = Session::shell("errdex");
    s.wait_for("> type to search");
    s.send("\x1b[200~INFO started\nsql: no rows in result set\nfatal error: concurrent map writes\n\x1b[201~");
    s.wait_for("errdex · triage");
    s.wait_for("2 known errors in 2 log events");
    s.send("\x1b");
    s.wait_for("> type to search");
    s.send("\x1b[200~nil map\x1b[201~");
    s.wait_for("assignment to entry in nil map");
    s.send("\x03");
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn stdin_cannot_be_both_the_dataset_and_a_log() {
    let home = support::Home::new();
    let out = home
        .cmd()
        .args(["--data", "-"])
        .stdin(std::process::Stdio::piped())
        .output()
        .expect("run errdex");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stdin cannot be both the dataset"), "{err}");
}
