//! `errdex new` through the real binary, with a shell script as the editor: a log line becomes
//! a record that triage and search find again, and every kind of bad draft or bad records file
//! keeps the draft and writes nothing.

mod support;

use std::path::{Path, PathBuf};

use support::{Home, stderr, stdout};

/// An "editor" that runs `script` on the draft (`$1`).
fn editor(home: &Home, name: &str, script: &str) -> PathBuf {
    let path = home.path(name);
    support::write_script(&path, &format!("#!/bin/sh\nset -e\n{script}\n"));
    path
}

fn new_with(home: &Home, editor: &Path, args: &[&str]) -> std::process::Output {
    let mut cmd = home.cmd();
    cmd.env_remove("VISUAL")
        .env("EDITOR", editor)
        .env_remove("RUST_BACKTRACE")
        .arg("new")
        .args(args);
    support::output_with_stdin(&mut cmd, None)
}

fn records(home: &Home) -> String {
    std::fs::read_to_string(home.data_dir().join("records.jsonl")).unwrap_or_default()
}

fn kept_drafts(home: &Home) -> Vec<PathBuf> {
    let Ok(dir) = std::fs::read_dir(home.data_dir().join("drafts")) else {
        return Vec::new();
    };
    dir.filter_map(|e| Some(e.ok()?.path())).collect()
}

const LINE: &str = "2026-11-30T03:12:09.554Z ERROR [worker-3] shard 17 lease lost: etcd lease 7f3a91 expired after 15s (src/lease/keeper.rs:214)";
const LATER: &str = "2026-12-01T01:00:00.001Z ERROR [worker-9] shard 4 lease lost: etcd lease 0b12cd expired after 30s (src/lease/keeper.rs:214)";

#[test]
fn a_log_line_becomes_a_record_that_triage_and_search_find_again() {
    let home = Home::new();
    let ed = editor(
        &home,
        "ed.sh",
        r#"sed -i 's/"severity": null/"severity": "critical"/; s/"tags": \[\]/"tags": ["etcd", "lease"]/' "$1""#,
    );
    let o = new_with(&home, &ed, &["--from-log", LINE]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = records(&home);
    assert_eq!(text.lines().count(), 1, "{text}");
    let doc: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON line");
    let id = doc["id"].as_str().expect("an id was filled in").to_string();
    assert_eq!(
        stdout(&o),
        format!(
            "added {id} to {}\n",
            home.data_dir().join("records.jsonl").display()
        )
    );
    assert_eq!(
        doc["errorMessage"],
        "shard 17 lease lost: etcd lease 7f3a91 expired after 15s (src/lease/keeper.rs:214)"
    );
    assert_eq!(
        doc["messagePattern"],
        "shard {} lease lost: etcd lease {} expired after {} (src/lease/keeper.rs:{})"
    );
    assert_eq!(
        (doc["filePath"].as_str(), doc["lineNumber"].as_i64()),
        (Some("src/lease/keeper.rs"), Some(214))
    );
    assert_eq!(doc["severity"], "critical");

    // The records file is loaded with the sample: the later line, other numbers, matches it.
    let mut cmd = home.cmd();
    cmd.args(["triage", "--json"]);
    let o = support::output_with_stdin(&mut cmd, Some(format!("{LATER}\n").as_bytes()));
    assert!(o.status.success(), "{}", stderr(&o));
    let hit: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().expect("a hit")).expect("json");
    assert_eq!(hit["id"], id.as_str());
    let o = home.run(&["search", "lease lost expired tag:etcd"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with(&format!("{id}\t")), "{}", stdout(&o));
    let o = home.run(&["stats", "--json"]);
    assert_eq!(support::record_count(&o), 84, "the sample's 83 and ours");
}

#[test]
fn an_untouched_or_emptied_draft_adds_nothing() {
    let home = Home::new();
    for script in [":", r#": > "$1""#] {
        let ed = editor(&home, "ed.sh", script);
        let o = new_with(&home, &ed, &[]);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("nothing added"), "{}", stderr(&o));
    }
    assert_eq!(records(&home), "");
    assert!(kept_drafts(&home).is_empty());
}

