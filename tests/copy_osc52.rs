//! OSC 52 end to end: errdex in a pseudo-terminal, with no display and no tmux, writes an
//! escape sequence whose payload decodes to exactly the copied text.

mod copy_support;

use std::io::Read;
use std::num::NonZeroU16;
use std::sync::mpsc;
use std::time::Duration;

use base64::Engine;
use portable_pty::{CommandBuilder, PtySize, native_pty_system};

use copy_support::{FULL, ROUTES, fixture};

/// Runs errdex with `args` in a fresh pseudo-terminal; returns every byte it wrote there
/// and its exit code.
fn in_pty(args: &[&str]) -> (Vec<u8>, u32) {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 200,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("open a pty");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_errdex"));
    cmd.args(args);
    cmd.args(["--data", &fixture()]);
    for var in ROUTES {
        cmd.env_remove(var);
    }
    let mut child = pair.slave.spawn_command(cmd).expect("spawn errdex");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("pty reader");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let mut buf = [0u8; 4096];
        // Ends with EOF or EIO once errdex has exited and the slave side is closed.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            bytes.extend_from_slice(&buf[..n]);
        }
        let _ = tx.send(bytes);
    });
    let status = child.wait().expect("errdex exits");
    drop(pair.master);
    let bytes = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("pty output");
    (bytes, status.exit_code())
}

/// The decoded payloads of every OSC 52 sequence in `bytes`.
fn osc52_payloads(bytes: &[u8]) -> Vec<String> {
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

fn screen(bytes: &[u8]) -> String {
    let rows = NonZeroU16::new(24).expect("non-zero");
    let cols = NonZeroU16::new(200).expect("non-zero");
    let mut parser = vt100::Parser::new(rows, cols, 0);
    parser.process(bytes);
    parser.screen().contents()
}

#[test]
fn osc52_mode_sends_the_exact_text() {
    let (bytes, code) = in_pty(&["copy", FULL, "--what", "trycatch", "--mode", "osc52"]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(
        osc52_payloads(&bytes),
        ["try:\n    capture(token)\nexcept TokenExpired:\n    capture(refresh(token))"]
    );
    let shown = screen(&bytes);
    assert!(
        shown.contains("trycatch of c0ffee0000000001: sent via OSC 52 — cannot confirm"),
        "{shown}"
    );
}

#[test]
fn auto_mode_without_display_or_tmux_falls_to_osc52() {
    let (bytes, code) = in_pty(&["copy", FULL]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(
        osc52_payloads(&bytes),
        ["token = refresh(token)\ncapture(token)"]
    );
    assert!(screen(&bytes).contains("sent via OSC 52 — cannot confirm"));
}

#[test]
fn native_mode_sends_nothing_to_the_terminal() {
    let (bytes, code) = in_pty(&["copy", FULL, "--mode", "native"]);
    assert_eq!(code, 1);
    assert!(osc52_payloads(&bytes).is_empty());
    assert!(screen(&bytes).contains("cannot copy: no display, not in tmux, OSC 52 disabled"));
}
