//! The browser's `e` in a pseudo-terminal: the editor gets the terminal (normal screen,
//! cooked mode, every key typed) at today's line of the local file, and the browser takes
//! the terminal back afterwards; on quitting, the terminal is restored.

mod support;

use support::Home;
use support::git::{self, Repo, with_lines_above};
use support::pty::{Session, Spawn};

/// An editor that notes its arguments and the terminal's mode, then reads one line typed at
/// the keyboard.
const EDITOR: &str = r#"#!/bin/sh
dir=$(dirname "$0")
printf '%s\n' "$@" > "$dir/argv"
stty -a > "$dir/stty" 2>&1
printf 'EDITOR READY\n'
# What is typed meanwhile waits in the terminal: only the editor may take it.
sleep 0.5
read line
printf '%s\n' "$line" > "$dir/typed"
"#;

/// A home whose `repo_roots` holds a clone where the record's line moved from 13 to 16, a
/// dataset with that record, and the recording editor in `bin/`.
fn setup() -> (Home, Repo, String, String) {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new();
    let (repo, sha) = Repo::analysed(&home.path("shop"), "git@github.com:acme/shop.git");
    repo.commit_file(&with_lines_above(12, ""), "three lines above");
    home.write_config(&format!(
        "repo_roots = [\"{}\"]\n",
        home.dir.path().display()
    ));
    let data = home.path("data.jsonl");
    std::fs::write(&data, git::record("r1", Some(&sha))).expect("write dataset");
    let editor = home.path("bin/fake-editor");
    std::fs::create_dir_all(editor.parent().expect("bin")).expect("mkdir");
    std::fs::write(&editor, EDITOR).expect("write editor");
    std::fs::set_permissions(&editor, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let (data, editor) = (data.display().to_string(), editor.display().to_string());
    (home, repo, data, editor)
}

/// Presses `e`, types a line into the editor, and checks what the editor saw.
fn edit_and_come_back(s: &mut Session, repo: &Repo) {
    s.send("e");
    s.wait_for("EDITOR READY");
    assert!(
        !s.on_alternate_screen(),
        "the editor runs on the normal screen"
    );
    s.send("typed into the editor\r");
    s.wait_for("▶16 │"); // the browser is back and redrawn
    assert!(s.on_alternate_screen());
    let dir = s.home().path("bin");
    let argv = std::fs::read_to_string(dir.join("argv")).expect("the editor ran");
    assert_eq!(argv, format!("+16\n{}\n", repo.file().display()));
    let typed = std::fs::read_to_string(dir.join("typed")).expect("the editor read a line");
    assert_eq!(
        typed, "typed into the editor\n",
        "the browser ate the editor's keys"
    );
    let stty = std::fs::read_to_string(dir.join("stty")).expect("stty ran");
    assert!(
        stty.contains(" icanon") && stty.contains(" echo"),
        "the editor got a raw terminal: {stty}"
    );
}

#[test]
fn e_hands_the_terminal_to_the_editor_at_todays_line_and_takes_it_back() {
    let (home, repo, data, editor) = setup();
    let mut s = Spawn::in_home(home)
        .size(30, 140)
        .env("EDITOR", &editor)
        .env("VISUAL", "")
        .errdex(&["--data", &data]);
    s.wait_for("1/1");
    s.send("\x1b"); // browse mode
    s.wait_for("BROWSE");
    s.send("s");
    s.wait_for("local: ~/shop/src/app.rs:16 (moved +3)");
    s.send("l");
    s.wait_for("local file ~/shop/src/app.rs:16 (moved +3)");
    s.wait_for("▶16 │         return Err(refused());");
    edit_and_come_back(&mut s, &repo);
    // Keys reach the browser again.
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}

#[test]
fn with_a_log_piped_in_the_editor_still_reads_the_keyboard() {
    let (home, repo, data, editor) = setup();
    let line = format!("echo 'connection refused by the shop backend' | errdex --data '{data}'");
    let mut s = Spawn::in_home(home)
        .size(30, 140)
        .env("EDITOR", &editor)
        .env("VISUAL", "")
        .shell(&line);
    s.wait_for("log from stdin: 1 known error");
    // The triage view browses: its record's keys work as in the list.
    s.send("s");
    s.wait_for("local: ~/shop/src/app.rs:16 (moved +3)");
    s.send("l");
    s.wait_for("▶16 │");
    edit_and_come_back(&mut s, &repo);
    s.send("\x03");
    s.wait_exit();
    s.assert_restored();
}
