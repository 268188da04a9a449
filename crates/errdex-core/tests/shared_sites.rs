//! A scanned site that makes a value its package shares (`"sharedValue": true`, Go's `var
//! ErrUnexpectedEOF = errors.New(…)`) is known as such to the index, parsed or read in place
//! from the index cache, so a group of one message at several sites shows that one when the
//! line says nothing of where it came from.

use std::fmt::Write as _;
use std::path::Path;

use errdex_core::dataset::Dataset;
use errdex_core::load::cache::{Cache, MIN_CACHED_BYTES};
use errdex_core::load::{Options, SourceSpec, load_cached};
use errdex_core::triage::Triage;

fn load(data: &Path, cache: Option<&Cache>) -> Dataset {
    let spec = SourceSpec::Path(data.to_path_buf());
    load_cached(&[spec], Options::default(), cache, &|_| {}).dataset
}

#[test]
fn a_shared_value_is_the_groups_row_parsed_or_cached() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("go.jsonl");
    let site = |id: &str, path: &str, fields: &str| {
        format!(
            r#"{{"id":"{id}","errorMessage":"unexpected EOF","repo":"go","filePath":"{path}","lineNumber":48{fields}}}"#
        )
    };
    let mut text = String::new();
    for line in [
        site(
            "asm",
            "cmd/asm/parse.go",
            r#","function":"asm.(*Parser).line""#,
        ),
        site("io", "io/io.go", r#","function":null,"sharedValue":true"#),
        // Outside any named function is not enough: a callback's `throw`.
        site(
            "tpl",
            "web/app.js",
            r#","function":null,"sharedValue":false"#,
        ),
    ] {
        let _ = writeln!(text, "{line}");
    }
    // Big enough to be cached: other records of other messages.
    let mut i = 0;
    while text.len() < MIN_CACHED_BYTES + 1024 {
        let _ = writeln!(
            text,
            r#"{{"id":"other-{i}","errorMessage":"disk quota {i} exceeded","repo":"go"}}"#
        );
        i += 1;
    }
    std::fs::write(&data, text).expect("write");
    let cache = Cache::new(dir.path().join("cache"));
    for (how, ds) in [
        ("parsed", load(&data, None)),
        ("cached, first", load(&data, Some(&cache))),
        ("cached, read in place", load(&data, Some(&cache))),
    ] {
        let entries = ds.entries();
        let top: Vec<bool> = (0..3).map(|i| entries.at(i).shared).collect();
        assert_eq!(top, [false, true, false], "{how}");
        let rows = Triage::new(&ds).answer_line(entries, "unexpected EOF", 5);
        assert_eq!(entries.at(rows[0].record).id, "io", "{how}");
    }
}
