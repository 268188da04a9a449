//! Pins through the real binary: persistence, concurrent writers, a corrupt file.

mod support;

use std::process::Stdio;

use support::{Home, stderr, stdout, write_dataset};

fn setup(count: usize) -> (Home, String) {
    let home = Home::new();
    let data = home.path("d.jsonl");
    write_dataset(&data, "rec", count);
    let data = data.to_str().expect("utf-8").to_string();
    (home, data)
}

#[test]
fn pins_survive_a_restart_and_unpin_by_prefix() {
    let (home, data) = setup(5);
    let o = home.run(&["pin", "--data", &data, "rec-00003"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "pinned rec-00003\n");
    let o = home.run(&["pin", "--data", &data, "rec-00001"]);
    assert!(o.status.success());
    let o = home.run(&["pins", "--data", &data]);
    assert!(o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with("rec-00003\tacme/rec\tsrc/rec.rs:3\tfailure number 3"),
        "{lines:?}"
    );
    let o = home.run(&["pins", "--json", "--data", &data]);
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().expect("a line")).expect("json");
    assert_eq!(first["id"], "rec-00003");
    assert_eq!(first["found"], true);
    assert_eq!(first["lineNumber"], 3);

    let o = home.run(&["unpin", "rec-00003"]);
    assert!(o.status.success());
    let o = home.run(&["unpin", "rec-00003"]);
    assert_eq!(o.status.code(), Some(1));
    let o = home.run(&["pins", "--data", &data]);
    assert_eq!(stdout(&o).lines().count(), 1);
}

#[test]
fn pinning_an_unknown_id_fails_cleanly() {
    let (home, data) = setup(2);
    let o = home.run(&["pin", "--data", &data, "nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no record with id `nope`"));
    let o = home.run(&["pins", "--data", &data]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn markdown_export_is_one_note_and_names_missing_records() {
    let (home, data) = setup(3);
    for id in ["rec-00000", "rec-00002"] {
        assert!(home.run(&["pin", "--data", &data, id]).status.success());
    }
    let o = home.run(&["pins", "--markdown", "--data", &data]);
    assert!(o.status.success());
    let note = stdout(&o);
    assert!(note.starts_with("# Pinned errors (2)\n"), "{note}");
    assert_eq!(note.matches("## failure number").count(), 2, "{note}");
    // Against a dataset without those records the pins are still named.
    let other = home.path("other.jsonl");
    write_dataset(&other, "zzz", 1);
    let o = home.run(&[
        "pins",
        "--markdown",
        "--data",
        other.to_str().expect("utf-8"),
    ]);
    assert!(stdout(&o).contains("not in the loaded datasets: `rec-00000`, `rec-00002`"));
}

#[test]
fn concurrent_writers_lose_nothing() {
    let (home, data) = setup(40);
    let ids: Vec<String> = (0..16).map(|n| format!("rec-{n:05}")).collect();
    let children: Vec<_> = ids
        .iter()
        .map(|id| {
            home.cmd()
                .args(["pin", "--data", &data, id])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("wait");
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let o = home.run(&["pins", "--json", "--data", &data]);
    assert_eq!(support::json_ids(&o), ids);
}

#[test]
fn a_corrupt_pins_file_is_set_aside() {
    let (home, data) = setup(2);
    std::fs::create_dir_all(home.data_dir()).expect("mkdir");
    std::fs::write(home.data_dir().join("pins.json"), "{\"pins\": [oops").expect("write");
    let o = home.run(&["pin", "--data", &data, "rec-00001"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("was unreadable"), "{}", stderr(&o));
    let aside: Vec<_> = std::fs::read_dir(home.data_dir())
        .expect("read dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("pins.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    let o = home.run(&["pins", "--data", &data]);
    assert!(stdout(&o).starts_with("rec-00001\t"));
    assert!(!stderr(&o).contains("unreadable"), "warned only once");
}
