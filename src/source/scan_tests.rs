//! Unit tests of the one-document scanner.
use super::*;

fn full(doc: &str) -> Result<Scanned, ScanError> {
    scan(doc.as_bytes(), Depth::Full)
}

#[test]
fn reads_a_wrapped_record() {
    let s = full(r#"{"record":{"id":"a","errorMessage":"boom","tags":["x"],"lineNumber":3,"custom":{"k":1}},"datasetVersion":"v1"}"#).unwrap();
    assert_eq!(s.record.id, "a");
    assert_eq!(s.record.error_message, "boom");
    assert_eq!(s.record.tags, ["x"]);
    assert_eq!(s.record.line_number, Some(3));
    assert_eq!(s.record.dataset_version.as_deref(), Some("v1"));
    assert_eq!(s.record.extra["custom"]["k"], 1);
    assert!(s.warnings.is_empty());
}

#[test]
fn index_depth_skips_large_text_but_checks_it() {
    let doc = r#"{"id":"a","errorMessage":"m","documentation":"long","sourceCode":"x"}"#;
    let s = scan(doc.as_bytes(), Depth::Index).unwrap();
    assert_eq!(s.record.documentation, None);
    let bad = r#"{"id":"a","errorMessage":"m","documentation":7}"#;
    let e = scan(bad.as_bytes(), Depth::Index).unwrap_err();
    assert_eq!(
        e.message,
        "field `documentation`: expected a string or null, found integer `7`"
    );
}

#[test]
fn coerces_with_warnings() {
    let s = full(r#"{"id":"a","errorMessage":"m","lineNumber":"42","tags":"solo"}"#).unwrap();
    assert_eq!(s.record.line_number, Some(42));
    assert_eq!(s.record.tags, ["solo"]);
    assert_eq!(s.warnings.len(), 2);
    assert!(s.warnings[0].contains("`lineNumber`"));
    assert!(s.warnings[1].contains("`tags`"));
}

#[test]
fn rejects_wrong_types_and_non_records() {
    let e = full(r#"{"errorMessage":"m","lineNumber":true}"#).unwrap_err();
    assert!(e.message.contains("`lineNumber`"), "{}", e.message);
    let e = full(r#"{"errorMessage":"m","tags":[1]}"#).unwrap_err();
    assert!(e.message.contains("`tags`"), "{}", e.message);
    let e = full("[1,2]").unwrap_err();
    assert!(e.message.starts_with("not a record"), "{}", e.message);
    let e = full(r#"{"id":"x"}"#).unwrap_err();
    assert_eq!(e.message, "missing required field `errorMessage`");
    let e = full(r#"{"errorMessage":"  "}"#).unwrap_err();
    assert_eq!(e.message, "field `errorMessage` is empty");
}

#[test]
fn reports_syntax_errors_with_position() {
    let e = full("{\n\"errorMessage\": \"m\",\n\"id\": }").unwrap_err();
    assert_eq!(e.message, "expected value");
    assert_eq!(e.position.map(|p| p.0), Some(3));
}

#[test]
fn derives_missing_ids() {
    let s = full(r#"{"errorMessage":"m","repo":"o/r"}"#).unwrap();
    assert!(s.record.id_derived);
    assert_eq!(s.record.id.len(), 16);
    assert!(s.warnings[0].starts_with("no `id`"));
}

#[test]
fn a_record_field_that_is_not_an_object_is_kept() {
    let s = full(r#"{"errorMessage":"m","id":"i","record":5}"#).unwrap();
    assert_eq!(s.record.extra["record"], 5);
}
