//! A dataset file rewritten under the running browser (`truncate -s 0`, `curl … > file`):
//! the browser keeps running, says the file changed, and gives the terminal back.

mod support;

use support::pty::Session;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui.jsonl");

#[test]
fn a_dataset_truncated_under_the_browser_is_noticed_not_a_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data.jsonl");
    std::fs::copy(FIXTURE, &data).expect("copy the fixture");
    let data_arg = data.to_str().expect("utf-8 path");
    let mut s = Session::errdex(&["--data", data_arg]);
    s.wait_for("5/5");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&data)
        .and_then(|f| f.set_len(0))
        .expect("truncate the dataset");
    // The record shown is read from the truncated file: its pane says why it cannot be.
    s.wait_for("the file changed since it was loaded (2831 bytes then, 0 now)");
    // Within a few seconds the status line says so too, whatever is shown.
    s.wait_for("restart errdex to read it again");
    for _ in 0..4 {
        s.send("\x1b[B"); // Down
    }
    s.wait_for("data.jsonl:5:");
    s.send("\x03"); // ctrl-c
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}
