//! Every input format the loader accepts: single documents, JSON Lines, arrays, concatenated
//! documents, directories, gzip, several sources; and large sources read in parallel.

mod support;

use errdex_core::load::{self, Depth, Options, SourceSpec};
use support::load::{diags, lines, load_paths, rec, write};
use support::{gzip, ids};

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
        *last.lock().unwrap() = Some(pr);
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
