//! Every input format the loader accepts, and every way a record can be bad.

mod support;

use std::path::{Path, PathBuf};

use errdex_core::diag::Diagnostic;
use errdex_core::load::{self, Depth, Loaded, Options, SourceSpec};
use support::{gzip, ids};

fn rec(id: &str, msg: &str) -> String {
    format!(r#"{{"id":"{id}","errorMessage":"{msg}","repo":"o/r","tags":["t"]}}"#)
}

fn write(dir: &Path, name: &str, content: &[u8]) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, content).unwrap();
    path
}

fn load_paths(paths: &[&Path]) -> Loaded {
    let specs: Vec<SourceSpec> = paths
        .iter()
        .map(|p| SourceSpec::Path(p.to_path_buf()))
        .collect();
    load::load(&specs, Options::default(), &|_| {})
}

fn lines(l: &Loaded) -> Vec<u32> {
    l.dataset.entries().iter().map(|e| e.line).collect()
}

/// Diagnostics without the directory part of the path, for stable comparisons.
fn diags(l: &Loaded) -> Vec<String> {
    l.diagnostics
        .iter()
        .map(|d: &Diagnostic| {
            let name = Path::new(&d.path)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .to_string();
            Diagnostic {
                path: name,
                ..d.clone()
            }
            .to_string()
        })
        .collect()
}

#[test]
fn pretty_single_document_with_wrapper() {
    let dir = tempfile::tempdir().unwrap();
    let doc = "{\n  \"record\": {\n    \"id\": \"a\",\n    \"errorMessage\": \"boom\"\n  },\n  \"datasetVersion\": \"v9\"\n}\n";
    let p = write(dir.path(), "one.json", doc.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["a"]);
    assert!(l.diagnostics.is_empty(), "{:?}", l.diagnostics);
    let r = l.dataset.record(0).unwrap();
    assert_eq!(r.dataset_version.as_deref(), Some("v9"));
}

#[test]
fn json_lines_with_bom_crlf_and_blank_lines() {
    let dir = tempfile::tempdir().unwrap();
    let content = format!(
        "\u{feff}{}\r\n\r\n{}\r\n   \r\n{}",
        rec("a", "x"),
        rec("b", "y"),
        rec("c", "z")
    );
    let p = write(dir.path(), "d.txt", content.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["a", "b", "c"]);
    assert_eq!(lines(&l), [1, 3, 5]);
    assert!(l.diagnostics.is_empty(), "{:?}", l.diagnostics);
}

#[test]
fn json_array_of_records_and_wrappers() {
    let dir = tempfile::tempdir().unwrap();
    let content = format!(
        "[\n  {},\n  {{\"record\": {}, \"datasetVersion\": \"v\"}},\n  {}\n]\n",
        rec("a", "x"),
        rec("b", "y"),
        rec("c", "z")
    );
    let p = write(dir.path(), "arr.json", content.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["a", "b", "c"]);
    assert_eq!(lines(&l), [2, 3, 4]);
}

#[test]
fn concatenated_pretty_documents() {
    let dir = tempfile::tempdir().unwrap();
    let content = "{\n \"id\": \"a\",\n \"errorMessage\": \"x\"\n}\n{\n \"id\": \"b\",\n \"errorMessage\": \"y\"\n}\n";
    let p = write(dir.path(), "many.json", content.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["a", "b"]);
    assert_eq!(lines(&l), [1, 5]);
}

#[test]
fn directory_tree_with_every_extension_and_gzip() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.json", rec("a", "1").as_bytes());
    write(
        d,
        "sub/b.jsonl",
        format!("{}\n{}\n", rec("b1", "2"), rec("b2", "3")).as_bytes(),
    );
    write(d, "sub/deeper/c.ndjson", rec("c", "4").as_bytes());
    write(d, "d.txt", rec("d", "5").as_bytes());
    write(
        d,
        "e.jsonl.gz",
        &gzip(format!("{}\n", rec("e", "6")).as_bytes()),
    );
    write(d, "notes.md", b"# not data");
    write(d, "image.png", b"\x89PNG");
    let l = load_paths(&[d]);
    let mut got = ids(&l);
    got.sort();
    assert_eq!(got, ["a", "b1", "b2", "c", "d", "e"]);
    assert!(l.diagnostics.is_empty(), "{:?}", l.diagnostics);
    assert_eq!(l.dataset.source_count(), 5);
}

#[test]
fn gzip_file_named_explicitly_even_without_gz_extension() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "packed.data", &gzip(rec("z", "m").as_bytes()));
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["z"]);
}

#[test]
fn several_sources_merge_in_order_and_an_unreadable_one_costs_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.jsonl", rec("a", "x").as_bytes());
    let b = write(dir.path(), "b.jsonl", rec("b", "y").as_bytes());
    let missing = dir.path().join("missing.jsonl");
    let l = load_paths(&[&a, &missing, &b]);
    assert_eq!(ids(&l), ["a", "b"]);
    assert_eq!(l.unreadable, 1);
    assert_eq!(l.errors(), 1);
    let d = &l.diagnostics[0];
    assert_eq!(d.line, 0);
    assert!(d.path.ends_with("missing.jsonl"));
    assert!(d.message.starts_with("cannot open"), "{}", d.message);
}

