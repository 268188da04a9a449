//! A damaged `remotes/NAME/state.json`: named as what it is, and never answered for by the
//! built-in sample.

mod support;

use support::remotes::{FIRST, records, remote, run};
use support::serve::Server;
use support::{Home, stderr, stdout};

#[test]
fn a_damaged_state_file_is_named_and_the_sample_does_not_answer() {
    let home = Home::new();
    let server = Server::start();
    server.file("/feed.jsonl", records("v1", FIRST), "\"e1\"");
    home.write_config(&remote("feed", &server.url("/feed.jsonl"), ""));
    let out = run(&home, &["sync"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let state = home.data_dir().join("remotes/feed/state.json");
    std::fs::write(&state, "{\"current\": ").expect("damage the state");
    // A word the built-in sample matches: it must not answer in the remote's place.
    let out = run(&home, &["search", "error", "--json"]);
    let err = stderr(&out);
    assert!(err.contains(&state.display().to_string()), "{err}");
    assert!(!err.contains("not synced yet"), "{err}");
    assert!(
        stdout(&out).is_empty(),
        "answered from the sample:\n{}",
        stdout(&out)
    );
    assert_eq!(out.status.code(), Some(2), "{err}");
}
