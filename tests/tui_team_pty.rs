//! The team's own knowledge in the real browser: `N` hands the terminal to the editor (keys go
//! to it, the screen is the shell's) and takes it back, the new record is loaded and selected;
//! `n` saves a team note that the Overview shows and `note:` finds.

mod support;

use support::pty::Spawn;

const LINE: &str = "2026-11-30T03:12:09Z ERROR [worker-3] shard 17 lease lost: etcd lease 7f3a91 expired after 15s";

/// An editor that shows a prompt, records what was typed at it and the terminal's mode, and
/// fills in the draft.
fn editor(home: &support::Home) -> std::path::PathBuf {
    let path = home.path("editor.sh");
    let out = home.dir.path().display().to_string();
    let script = format!(
        "#!/bin/sh\n\
         stty -a > {out}/stty.txt\n\
         printf 'editor> '\n\
         read answer\n\
         echo \"$answer\" > {out}/answer.txt\n\
         sed -i 's/\"severity\": null/\"severity\": \"critical\"/' \"$1\"\n"
    );
    support::write_script(&path, &script);
    path
}

#[test]
fn new_record_from_a_pasted_line_in_the_editor_and_back() {
    let home = support::Home::new();
    let ed = editor(&home);
    let mut s = Spawn::in_home(home)
        .env("EDITOR", &ed.display().to_string())
        .errdex(&[LINE]);
    s.wait_for("/83");
    s.send("\x1b"); // browse mode
    s.wait_for("BROWSE");
    s.send("N");
    s.wait_for("editor>");
    assert!(
        !s.on_alternate_screen(),
        "the editor runs on the normal screen"
    );
    s.send("typed in the editor\r");
    s.wait_for("added ");
    assert!(s.on_alternate_screen(), "the browser took the screen back");
    // The new record joined the 83 and is the one shown.
    s.wait_for("1/84");
    let screen = s.contents();
    assert!(screen.contains("shard 17 lease lost"), "{screen}");
    let home = s.home();
    let answer = std::fs::read_to_string(home.path("answer.txt")).expect("the editor ran");
    assert_eq!(
        answer.trim(),
        "typed in the editor",
        "keys went to the editor"
    );
    let stty = std::fs::read_to_string(home.path("stty.txt")).expect("stty");
    assert!(
        stty.contains(" icanon") && stty.contains(" echo"),
        "raw mode was left: {stty}"
    );
    let records = std::fs::read_to_string(home.data_dir().join("records.jsonl")).expect("written");
    let doc: serde_json::Value = serde_json::from_str(records.trim()).expect("json");
    assert_eq!(doc["severity"], "critical");
    assert_eq!(
        doc["messagePattern"],
        "shard {} lease lost: etcd lease {} expired after {}"
    );
    // Keys reach the browser again: mouse and paste modes are back on.
    s.send("/");
    s.wait_for("SEARCH");
    s.quit();
    s.assert_restored();
}

#[test]
fn a_note_typed_in_the_browser_is_shown_and_searchable() {
    let mut s = Spawn::new()
        .env("USER", "ana")
        .errdex(&["address already in use"]);
    s.wait_for("/83");
    // The record's detail is read on a worker: the Overview's end is there once it has come.
    s.wait_for("Documentation");
    s.send("\x1b");
    s.wait_for("BROWSE");
    s.send("n");
    s.wait_for("Note on");
    s.send("drain the old pod first");
    s.wait_for("drain the old pod first");
    s.send("\r");
    s.wait_for("note added to");
    // The Overview's end: Tab focuses it, G scrolls to its bottom.
    s.send("\t");
    s.send("G");
    s.wait_for("Team notes");
    s.wait_for("ana");
    let notes = std::fs::read_to_string(s.home().data_dir().join("notes.jsonl")).expect("notes");
    assert!(
        notes.contains("\"text\":\"drain the old pod first\""),
        "{notes}"
    );
    s.send("/");
    s.send("\x15"); // ctrl-u
    s.send("note:\"old pod\"");
    s.wait_for("1/83");
    s.quit();
    s.assert_restored();
}
