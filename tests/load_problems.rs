//! Every way a record can be bad: malformed lines, broken or truncated records, duplicate and
//! missing ids, inconsistent snippets, empty inputs, mangled data.

mod support;

use errdex_core::load::{self, Depth, Options, SourceSpec};
use support::ids;
use support::load::{diags, load_paths, rec, write};

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
