//! `errdex sync` of a local bare git repository (two commits), a git host that asks for
//! credentials, and what the browser shows after a sync.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::remotes::{FIRST, count, leftovers, new_ids, records, remote, run};
use support::serve::{Reply, Server};
use support::{Home, stderr, stdout};

fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .output()
        .expect("run git");
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
}

#[test]
fn git_remotes_clone_shallow_and_count_by_commit() {
    let home = Home::new();
    let root = home.path("git");
    std::fs::create_dir_all(root.join("work/records")).expect("mkdir");
    git(&root, &["init", "--bare", "-q", "team.git"]);
    let work = root.join("work");
    git(&work, &["init", "-q"]);
    std::fs::write(work.join("records/team.jsonl"), records("t1", &FIRST[..2])).expect("write");
    std::fs::write(work.join("README.md"), "# team errors\n").expect("write");
    git(&work, &["add", "."]);
    git(&work, &["commit", "-q", "-m", "first"]);
    let bare = format!("file://{}", root.join("team.git").display());
    git(&work, &["push", "-q", &bare, "HEAD:refs/heads/main"]);
    home.write_config(&format!(
        "[[remotes]]\nname = \"team\"\ngit = \"{bare}\"\npath = \"records\"\nbranch = \"main\"\n"
    ));
    let out = run(&home, &["sync"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).starts_with("team: 2 records (+2 new, 0 changed, 0 removed) — version "),
        "{}",
        stdout(&out)
    );
    assert_eq!(count(&home), 2);
    let out = run(&home, &["sync"]);
    assert!(
        stdout(&out).starts_with("team: unchanged — 2 records"),
        "{}",
        stdout(&out)
    );

    std::fs::write(work.join("records/team.jsonl"), records("t2", FIRST)).expect("write");
    git(&work, &["commit", "-q", "-am", "second"]);
    git(&work, &["push", "-q", &bare, "HEAD:refs/heads/main"]);
    let out = run(&home, &["sync"]);
    assert!(
        stdout(&out).starts_with("team: 3 records (+1 new, 0 changed, 0 removed)"),
        "{}",
        stdout(&out)
    );
    assert_eq!(new_ids(&home), ["c3"]);
    assert!(leftovers(&home, "team").is_empty());

    home.write_config(&format!(
        "[[remotes]]\nname = \"team\"\ngit = \"{bare}\"\nbranch = \"nope\"\n"
    ));
    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("— kept 3 records from"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_git_host_asking_for_credentials_fails_at_once() {
    let server = Server::start();
    server.route("/private.git/info/refs", Reply::Unauthorized);
    let home = Home::new();
    home.write_config(&format!(
        "[[remotes]]\nname = \"private\"\ngit = \"{}\"\ntimeout = 5\n",
        server.url("/private.git")
    ));
    let started = Instant::now();
    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("private: the repository asks for credentials"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).ends_with("— nothing synced yet\n"),
        "{}",
        stdout(&out)
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn the_browser_says_what_is_new_and_where_a_record_came_from() {
    let home = Home::new();
    let local = home.path("mirror/errors.jsonl");
    std::fs::create_dir_all(local.parent().expect("parent")).expect("mkdir");
    std::fs::write(&local, records("f1", &FIRST[..2])).expect("write");
    home.write_config(&remote("local", &format!("file://{}", local.display()), ""));
    assert_eq!(run(&home, &["sync"]).status.code(), Some(0));
    std::fs::write(&local, records("f2", FIRST)).expect("write");
    let out = run(&home, &["sync"]);
    assert!(stdout(&out).starts_with("local: 3 records (+1 new, 0 changed, 0 removed)"));
    let mut s = support::pty::Spawn::in_home(home).errdex(&[]);
    s.wait_for("1 new since 20");
    s.send("is:new");
    s.wait_for("1/3");
    s.wait_for("remote  local · version f2 · synced 20");
    s.send("\x03");
    assert!(s.wait_exit().success());
    s.assert_restored();
}
