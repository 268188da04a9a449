//! The result contract of a pasted line for scripts: the root cause is the row, `chain` names
//! every link outer to inner, `sites`/`sitesTotal` the group; text rows say `(+N sites)` and
//! `← logged by` / `← in`; triage's `--json` carries the same fields.

mod support;

use serde_json::Value;
use support::{Home, output_with_stdin, stdout};

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/pasted_real/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The first fixture line whose label holds a chain, and the chain's ids.
fn chained_line(lang: &str) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(fixture(&format!("{lang}.lines.jsonl"))).expect("lines");
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .find_map(|v| {
            let chain: Vec<String> = v["chain"]
                .as_array()?
                .iter()
                .filter_map(|id| Some(id.as_str()?.to_string()))
                .collect();
            (chain.len() > 1).then(|| (v["line"].as_str().unwrap_or("").to_string(), chain))
        })
        .expect("a chained line")
}

#[test]
fn the_root_cause_is_the_row_and_the_chain_is_named() {
    let home = Home::new();
    let data = fixture("go.jsonl");
    let (line, want) = chained_line("go");
    let o = home.run(&["search", "--data", &data, "--json", "-n", "3", "--", &line]);
    assert_eq!(o.status.code(), Some(0), "{line}");
    let top: Value = serde_json::from_str(stdout(&o).lines().next().expect("a row")).expect("JSON");
    assert_eq!(
        top["id"].as_str(),
        want.last().map(String::as_str),
        "{line}"
    );
    let chain = top["chain"].as_array().expect("a chain");
    let ids: Vec<&str> = chain.iter().filter_map(|l| l["id"].as_str()).collect();
    assert_eq!(
        ids,
        want.iter().map(String::as_str).collect::<Vec<_>>(),
        "{line}"
    );
    assert_eq!(chain.last().and_then(|l| l["role"].as_str()), Some("cause"));
    for link in chain {
        assert!(
            line.contains(link["text"].as_str().expect("text")),
            "{link}"
        );
    }
    assert!(top["sitesTotal"].as_u64().is_some_and(|n| n >= 1) && top["sites"].is_array());
    let o = home.run(&["search", "--data", &data, "-n", "1", "--", &line]);
    assert!(stdout(&o).contains("\t← "), "{}", stdout(&o));
    let mut cmd = home.cmd();
    cmd.args(["triage", "--data", &data, "--json", "-"]);
    let o = output_with_stdin(&mut cmd, Some(line.as_bytes()));
    let first: Value =
        serde_json::from_str(stdout(&o).lines().next().expect("a hit")).expect("JSON");
    assert!(
        first["chain"].is_array() && first["sitesTotal"].is_u64(),
        "{first}"
    );
    // One ranking: triage reports the row and the chain search answers.
    assert_eq!(first["id"], top["id"], "{line}");
    assert_eq!(first["chain"], top["chain"], "{line}");
}

#[test]
fn one_message_at_many_sites_is_one_row_at_the_site_the_line_names() {
    let home = Home::new();
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("ds.jsonl");
    let rec = |id: &str, path: &str| {
        format!(
            r#"{{"id":"{id}","repo":"acme/app","errorMessage":"lease expired for {{key}}","messagePattern":"lease expired for {{}}","filePath":"{path}","lineNumber":10}}"#
        )
    };
    let lines = [
        rec("aaa1", "crates/store/src/raft/lease.rs"),
        rec("aaa2", "crates/store/src/cache/lease.rs"),
        rec("aaa3", "crates/meta/src/lease.rs"),
    ];
    std::fs::write(&data, lines.join("\n")).expect("write");
    let data = data.to_string_lossy().into_owned();
    let line = "2025-12-01T10:00:00Z WARN store::cache::lease: lease expired for k-42";
    let o = home.run(&["search", "--data", &data, "--json", "--", line]);
    let rows: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(rows.len(), 1, "one row for the group");
    assert_eq!(rows[0]["id"], "aaa2");
    assert_eq!(rows[0]["sitesTotal"], 3);
    let o = home.run(&["search", "--data", &data, "--", line]);
    assert!(stdout(&o).contains("(+2 sites)"), "{}", stdout(&o));
}

#[test]
fn a_wrapper_written_after_its_error_is_its_context() {
    // serde_json's two `Display` impls, as `errdex scan` writes them: `ErrorImpl` writes
    // `{} at line {} column {}` around the `ErrorCode`'s own message.
    let home = Home::new();
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("ds.jsonl");
    let rec = |id: &str, pattern: &str, line: u32| {
        format!(
            r#"{{"id":"{id}","repo":"serde-rs/json","errorMessage":"{pattern}","messagePattern":"{pattern}","filePath":"src/error.rs","lineNumber":{line}}}"#
        )
    };
    let lines = [
        rec("eof-value", "EOF while parsing a value", 357),
        rec("bad-escape", "invalid escape", 364),
        rec("at-line", "{} at line {} column {}", 410),
        rec("enum", "{} is not a valid Enum instance", 500),
        rec("none", "None", 600),
    ];
    std::fs::write(&data, lines.join("\n")).expect("write");
    let data = data.to_string_lossy().into_owned();
    let top = |line: &str| -> Value {
        let o = home.run(&["search", "--data", &data, "--json", "--", line]);
        let first = stdout(&o).lines().next().map(str::to_string);
        serde_json::from_str(&first.unwrap_or_default()).expect("a row")
    };
    for (line, root) in [
        (
            "Error: EOF while parsing a value at line 1 column 3",
            "eof-value",
        ),
        // Two words: trusted as the whole link the wrapper ends.
        ("Error: invalid escape at line 1 column 3", "bad-escape"),
    ] {
        let row = top(line);
        assert_eq!(row["id"], root, "{line}");
        let chain: Vec<(&str, &str)> = row["chain"]
            .as_array()
            .expect("a chain")
            .iter()
            .map(|l| {
                (
                    l["id"].as_str().unwrap_or(""),
                    l["role"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(chain, [("at-line", "context"), (root, "cause")], "{line}");
    }
    // One token before a wrapper is its value, not an error of its own.
    assert_eq!(
        top("Error: None is not a valid Enum instance")["id"],
        "enum"
    );
}
