//! `errdex add`, `--replace`, concurrent writers, team notes and `schema`, through the binary.

mod support;

use std::process::Stdio;

use support::{Home, output_with_stdin, stderr, stdout};

fn records_path(home: &Home) -> std::path::PathBuf {
    home.data_dir().join("records.jsonl")
}

fn run_quiet(home: &Home, args: &[&str]) -> std::process::Output {
    let mut cmd = home.cmd();
    cmd.env_remove("RUST_BACKTRACE").args(args);
    output_with_stdin(&mut cmd, None)
}

#[test]
fn add_checks_everything_first_and_writes_all_or_nothing() {
    let home = Home::new();
    let good = home.path("good.json");
    std::fs::write(&good, r#"{"record": {"errorMessage": "quota exceeded for bucket uploads", "tags": ["s3"]}, "datasetVersion": "v1"}"#).expect("write");
    let bad = home.path("bad.jsonl");
    std::fs::write(
        &bad,
        "{\"id\":\"ok-1\",\"errorMessage\":\"fine\"}\n{\"id\":\"bad-1\",\"lineNumber\":\"x\",\"errorMessage\":\"m\"}\n{\"id\":\"bad-2\"}\n",
    )
    .expect("write");
    let o = run_quiet(
        &home,
        &[
            "add",
            good.to_str().expect("utf-8"),
            bad.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let bad_name = bad.display().to_string();
    assert!(err.contains(&format!("{bad_name}:2: error:")), "{err}");
    assert!(err.contains(&format!("{bad_name}:3: error:")), "{err}");
    assert!(err.contains("nothing added: 2 errors\n"), "{err}");
    assert!(!records_path(&home).exists(), "nothing written");
    std::fs::write(&bad, "{\"id\":\"bad-2\"}\n").expect("write");
    let o = run_quiet(&home, &["add", bad.to_str().expect("utf-8")]);
    assert!(
        stderr(&o).contains("nothing added: 1 error\n"),
        "{}",
        stderr(&o)
    );

    // Stdin, JSON Lines; the wrapper keeps its version and gets a derived id.
    let mut cmd = home.cmd();
    cmd.arg("add");
    let o = output_with_stdin(
        &mut cmd,
        Some(std::fs::read(&good).expect("read").as_slice()),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let line = std::fs::read_to_string(records_path(&home)).expect("written");
    let doc: serde_json::Value = serde_json::from_str(line.trim()).expect("json");
    let id = doc["record"]["id"].as_str().expect("id").to_string();
    assert_eq!(doc["datasetVersion"], "v1");
    assert_eq!(
        stdout(&o),
        format!("added {id} to {}\n", records_path(&home).display())
    );

    // The same id again is an error naming where it is.
    let mut cmd = home.cmd();
    cmd.args(["add", "-"]);
    let o = output_with_stdin(&mut cmd, Some(line.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(&format!("<stdin>:1: error: id `{id}` already exists")),
        "{}",
        stderr(&o)
    );
}

#[test]
fn replace_shadows_the_old_record_in_search_and_show_names_both() {
    let home = Home::new();
    // A sample record, rewritten by the team.
    let id = support::first_hit_id(&home, "address already in use");
    let file = home.path("mine.json");
    std::fs::write(&file, format!(r#"{{"id": "{id}", "errorMessage": "address already in use (our load balancer)", "solutions": ["Drain the old pod first"]}}"#)).expect("write");
    let path = file.to_str().expect("utf-8");
    let o = run_quiet(&home, &["add", path]);
    assert_eq!(o.status.code(), Some(1), "an existing id needs --replace");
    let o = run_quiet(&home, &["add", "--replace", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = home.run(&["search", "--json", "address already in use"]);
    let ids: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let ours: Vec<&serde_json::Value> = ids.iter().filter(|h| h["id"] == id.as_str()).collect();
    assert_eq!(ours.len(), 1, "the old record left search");
    assert_eq!(
        ours[0]["errorMessage"],
        "address already in use (our load balancer)"
    );
    let o = home.run(&["show", &id]);
    let text = stdout(&o);
    assert!(text.contains("our load balancer"), "{text}");
    assert!(text.contains("Replaces the record at <sample>:"), "{text}");
    let o = home.run(&["show", "--format", "json", &id]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(doc["replaces"], true);
    assert!(
        doc["replacedRecords"][0]["at"]
            .as_str()
            .expect("at")
            .starts_with("<sample>:")
    );
    let o = home.run(&["stats", "--json"]);
    assert_eq!(support::record_count(&o), 83);
}

#[test]
fn concurrent_adds_lose_nothing() {
    let home = Home::new();
    let mut children = Vec::new();
    for n in 0..8 {
        let file = home.path(&format!("in-{n}.jsonl"));
        let mut text = String::new();
        for k in 0..5 {
            text.push_str(&format!(
                "{{\"id\":\"c{n}-{k}\",\"errorMessage\":\"failure {k} of writer {n}\"}}\n"
            ));
        }
        std::fs::write(&file, text).expect("write");
        let child = home
            .cmd()
            .args(["add", file.to_str().expect("utf-8")])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        children.push(child);
    }
    for child in children {
        let o = child.wait_with_output().expect("wait");
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let text = std::fs::read_to_string(records_path(&home)).expect("read");
    let mut ids: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).expect("whole lines")["id"]
                .as_str()
                .expect("id")
                .to_string()
        })
        .collect();
    ids.sort();
    assert_eq!(ids.len(), 40, "{text}");
    ids.dedup();
    assert_eq!(ids.len(), 40);
}

#[test]
fn notes_are_listed_shown_and_searched() {
    let home = Home::new();
    let id = support::first_hit_id(&home, "address already in use");
    let o = home
        .cmd()
        .env("USER", "ana")
        .args([
            "note",
            &id[..8],
            "seen",
            "after",
            "the",
            "blue/green",
            "switch",
        ])
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with(&format!("added a note to {id} in ")),
        "{}",
        stdout(&o)
    );
    let o = home
        .cmd()
        .env("USER", "bo")
        .args(["note", &id, "kill the old listener first"])
        .output()
        .expect("run");
    assert!(o.status.success());
    let notes = std::fs::read_to_string(home.data_dir().join("notes.jsonl")).expect("notes");
    assert_eq!(notes.lines().count(), 2);

    let o = home.run(&["notes", &id]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with(&format!("{id}\t"))
            && lines[0].ends_with("\tbo\tkill the old listener first"),
        "newest first: {lines:?}"
    );
    let o = home.run(&["notes", "--json"]);
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().expect("line")).expect("json");
    assert_eq!(
        (first["author"].as_str(), first["id"].as_str()),
        (Some("bo"), Some(id.as_str()))
    );
    assert!(first["at"].as_str().expect("at").ends_with('Z'));

    let text = stdout(&home.run(&["show", &id]));
    let at = text.find("Team notes").expect("a Team notes section");
    assert!(
        text[at..].find("bo: kill").expect("bo") < text[at..].find("ana: seen").expect("ana"),
        "{text}"
    );
    let md = stdout(&home.run(&["show", "--format", "markdown", &id]));
    assert!(md.contains("### Team notes\n\n- **bo**, "), "{md}");
    let json: serde_json::Value =
        serde_json::from_slice(&home.run(&["show", "--format", "json", &id]).stdout).expect("json");
    assert_eq!(json["notes"].as_array().map(Vec::len), Some(2));
    let copied = stdout(&home.run(&["copy", "--stdout", "--what", "markdown", &id]));
    assert!(copied.contains("blue/green switch"), "{copied}");
    assert!(home.run(&["pin", &id]).status.success());
    let pinned = stdout(&home.run(&["pins", "--markdown"]));
    assert!(pinned.contains("### Team notes"), "{pinned}");

    let o = home.run(&["search", "note:blue/green"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let found: Vec<&str> = out.lines().collect();
    assert_eq!(found.len(), 1);
    assert!(found[0].starts_with(&id));
    assert_eq!(
        home.run(&["search", "note:nobody-wrote-this"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(home.run(&["notes", "ffffffff"]).status.code(), Some(1));
    assert_eq!(
        run_quiet(&home, &["note", "no-such-id", "text"])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn the_records_file_is_loaded_once_beside_configured_datasets() {
    let home = Home::new();
    let own = home.path("team/records.jsonl");
    support::write_dataset(&home.path("team/base.jsonl"), "base", 3);
    home.write_config(&format!(
        "datasets = [{:?}]\nwrite_to = {:?}\n",
        home.path("team").display().to_string(),
        own.display().to_string()
    ));
    let input = home.path("one.json");
    std::fs::write(&input, r#"{"id":"mine-1","errorMessage":"custom failure"}"#).expect("write");
    let o = home.run(&["add", input.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = home.run(&["stats", "--json"]);
    assert_eq!(support::record_count(&o), 4, "{}", stderr(&o));
    assert!(
        stderr(&o).is_empty(),
        "no duplicate warning: {}",
        stderr(&o)
    );
    let o = home.run(&[
        "stats",
        "--json",
        "--data",
        home.path("team/base.jsonl").to_str().expect("utf-8"),
    ]);
    assert_eq!(support::record_count(&o), 3, "--data replaces everything");
}

#[test]
fn schema_prints_the_asset() {
    let home = Home::new();
    let o = home.run(&["schema"]);
    assert!(o.status.success());
    let asset = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/record.schema.json"
    ))
    .expect("asset");
    assert_eq!(stdout(&o), asset);
    let v: serde_json::Value = serde_json::from_str(&asset).expect("json");
    assert_eq!(v["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert_eq!(v["$defs"]["record"]["required"][0], "errorMessage");
}