#[test]
fn malformed_json_lines_report_exact_lines_and_keep_every_good_record() {
    let dir = tempfile::tempdir().unwrap();
    let content = [
        rec("good1", "first"),
        r#"{"id":"broken","errorMessage":"x",,}"#.to_string(),
        "42".to_string(),
        r#"{"id":"nomsg","repo":"o/r"}"#.to_string(),
        r#"{"id":"coerced","errorMessage":"c","lineNumber":"7","tags":"solo","solutions":"one"}"#
            .to_string(),
        r#"{"id":"wrongtype","errorMessage":"w","lineNumber":true}"#.to_string(),
        rec("good2", "second"),
        r#"{"id":"empty","errorMessage":""}"#.to_string(),
        r#"{"id":"float","errorMessage":"f","httpStatus":4.5}"#.to_string(),
        r#"["not","a","record"]"#.to_string(),
        r#"{"id":"truncated","errorMessage":"t""#.to_string(),
    ]
    .join("\n");
    let p = write(dir.path(), "bad.jsonl", content.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["good1", "coerced", "good2"]);
    assert_eq!(
        diags(&l),
        [
            "bad.jsonl:2: error: invalid JSON at column 35: key must be a string",
            "bad.jsonl:3: error: not a record: expected a JSON object, found the number 42",
            "bad.jsonl:4: error: missing required field `errorMessage`",
            "bad.jsonl:5: warning: field `lineNumber`: integer written as a string (\"7\"), read as 7",
            "bad.jsonl:5: warning: field `tags`: a lone string where a list is expected, read as a list of one",
            "bad.jsonl:5: warning: field `solutions`: a lone string where a list is expected, read as a list of one",
            "bad.jsonl:6: error: field `lineNumber`: expected an integer or null, found `true`",
            "bad.jsonl:8: error: field `errorMessage` is empty",
            "bad.jsonl:9: error: field `httpStatus`: expected an integer or null, found the number 4.5",
            "bad.jsonl:10: error: not a record: expected a JSON object, found an array",
            "bad.jsonl:11: error: invalid JSON: the record is cut short (EOF while parsing an object)",
        ]
    );
    assert_eq!(l.skipped, 8);
    let coerced = l.dataset.record(1).unwrap();
    assert_eq!(coerced.line_number, Some(7));
    assert_eq!(coerced.tags, ["solo"]);
}

#[test]
fn a_broken_record_in_a_pretty_file_is_reported_at_its_first_line() {
    let dir = tempfile::tempdir().unwrap();
    let content = "[\n  {\"id\": \"a\", \"errorMessage\": \"x\"},\n  {\n    \"id\": \"b\",\n    \"lineNumber\": [1]\n  },\n  {\"id\": \"c\", \"errorMessage\": \"z\"}\n]\n";
    let p = write(dir.path(), "p.json", content.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["a", "c"]);
    assert_eq!(
        diags(&l),
        ["p.json:3: error: field `lineNumber`: expected an integer or null, found an array"]
    );
}

#[test]
fn duplicate_ids_warn_and_keep_both() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "dup.jsonl",
        format!("{}\n{}\n", rec("same", "a"), rec("same", "b")).as_bytes(),
    );
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["same", "same"]);
    assert_eq!(diags(&l).len(), 1);
    assert!(
        diags(&l)[0].starts_with("dup.jsonl:2: warning: duplicate id `same`"),
        "{:?}",
        diags(&l)
    );
}

#[test]
fn missing_ids_are_derived_the_same_way_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "noid.jsonl",
        br#"{"errorMessage":"m","repo":"o/r","filePath":"a.rs","lineNumber":3}"#,
    );
    let first = load_paths(&[&p]);
    let second = load_paths(&[&p]);
    assert_eq!(ids(&first), ids(&second));
    assert_eq!(ids(&first)[0].len(), 16);
    assert!(diags(&first)[0].contains("derived"), "{:?}", diags(&first));
    assert_eq!(first.dataset.record(0).unwrap().id, ids(&first)[0]);
}

#[test]
fn full_depth_checks_snippet_consistency() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "c.jsonl",
        br#"{"id":"a","errorMessage":"m","sourceCode":"a\nb","sourceCodeStart":10,"sourceCodeEnd":14,"lineNumber":11}"#,
    );
    let specs = [SourceSpec::Path(p)];
    let l = load::load(
        &specs,
        Options {
            depth: Depth::Full,
            ..Options::default()
        },
        &|_| {},
    );
    assert_eq!(
        diags(&l),
        [
            "c.jsonl:1: warning: field `sourceCode`: has 2 lines but sourceCodeStart..=sourceCodeEnd is 10..=14 (5 lines)"
        ]
    );
}

