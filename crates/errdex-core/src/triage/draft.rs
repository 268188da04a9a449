//! A log line as the start of a new record (`errdex new --from-log`): the message without the
//! line's timestamp, level and logger prefix; a pattern with the variable parts replaced by
//! `{}`, found by the same normaliser triage matches with (so a later line of the same error,
//! other numbers and all, matches the record); and the source location a frame names.

use super::frames::{self, Frame};
use super::normalize::{self, Level, Tokens};

/// What a log line says about the error it reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogDraft {
    /// The line without its timestamp, level and logger prefix.
    pub message: String,
    /// `message` with each run of variable parts (numbers, ids, hosts, quoted values) as `{}`.
    pub pattern: String,
    /// The first `path:line` the line names.
    pub frame: Option<Frame>,
}

/// Keys of a JSON log line that hold its message, most specific first.
const MESSAGE_KEYS: &[&str] = &["msg", "message", "@m", "error", "err", "log"];
/// Chunks at the start of a line the level word may follow (timestamps, hosts, threads).
const LEVEL_WINDOW: usize = 8;
const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

pub fn draft_from_line(line: &str) -> LogDraft {
    let line = without_ansi(line.trim());
    let message = json_message(&line)
        .or_else(|| logfmt_message(&line))
        .unwrap_or_else(|| without_prefix(&line).to_string());
    let message = message.trim().to_string();
    let mut found = Vec::new();
    frames::extract(&line, &mut found);
    LogDraft {
        pattern: pattern_of(&message),
        message,
        frame: found.into_iter().find(is_source_file),
    }
}

/// `db-7.internal:5432` is a host and port, not a file: a frame without a folder must name a
/// file of a language errdex knows.
fn is_source_file(frame: &Frame) -> bool {
    frame.path.contains(['/', '\\']) || crate::export::language_for(&frame.path).is_some()
}

/// `text` with each run of what triage treats as variable replaced by `{}`.
pub fn pattern_of(text: &str) -> String {
    let mut tokens = Tokens::new();
    normalize::tokenize(text, &mut tokens);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for &(from, to) in tokens.var_ranges() {
        if from < at || to > text.len() || !text.is_char_boundary(from) {
            continue;
        }
        out.push_str(&text[at..from]);
        out.push_str("{}");
        at = to;
    }
    out.push_str(&text[at..]);
    out
}

