//! Unit tests of the document splitter.
use super::*;

fn texts<'a>(bytes: &'a [u8], docs: &[Doc]) -> Vec<(&'a str, u32)> {
    docs.iter()
        .map(|d| (std::str::from_utf8(&bytes[d.start..d.end]).unwrap(), d.line))
        .collect()
}

#[test]
fn lines_skip_blanks_and_trim_crlf() {
    let b = b"{\"a\":1}\r\n\r\n  \n{\"b\":2}\r\n";
    let docs: Vec<_> = lines(b, 0, b.len(), 1).collect();
    assert_eq!(texts(b, &docs), [("{\"a\":1}", 1), ("{\"b\":2}", 4)]);
}

#[test]
fn structural_finds_pretty_documents_and_array_elements() {
    let b = b"{\n \"a\": \"}\\\"{\"\n}\n{\"b\":[1,{}]}\n";
    assert_eq!(
        texts(b, &structural(b, 0)),
        [("{\n \"a\": \"}\\\"{\"\n}", 1), ("{\"b\":[1,{}]}", 4)]
    );
    let b = b"[\n  {\"a\":1},\n  42,\n  {\"b\":2}\n]\n";
    assert_eq!(
        texts(b, &structural(b, 0)),
        [("{\"a\":1}", 2), ("42", 3), ("{\"b\":2}", 4)]
    );
}

#[test]
fn raw_newlines_inside_strings_still_count_for_line_numbers() {
    let b = b"{\"a\": \"x\ny\n\"}\n{\"b\": 1}\n";
    assert_eq!(texts(b, &structural(b, 0))[1], ("{\"b\": 1}", 4));
}

#[test]
fn structural_keeps_a_truncated_tail() {
    let b = b"{\"a\":1}\n{\"b\":\n";
    assert_eq!(
        texts(b, &structural(b, 0)),
        [("{\"a\":1}", 1), ("{\"b\":", 2)]
    );
}

#[test]
fn resumes_after_a_broken_element_at_the_next_one() {
    // An unclosed string: the next element's start is inside the broken one's string.
    let b = br#"[{"id":"a"},{"id":"b,"m":1},{"id":"c"},{"id":"d"}]"#;
    let docs = structural(b, 0);
    assert_eq!(docs.len(), 2, "{:?}", texts(b, &docs));
    let r = resume_point(b, docs[1].start, docs[1].end).unwrap();
    let rest = structural_within(b, r, docs[1].end, docs[1].line, true);
    assert_eq!(texts(b, &rest)[0], (r#"{"id":"c"}"#, 1));
    // An unclosed brace, pretty-printed: the next line that opens a document.
    let b = b"{\n \"id\": \"b\",\n{\n \"id\": \"c\"\n}\n";
    let docs = structural(b, 0);
    assert_eq!(docs.len(), 1);
    let r = resume_point(b, docs[0].start, docs[0].end).unwrap();
    let rest = structural_within(b, r, docs[0].end, 3, false);
    assert_eq!(texts(b, &rest), [("{\n \"id\": \"c\"\n}", 3)]);
    let nested = b"{\"a\": {\"b\": 1}}";
    assert_eq!(resume_point(nested, 0, nested.len()), None);
}

#[test]
fn recognises_utf16() {
    assert!(is_utf16(b"\xFF\xFE{\0\"\0"));
    assert!(is_utf16(b"{\0\"\0i\0d\0\"\0"));
    assert!(is_utf16(b"\0{\0\"\0i\0d"));
    assert!(!is_utf16(b"{\"id\":1}"));
    assert!(!is_utf16(b"\xEF\xBB\xBF{\"id\":1}"));
    assert!(!is_utf16(b"{}"));
}

#[test]
fn detects_layouts() {
    assert_eq!(detect(b"{\"a\":1}\n{\"a\":2}\n", None), Layout::Lines);
    assert_eq!(detect(b"{\n\"a\":1\n}\n", None), Layout::Structural);
    assert_eq!(detect(b"[{\"a\":1}]", None), Layout::Structural);
    assert_eq!(detect(b"{\"a\":\n{\"a\":2}\n", None), Layout::Lines);
    assert_eq!(detect(b"{\n\"a\":1\n}\n", Some("jsonl")), Layout::Lines);
    assert_eq!(detect(b"\xEF\xBB\xBF{\"a\":1}\r\n", None), Layout::Lines);
}
