//! `errdex sync` against a server on 127.0.0.1: counts, conditional requests, `is:new`,
//! rollback, and every failure keeping the old data in use.

mod support;

use std::io::Write;
use std::time::{Duration, Instant};

use support::remotes::{FIRST, count, leftovers, new_ids, records, remote, run};
use support::serve::{Reply, Server};
use support::{Home, stderr, stdout};

#[test]
fn http_sync_counts_and_asks_conditionally_then_rolls_back() {
    let server = Server::start();
    server.file("/errors.jsonl", records("2026-11-28", FIRST), "\"e1\"");
    let home = Home::new();
    home.write_config(&remote("public", &server.url("/errors.jsonl"), ""));

    // Before any sync: the sample, and a word that the remote is not synced.
    let before = run(&home, &["stats", "--json"]);
    assert!(
        stderr(&before).contains("remote `public`: warning: not synced yet"),
        "{}",
        stderr(&before)
    );

    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "public: 3 records (+3 new, 0 changed, 0 removed) — version 2026-11-28\n"
    );
    assert_eq!(count(&home), 3);
    // `show` says which remote and version a record came from, as the Overview does.
    let shown = stdout(&run(&home, &["show", "a1"]));
    assert!(
        shown.contains("\nRemote:   public · version 2026-11-28 · synced 20"),
        "{shown}"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&stdout(&run(&home, &["show", "a1", "--format", "json"])))
            .expect("JSON");
    assert_eq!(doc["remote"]["name"], "public");
    assert_eq!(doc["remote"]["version"], "2026-11-28");

    let out = run(&home, &["sync", "public"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).starts_with("public: unchanged — 3 records, version 2026-11-28 from 20"),
        "{}",
        stdout(&out)
    );
    let last = server.requests().pop().expect("a request");
    assert_eq!(
        (last.header("if-none-match"), last.status),
        (Some("\"e1\""), 304)
    );

    // The new version: c3 changed, b2 removed, d4 and e5 new.
    let second = [
        ("a1", "connection refused by upstream"),
        ("c3", "token expired (refresh it)"),
        ("d4", "certificate has expired"),
        ("e5", "too many open files"),
    ];
    server.file("/errors.jsonl", records("2026-11-30", &second), "\"e2\"");
    let out = run(&home, &["sync"]);
    assert_eq!(
        stdout(&out),
        "public: 4 records (+2 new, 1 changed, 1 removed) — version 2026-11-30\n"
    );
    assert_eq!(count(&home), 4);
    assert_eq!(new_ids(&home), ["c3", "d4", "e5"]);
    let out = run(&home, &["search", "is:new cert"]);
    assert!(stdout(&out).starts_with("d4\t"), "{}", stdout(&out));

    let out = run(&home, &["sync", "--rollback", "public"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("public: rolled back to version 2026-11-28 from 20"),
        "{}",
        stdout(&out)
    );
    assert_eq!(count(&home), 3);
    assert!(new_ids(&home).is_empty());
    let out = run(&home, &["sync", "--rollback", "public"]);
    assert!(
        stdout(&out).contains("rolled back to version 2026-11-30"),
        "{}",
        stdout(&out)
    );
    assert_eq!(count(&home), 4);
    assert!(leftovers(&home, "public").is_empty());
}