fn without_ansi(line: &str) -> String {
    let b = line.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == 0x1b {
            i += normalize::ansi_len(&b[i..]).max(1);
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn json_message(line: &str) -> Option<String> {
    if !line.starts_with('{') {
        return None;
    }
    let serde_json::Value::Object(map) = serde_json::from_str(line).ok()? else {
        return None;
    };
    MESSAGE_KEYS
        .iter()
        .find_map(|k| map.get(*k)?.as_str().map(str::to_string))
}

/// `level=error msg="dial tcp: i/o timeout"`: the quoted message.
fn logfmt_message(line: &str) -> Option<String> {
    for key in ["msg=\"", "message=\""] {
        let Some(start) = line.find(key) else {
            continue;
        };
        let at_word_start = start == 0 || line.as_bytes()[start - 1] == b' ';
        if !at_word_start {
            continue;
        }
        let mut out = String::new();
        let mut chars = line[start + key.len()..].chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(out),
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
    }
    None
}

/// Whitespace-separated chunks of the line with their byte offsets.
fn chunks(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

fn without_prefix(line: &str) -> &str {
    let parts = chunks(line);
    let level = parts
        .iter()
        .take(LEVEL_WINDOW)
        .position(|(_, c)| is_level_chunk(c));
    let first = match level {
        Some(k) => after_level(&parts, k),
        None => parts
            .iter()
            .position(|(_, c)| !is_prefix_chunk(c))
            .unwrap_or(parts.len()),
    };
    match parts.get(first) {
        Some(&(at, _)) => &line[at..],
        // Nothing but prefix: keep the line rather than an empty message.
        None => line,
    }
}

/// `ERROR`, `[error]`, `<E>`, `level=error`, `error:`, klog's `E0115`: a level word written as
/// a log prefix writes it, not the word "error" in a sentence.
fn is_level_chunk(chunk: &str) -> bool {
    let b = chunk.as_bytes();
    if b.len() == 5 && b"IWEF".contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit) {
        return true;
    }
    let value = chunk
        .split_once('=')
        .filter(|(k, _)| k.eq_ignore_ascii_case("level") || k.eq_ignore_ascii_case("lvl"))
        .map_or(chunk, |(_, v)| v);
    let word = value.trim_matches(|c: char| !c.is_ascii_alphabetic());
    if Level::from_word(&word.to_ascii_lowercase()).is_none() {
        return false;
    }
    let marked = value != word || chunk != value;
    marked || word.bytes().all(|c| c.is_ascii_uppercase())
}

/// The first chunk of the message after the level at `k`: separators, bracketed thread names,
/// numbers, klog's `file.go:12]`, and a logger name followed by a separator are skipped.
fn after_level(parts: &[(usize, &str)], k: usize) -> usize {
    let mut i = k + 1;
    let skippable =
        |c: &str| is_separator(c) || is_bracketed(c) || c.bytes().all(|b| b.is_ascii_digit());
    while i < parts.len() && skippable(parts[i].1) {
        i += 1;
    }
    // klog: `E0115 10:23:45.123456 1 reflector.go:138] message`.
    if let Some(end) = parts[i.min(parts.len())..]
        .iter()
        .take(3)
        .position(|(_, c)| c.ends_with(']') && c.bytes().any(|b| b.is_ascii_digit()))
    {
        return i + end + 1;
    }
    // A logger name then a separator: `o.s.b.SpringApplication : message`, `app - message`.
    if parts.get(i + 1).is_some_and(|(_, c)| is_separator(c)) {
        return i + 2;
    }
    i
}

fn is_separator(chunk: &str) -> bool {
    !chunk.is_empty()
        && chunk
            .chars()
            .all(|c| matches!(c, '-' | '|' | ':' | '—' | '>'))
}

fn is_bracketed(chunk: &str) -> bool {
    let c = chunk.trim_end_matches(':');
    (c.starts_with('[') && c.ends_with(']')) || (c.starts_with('(') && c.ends_with(')'))
}

/// What a line may start with before its message when it has no level: timestamps, dates,
/// hosts with numbers, `proc[pid]:`, bracketed fields, month names.
fn is_prefix_chunk(chunk: &str) -> bool {
    let lower = chunk.to_ascii_lowercase();
    let has_digit = chunk.bytes().any(|b| b.is_ascii_digit());
    is_bracketed(chunk)
        || (has_digit && chunk.contains([':', '-', '/', '[', ',']))
        || (has_digit && chunk.ends_with(':'))
        || (lower.len() == 3 && MONTHS.contains(&lower.as_str()))
        || (has_digit && chunk.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(line: &str) -> String {
        draft_from_line(line).message
    }

    #[test]
    fn prefixes_are_dropped() {
        let m = "listen tcp 0.0.0.0:8080: bind: address already in use";
        for line in [
            "2024-01-15T10:23:45.123Z ERROR listen tcp 0.0.0.0:8080: bind: address already in use",
            "2024-01-15 10:23:45,123 - api.server - ERROR - listen tcp 0.0.0.0:8080: bind: address already in use",
            "Jan 15 10:23:45 web-1 api[4321]: listen tcp 0.0.0.0:8080: bind: address already in use",
            "[2024-01-15 10:23:45] [error] listen tcp 0.0.0.0:8080: bind: address already in use",
            "E0115 10:23:45.123456 1 server.go:138] listen tcp 0.0.0.0:8080: bind: address already in use",
            "\x1b[31mERROR\x1b[0m listen tcp 0.0.0.0:8080: bind: address already in use",
            r#"{"level":"error","ts":1705314225,"msg":"listen tcp 0.0.0.0:8080: bind: address already in use"}"#,
            r#"time=2024-01-15T10:23:45Z level=error msg="listen tcp 0.0.0.0:8080: bind: address already in use""#,
            "listen tcp 0.0.0.0:8080: bind: address already in use",
        ] {
            assert_eq!(msg(line), m, "{line}");
        }
        assert_eq!(
            msg(
                "2024-01-15 10:23:45.123 ERROR 1234 --- [main] o.s.b.SpringApplication : Application run failed"
            ),
            "Application run failed"
        );
        assert_eq!(
            msg("error connecting to the database"),
            "error connecting to the database"
        );
    }

    #[test]
    fn patterns_replace_what_varies() {
        assert_eq!(
            pattern_of("listen tcp 0.0.0.0:8080: bind: address already in use"),
            "listen tcp {}: bind: address already in use"
        );
        assert_eq!(
            pattern_of(
                r#"column "user_id" does not exist (request 550e8400-e29b-41d4-a716-446655440000)"#
            ),
            "column {} does not exist (request {})"
        );
        assert_eq!(pattern_of("no numbers here"), "no numbers here");
    }

    #[test]
    fn the_frame_gives_the_location() {
        let d = draft_from_line(
            "thread 'main' panicked at src/db/pool.rs:88:14: pool timed out after 30s",
        );
        let f = d.frame.expect("frame");
        assert_eq!((f.path.as_str(), f.line), ("src/db/pool.rs", 88));
        assert_eq!(
            d.pattern,
            "thread {} panicked at src/db/pool.rs:{}: pool timed out after {}"
        );
    }
}
