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

#[test]
fn a_rollback_name_cannot_leave_the_remotes_folder() {
    let home = Home::new();
    std::fs::create_dir_all(home.data_dir().join("remotes")).expect("mkdir");
    let out = run(&home, &["sync", "--rollback", "../../x"]);
    assert!(!out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("may only hold letters"),
        "{}",
        stdout(&out)
    );
    assert!(!home.path("data/x.lock").exists() && !home.data_dir().join("x.lock").exists());
    let stray: Vec<_> = walk(home.dir.path())
        .into_iter()
        .filter(|p| p.ends_with("x.lock"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        }
        out.push(p);
    }
    out
}

#[test]
fn a_body_trickled_just_inside_the_timeout_is_bounded_as_a_whole() {
    use std::time::Duration;
    use support::serve::Reply;
    let home = Home::new();
    let server = Server::start();
    server.route("/feed.jsonl", Reply::Trickle(Duration::from_millis(500)));
    // timeout = 1: no single wait reaches it, the whole download reaches ten of them.
    home.write_config(
        &remote("feed", &server.url("/feed.jsonl"), "").replace("timeout = 2", "timeout = 1"),
    );
    let out = run(&home, &["sync"]);
    assert!(!out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("the download took longer than 10 s (10 × timeout)"),
        "{}",
        stdout(&out)
    );
}
