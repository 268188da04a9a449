//! A paste start with no end (a broken terminal or multiplexer, data echoed into the tty) in
//! the real browser, in a pseudo-terminal: Ctrl-c still quits, and the paste is closed after
//! a quiet spell so typing goes on.

mod support;

use std::time::Duration;

use support::pty::Session;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui.jsonl");

#[test]
fn ctrl_c_quits_while_a_paste_that_never_ends_is_open() {
    let mut s = Session::errdex(&["--data", FIXTURE]);
    s.wait_for("5/5");
    s.send("\x1b[200~junk echoed into the terminal");
    // A person presses Ctrl-c after a moment: a read of its own, not part of the paste's burst.
    // Had it been swallowed, the paste would close after its quiet spell with the Ctrl-c
    // inside, and the browser would never exit.
    std::thread::sleep(Duration::from_millis(200));
    s.send("\x03");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}

#[test]
fn a_paste_that_never_ends_is_closed_and_typed_keys_reach_the_search_box() {
    let mut s = Session::errdex(&["--data", FIXTURE]);
    s.wait_for("5/5");
    s.send("\x1b[200~");
    s.wait_for("the terminal started a paste and never ended it");
    s.send("deadlock");
    s.wait_for("> deadlock");
    s.wait_for("1/5");
    s.wait_for("deadlock detected while updating rows");
    // A real paste works as before after it.
    s.send("\x15\x1b[200~timed out\x1b[201~");
    s.wait_for("> timed out");
    s.wait_for("request timed out after 30s");
    s.send("\x03");
    assert!(s.wait_exit().success());
    s.assert_restored();
}
