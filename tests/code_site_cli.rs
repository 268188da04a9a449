//! Curated meets code in the checkout: `where`, `edit` and `open` of a team record that hides
//! a scanned site go to the statement's current line, which the scan keeps, and say so as
//! `show` does; the same record without the scan is followed from its own, stale line.

mod support;

use std::fs;
use std::path::Path;
use std::process::Output;

use support::git::Repo;
use support::{Home, stderr, stdout, write_script};

const STORE_RS: &str = r#"use std::io;

pub struct Store;

impl Store {
    pub fn put(&self, room: u64) -> io::Result<()> {
        if room == 0 {
            return Err(io::Error::new(io::ErrorKind::Other, "store is full"));
        }
        Ok(())
    }
}
"#;

/// The line of `"store is full"` in `STORE_RS`.
const FULL_LINE: usize = 8;
/// Lines put above the code when it moves.
const MOVED_BY: usize = 5;

/// A mapped checkout of acme/shop holding `src/store.rs`, committed; the commit.
fn checkout(home: &Home) -> (Repo, String) {
    let repo = Repo {
        dir: home.path("shop"),
    };
    repo.write("src/store.rs", STORE_RS);
    repo.init("https://github.com/Acme/Shop.git");
    let sha = commit(&repo, "store");
    home.write_config(&format!(
        "[repos]\n\"acme/shop\" = \"{}\"\n",
        repo.dir.display()
    ));
    (repo, sha)
}

fn commit(repo: &Repo, message: &str) -> String {
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", message]);
    repo.git(&["rev-parse", "HEAD"])
}

fn run(home: &Home, args: &[&str]) -> Output {
    let mut cmd = home.cmd();
    cmd.args(args).env_remove("RUST_BACKTRACE");
    cmd.output().expect("run errdex")
}

/// Scans the checkout into `code/` and adds the team's record of the same statement, written
/// for line `FULL_LINE` at `sha`, without a snippet (as people write them). The record's file.
fn scanned_with_team_record(home: &Home, repo: &Repo, sha: &str) -> String {
    let out = run(home, &["scan", repo.dir.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let team = home.path("team.json");
    let url = format!("https://github.com/acme/shop/blob/{sha}/src/store.rs#L{FULL_LINE}");
    fs::write(
        &team,
        format!(
            r#"{{"id":"team-full","errorMessage":"store is full","repo":"acme/shop","filePath":"src/store.rs","lineNumber":{FULL_LINE},"githubUrl":"{url}","solutions":["make room"]}}"#
        ),
    )
    .expect("write");
    let added = run(home, &["add", team.to_str().expect("utf-8")]);
    assert_eq!(added.status.code(), Some(0), "{}", stderr(&added));
    team.to_str().expect("utf-8").to_string()
}

/// The code moves `MOVED_BY` lines down in a new commit, and is scanned again.
fn move_and_rescan(home: &Home, repo: &Repo) -> String {
    repo.write(
        "src/store.rs",
        &format!("{}{STORE_RS}", "// moved\n".repeat(MOVED_BY)),
    );
    let sha = commit(repo, "moved");
    let out = run(home, &["scan", repo.dir.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    sha
}

fn position(repo: &Repo, line: usize) -> String {
    format!("{}:{line}\n", repo.dir.join("src/store.rs").display())
}

#[test]
fn where_goes_to_the_line_the_scan_keeps_and_says_so() {
    let home = Home::new();
    let (repo, sha) = checkout(&home);
    let team = scanned_with_team_record(&home, &repo, &sha);
    let out = run(&home, &["where", "team-full"]);
    assert_eq!(stdout(&out), position(&repo, FULL_LINE), "{}", stderr(&out));
    let scanned = &sha[..12];
    assert_eq!(
        stderr(&out),
        format!(
            "errdex: team-full: In the code: src/store.rs:{FULL_LINE} (the same line, scanned at {scanned})\n"
        )
    );

    let now = move_and_rescan(&home, &repo);
    let moved = FULL_LINE + MOVED_BY;
    let out = run(&home, &["where", "team-full"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), position(&repo, moved), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "errdex: team-full: In the code now: src/store.rs:{moved} (moved from line {FULL_LINE}, scanned at {})\n",
            &now[..12]
        )
    );

    // The same record on its own has nothing but its old line to go by.
    let out = run(&home, &["where", "team-full", "--data", &team]);
    assert_eq!(stdout(&out), position(&repo, FULL_LINE), "{}", stderr(&out));
    assert!(!stderr(&out).contains("In the code"), "{}", stderr(&out));
}

#[test]
fn a_move_not_yet_scanned_is_followed_from_the_sites_snippet() {
    let home = Home::new();
    let (repo, sha) = checkout(&home);
    scanned_with_team_record(&home, &repo, &sha);
    repo.write(
        "src/store.rs",
        &format!("{}{STORE_RS}", "// moved\n".repeat(MOVED_BY)),
    );
    commit(&repo, "moved, not scanned");
    let out = run(&home, &["where", "team-full"]);
    let moved = FULL_LINE + MOVED_BY;
    assert_eq!(stdout(&out), position(&repo, moved), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "In the code: src/store.rs:{FULL_LINE} (the same line"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("moved from {FULL_LINE}, 1 commit since analysis")),
        "{err}"
    );
}

/// A script that writes its arguments, one a line, to `argv` beside it.
fn recorder(dir: &Path, name: &str) -> std::path::PathBuf {
    let script = dir.join(name);
    let log = dir.join("argv");
    write_script(
        &script,
        &format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n", log.display()),
    );
    script
}

#[test]
fn edit_and_open_go_to_the_current_line() {
    let home = Home::new();
    let (repo, sha) = checkout(&home);
    scanned_with_team_record(&home, &repo, &sha);
    let now = move_and_rescan(&home, &repo);
    let moved = FULL_LINE + MOVED_BY;
    let bin = home.path("bin");
    fs::create_dir_all(&bin).expect("mkdir");
    let argv = || fs::read_to_string(bin.join("argv")).expect("the script ran");

    let vi = recorder(&bin, "vi");
    let out = home
        .cmd()
        .args(["edit", "team-full"])
        .env("EDITOR", &vi)
        .env_remove("VISUAL")
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run errdex");
    assert!(out.status.success(), "{}", stderr(&out));
    let file = repo.dir.join("src/store.rs");
    assert_eq!(argv(), format!("+{moved}\n{}\n", file.display()));
    assert!(
        stderr(&out).contains(&format!("In the code now: src/store.rs:{moved}")),
        "{}",
        stderr(&out)
    );

    // The record links the line it was written for at its own commit; the site links
    // today's line at the scanned commit.
    let browser = recorder(&bin, "browser");
    let out = home
        .cmd()
        .args(["open", "team-full"])
        .env("BROWSER", &browser)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run errdex");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        argv(),
        format!("https://github.com/Acme/Shop/blob/{now}/src/store.rs#L{moved}\n")
    );
    assert!(
        stderr(&out).contains(&format!("In the code now: src/store.rs:{moved}")),
        "{}",
        stderr(&out)
    );
}
