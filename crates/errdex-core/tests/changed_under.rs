//! Dataset files are read by position, never mapped: one rewritten or truncated after it was
//! loaded makes its records' reads fail with the reason, and nothing crashes.

use errdex_core::load::{self, Options, SourceSpec};

fn record(id: &str, message: &str) -> String {
    format!(r#"{{"id":"{id}","errorMessage":"{message}","severity":"error"}}"#)
}

fn load(path: &std::path::Path) -> load::Loaded {
    load::load(
        &[SourceSpec::Path(path.to_path_buf())],
        Options::default(),
        &|_| {},
    )
}

#[test]
fn records_of_a_truncated_file_fail_to_read_with_the_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.jsonl");
    let text: String = (0..50)
        .map(|i| record(&format!("r{i}"), &format!("message number {i}")) + "\n")
        .collect();
    std::fs::write(&path, &text).expect("write");
    let loaded = load(&path);
    let ds = &loaded.dataset;
    assert_eq!(ds.len(), 50);
    assert_eq!(
        ds.record(7).expect("readable").error_message,
        "message number 7"
    );
    assert!(ds.changed_sources().is_empty());

    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(100))
        .expect("truncate");
    let err = ds.record(40).expect_err("the record is gone").to_string();
    assert!(err.contains("d.jsonl:41"), "{err}");
    assert!(err.contains("changed since it was loaded"), "{err}");
    assert!(ds.document(40).is_err());
    assert!(ds.raw(40).is_err());
    let changed = ds.changed_sources();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].0.ends_with("d.jsonl"), "{changed:?}");
}

#[test]
fn a_file_rewritten_in_place_with_other_text_is_named_as_changed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.jsonl");
    std::fs::write(
        &path,
        record("a", "first") + "\n" + &record("b", "second") + "\n",
    )
    .expect("write");
    let loaded = load(&path);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let longer = record("x", "something else entirely, much longer than before") + "\n";
    std::fs::write(&path, longer.repeat(4)).expect("rewrite");
    let changed = loaded.dataset.changed_sources();
    assert_eq!(changed.len(), 1, "{changed:?}");
    // Whatever the bytes at the old place are now, the read says the file changed.
    match loaded.dataset.record(1) {
        Ok(r) => assert_ne!(
            r.error_message, "second",
            "read the new text as the old record"
        ),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("changed") || e.contains("rewritten"), "{e}");
        }
    }
}

#[test]
fn documents_not_one_a_line_load_from_a_copy_and_read_back_from_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.json");
    let array = format!(
        "[\n  {},\n  {},\n  {}\n]\n",
        record("a", "one"),
        record("b", "two"),
        record("c", "three")
    );
    std::fs::write(&path, array).expect("write");
    let loaded = load(&path);
    assert_eq!(loaded.errors(), 0, "{:?}", loaded.diagnostics);
    let ds = &loaded.dataset;
    let messages: Vec<String> = (0..ds.len())
        .map(|i| ds.record(i).expect("readable").error_message)
        .collect();
    assert_eq!(messages, ["one", "two", "three"]);
}

#[test]
fn a_big_file_parsed_in_parts_by_position_loads_like_the_same_bytes_from_stdin_spool() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.jsonl");
    let gz = dir.path().join("d.jsonl.gz");
    // Over the size parsed on several threads, with lines that straddle the part bounds.
    let text: String = (0..60_000)
        .map(|i| {
            record(
                &format!("r{i}"),
                &format!("message {i} {}", "word ".repeat(i % 40)),
            ) + "\n"
        })
        .collect();
    assert!(text.len() > 8 << 20);
    std::fs::write(&path, &text).expect("write");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut enc, text.as_bytes()).expect("gzip");
    std::fs::write(&gz, enc.finish().expect("gzip")).expect("write gz");
    let from_file = load(&path);
    let spooled = load(&gz);
    assert_eq!(from_file.dataset.len(), 60_000);
    assert_eq!(from_file.errors(), 0, "{:?}", &from_file.diagnostics[..1]);
    for i in [0, 1, 29_999, 30_000, 59_999] {
        let a = from_file.dataset.record(i).expect("file");
        let b = spooled.dataset.record(i).expect("spool");
        assert_eq!(a.id, b.id);
        assert_eq!(a.error_message, b.error_message);
        assert_eq!(from_file.dataset.entries().at(i).line, i as u32 + 1);
    }
}
