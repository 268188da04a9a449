//! Property tests of the document splitter: on any valid JSON, in each layout a dataset file
//! can have, it finds exactly the documents serde_json would read, at the lines they start.
use proptest::prelude::*;
use serde_json::{Map, Value};

use super::*;

/// Text that stresses the splitter: braces, brackets, quotes and backslashes inside strings,
/// newlines (escaped by the serializer), non-ASCII.
fn tricky_string() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("{".to_string()),
            Just("}".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just("\"".to_string()),
            Just("\\".to_string()),
            Just("\n".to_string()),
            Just(",".to_string()),
            Just("é漢😀".to_string()),
            "[a-z ]{0,6}",
        ],
        0..8,
    )
    .prop_map(|parts| parts.concat())
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        // Eighths print and parse back exactly (serde_json's float parsing is not the subject).
        (-1_000_000i32..1_000_000).prop_map(|n| Value::from(f64::from(n) / 8.0)),
        tricky_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((tricky_string(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A record-like document: an object, as most dataset documents are.
fn json_object() -> impl Strategy<Value = Value> {
    prop::collection::vec((tricky_string(), json_value()), 0..6)
        .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>()))
}

/// Appends `text` to `out` and returns the 1-based line it starts on.
fn push(out: &mut String, text: &str) -> u32 {
    let line = 1 + out.matches('\n').count() as u32;
    out.push_str(text);
    line
}

fn parsed(bytes: &[u8], docs: &[Doc]) -> Vec<(Value, u32)> {
    docs.iter()
        .map(|d| {
            let v = serde_json::from_slice(&bytes[d.start..d.end]).unwrap_or_else(|e| {
                panic!(
                    "document at line {} does not parse: {e}: {:?}",
                    d.line,
                    String::from_utf8_lossy(&bytes[d.start..d.end])
                )
            });
            (v, d.line)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn json_lines_split_as_serde_reads_them(
        docs in prop::collection::vec(json_object(), 1..8),
        blanks in prop::collection::vec(0usize..3, 8),
        crlf in any::<bool>(),
    ) {
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut text = String::new();
        let mut expected = Vec::new();
        for (doc, blank) in docs.iter().zip(&blanks) {
            for _ in 0..*blank {
                text.push_str(eol);
            }
            let line = push(&mut text, &serde_json::to_string(doc).unwrap());
            text.push_str(eol);
            expected.push((doc.clone(), line));
        }
        let bytes = text.as_bytes();
        prop_assert_eq!(detect(bytes, None), Layout::Lines);
        let found: Vec<Doc> = lines(bytes, 0, bytes.len(), 1).collect();
        prop_assert_eq!(parsed(bytes, &found), expected);
    }

    #[test]
    fn concatenated_documents_split_as_serde_reads_them(
        docs in prop::collection::vec(json_object(), 1..6),
        pretty in any::<bool>(),
    ) {
        let mut text = String::new();
        let mut expected = Vec::new();
        for doc in &docs {
            let body = if pretty {
                serde_json::to_string_pretty(doc).unwrap()
            } else {
                serde_json::to_string(doc).unwrap()
            };
            let line = push(&mut text, &body);
            text.push('\n');
            expected.push((doc.clone(), line));
        }
        let bytes = text.as_bytes();
        prop_assert_eq!(parsed(bytes, &structural(bytes, 0)), expected.clone());
        // Read through the serde_json stream reader too: the same values in the same order.
        let stream: Vec<Value> = serde_json::Deserializer::from_slice(bytes)
            .into_iter::<Value>()
            .map(|v| v.unwrap())
            .collect();
        let values: Vec<Value> = expected.into_iter().map(|(v, _)| v).collect();
        prop_assert_eq!(stream, values);
    }

    #[test]
    fn array_elements_split_as_serde_reads_them(
        elements in prop::collection::vec(json_value(), 0..8),
        pretty in any::<bool>(),
        bom in any::<bool>(),
    ) {
        let array = Value::Array(elements.clone());
        let body = if pretty {
            serde_json::to_string_pretty(&array).unwrap()
        } else {
            serde_json::to_string(&array).unwrap()
        };
        let text = if bom { format!("\u{feff}{body}\n") } else { format!("{body}\n") };
        let bytes = text.as_bytes();
        let start = content_start(bytes);
        prop_assert!(is_array(bytes));
        let found = parsed(bytes, &structural(bytes, start));
        let values: Vec<Value> = found.iter().map(|(v, _)| v.clone()).collect();
        prop_assert_eq!(values, elements);
        // Each element starts on the line its first byte is on.
        for (doc, (_, line)) in structural(bytes, start).iter().zip(&found) {
            let expected = 1 + memchr::memchr_iter(b'\n', &bytes[..doc.start]).count() as u32;
            prop_assert_eq!(*line, expected);
        }
    }
}