#[test]
fn bad_drafts_are_reported_by_line_and_kept() {
    let home = Home::new();
    let cases = [
        // Broken JSON.
        (r#"sed -i 's/"repo": null,/"repo": nul/' "$1""#, "error:"),
        // A wrong type.
        (
            r#"sed -i 's/"errorMessage": ""/"errorMessage": "x"/; s/"lineNumber": null/"lineNumber": [1]/' "$1""#,
            "lineNumber",
        ),
        // No errorMessage at all.
        (
            r#"sed -i '/"errorMessage"/d; s/"repo": null/"repo": "a\/b"/' "$1""#,
            "errorMessage",
        ),
        // errorMessage left empty.
        (
            r#"sed -i 's/"repo": null/"repo": "a\/b"/' "$1""#,
            "errorMessage",
        ),
    ];
    for (n, (script, says)) in cases.iter().enumerate() {
        let ed = editor(&home, "ed.sh", script);
        let o = new_with(&home, &ed, &[]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "case {n}: {err}");
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.contains(".json:") && first.contains(": error: ") && first.contains(says),
            "case {n}: FILE:LINE: error: … expected, got {err}"
        );
        assert!(err.contains("the draft is kept at"), "case {n}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(kept_drafts(&home).len(), n + 1, "case {n}");
        // The problem names the kept draft (the temporary one is gone), at the field's line.
        let (named, rest) = first.split_once(".json:").expect("FILE.json:LINE");
        let named = format!("{named}.json");
        assert!(
            err.contains(&format!("the draft is kept at {named}\n")),
            "case {n}: {err}"
        );
        let kept = std::fs::read_to_string(&named).expect("the named draft exists");
        let line: usize = rest
            .split(':')
            .next()
            .and_then(|l| l.parse().ok())
            .expect("LINE");
        if says.starts_with("line") {
            let at = kept.lines().nth(line - 1).unwrap_or("");
            assert!(
                at.contains("\"lineNumber\""),
                "case {n}: line {line} is {at}"
            );
        }
    }
    assert_eq!(records(&home), "", "nothing half-written");
}

#[test]
fn a_records_file_that_cannot_be_written_keeps_the_draft() {
    let ed_script = r#"sed -i 's/"errorMessage": ""/"errorMessage": "disk quota exceeded on volume data"/' "$1""#;
    type Setup = fn(&Home) -> PathBuf;
    let setups: [(&str, Setup); 3] = [
        ("read-only", |h| {
            let p = h.path("ro/records.jsonl");
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, "").expect("write");
            let mut perms = std::fs::metadata(&p).expect("meta").permissions();
            perms.set_readonly(true);
            std::fs::set_permissions(&p, perms).expect("chmod");
            p
        }),
        ("a directory", |h| {
            let p = h.path("dir/records.jsonl");
            std::fs::create_dir_all(&p).expect("mkdir");
            p
        }),
        ("cannot create the folder", |h| {
            std::fs::write(h.path("plain"), "a file, not a folder").expect("write");
            h.path("plain/sub/records.jsonl")
        }),
    ];
    for (what, setup) in setups {
        let home = Home::new();
        let target = setup(&home);
        home.write_config(&format!("write_to = {:?}\n", target.display().to_string()));
        let ed = editor(&home, "ed.sh", ed_script);
        let o = new_with(&home, &ed, &[]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{what}: {err}");
        assert!(
            err.contains(&target.display().to_string()) || err.contains("plain"),
            "{what}: {err}"
        );
        assert!(err.contains("the draft is kept at"), "{what}: {err}");
        assert_eq!(kept_drafts(&home).len(), 1, "{what}");
        let leftovers: Vec<_> =
            std::fs::read_dir(target.parent().unwrap_or(Path::new("/nonexistent")))
                .map(|d| {
                    d.filter_map(Result::ok)
                        .filter(|e| e.file_name().to_string_lossy().starts_with(".records"))
                        .count()
                })
                .into_iter()
                .collect();
        assert!(
            leftovers.iter().all(|&n| n == 0),
            "{what}: a temporary file was left"
        );
    }
    // A missing folder that can be created is created.
    let home = Home::new();
    let target = home.path("new/deep/team.jsonl");
    home.write_config(&format!("write_to = {:?}\n", target.display().to_string()));
    let ed = editor(&home, "ed.sh", ed_script);
    let o = new_with(&home, &ed, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(&target)
            .expect("written")
            .contains("disk quota")
    );
}

#[test]
fn from_log_reads_stdin_and_visual_wins_over_editor() {
    let home = Home::new();
    let visual = editor(
        &home,
        "visual.sh",
        r#"sed -i 's/"severity": null/"severity": "warning"/' "$1""#,
    );
    let mut cmd = home.cmd();
    cmd.env("VISUAL", format!("sh {}", visual.display()))
        .env("EDITOR", "false")
        .args(["new", "--from-log", "-"]);
    let o = support::output_with_stdin(
        &mut cmd,
        Some(b"\nJan 30 03:12:09 web-4 api[812]: upstream timed out after 5000 ms while reading response header\n"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(records(&home).trim()).expect("json");
    assert_eq!(
        doc["errorMessage"],
        "upstream timed out after 5000 ms while reading response header"
    );
    assert_eq!(doc["severity"], "warning");
}

#[test]
fn at_a_terminal_a_bad_draft_can_be_edited_again() {
    let home = Home::new();
    let count = home.path("runs");
    // First run: broken JSON; second run: a good record.
    let ed = editor(
        &home,
        "ed.sh",
        &format!(
            r#"echo x >> {runs}
if [ "$(wc -l < {runs})" -eq 1 ]; then
  sed -i 's/"repo": null,/"repo": nul/' "$1"
else
  sed -i 's/"repo": nul$/"repo": null,/; s/"errorMessage": ""/"errorMessage": "second try works fine"/' "$1"
fi"#,
            runs = count.display()
        ),
    );
    let mut s = support::pty::Spawn::in_home(home)
        .env("EDITOR", &ed.display().to_string())
        .errdex(&["new"]);
    s.wait_for("edit the draft again? [Y/n]");
    assert!(
        s.contents().contains(": error: invalid JSON"),
        "{}",
        s.contents()
    );
    s.send("\r");
    s.wait_for("added ");
    assert!(s.wait_exit().success());
    let text = records(s.home());
    assert!(text.contains("second try works fine"), "{text}");
}
