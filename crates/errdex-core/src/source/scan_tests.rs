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
        "field `documentation`: expected a string or null, found the number 7"
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

#[test]
fn values_are_named_as_json_names_them() {
    let msg = |doc: &str| full(doc).unwrap_err().message;
    assert_eq!(
        msg(r#"{"errorMessage":null,"id":[1]}"#),
        "field `id`: expected a string or null, found an array"
    );
    assert_eq!(
        msg(r#"{"errorMessage":"m","tags":[null]}"#),
        "field `tags`: expected an array of strings, found an item null"
    );
    assert_eq!(
        msg(r#"{"errorMessage":"m","httpStatus":18446744073709551616}"#),
        "field `httpStatus`: expected an integer or null, found the number 18446744073709551616"
    );
    assert_eq!(
        msg(r#"{"errorMessage":"m","httpStatus":1.5}"#),
        "field `httpStatus`: expected an integer or null, found the number 1.5"
    );
    assert_eq!(
        msg("null"),
        "not a record: expected a JSON object, found null"
    );
    let s = full(r#"{"id":"i","errorMessage":"m","httpStatus":4e2,"lineNumber":-0}"#).unwrap();
    assert_eq!(
        (s.record.http_status, s.record.line_number),
        (Some(400), Some(0))
    );
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

#[test]
fn a_lone_surrogate_escape_is_named() {
    let e = full(r#"{"errorMessage":"bad \ud800 here"}"#).unwrap_err();
    assert_eq!(
        e.message,
        "`\\ud800` is half of a UTF-16 surrogate pair without its other half: not a character"
    );
}

#[test]
fn line_numbers_beyond_any_file_are_ignored_with_a_warning() {
    let s = full(r#"{"errorMessage":"m","sourceCodeStart":9223372036854775807,"lineNumber":"-3","sourceCode":"a\nb"}"#).unwrap();
    assert_eq!(
        (s.record.source_code_start, s.record.line_number),
        (None, None)
    );
    assert_eq!(
        s.warnings[0],
        "field `sourceCodeStart`: 9223372036854775807 is not a line number (0 to 4294967295); ignored"
    );
    assert!(
        s.warnings[2].ends_with("-3 is not a line number (0 to 4294967295); ignored"),
        "{:?}",
        s.warnings
    );
}

#[test]
fn a_bad_unknown_field_rejects_the_record_at_every_depth() {
    let mut deep = String::from(r#"{"id":"a","errorMessage":"m","extra":"#);
    deep.push_str(&"[".repeat(300));
    deep.push_str(&"]".repeat(300));
    deep.push('}');
    let mut bad_utf8 = br#"{"id":"a","errorMessage":"m","extra":"x"#.to_vec();
    bad_utf8.extend_from_slice(b"\xff\"}");
    for doc in [deep.as_bytes(), &bad_utf8[..]] {
        let index = scan(doc, Depth::Index).map(|_| ()).map_err(|e| e.message);
        let whole = scan(doc, Depth::Full).map(|_| ()).map_err(|e| e.message);
        assert!(index.is_err(), "{index:?}");
        assert_eq!(index, whole);
    }
}

/// What `scan` gives: the record and its warnings, or the error and where it is.
type Read = Result<(Record, Vec<String>), (String, Option<(usize, usize)>)>;

fn read(scanned: Result<Scanned, ScanError>) -> Read {
    scanned
        .map(|s| (s.record, s.warnings))
        .map_err(|e| (e.message, e.position))
}

/// `scan` as it read every document before: string by string from the bytes, nothing
/// skimmed.
fn scan_bytes(doc: &[u8], depth: Depth) -> Read {
    let mut state = State::new(depth);
    let parsed = parse(&mut serde_json::Deserializer::from_slice(doc), &mut state);
    if let Err(e) = parsed {
        return read(Err(to_scan_error(&e, doc)));
    }
    read(state.finish())
}

#[test]
fn a_document_checked_as_utf8_whole_reads_as_string_by_string_it_did() {
    let docs = [
        "{\"id\":\"a\",\"errorMessage\":\"m\",\n\"sourceCode\":\"x\u{1}y\"}",
        r#"{"id":"a","errorMessage":"m","sourceCode":"\uD800"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\uD800\uDC00 and \u00e9"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"a \\u not an escape"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\uDC00 trails alone"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\uD83D\u0041"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\uD83D\uD83D\uDE00"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\ud83d x\ude00"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\ud83d\n"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\ud83d\ude00\u00e9 \\uD800 \u20ac"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\uZZZZ"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"ends on \uD83D"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"\q"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"line\n\t\"quoted\" \/ \\"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":null,"documentation":"d"}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":"unterminated}"#,
        "{\"id\":\"a\",\n\"errorMessage\":\"é\",\"tags\":[\"x\",]}",
        r#"{"id":"a","errorMessage":"m"} trailing"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":1}"#,
        r#"{"id":"a","errorMessage":"m","sourceCode":["x"]}"#,
        r#"{"id":"a","errorMessage":"m","exampleFix":{"x":[[[1]]]}}"#,
        r#"{"record":{"errorMessage":"m","sourceCode":"s","lineNumber":"7"}}"#,
    ];
    for doc in docs {
        for depth in [Depth::Index, Depth::Full] {
            let whole = read(scan(doc.as_bytes(), depth));
            assert_eq!(
                whole,
                scan_bytes(doc.as_bytes(), depth),
                "{doc} at {depth:?}"
            );
        }
    }
}
