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

/// The values of a JSON log line as one text, and its level when a key names one.
/// None when the line is not a JSON object.
pub fn flatten(line: &str) -> Option<(String, Option<Level>)> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(line) else {
        return None;
    };
    let mut text = String::with_capacity(line.len());
    let mut level = None;
    for (key, value) in &map {
        if level.is_none() && LEVEL_KEYS.contains(&key.to_ascii_lowercase().as_str()) {
            level = match value {
                Value::String(s) => Level::from_word(&s.to_ascii_lowercase()),
                Value::Number(n) => n.as_i64().and_then(Level::from_number),
                _ => None,
            };
            if level.is_some() {
                continue;
            }
        }
        push_values(value, &mut text);
    }
    Some((text, level))
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
        let (text, level) = flatten(
            r#"{"ts":"2024-01-15T10:23:45Z","level":"error","msg":"column \"id\" does not exist","ctx":{"db":"main"}}"#,
        )
        .expect("a JSON object");
        assert_eq!(
            text,
            "2024-01-15T10:23:45Z ; column \"id\" does not exist ; main"
        );
        assert_eq!(level, Some(Level::Error));
    }

    #[test]
    fn numeric_levels_of_pino() {
        let (_, level) = flatten(r#"{"level":30,"msg":"listening"}"#).expect("a JSON object");
        assert_eq!(level, Some(Level::Info));
        let (_, level) = flatten(r#"{"level":50,"msg":"boom"}"#).expect("a JSON object");
        assert_eq!(level, Some(Level::Error));
    }

    #[test]
    fn not_json_is_none() {
        assert!(flatten("{not json").is_none());
        assert!(flatten("[1,2]").is_none());
    }
}
