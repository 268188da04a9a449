//! Recall and precision of `errdex scan` on real code it was not written against: files
//! drawn at random from crates, Go's standard library and pip-installed packages
//! (tests/fixtures/scan/SOURCES.md), every line `rg` finds a call name on labelled by hand
//! (labels.tsv). A `site` must have a record; a record must be on a `site` line.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use errdex_core::scan::{self, Filter};

/// (file, line) → label, per language.
fn labels() -> HashMap<String, HashMap<(String, u64), String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scan/labels.tsv");
    let text = std::fs::read_to_string(path).expect("labels.tsv");
    let mut out: HashMap<String, HashMap<(String, u64), String>> = HashMap::new();
    for row in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = row.splitn(6, '\t').collect();
        let [lang, file, line, label, ..] = cols[..] else {
            panic!("bad label row: {row}");
        };
        out.entry(lang.to_string()).or_default().insert(
            (file.to_string(), line.parse().expect("line number")),
            label.to_string(),
        );
    }
    out
}

fn check(lang: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/scan")
        .join(lang);
    let scanned = scan::scan(&dir, &dir, &Filter::default(), &|_| None);
    // tree-sitter's C grammar does not know a project's macros (`XMLCALL`, `TS_PUBLIC`):
    // such a file is reported and the sites of the rest are kept, which recall measures.
    let unexpected: Vec<_> = scanned
        .problems
        .iter()
        .filter(|p| {
            !(lang == "c" && p.ends_with("does not parse here; the sites of the rest are kept"))
        })
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:?}");
    let mut found: HashSet<(String, u64)> = HashSet::new();
    let mut records = 0;
    // The files' own records, then those resolved over the folder (a class's message).
    let own = scanned
        .files
        .iter()
        .flat_map(|f| f.records.iter().flatten());
    for r in own.chain(&scanned.resolved) {
        records += 1;
        let file = r["filePath"].as_str().expect("filePath").to_string();
        let line = r["lineNumber"].as_u64().expect("line");
        found.insert((file, line));
    }
    let labels = labels().remove(lang).expect("labels for the language");
    let sites: Vec<&(String, u64)> = labels
        .iter()
        .filter(|(_, l)| *l == "site")
        .map(|(k, _)| k)
        .collect();
    let missed: Vec<_> = sites.iter().filter(|k| !found.contains(**k)).collect();
    let wrong: Vec<_> = found
        .iter()
        .filter(|k| labels.get(*k).map(String::as_str) != Some("site"))
        .collect();
    let recall = 1.0 - missed.len() as f64 / sites.len() as f64;
    let precision = 1.0 - wrong.len() as f64 / found.len().max(1) as f64;
    println!(
        "{lang}: {} labelled sites, {records} records, recall {recall:.3}, precision {precision:.3}",
        sites.len()
    );
    assert!(recall >= 0.98, "{lang}: missed {missed:?}");
    assert!(
        precision >= 0.98,
        "{lang}: records on lines not labelled `site`: {wrong:?}"
    );
}

#[test]
fn rust_recall_and_precision() {
    check("rust");
}

#[test]
fn go_recall_and_precision() {
    check("go");
}

#[test]
fn python_recall_and_precision() {
    check("python");
}

#[test]
fn java_recall_and_precision() {
    check("java");
}

#[test]
fn javascript_and_typescript_recall_and_precision() {
    check("js");
}

#[test]
fn c_recall_and_precision() {
    check("c");
}
