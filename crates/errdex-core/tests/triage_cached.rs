//! The triage line index read in place from the index cache answers exactly as the one built
//! from the same records parsed: pasted lines from real programs, records' messages inside log
//! headers, traces, lines nothing explains, and degenerate lines (empty, blank, huge).

use std::path::{Path, PathBuf};

use errdex_core::dataset::Dataset;
use errdex_core::load::cache::Cache;
use errdex_core::load::{Options, SourceSpec, load_cached};
use errdex_core::triage::Triage;
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const LANGS: [&str; 3] = ["go", "python", "rust"];

/// The built-in sample and the pasted-line fixtures' records in one file: big enough to be
/// cached, with patterns, paths, lines and repositories.
fn write_dataset(path: &Path) {
    let mut text = std::fs::read(root().join("assets/sample.jsonl")).expect("sample");
    for lang in LANGS {
        let file = root().join(format!("tests/fixtures/pasted_real/{lang}.jsonl"));
        text.extend(std::fs::read(file).expect("fixture"));
    }
    std::fs::write(path, text).expect("write dataset");
}

fn load(data: &Path, cache: Option<&Cache>) -> Dataset {
    let spec = SourceSpec::Path(data.to_path_buf());
    load_cached(&[spec], Options::default(), cache, &|_| {}).dataset
}

/// Lines to paste: the fixtures' real ones, records' messages behind a log header, a panic
/// with its location, lines of other software, and degenerate ones.
fn lines(ds: &Dataset) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for lang in LANGS {
        let file = root().join(format!("tests/fixtures/pasted_real/{lang}.lines.jsonl"));
        let text = std::fs::read_to_string(file).expect("lines");
        for l in text.lines() {
            let v: Value = serde_json::from_str(l).expect("JSON");
            out.push(v["line"].as_str().expect("a line").to_string());
        }
    }
    let entries = ds.entries();
    for i in (0..entries.len()).step_by(7) {
        let e = entries.at(i);
        let first = e.message.lines().next().unwrap_or("");
        out.push(format!(
            "2024-01-15T10:23:{:02}Z ERROR [web-{i}] {first}",
            i % 60
        ));
        if let (Some(path), Some(line)) = (e.file_path, e.line_number) {
            out.push(format!("thread 'main' panicked at {path}:{line}:5:"));
        }
    }
    out.extend(
        [
            "",
            " ",
            "\t\t",
            "2024-01-15 10:23:01 INFO http: GET /healthz 200 3ms",
            "connection refused",
            "{\"level\":\"error\",\"msg\":\"connection refused\",\"ts\":1700000000}",
            "ünïcödé ✓ — 错误",
            "\u{0}\u{1}\u{7f}",
        ]
        .map(String::from),
    );
    out.push("error: ".repeat(20_000));
    out
}

#[test]
fn the_cached_line_index_answers_as_the_built_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("d.jsonl");
    write_dataset(&data);
    let cache = Cache::new(dir.path().join("cache"));
    let parsed = load(&data, None);
    let built = Triage::new(&parsed);
    assert!(!built.is_cached(), "no cache: built");
    load(&data, Some(&cache));
    let mapped_ds = load(&data, Some(&cache));
    assert_eq!(mapped_ds.len(), parsed.len());
    let mapped = Triage::cached(&mapped_ds).expect("the cache file holds the line index");
    assert!(mapped.is_cached());
    assert_eq!(mapped.index_bytes(), built.index_bytes());
    let lines = lines(&parsed);
    assert!(lines.len() > 300, "{}", lines.len());
    let (mut answered, mut ranked) = (0, 0);
    for line in &lines {
        let want = built.answer_line(parsed.entries(), line, 20);
        let got = mapped.answer_line(mapped_ds.entries(), line, 20);
        assert_eq!(got, want, "answer_line({line:?})");
        answered += usize::from(!want.is_empty());
        let want = built.rank_line(parsed.entries(), line, 50);
        let got = mapped.rank_line(mapped_ds.entries(), line, 50);
        assert_eq!(got, want, "rank_line({line:?})");
        ranked += usize::from(!want.is_empty());
    }
    // The comparison means something only if most lines are answered.
    assert!(answered * 2 > lines.len(), "{answered}/{}", lines.len());
    assert!(ranked * 2 > lines.len(), "{ranked}/{}", lines.len());
    let (want, got) = (
        built.scan(&parsed, &lines, 3),
        mapped.scan(&mapped_ds, &lines, 3),
    );
    assert_eq!(got.hits, want.hits);
    assert!(!want.hits.is_empty());
}

#[test]
fn an_empty_line_is_answered_with_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("d.jsonl");
    write_dataset(&data);
    let ds = load(&data, None);
    let triage = Triage::new(&ds);
    for line in ["", " ", "\n", "\r\n"] {
        assert_eq!(triage.answer_line(ds.entries(), line, 10), Vec::new());
    }
}
