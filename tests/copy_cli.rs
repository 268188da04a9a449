//! `errdex copy` and `errdex open` through the real binary, without a real clipboard.

mod copy_support;

use std::process::Output;

use copy_support::{BARE, FULL, errdex};

fn run(args: &[&str]) -> Output {
    errdex(args).output().expect("errdex runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn stdout_gives_exactly_each_targets_text() {
    let cases = [
        ("fix", "token = refresh(token)\ncapture(token)"),
        ("solution:2", "Capture within the authorization window"),
        ("tip:1", "Alert on authorization age"),
        ("validation", "assert not token.expired"),
        (
            "trycatch",
            "try:\n    capture(token)\nexcept TokenExpired:\n    capture(refresh(token))",
        ),
        (
            "typeguard",
            "isinstance(token, Token) and not token.expired",
        ),
        (
            "snippet",
            "def capture(token):\n    if token.expired:\n        raise TokenExpired(token.id)\n",
        ),
        (
            "snippet:numbered",
            "  40 | def capture(token):\n  41 |     if token.expired:\n> 42 |         raise TokenExpired(token.id)\n",
        ),
        (
            "url",
            "https://github.com/acme/payments/blob/0123abc/src/billing/capture.py#L42",
        ),
        (
            "url:range",
            "https://github.com/acme/payments/blob/0123abc/src/billing/capture.py#L40-L42",
        ),
        ("location", "src/billing/capture.py:42"),
    ];
    for (what, expected) in cases {
        let o = run(&["copy", FULL, "--what", what, "--stdout"]);
        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{what}");
    }
    let o = run(&["copy", FULL, "--what", "markdown", "--stdout"]);
    let md = stdout(&o);
    assert!(
        md.starts_with("## card token expired before capture\n"),
        "{md}"
    );
    assert!(
        md.contains("```python\ntoken = refresh(token)\ncapture(token)\n```"),
        "{md}"
    );
    assert!(
        md.contains("1. Refresh the token before capture\n2. Capture"),
        "{md}"
    );
}

#[test]
fn a_target_the_record_lacks_exits_1_and_lists_what_it_has() {
    let o = run(&["copy", BARE, "--what", "url", "--stdout"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim_end(),
        format!("errdex: record {BARE} has no url; it has: fix, solution:1, markdown, id, json")
    );
    assert!(o.stdout.is_empty());
    let o = run(&["copy", BARE, "--what", "fix", "--stdout"]);
    assert_eq!(
        stdout(&o),
        "Only this",
        "fix falls back to the first solution"
    );
}

#[test]
fn an_unknown_target_or_id_is_refused() {
    let o = run(&["copy", FULL, "--what", "solutions", "--stdout"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown target `solutions`"),
        "{}",
        stderr(&o)
    );
    let o = run(&["copy", "ffff", "--stdout"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no record with id `ffff`"));
}

#[test]
fn no_display_no_tmux_no_osc52_is_a_clear_failure() {
    let o = run(&["copy", FULL, "--mode", "native"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("cannot copy: no display, not in tmux, OSC 52 disabled"),
        "{err}"
    );
    assert!(
        !err.contains("internal error") && !err.contains("panicked"),
        "{err}"
    );
    let o = run(&["copy", FULL, "--mode", "off"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot copy (clipboard = \"off\")"));
}

#[test]
fn clipboard_command_gets_the_text_on_stdin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("clip");
    let command = format!("cat > '{}'", out.display());
    let o = run(&[
        "copy",
        FULL,
        "--what",
        "trycatch",
        "--clipboard-command",
        &command,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("trycatch of c0ffee0000000001: copied (clipboard_command)"));
    let copied = std::fs::read_to_string(&out).expect("the command wrote the text");
    assert_eq!(
        copied,
        "try:\n    capture(token)\nexcept TokenExpired:\n    capture(refresh(token))"
    );
}

#[test]
fn open_without_a_browser_prints_the_url_at_the_line() {
    let o = run(&["open", FULL]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "https://github.com/acme/payments/blob/0123abc/src/billing/capture.py#L42\n"
    );
    assert!(stderr(&o).contains("no browser"), "{}", stderr(&o));
    // One URL: what `open` shows is what copying `url` (`y u` in the browser) gives.
    let copied = run(&["copy", FULL, "--what", "url", "--stdout"]);
    assert_eq!(stdout(&copied) + "\n", stdout(&o));
    let o = run(&["open", BARE]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("has no githubUrl"));
}

#[cfg(unix)]
#[test]
fn open_hands_the_url_to_browser() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let seen = dir.path().join("seen");
    let script = dir.path().join("browser");
    let body = format!("#!/bin/sh\nprintf '%s' \"$1\" > '{}'\n", seen.display());
    std::fs::write(&script, body).expect("write script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let o = errdex(&["open", FULL])
        .env("BROWSER", &script)
        .output()
        .expect("errdex runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&seen).ok().as_deref(),
        Some("https://github.com/acme/payments/blob/0123abc/src/billing/capture.py#L42")
    );
}
