//! Copying and opening from the browser, and the config taking effect there: the real binary
//! in a pseudo-terminal with a private XDG home, its raw output kept to find the OSC 52
//! sequences it wrote, and a vt100 screen to read the status line.

mod support;

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine;
use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

use support::Home;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui.jsonl");
/// Generous: these tests check behaviour, not speed, on a busy 2-core machine.
const TIMEOUT: Duration = Duration::from_secs(20);
const ROWS: u16 = 30;
const COLS: u16 = 110;

struct Session {
    raw: Arc<Mutex<Vec<u8>>>,
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _home: Home,
}

impl Session {
    fn start(config: &str, args: &[&str]) -> Session {
        let home = Home::new();
        home.write_config(config);
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
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
            "BROWSER",
            "NO_COLOR",
            "ERRDEX_THEME",
            "COLORFGBG",
        ] {
            cmd.env_remove(var);
        }
        for (var, dir) in [
            ("XDG_CONFIG_HOME", "config"),
            ("XDG_DATA_HOME", "data"),
            ("XDG_CACHE_HOME", "cache"),
        ] {
            cmd.env(var, home.path(dir));
        }
        cmd.env("HOME", home.dir.path());
        let child = pty.slave.spawn_command(cmd).expect("spawn errdex");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let size = |n| NonZeroU16::new(n).expect("non-zero size");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(ROWS), size(COLS), 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (feed, keep) = (Arc::clone(&screen), Arc::clone(&raw));
        std::thread::spawn(move || {
            let _master = pty.master;
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut raw) = keep.lock() {
                    raw.extend_from_slice(&buf[..n]);
                }
                if let Ok(mut p) = feed.lock() {
                    p.process(&buf[..n]);
                }
            }
        });
        Session {
            raw,
            screen,
            writer,
            child,
            _home: home,
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    fn rows(&self) -> Vec<String> {
        let p = self.screen.lock().expect("screen");
        p.screen().rows(0, COLS).collect()
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

    /// The decoded payload of every OSC 52 sequence written so far.
    fn osc52_payloads(&self) -> Vec<String> {
        let raw = self.raw.lock().expect("raw output").clone();
        let text = String::from_utf8_lossy(&raw);
        let mut out = Vec::new();
        let mut rest = text.as_ref();
        while let Some(start) = rest.find("\x1b]52;c;") {
            let body = &rest[start + 7..];
            let end = body.find("\x1b\\").expect("sequence is terminated");
            let decoded = base64::engine::general_purpose::STANDARD
                .decode(&body[..end])
                .expect("payload is base64");
            out.push(String::from_utf8(decoded).expect("payload is UTF-8"));
            rest = &body[end..];
        }
        out
    }

    fn quit(&mut self) {
        self.send("\x03");
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if let Some(status) = self.child.try_wait().expect("child status") {
                assert!(status.success(), "{status:?}");
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        let _ = self.child.kill();
        panic!("errdex did not exit; screen:\n{}", self.contents());
    }
}

/// A field of a fixture record, as the file has it.
fn fixture_field(id: &str, field: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(FIXTURE).expect("read fixture");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|r| match r.get("record") {
            Some(inner) => inner.clone(),
            None => r,
        })
        .find(|r| r["id"] == id)
        .map(|r| r[field].clone())
        .unwrap_or_else(|| panic!("no record {id} in the fixture"))
}

#[test]
fn ctrl_y_copies_the_fix_over_osc52_and_config_keys_apply() {
    let config = "clipboard = \"osc52\"\n[keys]\nctrl-t = \"show_tips\"\n";
    let mut s = Session::start(config, &["--data", FIXTURE, "refused"]);
    s.wait_for("1/5");
    s.wait_for("ECONNREFUSED"); // the record's detail is read
    s.send("\x19"); // ctrl-y, from the search box
    s.wait_for("fix: sent via OSC 52 — cannot confirm");
    let fix = fixture_field("aa11conn", "exampleFix");
    assert_eq!(s.osc52_payloads(), [fix.as_str().expect("a string fix")]);
    assert!(s.rows()[1].contains("refused"), "ctrl-y typed nothing");
    s.send("\x14"); // ctrl-t, rebound in the config
    s.wait_for("Health-check the server before connecting.");
    assert!(s.rows()[1].contains("refused") && !s.rows()[1].contains("refusedt"));
    s.quit();
}

#[test]
fn without_a_browser_o_shows_the_url_and_y_u_copies_it() {
    let mut s = Session::start("clipboard = \"osc52\"\n", &["--data", FIXTURE, "refused"]);
    s.wait_for("ECONNREFUSED");
    s.send("\x1b"); // Esc: browse mode (alone, or the next key would read as alt-o)
    s.wait_for("BROWSE");
    s.send("o");
    let url = "https://github.com/acme/netkit/blob/abc/src/net/connect.rs#L123";
    s.wait_for(&format!("no browser: {url} — press y u to copy"));
    s.send("y");
    s.wait_for("Copy — press a key");
    s.send("u");
    s.wait_for("URL: sent via OSC 52");
    let github_url = fixture_field("aa11conn", "githubUrl");
    assert_eq!(s.osc52_payloads(), [github_url.as_str().expect("a URL")]);
    s.quit();
}

#[test]
fn config_layout_and_problems_show_in_the_browser() {
    let config = "[layout]\ndetail = \"below\"\nratio = 30\n[keys]\nctrl-q = \"fly_away\"\n";
    let mut s = Session::start(config, &["--data", FIXTURE]);
    s.wait_for("5/5");
    s.wait_for("unknown action `fly_away`");
    let rows = s.rows();
    let at = |what: &str| rows.iter().position(|r| r.contains(what));
    let (list, detail) = (at("Results"), at("Overview"));
    assert!(
        matches!((list, detail), (Some(l), Some(d)) if d > l),
        "detail below the list at 110 columns:\n{}",
        rows.join("\n")
    );
    s.quit();
}
