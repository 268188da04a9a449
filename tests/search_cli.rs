//! `errdex search` as a user runs it: output shapes, exit codes, warnings.

mod support;

use std::process::Output;

use serde_json::Value;

/// Runs errdex in a private home: no config, so the built-in sample is searched.
fn errdex(args: &[&str]) -> Output {
    let home = support::Home::new();
    home.cmd().args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn text_output_is_one_tab_separated_line_per_hit() {
    let o = errdex(&["search", "nil map"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let first: Vec<&str> = out.lines().next().expect("a hit").split('\t').collect();
    assert_eq!(first.len(), 5, "{first:?}");
    assert_eq!(first[0], "58fe51a091e185cf");
    assert!(first[1].parse::<i64>().is_ok());
    assert_eq!(first[2], "golang/go");
    assert_eq!(first[3], "src/runtime/map.go:607");
    assert_eq!(first[4], "assignment to entry in nil map");
    assert!(out.lines().count() <= 20, "default limit is 20");
}

#[test]
fn limit_caps_the_hits_and_messages_stay_on_one_line() {
    let o = errdex(&["search", "e", "--limit", "7"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 7);
    assert!(out.lines().all(|l| l.split('\t').count() == 5), "{out}");
    let o = errdex(&["search", "e", "--limit", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn json_is_ndjson_with_the_documented_fields() {
    let o = errdex(&["search", "tag:go nil", "--json", "-n", "3"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert!(!lines.is_empty() && lines.len() <= 3);
    for key in [
        "id",
        "score",
        "repo",
        "filePath",
        "lineNumber",
        "errorMessage",
        "severity",
        "tags",
        "matches",
    ] {
        assert!(lines[0].get(key).is_some(), "missing {key}: {}", lines[0]);
    }
    let top = &lines[0];
    assert_eq!(top["id"], "58fe51a091e185cf");
    assert_eq!(top["lineNumber"], 607);
    let msg: Vec<char> = top["errorMessage"]
        .as_str()
        .expect("a string")
        .chars()
        .collect();
    let marked: String = top["matches"]["errorMessage"]
        .as_array()
        .expect("message positions")
        .iter()
        .map(|i| msg[i.as_u64().expect("an index") as usize])
        .collect();
    assert_eq!(marked, "nil");
    assert!(top["matches"]["tags"].is_object(), "{top}");
}

#[test]
fn explain_says_which_field_each_term_matched() {
    let o = errdex(&["search", "tag:go nil !python", "--explain", "-n", "1"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1].starts_with("  tag:go: tags score "), "{out}");
    assert!(lines[2].starts_with("  nil: errorMessage score "), "{out}");
    assert_eq!(lines[3], "  !'python: holds (absent)");
    let o = errdex(&["search", "nil", "--explain", "--json", "-n", "1"]);
    let v: Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["explain"][0]["field"], "errorMessage");
}

#[test]
fn no_hit_exits_1_and_a_malformed_query_warns_once() {
    let o = errdex(&["search", "qqzzxxjjvv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let o = errdex(&["search", "foo:bar \"open"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("unknown field `foo:`"), "{err}");
    assert!(err.contains("unclosed quote"), "{err}");
}

#[test]
fn unreadable_data_exits_2() {
    let o = errdex(&["search", "x", "--data", "/nonexistent/errdex/data.jsonl"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_missing_dataset_beside_a_readable_one_prints_its_hits_then_exits_2() {
    let home = support::Home::new();
    let good = home.path("good.jsonl");
    support::write_dataset(&good, "ok", 3);
    let good = good.to_str().expect("utf-8 path");
    let both = ["--data", good, "--data", "/nonexistent/errdex/data.jsonl"];
    let o = home.run(&[&["search", "--all", "ok"][..], &both[..]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", support::stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 3, "the readable one's hits");
    assert!(support::stderr(&o).contains("/nonexistent/errdex/data.jsonl"));
    let alone = home.run(&["search", "--all", "ok", "--data", good]);
    assert_eq!(alone.status.code(), Some(0), "{}", support::stderr(&alone));
}

/// At a million records counting every match costs more than ranking the top: where the index
/// cache's postings settle the top, stderr gives the count as a floor, and the hits are the
/// same as when every match is counted (a run that cannot write the cache parses the file).
#[test]
fn a_count_that_was_not_taken_is_a_floor_and_the_hits_do_not_change() {
    let home = support::Home::new();
    let data = home.path("big.jsonl");
    let mut text = String::new();
    for n in 0..3000 {
        text.push_str(&format!(
            "{{\"id\":\"r{n:05}\",\"errorMessage\":\"connection refused by peer {n}\",\"repo\":\"acme/api\",\"filePath\":\"src/net/dial{}.go\",\"lineNumber\":{n}}}\n",
            n % 17
        ));
    }
    std::fs::write(&data, text).expect("written");
    // A cache folder under a file cannot be made: that run parses the file and keeps nothing.
    let no_cache = home.path("big.jsonl/cache");
    let run_with = |args: &[&str], cached: bool| {
        let mut cmd = home.cmd();
        if !cached {
            cmd.env("XDG_CACHE_HOME", &no_cache);
        }
        let o = cmd
            .args(["search", "-d", data.to_str().expect("utf-8 path")])
            .args(args)
            .env_remove("RUST_BACKTRACE")
            .output()
            .expect("the binary runs");
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        (stdout(&o), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let run = |args: &[&str]| run_with(args, true);
    let (parsed, counted) = run_with(&["connection refused"], false);
    assert_eq!(
        counted.trim(),
        "errdex: 20 of 3000 shown; --limit N or --all for more"
    );
    // The run that writes the cache reads the records from it, as every later run does.
    let (mapped, floor) = run(&["connection refused"]);
    assert_eq!(
        floor.trim(),
        "errdex: 20 of 2000+ shown; --limit N or --all for more"
    );
    assert_eq!(parsed, mapped);
    // `--all` counts: every match is listed, and nothing is said on stderr.
    let (all, quiet) = run(&["connection refused", "--all"]);
    assert_eq!(all.lines().count(), 3000);
    assert_eq!(quiet, "");
    assert!(all.starts_with(&mapped), "the same first rows");
}
