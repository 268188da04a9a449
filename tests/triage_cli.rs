//! `errdex triage`: output shapes, stdin, limits, the summary and exit codes.

use std::process::Output;

use serde_json::Value;

mod support;

fn errdex(args: &[&str], stdin: Option<&str>) -> Output {
    // A private home: no user config, and no cache written outside the test.
    let home = support::Home::new();
    support::output_with_stdin(home.cmd().args(args), stdin.map(str::as_bytes))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const GRPC: &str = "2024-01-15 10:00:01 ERROR rpc error: code = Unavailable desc = connection error: desc = \"transport: Error while dialing: dial tcp 10.0.0.1:50051: connect: connection refused\"\n";
const LOCKED: &str = "2024-01-15 10:00:02 ERROR sqlite: database is locked\n";
const FINE: &str = "2024-01-15 10:00:03 INFO request served in 3ms\n";

#[test]
fn text_lines_are_lineno_id_score_message() {
    let log = format!("{FINE}{GRPC}{FINE}{LOCKED}");
    let out = errdex(&["triage", "-"], Some(&log));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<Vec<&str>> = stdout.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert_eq!(rows[0][..2], ["2", "6a42ea166f8cf182"]);
    assert_eq!(rows[1][..2], ["4", "c2806c2ccae5adc8"]);
    for row in &rows {
        assert_eq!(row.len(), 4, "{row:?}");
        let score: f64 = row[2].parse().expect("a score");
        assert!((0.0..=1.0).contains(&score), "{score}");
        assert_eq!(row[2].len(), 4, "two decimals: {}", row[2]);
    }
    assert_eq!(rows[1][3], "database is locked");
}

#[test]
fn stdin_without_a_file_argument() {
    let out = errdex(&["triage"], Some(LOCKED));
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("1\tc2806c2ccae5adc8\t"));
}

#[test]
fn json_objects_carry_the_line_and_the_record() {
    let out = errdex(&["triage", "--json"], Some(&format!("{FINE}{LOCKED}")));
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let v: Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(v["line"], 2);
    assert_eq!(v["lastLine"], 2);
    assert_eq!(v["text"], LOCKED.trim_end());
    assert_eq!(v["id"], "c2806c2ccae5adc8");
    assert_eq!(v["message"], "database is locked");
    assert_eq!(v["filePath"], "src/pager.c");
    assert_eq!(v["lineNumber"], 5742);
    assert_eq!(v["via"], "contains");
    let score = v["score"].as_f64().expect("a number");
    assert!(score > 0.8 && score <= 1.0, "{score}");
}

#[test]
fn limit_shows_more_records_per_line_best_first() {
    let one = errdex(&["triage"], Some(GRPC));
    assert_eq!(text(&one.stdout).lines().count(), 1);
    let more = errdex(&["triage", "--limit", "3"], Some(GRPC));
    let stdout = text(&more.stdout);
    let ids: Vec<&str> = stdout
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(ids, ["6a42ea166f8cf182", "8ef2b1e4ccf0cbac"]);
    assert!(stdout.lines().all(|l| l.starts_with("1\t")));
}

#[test]
fn summary_on_stderr_most_frequent_first() {
    let log = format!("{GRPC}{LOCKED}{LOCKED}{FINE}{LOCKED}");
    let out = errdex(&["triage"], Some(&log));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0], "errdex: 4 hits on 2 known errors in 5 lines, 0 unknown error events",
        "{stderr}"
    );
    assert!(
        lines[1]
            .trim_start()
            .starts_with("3  c2806c2ccae5adc8  database is locked  (line 2, 3, 5)"),
        "{stderr}"
    );
    assert!(
        lines[2]
            .trim_start()
            .starts_with("1  6a42ea166f8cf182  rpc error"),
        "{stderr}"
    );
    assert_eq!(text(&out.stdout).lines().count(), 4);
}

#[test]
fn nothing_known_exits_1() {
    let out = errdex(&["triage", "-"], Some(&format!("{FINE}{FINE}")));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr).trim(),
        "errdex: no known errors in 2 lines, 0 unknown error events"
    );
    let empty = errdex(&["triage"], Some(""));
    assert_eq!(empty.status.code(), Some(1));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let missing = errdex(&["triage", "/nonexistent/app.log"], None);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).starts_with("errdex: cannot read /nonexistent/app.log:"));
    let zero = errdex(&["triage", "--limit", "0"], None);
    assert_eq!(zero.status.code(), Some(2));
}

#[test]
fn other_datasets_with_data() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("mine.jsonl");
    std::fs::write(
        &data,
        r#"{"id":"r1","errorMessage":"widget frobnication failed for {}","filePath":"src/widget.rs","lineNumber":12}"#,
    )
    .expect("write");
    let log = "WARN widget frobnication failed for gear-7\nERROR database is locked\n";
    let out = errdex(
        &["triage", "--data", data.to_str().expect("utf-8")],
        Some(log),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "1\tr1\t0.84\twidget frobnication failed for {}\n"
    );
}

#[test]
fn control_characters_in_records_never_reach_the_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("evil.jsonl");
    std::fs::write(
        &data,
        "{\"id\":\"e1\",\"errorMessage\":\"disk quota exceeded badly\\u001b]52;c;aGk=\\u0007\"}",
    )
    .expect("write");
    let out = errdex(
        &["triage", "--data", data.to_str().expect("utf-8")],
        Some("ERROR disk quota exceeded badly\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!out.stdout.contains(&0x1b) && !out.stderr.contains(&0x1b));
}

/// When did it start, is it still happening: each JSON hit carries its record's first and
/// latest event so far, with the time the log line starts with (null without one).
#[test]
fn json_hits_carry_first_and_last_seen() {
    let log = "2024-01-15T10:00:01Z ERROR request timed out after 30s\n\
               2024-01-15T10:00:02Z INFO ok\n\
               2024-01-15T10:05:09Z ERROR request timed out after 30s\n\
               ERROR request timed out after 30s\n";
    let o = errdex(
        &["triage", "--json", "--data", "tests/fixtures/tui.jsonl"],
        Some(log),
    );
    let hits: Vec<Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(hits.len(), 3, "{hits:?}");
    let seen = |h: &Value, key: &str| (h[key]["line"].clone(), h[key]["time"].clone());
    for h in &hits {
        assert_eq!(
            seen(h, "firstSeen"),
            (Value::from(1), Value::from("2024-01-15T10:00:01Z"))
        );
    }
    assert_eq!(
        seen(&hits[1], "lastSeen"),
        (Value::from(3), Value::from("2024-01-15T10:05:09Z"))
    );
    assert_eq!(seen(&hits[2], "lastSeen"), (Value::from(4), Value::Null));
}
