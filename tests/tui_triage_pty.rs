//! The browser's triage view, end to end: a log piped into the real binary running in a
//! pseudo-terminal (`cat LOG | errdex`), keys typed at the terminal, the screen read with vt100.

mod support;

use support::pty::Session;

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
fn an_error_written_into_an_open_pipe_is_shown() {
    // The pipe stays open (the writer sleeps; the shell waits for it after errdex quits): the
    // last line must show while the top bar still says the log is being read.
    let mut s = Session::shell(
        "(printf '2024-01-15 10:00:01 INFO up\\n2024-01-15 10:00:02 ERROR sqlite: database is locked\\n2024-01-15 10:00:03 ERROR flux inverter 7 overheated\\n'; sleep 12) | errdex",
    );
    s.wait_for("errdex · triage");
    s.wait_for("3 lines read…");
    s.wait_for("database is locked");
    s.wait_for("1 known error in 1 log event");
    // The last line is an error no record knows: it is listed under the known one, and its
    // log line shows below once it is selected.
    s.wait_for("1 error event no record knows");
    s.wait_for("flux inverter * overheated");
    s.wait_for("seen 10:00:03  unknown: no record");
    s.send("\x1b[B");
    s.wait_for("Log lines of this unknown error (1)");
    s.wait_for("3 │ 2024-01-15 10:00:03 ERROR flux inverter");
    s.wait_for("3 lines read…");
    s.send("q");
    s.wait_exit();
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

#[test]
fn r_in_the_triage_view_writes_the_incident_report() {
    let mut s = Session::shell("cat tests/fixtures/logs/go_panic.log | errdex");
    s.wait_for("5 known errors in 5 log events");
    s.send("R");
    s.wait_for("incident report written to");
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
    let report = std::fs::read_to_string(s.home().data_dir().join("incident-report.md"))
        .expect("the report is in the data folder");
    assert!(report.contains("concurrent map writes"), "{report}");
    assert!(
        report.contains("assignment to entry in nil map"),
        "{report}"
    );
}