#[test]
fn every_failure_keeps_the_old_data_and_leaves_nothing_behind() {
    let server = Server::start();
    server.file("/errors.jsonl", records("v1", FIRST), "\"e1\"");
    let home = Home::new();
    let url = server.url("/errors.jsonl");
    home.write_config(&remote("public", &url, "max_size_mb = 1"));
    assert_eq!(run(&home, &["sync"]).status.code(), Some(0));

    let mut bomb = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    bomb.write_all(&vec![b' '; 5_000_000]).expect("gzip");
    let bomb = bomb.finish().expect("gzip");
    let mut half_gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    half_gzip
        .write_all(records("v2", FIRST).as_bytes())
        .expect("gzip");
    let half_gzip = half_gzip.finish().expect("gzip");
    let half_gzip = half_gzip[..half_gzip.len() / 2].to_vec();
    let file = |body: Vec<u8>, content_type| Reply::File {
        body,
        etag: "\"other\"".into(),
        content_type,
    };
    let cases = [
        (Reply::Status(500), "the server answered 500"),
        (Reply::Status(404), "the server answered 404"),
        (
            Reply::CutShort(records("v2", FIRST).into_bytes()),
            "cut short",
        ),
        (Reply::Stall, "timeout"),
        (
            Reply::Redirect("http://example.invalid/x.jsonl".into()),
            "redirected to another host (http://example.invalid/x.jsonl), refused",
        ),
        (
            file(
                b"<!DOCTYPE html><title>Sign in</title>".to_vec(),
                "text/html",
            ),
            "HTML page",
        ),
        (
            file(bomb, "application/gzip"),
            "unpacks to more than the limit of 1 MB",
        ),
        (file(half_gzip, "application/gzip"), "gzip data is broken"),
        (
            file(
                b"{\"id\":\"x\",\"errorMessage\":\"fine\"}\n{\"id\":\"y\",\"errorMess".to_vec(),
                "application/json",
            ),
            "1 record would not load (first: records.jsonl:2:",
        ),
    ];
    for (reply, why) in cases {
        server.route("/errors.jsonl", reply.clone());
        let started = Instant::now();
        let out = run(&home, &["sync"]);
        let line = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{why}: {line}");
        assert!(
            line.starts_with("public: ") && line.contains(why),
            "{why}: {line}"
        );
        assert!(line.contains(" — kept 3 records from 20"), "{why}: {line}");
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{why} took too long"
        );
        assert_eq!(count(&home), 3, "{why}");
        assert!(
            leftovers(&home, "public").is_empty(),
            "{why}: {:?}",
            leftovers(&home, "public")
        );
    }

    // A pin the content does not match.
    server.file("/errors.jsonl", records("v2", FIRST), "\"e2\"");
    let pin = format!("sha256 = \"{}\"", "0".repeat(64));
    home.write_config(&remote("public", &url, &pin));
    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("sha256 mismatch"), "{}", stdout(&out));

    // The host gone: offline, and the old data still there.
    home.write_config(&remote("public", &url, ""));
    server.stop();
    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(1));
    let line = stdout(&out);
    assert!(
        line.starts_with("public: offline (") && line.contains(" — kept 3 records from 20"),
        "{line}"
    );
    assert_eq!(count(&home), 3);
}

