//! The real binary in a pseudo-terminal: start it on a fixture, type, read the screen the way
//! a terminal would (vt100), quit, and check the terminal was given back.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui.jsonl");
/// Generous: these tests check behaviour, not speed, on a busy 2-core machine.
const TIMEOUT: Duration = Duration::from_secs(20);

/// What the program asked of the terminal beyond drawing.
#[derive(Default)]
struct Requests {
    titles: Vec<Vec<u8>>,
    bells: usize,
}

impl vt100::Callbacks for Requests {
    fn set_window_title(&mut self, _: &mut vt100::Screen, title: &[u8]) {
        self.titles.push(title.to_vec());
    }
    fn audible_bell(&mut self, _: &mut vt100::Screen) {
        self.bells += 1;
    }
}

struct Session {
    screen: Arc<Mutex<vt100::Parser<Requests>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// A private XDG home: pins and history written by the browser land here.
    home: tempfile::TempDir,
}

impl Session {
    fn start(args: &[&str], env: &[(&str, &str)]) -> Session {
        Session::start_in(tempfile::tempdir().expect("temp home"), args, env)
    }

    /// Starts errdex with `home` as its XDG config, data and cache home.
    fn start_in(home: tempfile::TempDir, args: &[&str], env: &[(&str, &str)]) -> Session {
        let (rows, cols) = (30, 110);
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_errdex"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        for var in [
            "DISPLAY",
            "WAYLAND_DISPLAY",
            "TMUX",
            "NO_COLOR",
            "ERRDEX_THEME",
        ] {
            cmd.env_remove(var);
        }
        for (var, sub) in [
            ("XDG_CONFIG_HOME", "config"),
            ("XDG_DATA_HOME", "data"),
            ("XDG_CACHE_HOME", "cache"),
            ("HOME", ""),
        ] {
            cmd.env(var, home.path().join(sub));
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn errdex");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let size = |n| std::num::NonZeroU16::new(n).expect("non-zero size");
        let screen = Arc::new(Mutex::new(vt100::Parser::new_with_callbacks(
            size(rows),
            size(cols),
            0,
            Requests::default(),
        )));
        let feed = Arc::clone(&screen);
        std::thread::spawn(move || {
            // Keep the master open for as long as the reader runs.
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
            home,
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
                // Let the reader drain what the child wrote last.
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
        assert_eq!(
            p.screen().mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse reporting left on"
        );
        assert!(!p.screen().hide_cursor(), "cursor left hidden");
    }
}

#[test]
fn type_a_query_open_the_source_and_quit() {
    let mut s = Session::start(&["--data", FIXTURE], &[]);
    s.wait_for("5/5");
    assert!(s.screen.lock().expect("screen").screen().alternate_screen());
    s.send("deadlock");
    s.wait_for("1/5");
    s.wait_for("deadlock detected while updating rows");
    s.send("\x15"); // ctrl-u
    s.send("refused");
    s.wait_for("ECONNREFUSED");
    s.send("\x1b"); // Esc: browse mode
    s.wait_for("BROWSE");
    s.send("s");
    s.wait_for("▶123 │");
    let screen = s.contents();
    assert!(screen.contains(" 120 │ fn connect"), "{screen}");
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}

#[test]
fn escape_sequences_in_the_data_do_not_reach_the_terminal() {
    let mut s = Session::start(&["--data", FIXTURE, "pwned"], &[]);
    s.wait_for("1/5");
    let screen = s.contents();
    // The data holds ESC[2J (clear), ESC[31m (red) and an OSC title: all shown as text.
    assert!(screen.contains("^[[31mred^[[0m"), "{screen}");
    assert!(screen.contains("evil/^[[2Jrepo"), "{screen}");
    let p = s.screen.lock().expect("screen");
    assert!(
        p.callbacks().titles.is_empty(),
        "the window title was changed"
    );
    assert_eq!(p.callbacks().bells, 0, "the data rang the bell");
    let first_row = p.screen().rows(0, 110).next().unwrap_or_default();
    assert!(first_row.starts_with("┌ errdex"), "{first_row}");
    drop(p);
    s.send("\x03"); // ctrl-c
    assert!(s.wait_exit().success());
    s.assert_restored();
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut s = Session::start(&["--data", FIXTURE], &[("NO_COLOR", "1")]);
    s.wait_for("5/5");
    let pid = s.child.process_id().expect("child pid");
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn a_missing_dataset_is_reported_on_the_normal_screen() {
    let mut s = Session::start(&["--data", "/nonexistent/errdex.jsonl"], &[]);
    s.wait_for("The dataset has no records");
    s.wait_for("/nonexistent/errdex.jsonl");
    s.send("\x03");
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn a_pin_made_in_the_browser_shows_in_errdex_pins_and_the_query_is_remembered() {
    let mut s = Session::start(&["--data", FIXTURE], &[]);
    s.wait_for("5/5");
    s.send("timed out");
    s.wait_for("1/5");
    s.send("\x1b"); // Esc: browse mode
    s.wait_for("BROWSE");
    s.send("b");
    s.wait_for("pinned bb22timeout");
    s.wait_for("★");
    s.send("P");
    s.wait_for("1 pinned record written to");
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();

    let home = s.home.path();
    let errdex = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_errdex"))
            .args(args)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CACHE_HOME", home.join("cache"))
            .env("HOME", home)
            .output()
            .expect("run errdex")
    };
    let pins = errdex(&["pins", "--data", FIXTURE]);
    let listed = String::from_utf8_lossy(&pins.stdout).into_owned();
    assert!(listed.starts_with("bb22timeout\t"), "{listed}");
    let note = std::fs::read_to_string(home.join("data/errdex/pinned-errors.md")).expect("note");
    let markdown = errdex(&["pins", "--markdown", "--data", FIXTURE]);
    assert_eq!(note, String::from_utf8_lossy(&markdown.stdout));
    let history = std::fs::read_to_string(home.join("data/errdex/history.json")).expect("history");
    assert!(history.contains("\"timed out\""), "{history}");

    // The next browser finds the pin with `is:pinned` and the query with Up.
    let home = std::mem::replace(&mut s.home, tempfile::tempdir().expect("temp home"));
    let mut s = Session::start_in(home, &["--data", FIXTURE, "is:pinned"], &[]);
    s.wait_for("1/5");
    s.wait_for("request timed out after 30s");
    s.send("\x15"); // ctrl-u: the box is empty
    s.wait_for("5/5");
    s.send("\x1b[A"); // Up: the last query comes back, and finds the one record again
    s.wait_for("1/5");
    s.send("\x03");
    assert!(s.wait_exit().success());
    s.assert_restored();
}
