//! The browser's `e` in a pseudo-terminal: the editor gets the terminal (normal screen,
//! cooked mode, every key typed) at today's line of the local file, and the browser takes
//! the terminal back afterwards; on quitting, the terminal is restored.

mod support;

use support::Home;
use support::git::{self, Repo, with_lines_above};
use support::pty::Spawn;

/// An editor that notes its arguments and the terminal's mode, then reads one line typed at
/// the keyboard.
const EDITOR: &str = r#"#!/bin/sh
dir=$(dirname "$0")
printf '%s\n' "$@" > "$dir/argv"
stty -a > "$dir/stty" 2>&1
printf 'EDITOR READY\n'
read line
printf '%s\n' "$line" > "$dir/typed"
"#;

#[test]
fn e_hands_the_terminal_to_the_editor_at_todays_line_and_takes_it_back() {
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

    let data_arg = data.display().to_string();
    let mut s = Spawn::in_home(home)
        .size(30, 140)
        .env("EDITOR", &editor.display().to_string())
        .env("VISUAL", "")
        .errdex(&["--data", &data_arg]);
    s.wait_for("1/1");
    s.send("\x1b"); // browse mode
    s.wait_for("BROWSE");
    s.send("s");
    s.wait_for("local: ~/shop/src/app.rs:16 (moved +3)");
    s.send("l");
    s.wait_for("local file ~/shop/src/app.rs:16 (moved +3)");
    s.wait_for("▶16 │         return Err(refused());");

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
    // Keys reach the browser again.
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}
