//! `load::load_streaming`: the partial datasets handed out while loading are prefixes of the
//! final dataset, in order, their records readable, whatever the sources and parts.

use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

use errdex_core::dataset::Dataset;
use errdex_core::load::{self, Options, SourceSpec};

/// A JSON Lines dataset of `n` records whose ids start with `prefix`.
fn write_dataset(path: &std::path::Path, prefix: &str, n: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    for i in 0..n {
        writeln!(
            out,
            r#"{{"id":"{prefix}{i:06}","errorMessage":"failure number {i} in {prefix}","repo":"acme/{prefix}","filePath":"src/{prefix}.rs","lineNumber":{i},"sourceCode":"fn f() {{\n    let x = {i};\n    x.unwrap()\n}}","solutions":["check the value before use, number {i}"]}}"#
        )
        .expect("write");
    }
}

fn streamed(specs: &[SourceSpec], options: Options) -> (Vec<Dataset>, Dataset) {
    let partials = Mutex::new(Vec::new());
    let loaded = load::load_streaming(specs, options, None, &|_| {}, Duration::ZERO, &|ds| {
        partials.lock().expect("partials").push(ds);
    });
    assert_eq!(loaded.errors(), 0);
    (partials.into_inner().expect("partials"), loaded.dataset)
}

fn assert_prefixes(partials: &[Dataset], last: &Dataset) {
    let mut previous = 0;
    for p in partials {
        assert!(p.len() > previous, "each partial has more records");
        assert!(
            p.len() < last.len(),
            "the full dataset comes as the load's result"
        );
        assert_eq!(
            p.entries().to_vec(),
            last.entries().to_vec()[..p.len()],
            "a prefix, in order"
        );
        let i = p.len() - 1;
        let record = p.record(i).expect("a partial's records are readable");
        assert_eq!(record.id, last.entries().at(i).id);
        assert_eq!(p.record(0).expect("first").id, last.entries().at(0).id);
        previous = p.len();
    }
}

#[test]
fn each_finished_source_is_handed_out_as_a_prefix() {
    let dir = tempfile::tempdir().expect("temp dir");
    // c.jsonl is the biggest: a partial is not worth copying when the end is near.
    for (name, n) in [("a.jsonl", 30), ("b.jsonl", 50), ("c.jsonl", 120)] {
        write_dataset(&dir.path().join(name), &name[..1], n);
    }
    let (partials, last) = streamed(
        &[SourceSpec::Path(dir.path().to_path_buf())],
        Options::default(),
    );
    assert_eq!(last.len(), 200);
    let sizes: Vec<usize> = partials.iter().map(Dataset::len).collect();
    assert_eq!(sizes, [30, 80], "after a.jsonl, then after b.jsonl");
    assert_eq!(partials[1].source_count(), 2);
    assert_prefixes(&partials, &last);
}

#[test]
fn a_big_source_is_handed_out_part_by_part() {
    let dir = tempfile::tempdir().expect("temp dir");
    let big = dir.path().join("big.jsonl");
    // Over the size parsed in parallel, so it is split in parts.
    write_dataset(&big, "z", 25_000);
    assert!(std::fs::metadata(&big).expect("size").len() > 4 << 20);
    let options = Options {
        threads: 4,
        ..Options::default()
    };
    let (partials, last) = streamed(&[SourceSpec::Path(big.clone())], options);
    assert_eq!(last.len(), 25_000);
    // Which part finishes first is up to the threads: the front is handed out whenever it
    // grows before the end.
    assert_prefixes(&partials, &last);
    for p in &partials {
        assert_eq!(p.source_count(), 1);
    }
    // One thread parses the parts in order: the first part always comes before the end.
    let one = Options {
        threads: 1,
        ..Options::default()
    };
    let (partials, same) = streamed(&[SourceSpec::Path(big)], one);
    assert_eq!(same.entries(), last.entries());
    assert_eq!(partials.len(), 1, "two parts: the first is handed out");
    assert_prefixes(&partials, &same);
    let plain = load::load(
        &[SourceSpec::Path(dir.path().join("big.jsonl"))],
        options,
        &|_| {},
    );
    assert_eq!(plain.dataset.entries(), last.entries());
}

#[test]
fn nothing_is_handed_out_when_the_end_is_near() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_dataset(&dir.path().join("a.jsonl"), "a", 90);
    write_dataset(&dir.path().join("b.jsonl"), "b", 10);
    let (partials, last) = streamed(
        &[SourceSpec::Path(dir.path().to_path_buf())],
        Options::default(),
    );
    assert_eq!(last.len(), 100);
    assert!(
        partials.is_empty(),
        "90 % read after a.jsonl: b.jsonl is moments away"
    );
}
