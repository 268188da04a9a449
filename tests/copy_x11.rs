//! The X11 clipboard for real: under Xvfb, text copied by errdex is still there after errdex
//! has exited, and the helper serving it leaves once another program owns the clipboard.
//! Needs an X display and xclip: `xvfb-run -a cargo test -- --ignored` (what .ci/run does).

mod copy_support;

use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use copy_support::{FULL, errdex};

/// The tests share one X server's clipboard: one at a time.
static CLIPBOARD: Mutex<()> = Mutex::new(());

fn exclusive() -> MutexGuard<'static, ()> {
    CLIPBOARD
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn xclip_out() -> String {
    let o = Command::new("xclip")
        .args(["-o", "-selection", "clipboard"])
        .output()
        .expect("xclip is installed");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn xclip_in(text: &str) {
    let mut child = Command::new("xclip")
        .args(["-i", "-selection", "clipboard"])
        .stdin(Stdio::piped())
        .spawn()
        .expect("xclip is installed");
    if let Some(mut stdin) = child.stdin.take() {
        std::io::Write::write_all(&mut stdin, text.as_bytes()).expect("feed xclip");
    }
    child.wait().expect("xclip forks and returns");
}

/// The helper processes serving errdex's selections right now.
fn helpers() -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let exe = env!("CARGO_BIN_EXE_errdex");
    dir.flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|cmd| {
            let cmd = String::from_utf8_lossy(cmd);
            cmd.starts_with(exe) && cmd.contains("__clipboard-helper")
        })
        .count()
}

#[test]
#[ignore = "needs an X display and xclip (run under xvfb-run)"]
fn copied_url_outlives_errdex_on_x11() {
    let _one_at_a_time = exclusive();
    let display = std::env::var("DISPLAY").unwrap_or_default();
    assert!(
        !display.is_empty(),
        "needs an X display: run under xvfb-run"
    );
    let o = errdex(&["copy", FULL, "--what", "url", "--mode", "native"])
        .env("DISPLAY", &display)
        .output()
        .expect("errdex runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("url of c0ffee0000000001: copied (X11)"),
        "{err}"
    );
    // errdex has exited: the text is served by its helper.
    assert_eq!(
        xclip_out(),
        "https://github.com/acme/payments/blob/0123abc/src/billing/capture.py#L42"
    );
    assert!(helpers() >= 1, "a helper serves the selection");

    xclip_in("something else");
    let deadline = Instant::now() + Duration::from_secs(5);
    while helpers() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        helpers(),
        0,
        "the helper leaves once it no longer owns the clipboard"
    );
    assert_eq!(xclip_out(), "something else");
}

#[test]
#[ignore = "needs an X display and xclip (run under xvfb-run)"]
fn a_failing_helper_falls_back_to_xclip() {
    let _one_at_a_time = exclusive();
    use errdex::clipboard::{Clipboard, Config, Env, Mode, SystemClipboard};
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "needs an X display: run under xvfb-run"
    );
    let clipboard = SystemClipboard::new(Config {
        mode: Mode::Native,
        command: None,
    })
    .with_env(Env {
        display: true,
        ..Env::default()
    })
    // A helper that exits at once without confirming, like one that cannot reach X.
    .with_helper(Some("/bin/false".into()));
    let report = clipboard.copy("via xclip");
    assert_eq!(report.message(), "copied (xclip)");
    // xclip returns before its forked server owns the selection: until then the last owner
    // (the other test's xclip) still answers.
    let deadline = Instant::now() + Duration::from_secs(5);
    while xclip_out() != "via xclip" && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(xclip_out(), "via xclip");
}
