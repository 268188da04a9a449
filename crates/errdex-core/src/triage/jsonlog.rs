//! Structured (JSON) log lines: the text worth matching is in the values, unescaped; the keys
//! are noise, and the level may be a word or a number (pino/bunyan).

use serde_json::Value;

use super::normalize::Level;

/// Keys whose value is the line's level.
pub(super) const LEVEL_KEYS: &[&str] = &[
    "level",
    "lvl",
    "severity",
    "levelname",
    "log.level",
    "@l",
    "loglevel",
];

/// Keys whose value is the line's time (an RFC 3339 text, or epoch seconds or milliseconds).
const TIME_KEYS: &[&str] = &["ts", "time", "timestamp", "@timestamp", "@t", "datetime"];

/// Keys whose value says where or under what a line was written — the span it was in
/// (`"span":{"name":"request"}`), the module, logger, thread or host — never what happened:
/// left out of the text, so no record is matched to a span's name (nor is such a field's
/// value in a line that is not whole JSON a link). Origins are read from the line as written.
pub(super) const WHERE_KEYS: &[&str] = &[
    "span",
    "spans",
    "target",
    "module_path",
    "logger",
    "logger_name",
    "name",
    "thread",
    "thread_name",
    "threadName",
    "hostname",
    "host",
    "pid",
    "service",
];

/// A JSON log line read for matching.
#[derive(Debug, Clone, PartialEq)]
pub struct Flat {
    /// The values as one text.
    pub text: String,
    /// The level, when a key names one.
    pub level: Option<Level>,
    /// The time as written (`2024-01-15T10:23:45Z`, `1705314225.5`), when a key holds one.
    pub time: Option<String>,
}

/// The values of a JSON log line as one text, its level and its time when keys name them.
/// None when the line is not a JSON object.
pub fn flatten(line: &str) -> Option<Flat> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(line) else {
        return None;
    };
    let mut text = String::with_capacity(line.len());
    let mut level = None;
    let mut time = None;
    for (key, value) in &map {
        let named = |keys: &[&str]| keys.iter().any(|k| k.eq_ignore_ascii_case(key));
        if level.is_none() && named(LEVEL_KEYS) {
            level = match value {
                Value::String(s) => Level::from_word(&s.to_ascii_lowercase()),
                Value::Number(n) => n.as_i64().and_then(Level::from_number),
                _ => None,
            };
            if level.is_some() {
                continue;
            }
        }
        if time.is_none() && named(TIME_KEYS) {
            time = match value {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
        }
        if !named(WHERE_KEYS) {
            push_values(value, &mut text);
        }
    }
    Some(Flat { text, level, time })
}

fn push_values(value: &Value, text: &mut String) {
    match value {
        Value::String(s) => {
            if !text.is_empty() {
                text.push_str(" ; ");
            }
            text.push_str(s);
        }
        Value::Array(items) => items.iter().for_each(|v| push_values(v, text)),
        Value::Object(map) => map.values().for_each(|v| push_values(v, text)),
        Value::Number(_) | Value::Bool(_) | Value::Null => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_order_and_the_level() {
        let Flat { text, level, time } = flatten(
            r#"{"ts":"2024-01-15T10:23:45Z","level":"error","msg":"column \"id\" does not exist","ctx":{"db":"main"}}"#,
        )
        .expect("a JSON object");
        assert_eq!(time.as_deref(), Some("2024-01-15T10:23:45Z"));
        assert_eq!(
            text,
            "2024-01-15T10:23:45Z ; column \"id\" does not exist ; main"
        );
        assert_eq!(level, Some(Level::Error));
    }

    #[test]
    fn where_a_line_was_written_is_not_its_text() {
        let line = r#"{"timestamp":"2025-12-01T22:58:21Z","level":"WARN","fields":{"message":"accept error: x"},"target":"hyper::server::tcp","span":{"id":7,"name":"request"},"spans":[{"name":"conn"}]}"#;
        let flat = flatten(line).expect("a JSON object");
        assert_eq!(flat.text, "2025-12-01T22:58:21Z ; accept error: x");
        let line =
            r#"{"name":"api","hostname":"h-1","pid":7,"msg":"boom","err":{"message":"EOF"}}"#;
        assert_eq!(flatten(line).expect("JSON").text, "boom ; EOF");
    }

    #[test]
    fn numeric_levels_of_pino() {
        let flat = flatten(r#"{"level":30,"msg":"listening","time":1705314225123}"#);
        let flat = flat.expect("a JSON object");
        assert_eq!(flat.level, Some(Level::Info));
        assert_eq!(flat.time.as_deref(), Some("1705314225123"));
        let flat = flatten(r#"{"level":50,"msg":"boom"}"#).expect("a JSON object");
        assert_eq!((flat.level, flat.time), (Some(Level::Error), None));
    }

    #[test]
    fn not_json_is_none() {
        assert!(flatten("{not json").is_none());
        assert!(flatten("[1,2]").is_none());
    }
}
