//! A Python exception whose class writes the message, defined in another file than the
//! `raise`: a rescan that reads only the changed class file still updates the raise's record
//! in the file it did not read again, and drops it when the class no longer says.

use std::path::Path;

use errdex_core::scan::Filter;
use errdex_core::scan::rescan::rescan;
use serde_json::Value;

const USER: &str = "from errors import BadMonth\n\ndef month(m):\n    raise BadMonth(m)\n";

fn class_file(message: &str) -> String {
    format!(
        "class BadMonth(ValueError):\n    def __init__(self, m):\n        self.m = m\n\n    def __str__(self):\n        return \"{message}\" % self.m\n"
    )
}

/// The patterns of the raise in `user.py` the output holds.
fn user_patterns(output: &Path) -> Vec<String> {
    std::fs::read_to_string(output)
        .expect("output written")
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a record"))
        .filter(|r| r["filePath"] == "user.py")
        .map(|r| r["messagePattern"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a_changed_class_updates_the_raises_of_unchanged_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (tree, cache) = (dir.path().join("repo"), dir.path().join("cache"));
    std::fs::create_dir_all(&tree).expect("mkdir");
    let output = dir.path().join("out.jsonl");
    std::fs::write(tree.join("user.py"), USER).expect("write");
    std::fs::write(tree.join("errors.py"), class_file("bad month %r")).expect("write");
    let filter = Filter::default();

    let first = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("scan");
    assert_eq!(first.scanned.files_parsed, 2);
    assert_eq!(user_patterns(&output), ["bad month {}"]);

    // Only the class changes (a different size, so the mtime's resolution does not matter).
    std::fs::write(tree.join("errors.py"), class_file("month %r out of range")).expect("write");
    let second = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("rescan");
    assert_eq!(second.scanned.files_parsed, 1, "user.py is not read again");
    assert_eq!(user_patterns(&output), ["month {} out of range"]);
    assert_eq!(
        (second.summary.new, second.summary.gone),
        (1, 1),
        "{}",
        second.summary
    );

    // Nothing changed: the same records, the output not rewritten.
    let same = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("rescan");
    assert!(!same.written);
    assert_eq!(user_patterns(&output), ["month {} out of range"]);

    // The class no longer writes a message the scan can read: the raise is a record of where
    // it is, `{m}`, and the message's record is gone.
    let opaque = "class BadMonth(ValueError):\n    def __str__(self):\n        return self.text\n";
    std::fs::write(tree.join("errors.py"), opaque).expect("write");
    let third = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("rescan");
    assert_eq!(third.scanned.files_parsed, 1);
    assert_eq!(user_patterns(&output), ["{}"]);
    assert_eq!(
        (third.summary.new, third.summary.gone),
        (1, 1),
        "{}",
        third.summary
    );

    // It writes one again: the raise in the file not read since gets it, with its snippet.
    std::fs::write(tree.join("errors.py"), class_file("no month %r")).expect("write");
    let fourth = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("rescan");
    assert_eq!(fourth.scanned.files_parsed, 1);
    assert_eq!(user_patterns(&output), ["no month {}"]);
    let snippet = fourth.scanned.resolved[0]["sourceCode"]
        .as_str()
        .map(str::to_string);
    assert_eq!(snippet.as_deref(), Some(USER));
}
