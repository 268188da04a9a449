//! The real binary: show, stats, validate, exit codes, stdin.

use std::path::{Path, PathBuf};
use std::process::Output;

mod support;

fn errdex(args: &[&str]) -> Output {
    errdex_with_stdin(args, None)
}

fn errdex_with_stdin(args: &[&str], stdin: Option<&[u8]>) -> Output {
    // A private home: no user config, and no cache written outside the test.
    let home = support::Home::new();
    support::output_with_stdin(home.cmd().args(args).env_remove("RUST_BACKTRACE"), stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn fixture(dir: &Path, name: &str, content: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

const SEED: &str = include_str!("fixtures/seed.jsonl");

#[test]
fn show_json_gives_back_exactly_what_was_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let with_extra = SEED.replacen(
        "\"id\":",
        "\"customField\":{\"b\":[1,2],\"a\":null},\"id\":",
        1,
    );
    let p = fixture(dir.path(), "seed.jsonl", &with_extra);
    let out = errdex(&[
        "show",
        "--data",
        p.to_str().unwrap(),
        "--format",
        "json",
        "a1174e815cc32dac",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let original: serde_json::Value = serde_json::from_str(&with_extra).unwrap();
    assert_eq!(shown, original);
    // Key order is kept too.
    assert_eq!(
        serde_json::to_string(&shown).unwrap(),
        serde_json::to_string(&original).unwrap()
    );
}

#[test]
fn show_text_and_markdown_by_id_prefix() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(dir.path(), "seed.json", SEED);
    let data = p.to_str().unwrap();
    let out = errdex(&["show", "-d", data, "a1174e"]);
    assert_eq!(out.status.code(), Some(0));
    let before = errdex(&["--data", data, "show", "a1174e"]);
    assert_eq!(
        before.stdout, out.stdout,
        "--data works before the subcommand too"
    );
    let t = text(&out.stdout);
    assert!(t.contains("should not update vnode bitmap during consuming log store"));
    assert!(
        t.contains("> 428 |"),
        "marked line with its real number:\n{t}"
    );
    assert!(
        t.contains("\nDataset:  version 2026-09-14T16:17:12.679Z\n"),
        "the wrapper's datasetVersion:\n{t}"
    );
    let out = errdex(&[
        "show",
        "-d",
        data,
        "--format",
        "markdown",
        "a1174e815cc32dac",
    ]);
    let m = text(&out.stdout);
    assert!(m.starts_with("## should not update vnode bitmap"), "{m}");
    assert!(m.contains("```rust\n"));
}

#[test]
fn show_unknown_id_exits_1() {
    let out = errdex(&["show", "no-such-id"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no record with id `no-such-id`"));
}

#[test]
fn stats_json_on_the_sample() {
    let out = errdex(&["stats", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["records"].as_u64().unwrap() >= 60, "{v}");
    assert_eq!(v["sources"], 1);
    assert_eq!(v["skipped"], 0);
    assert_eq!(v["warnings"], 0);
    assert!(v["by_repo"].as_object().unwrap().len() >= 12);
    for key in ["by_severity", "by_tag", "by_error_type"] {
        assert!(v[key].is_object(), "{key}");
    }
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn stats_reads_stdin_and_merges_sources() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(dir.path(), "seed.json", SEED);
    let piped = r#"{"id":"piped","errorMessage":"from stdin","repo":"x/y"}"#;
    let out = errdex_with_stdin(
        &[
            "stats",
            "--json",
            "--data",
            "-",
            "--data",
            p.to_str().unwrap(),
        ],
        Some(piped.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"], 2);
    assert_eq!(v["sources"], 2);
    assert_eq!(v["by_repo"]["x/y"], 1);
}

#[test]
fn validate_lists_every_problem_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let good = fixture(dir.path(), "good.jsonl", SEED);
    let bad = fixture(
        dir.path(),
        "bad.jsonl",
        "{\"id\":\"a\",\"errorMessage\":\"ok\"}\n{\"id\":\"b\"}\n{\"id\":\"c\",\"errorMessage\":\"m\",\"tags\":\"one\"}\n{oops\n",
    );
    let out = errdex(&["validate", good.to_str().unwrap(), bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let b = bad.display().to_string();
    let expected = format!(
        "{b}:2: error: missing required field `errorMessage`\n\
         {b}:3: warning: field `tags`: a lone string where a list is expected, read as a list of one\n\
         {b}:4: error: invalid JSON at column 2: key must be a string\n\
         3 records, 2 errors, 1 warning\n"
    );
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn validate_clean_file_exits_0_and_unreadable_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let good = fixture(dir.path(), "good.json", SEED);
    let out = errdex(&["validate", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "1 record, 0 errors, 0 warnings\n");
    let missing = dir.path().join("nope.jsonl");
    let out = errdex(&["validate", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).contains("nope.jsonl: error: cannot open"));
    assert!(text(&out.stderr).starts_with("errdex: "));
}

#[test]
fn usage_errors_exit_2_without_a_backtrace() {
    let out = errdex(&["show"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("Usage"), "{err}");
    assert!(!err.contains("panicked"));
    let out = errdex(&["stats", "--data", "/nonexistent/file.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no dataset could be read"));
}

#[test]
fn data_with_escape_sequences_is_printed_harmlessly() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(
        dir.path(),
        "esc.jsonl",
        r#"{"id":"e","errorMessage":"red \u001b[31malert\u001b]0;title\u0007"}"#,
    );
    let out = errdex(&["show", "-d", p.to_str().unwrap(), "e"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!out.stdout.contains(&0x1b), "raw ESC written");
    assert!(text(&out.stdout).contains("red ^[[31malert^[]0;title^G"));
}

#[test]
fn completions_and_version() {
    let out = errdex(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("errdex"));
    let out = errdex(&["--version"]);
    let version = text(&out.stdout);
    let stamp = version
        .trim()
        .strip_prefix(&format!("errdex {} (", env!("CARGO_PKG_VERSION")))
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("built from git: commit and date in {version:?}"));
    let (commit, date) = stamp.split_once(' ').expect("commit and date");
    assert!(
        commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
        "{commit}"
    );
    assert!(
        date.len() == 10 && date.as_bytes()[4] == b'-' && date.as_bytes()[7] == b'-',
        "{date}"
    );
    let out = errdex(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let man = text(&out.stdout);
    assert!(man.contains(".TH errdex 1"), "{man}");
    // Each command is described in the page itself (COMMANDS), not referred to a page of its own.
    for sub in ["search", "triage", "validate", "config"] {
        assert!(
            man.contains(&format!("\\fBerrdex {sub} ")),
            "{sub} in\n{man}"
        );
    }
}

#[test]
fn a_missing_data_path_exits_2_after_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(dir.path(), "seed.json", SEED);
    let missing = dir.path().join("missing.jsonl");
    let out = errdex(&[
        "search",
        "-d",
        p.to_str().unwrap(),
        "-d",
        missing.to_str().unwrap(),
        "vnode",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("a1174e815cc32dac\t"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("missing.jsonl: error: cannot open"),
        "{}",
        text(&out.stderr)
    );
    let out = errdex(&["stats", "-d", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).starts_with("1 record from 1 source (0 skipped, 0 warnings)"),
        "{}",
        text(&out.stdout)
    );
}
