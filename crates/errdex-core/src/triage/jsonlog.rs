//! Structured (JSON) log lines: the text worth matching is in the values, unescaped; the keys
//! are noise, and the level may be a word or a number (pino/bunyan).

use serde_json::Value;

use super::normalize::Level;

/// Keys whose value is the line's level.
const LEVEL_KEYS: &[&str] = &[
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
        push_values(value, &mut text);
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