#[test]
fn gzip_files_unpack_and_file_urls_work() {
    let server = Server::start();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(records("g1", FIRST).as_bytes()).expect("gzip");
    server.route(
        "/dump.jsonl.gz",
        Reply::File {
            body: gz.finish().expect("gzip"),
            etag: "\"g\"".into(),
            content_type: "application/gzip",
        },
    );
    let home = Home::new();
    let local = home.path("mirror/errors.json");
    std::fs::create_dir_all(local.parent().expect("parent")).expect("mkdir");
    std::fs::write(&local, records("f1", &FIRST[..2])).expect("write");
    let config = remote("packed", &server.url("/dump.jsonl.gz"), "")
        + &remote("local", &format!("file://{}", local.display()), "");
    home.write_config(&config);
    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(
        stdout(&out),
        "packed: 3 records (+3 new, 0 changed, 0 removed) — version g1\n\
         local: 2 records (+2 new, 0 changed, 0 removed) — version f1\n"
    );
    assert_eq!(count(&home), 5);
    let out = run(&home, &["sync", "local"]);
    assert!(
        stdout(&out).starts_with("local: unchanged — 2 records"),
        "{}",
        stdout(&out)
    );
    let out = run(&home, &["sync", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no remote named `nope` in the config (remotes: packed, local)"));
}

#[test]
fn a_renamed_remote_keeps_its_data_and_history() {
    let server = Server::start();
    server.file("/errors.jsonl", records("v1", FIRST), "\"e1\"");
    let home = Home::new();
    let url = server.url("/errors.jsonl");
    home.write_config(&remote("public", &url, ""));
    assert_eq!(run(&home, &["sync"]).status.code(), Some(0));
    home.write_config(&remote("shared", &url, ""));
    // Loaded under the old folder until the next sync moves it.
    assert_eq!(count(&home), 3);
    let out = run(&home, &["sync"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).starts_with("shared (was public): unchanged — 3 records"),
        "{}",
        stdout(&out)
    );
    assert!(!home.data_dir().join("remotes/public").exists());
    assert_eq!(count(&home), 3);
}

#[test]
fn two_syncs_at_once_both_finish_cleanly() {
    let server = Server::start();
    let slow = Reply::Slow(
        Duration::from_millis(700),
        Box::new(Reply::File {
            body: records("v1", FIRST).into_bytes(),
            etag: "\"e1\"".into(),
            content_type: "application/json",
        }),
    );
    server.route("/errors.jsonl", slow);
    let home = Home::new();
    home.write_config(&remote("public", &server.url("/errors.jsonl"), ""));
    let spawn = || {
        let mut cmd = home.cmd();
        cmd.env_remove("http_proxy").env_remove("HTTP_PROXY");
        cmd.arg("sync")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn")
    };
    let (a, b) = (spawn(), spawn());
    let outs = [
        a.wait_with_output().expect("a"),
        b.wait_with_output().expect("b"),
    ];
    let mut lines: Vec<String> = outs.iter().map(stdout).collect();
    lines.sort();
    assert!(outs.iter().all(|o| o.status.code() == Some(0)), "{lines:?}");
    assert_eq!(
        lines[0],
        "public: 3 records (+3 new, 0 changed, 0 removed) — version v1\n"
    );
    assert!(
        lines[1].starts_with("public: unchanged — 3 records"),
        "{lines:?}"
    );
    assert_eq!(count(&home), 3);
    assert!(leftovers(&home, "public").is_empty());
}

#[test]
fn nothing_but_sync_touches_the_network() {
    let server = Server::start();
    server.file("/errors.jsonl", records("v1", FIRST), "\"e1\"");
    let home = Home::new();
    home.write_config(&remote("public", &server.url("/errors.jsonl"), ""));
    for args in [
        &["stats"][..],
        &["search", "token"],
        &["show", "a1"],
        &["config"],
    ] {
        run(&home, args);
    }
    assert!(server.requests().is_empty(), "{:?}", server.requests());
    run(&home, &["sync"]);
    run(&home, &["search", "token"]);
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_slow_download_shows_its_progress_on_a_terminal() {
    let server = Server::start();
    let mut body = records("v1", FIRST);
    // Blank lines are fine in JSON Lines: they make the download big enough to watch.
    body.push_str(&"\n".repeat(400_000));
    server.route(
        "/errors.jsonl",
        Reply::Dribble(body.into_bytes(), Duration::from_millis(120)),
    );
    let home = Home::new();
    home.write_config(&remote("public", &server.url("/errors.jsonl"), ""));
    let mut s = support::pty::Spawn::in_home(home).errdex(&["sync"]);
    s.wait_for("public: 0.2 of 0.4 MB");
    s.wait_for("public: 3 records (+3 new, 0 changed, 0 removed) — version v1");
    assert!(s.wait_exit().success());
    let rows = s.rows();
    let line = rows
        .iter()
        .find(|r| r.contains("3 records"))
        .expect("the line");
    // The meter's line was taken over by the result, nothing of it left over.
    assert!(line.starts_with("public: 3 records"), "{rows:?}");
    assert!(!rows.iter().any(|r| r.contains(" MB")), "{rows:?}");
}

#[test]
fn a_sync_that_must_wait_for_another_says_so() {
    let home = Home::new();
    let remotes = home.data_dir().join("remotes");
    std::fs::create_dir_all(&remotes).expect("mkdir");
    let held = std::fs::File::create(remotes.join("team.lock")).expect("lock file");
    held.lock().expect("hold the lock");
    let mut child = home
        .cmd()
        .args(["sync", "--rollback", "team"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run errdex");
    // The notice comes while the lock is still held; then the lock is let go.
    let mut err = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    std::io::BufRead::read_line(&mut err, &mut first).expect("read stderr");
    assert!(
        first.contains("team: another errdex sync of it is running; waiting up to 30 s"),
        "{first}"
    );
    drop(held);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("never synced"), "{}", stdout(&out));
}
