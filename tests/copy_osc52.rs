//! OSC 52 end to end: errdex in a pseudo-terminal, with no display and no tmux, writes an
//! escape sequence whose payload decodes to exactly the copied text.

mod copy_support;
mod support;

use copy_support::{FULL, fixture};
use support::pty::{Spawn, osc52_payloads};

/// Runs `errdex ARGS… --data FIXTURE` in a fresh 24×200 pseudo-terminal with no display, no
/// tmux and no browser; returns every byte it wrote there, its screen and its exit code.
fn in_pty(args: &[&str]) -> (Vec<u8>, String, u32) {
    let fixture = fixture();
    let mut all = args.to_vec();
    all.extend(["--data", &fixture]);
    let mut s = Spawn::new().size(24, 200).errdex(&all);
    let status = s.wait_exit();
    (s.raw(), s.contents(), status.exit_code())
}

#[test]
fn osc52_mode_sends_the_exact_text() {
    let (bytes, shown, code) = in_pty(&["copy", FULL, "--what", "trycatch", "--mode", "osc52"]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(
        osc52_payloads(&bytes),
        ["try:\n    capture(token)\nexcept TokenExpired:\n    capture(refresh(token))"]
    );
    assert!(
        shown.contains("trycatch of c0ffee0000000001: sent via OSC 52 — cannot confirm"),
        "{shown}"
    );
}

#[test]
fn auto_mode_without_display_or_tmux_falls_to_osc52() {
    let (bytes, shown, code) = in_pty(&["copy", FULL]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(
        osc52_payloads(&bytes),
        ["token = refresh(token)\ncapture(token)"]
    );
    assert!(shown.contains("sent via OSC 52 — cannot confirm"));
}

#[test]
fn native_mode_sends_nothing_to_the_terminal() {
    let (bytes, shown, code) = in_pty(&["copy", FULL, "--mode", "native"]);
    assert_eq!(code, 1);
    assert!(osc52_payloads(&bytes).is_empty());
    assert!(shown.contains("cannot copy: no display, not in tmux, OSC 52 disabled"));
}
