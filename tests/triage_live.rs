//! `errdex triage` on a live log: the last event is reported while the pipe is still open
//! (once the input pauses), and more of the same event arriving later does not repeat it.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

mod support;

const LOCKED: &str = "2024-01-15 10:00:02 ERROR sqlite: database is locked\n";

#[test]
fn an_error_written_into_an_open_pipe_is_reported() {
    let home = support::Home::new();
    let mut child = home
        .cmd()
        .args(["triage", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run errdex");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    stdin.write_all(LOCKED.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    // The pipe stays open: the line must come anyway. (The wait is generous so a loaded machine
    // does not fail the test; errdex settles after 200 ms of quiet.)
    let first = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the last line reported while the pipe is open");
    assert!(first.starts_with("1\tc2806c2ccae5adc8\t"), "{first}");
    // More of the same event (a trace line), then the next event and the end: no repeat.
    stdin
        .write_all(b"    at db.query (db.js:12:5)\n")
        .expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(Duration::from_millis(400));
    stdin
        .write_all(b"2024-01-15 10:00:03 INFO request served in 3ms\n")
        .expect("write");
    drop(stdin);
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(0));
    let rest: Vec<String> = rx.try_iter().collect();
    assert!(rest.is_empty(), "reported again: {rest:?}");
}
