//! The field table is the one description of a record's fields: the entry the index keeps,
//! parsed this run or read in place from the cache, holds exactly the fields the table marks
//! as indexed, with the values the full record has.

use errdex_core::dataset::{Dataset, PartView};
use errdex_core::load::cache::Cache;
use errdex_core::load::{Options, SourceSpec, load_cached};
use errdex_core::record::{Field, FieldKind};
use serde_json::{Map, Value, json};

/// A record with every schema field set to a value of its kind that names the record.
fn full_record(n: usize) -> Value {
    let mut map = Map::new();
    for (i, field) in Field::ALL.iter().enumerate() {
        let value = match field.kind() {
            FieldKind::Text => json!(format!("{} {n}", field.name())),
            FieldKind::Integer if field.is_line() => json!(n + 1),
            FieldKind::Integer => json!(n * 100 + i),
            FieldKind::List => json!([format!("{} {n}", field.name()), "shared"]),
        };
        map.insert(field.name().to_string(), value);
    }
    // A snippet consistent with its line range, so the record loads without warnings.
    map.insert("sourceCode".into(), json!("one line"));
    Value::Object(map)
}

fn indexed_fields_match_the_record(ds: &Dataset) {
    let entries = ds.entries();
    for i in 0..ds.len() {
        let entry = entries.at(i);
        let record = ds.record(i).expect("record reads");
        for field in Field::ALL {
            match entry.field(*field) {
                Some(value) => {
                    assert!(field.indexed(), "{} is kept but not indexed", field.name());
                    assert_eq!(value, record.get(*field), "{} of record {i}", field.name());
                }
                None => assert!(!field.indexed(), "{} is indexed but not kept", field.name()),
            }
        }
    }
}

#[test]
fn parsed_and_mapped_entries_hold_the_indexed_fields() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("full.jsonl");
    let text: String = (0..400).map(|n| format!("{}\n", full_record(n))).collect();
    std::fs::write(&path, text).expect("write dataset");
    let cache = Cache::new(dir.path().join("cache"));
    let specs = [SourceSpec::Path(path)];
    let parsed = load_cached(&specs, Options::default(), None, &|_| {});
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    indexed_fields_match_the_record(&parsed.dataset);
    let mapped = load_cached(&specs, Options::default(), Some(&cache), &|_| {});
    let parts = mapped.dataset.entries().parts();
    assert!(
        parts
            .iter()
            .all(|(_, p)| matches!(p, PartView::Mapped { .. })),
        "the load that builds the cache reads the index in place"
    );
    indexed_fields_match_the_record(&mapped.dataset);
}

#[test]
fn the_indexed_fields_are_the_ones_the_cache_format_lays_out() {
    // The mapped table (dataset::mapped::Row and its search spans) has a column for each of
    // these. Changing which fields are indexed changes the cache's layout: give the table the
    // column, bump `FORMAT_VERSION` in load/cache/format.rs, then update this list.
    let indexed: Vec<&str> = Field::ALL
        .iter()
        .filter(|f| f.indexed())
        .map(|f| f.name())
        .collect();
    assert_eq!(
        indexed,
        [
            "id",
            "repo",
            "errorMessage",
            "messagePattern",
            "errorType",
            "severity",
            "filePath",
            "lineNumber",
            "tags"
        ]
    );
}