#[test]
fn empty_files_and_empty_directories_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "empty.jsonl", b"");
    let sub = dir.path().join("nothing");
    std::fs::create_dir(&sub).unwrap();
    let l = load_paths(&[&p, &sub]);
    assert!(l.dataset.is_empty());
    assert_eq!(l.errors(), 0);
    assert_eq!(l.warnings(), 2);
}

#[test]
fn large_sources_parsed_in_parallel_keep_order_and_line_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let pad = "p".repeat(2000);
    let mut content = String::new();
    for i in 0..3000 {
        if i == 2500 {
            content.push_str("{broken\n");
        } else {
            content.push_str(&format!(
                "{{\"id\":\"r{i}\",\"errorMessage\":\"m{i}\",\"documentation\":\"{pad}\"}}\n"
            ));
        }
    }
    let p = write(dir.path(), "big.jsonl", content.as_bytes());
    let specs = [SourceSpec::Path(p)];
    let l = load::load(
        &specs,
        Options {
            depth: Depth::Index,
            threads: 4,
            ..Options::default()
        },
        &|_| {},
    );
    assert_eq!(l.dataset.len(), 2999);
    for (k, e) in l.dataset.entries().iter().enumerate() {
        let i = if k < 2500 { k } else { k + 1 };
        assert_eq!(e.id, format!("r{i}"));
        assert_eq!(e.line as usize, i + 1);
    }
    assert_eq!(diags(&l).len(), 1);
    assert!(
        diags(&l)[0].starts_with("big.jsonl:2501: error:"),
        "{:?}",
        diags(&l)
    );
}

#[test]
fn progress_reaches_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "a.jsonl",
        format!("{}\n{}\n", rec("a", "x"), rec("b", "y")).as_bytes(),
    );
    let last = std::sync::Mutex::new(None);
    let specs = [SourceSpec::Path(p)];
    load::load(&specs, Options::default(), &|pr| {
        *last.lock().unwrap() = Some(pr)
    });
    let last = last.lock().unwrap().unwrap();
    assert!(last.done);
    assert_eq!(last.records, 2);
    assert_eq!(last.bytes, last.total_bytes);
}

#[test]
fn the_embedded_sample_loads_cleanly() {
    let l = load::load(
        &[errdex_core::sample::spec()],
        Options {
            depth: Depth::Full,
            ..Options::default()
        },
        &|_| {},
    );
    assert!(l.diagnostics.is_empty(), "{:#?}", l.diagnostics);
    assert!(l.dataset.len() >= 60, "only {} records", l.dataset.len());
    assert_eq!(
        l.dataset.entries().at(0).id,
        "a1174e815cc32dac",
        "the seed comes first"
    );
}

#[test]
fn mangled_data_never_panics_and_never_loses_untouched_records() {
    let sample = errdex_core::sample::SAMPLE_JSONL;
    let lines: Vec<&[u8]> = sample
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let mut rng = fastrand::Rng::with_seed(7);
    let dir = tempfile::tempdir().unwrap();
    for round in 0..40 {
        let mut content = Vec::new();
        let mut intact = 0;
        for line in &lines {
            let mut line = line.to_vec();
            if rng.u8(..4) == 0 {
                // Cut, flip or insert bytes anywhere in this record.
                for _ in 0..rng.usize(1..4) {
                    let at = rng.usize(..line.len());
                    match rng.u8(..3) {
                        0 => line.truncate(at),
                        1 => line[at] = rng.u8(..),
                        _ => {
                            let noise = b"{}[]\",:\\\x1b\n";
                            line.insert(at, noise[rng.usize(..noise.len())]);
                        }
                    }
                    if line.is_empty() {
                        break;
                    }
                }
            } else {
                intact += 1;
            }
            content.extend_from_slice(&line);
            content.push(b'\n');
        }
        let p = write(dir.path(), &format!("m{round}.jsonl"), &content);
        for depth in [Depth::Index, Depth::Full] {
            let l = load::load(
                &[SourceSpec::Path(p.clone())],
                Options {
                    depth,
                    ..Options::default()
                },
                &|_| {},
            );
            assert!(
                l.dataset.len() >= intact,
                "round {round}: {} < {intact}",
                l.dataset.len()
            );
            for i in 0..l.dataset.len() {
                let _ = l.dataset.record(i);
            }
        }
    }
}

/// A pretty-printed record the file ends inside: one place, the line it starts on.
#[test]
fn a_truncated_record_is_named_by_the_line_it_starts_on_alone() {
    let dir = tempfile::tempdir().unwrap();
    let content =
        "{\"id\": \"a\",\n \"errorMessage\": \"x\"\n}\n{\"id\": \"b\",\n \"errorMessage\": \"trunc";
    let p = write(dir.path(), "bad.json", content.as_bytes());
    let l = load_paths(&[&p]);
    assert_eq!(ids(&l), ["a"]);
    assert_eq!(
        diags(&l),
        ["bad.json:4: error: invalid JSON: the record is cut short (EOF while parsing a string)"]
    );
}
