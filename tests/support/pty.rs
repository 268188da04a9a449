//! The real binary in a pseudo-terminal: errdex (or a shell line that runs it) started in a
//! private XDG home, keys typed at the terminal, and what it wrote read two ways — a vt100
//! screen, as a terminal would show it, and the raw bytes, for escape sequences the screen
//! does not keep (OSC 52).

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine;
use portable_pty::{Child, CommandBuilder, ExitStatus, PtySize, native_pty_system};

use super::Home;

/// Generous: these tests check behaviour, not speed, on a busy 2-core machine.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// Variables that would let errdex reach a real clipboard or browser, or pick its colours
/// from the environment of whoever runs the tests.
const UNSET: &[&str] = &[
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "TMUX",
    "BROWSER",
    "NO_COLOR",
    "ERRDEX_THEME",
    "COLORFGBG",
];

/// What the program asked of the terminal beyond drawing.
#[derive(Default)]
pub struct Requests {
    pub titles: Vec<Vec<u8>>,
    pub bells: usize,
}

impl vt100::Callbacks for Requests {
    fn set_window_title(&mut self, _: &mut vt100::Screen, title: &[u8]) {
        self.titles.push(title.to_vec());
    }
    fn audible_bell(&mut self, _: &mut vt100::Screen) {
        self.bells += 1;
    }
}

/// How to start a session: its home, terminal size and extra environment.
pub struct Spawn {
    home: Home,
    rows: u16,
    cols: u16,
    env: Vec<(String, String)>,
}

impl Spawn {
    /// A fresh private home and a 30×110 terminal.
    pub fn new() -> Spawn {
        Spawn::in_home(Home::new())
    }

    /// `home` as errdex's XDG config, data and cache home (a test may have written a config
    /// there, or reuse the home of an earlier session).
    pub fn in_home(home: Home) -> Spawn {
        Spawn {
            home,
            rows: 30,
            cols: 110,
            env: Vec::new(),
        }
    }

    pub fn size(mut self, rows: u16, cols: u16) -> Spawn {
        self.rows = rows;
        self.cols = cols;
        self
    }

    /// Sets `var` for the child, after the variables a session always clears.
    pub fn env(mut self, var: &str, value: &str) -> Spawn {
        self.env.push((var.to_string(), value.to_string()));
        self
    }

    /// `errdex ARGS…`.
    pub fn errdex(self, args: &[&str]) -> Session {
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_errdex"));
        cmd.args(args);
        self.start(cmd)
    }

    /// `sh -c LINE` with the built errdex first on PATH (for `cat LOG | errdex`).
    pub fn shell(self, line: &str) -> Session {
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", line]);
        let bin = std::path::Path::new(env!("CARGO_BIN_EXE_errdex"));
        let dir = bin.parent().expect("the binary's directory");
        let path = std::env::var("PATH").unwrap_or_default();
        cmd.env("PATH", format!("{}:{path}", dir.display()));
        self.start(cmd)
    }

    fn start(self, mut cmd: CommandBuilder) -> Session {
        let Spawn {
            home,
            rows,
            cols,
            env,
        } = self;
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        cmd.env("TERM", "xterm-256color");
        for var in UNSET {
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
        for (var, value) in &env {
            cmd.env(var, value);
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn the command");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let size = |n| NonZeroU16::new(n).expect("non-zero size");
        let screen = Arc::new(Mutex::new(vt100::Parser::new_with_callbacks(
            size(rows),
            size(cols),
            0,
            Requests::default(),
        )));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (feed, keep) = (Arc::clone(&screen), Arc::clone(&raw));
        let (closed_tx, closed) = mpsc::channel();
        std::thread::spawn(move || {
            // Keep the master open for as long as the reader runs.
            let _master = pty.master;
            let mut buf = [0u8; 8192];
            // Ends with EOF or EIO once every process holding the terminal has exited.
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
            let _ = closed_tx.send(());
        });
        Session {
            screen,
            raw,
            writer,
            child,
            closed,
            cols,
            home,
        }
    }
}

pub struct Session {
    screen: Arc<Mutex<vt100::Parser<Requests>>>,
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// Signalled when the reader has seen the terminal close: all output is in.
    closed: mpsc::Receiver<()>,
    cols: u16,
    home: Home,
}

impl Session {
    /// `errdex ARGS…` in a fresh private home and a 30×110 terminal.
    pub fn errdex(args: &[&str]) -> Session {
        Spawn::new().errdex(args)
    }

    /// `sh -c LINE` in a fresh private home and a 30×110 terminal.
    pub fn shell(line: &str) -> Session {
        Spawn::new().shell(line)
    }

    /// The private home, to read what errdex wrote there.
    pub fn home(&self) -> &Home {
        &self.home
    }

    /// The home, for a later session or command once this one is over.
    pub fn into_home(self) -> Home {
        self.home
    }

    pub fn pid(&self) -> u32 {
        self.child.process_id().expect("child pid")
    }

    pub fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    pub fn rows(&self) -> Vec<String> {
        let p = self.screen.lock().expect("screen");
        p.screen().rows(0, self.cols).collect()
    }

    pub fn on_alternate_screen(&self) -> bool {
        self.screen
            .lock()
            .expect("screen")
            .screen()
            .alternate_screen()
    }

    /// Window-title changes the program asked for, in order.
    pub fn titles(&self) -> Vec<Vec<u8>> {
        self.screen
            .lock()
            .expect("screen")
            .callbacks()
            .titles
            .clone()
    }

    pub fn bells(&self) -> usize {
        self.screen.lock().expect("screen").callbacks().bells
    }

    /// Every byte the program wrote to the terminal so far.
    pub fn raw(&self) -> Vec<u8> {
        self.raw.lock().expect("raw output").clone()
    }

    pub fn wait_for(&self, what: &str) {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if self.contents().contains(what) {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("`{what}` never appeared; screen:\n{}", self.contents());
    }

    pub fn send(&mut self, bytes: &str) {
        self.writer
            .write_all(bytes.as_bytes())
            .expect("write to pty");
        self.writer.flush().expect("flush pty");
    }

    /// Waits for the program to exit and for the last of its output to be read.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if let Some(status) = self.child.try_wait().expect("child status") {
                let left = TIMEOUT.saturating_sub(start.elapsed());
                assert!(
                    self.closed.recv_timeout(left).is_ok(),
                    "the terminal stayed open after the program exited"
                );
                return status;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        let _ = self.child.kill();
        panic!("the program did not exit; screen:\n{}", self.contents());
    }

    /// Ctrl-c, and a clean exit.
    pub fn quit(&mut self) {
        self.send("\x03");
        let status = self.wait_exit();
        assert!(status.success(), "{status:?}");
    }

    /// The terminal was given back: normal screen, no mouse reporting or bracketed paste, cursor
    /// shown.
    pub fn assert_restored(&self) {
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
        assert!(!p.screen().bracketed_paste(), "bracketed paste left on");
    }
}

/// The decoded payload of every OSC 52 sequence in `bytes`.
pub fn osc52_payloads(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
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
