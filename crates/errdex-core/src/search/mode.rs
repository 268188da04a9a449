//! Typed search words or a pasted log line? The rule that picks how a query is ranked, and the
//! cap on how much of a query is searched at all.

use super::query::Scope;
use crate::triage;

/// How a query is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Search words: the query language, fuzzy matching, fzf-like ranking.
    #[default]
    Typed,
    /// A pasted log line: ranked by the triage matcher (normalised containment, rarity-weighted
    /// word overlap, `path:line`).
    Line,
}

/// Bytes of a query that are searched; a longer paste is cut (at a character boundary).
pub const MAX_QUERY_BYTES: usize = 4096;

/// A query this long is a paste whatever it holds.
const LONG_QUERY: usize = 160;
/// Words in a query that make it a line even without other marks.
const MANY_WORDS: usize = 8;

/// The query as searched: at most `MAX_QUERY_BYTES`, and whether it was cut.
pub fn capped(text: &str) -> (&str, bool) {
    if text.len() <= MAX_QUERY_BYTES {
        return (text, false);
    }
    let mut end = MAX_QUERY_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[..end], true)
}

/// The rule. A query is typed when it uses the query language on purpose (a known scope with a
/// value, `!term`, `'term`, `^term`, `term$`, `|`). Otherwise it is a line when it is long (160
/// bytes or 8 words), or when it has at least two words and a log's marks: a number, timestamp,
/// address, id or quoted value, a level word, a `path:line`, or a `Word:` label (`Error:`,
/// `connect:`). Whichever way it is read, the other way is tried too when the first finds
/// nothing confident.
pub fn mode_of(text: &str) -> Mode {
    let text = text.trim();
    if text.is_empty() {
        return Mode::Typed;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if text.len() >= LONG_QUERY {
        return Mode::Line;
    }
    if words.iter().any(|w| is_query_syntax(w)) {
        return Mode::Typed;
    }
    if words.len() >= MANY_WORDS {
        return Mode::Line;
    }
    if words.len() < 2 {
        return Mode::Typed;
    }
    let marks = triage::log_marks(text);
    let labelled = words.iter().any(|w| is_label(w));
    if marks.variables > 0 || marks.level || marks.frames > 0 || labelled {
        Mode::Line
    } else {
        Mode::Typed
    }
}

/// `Error:`, `connect:`, `panic:` — a word and a colon that is not a scope.
fn is_label(word: &str) -> bool {
    word.strip_suffix(':').is_some_and(|name| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && Scope::from_name(&name.to_ascii_lowercase()).is_none()
    })
}

/// Query-language operators a person types on purpose.
fn is_query_syntax(word: &str) -> bool {
    let scoped = word
        .trim_start_matches('!')
        .split_once(':')
        .is_some_and(|(name, value)| {
            let name = name.to_ascii_lowercase();
            !value.is_empty() && (name == "is" || Scope::from_name(&name).is_some())
        });
    let quoted_value = word.len() > 1 && word.starts_with('\'') && word.ends_with('\'');
    scoped
        || word == "|"
        || (word.len() > 1 && word.starts_with('!'))
        || (word.len() > 1 && word.starts_with('\'') && !quoted_value)
        || (word.len() > 1 && word.starts_with('^'))
        || (word.len() > 1 && word.ends_with('$') && !word.ends_with("\\$"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_words_stay_typed() {
        for q in [
            "conn refused",
            "nil pointr dereference",
            "src/net/pool",
            "deadline exceeded tag:go",
            "permission denied !test",
            "'deadlock | EADDRINUSE",
            "EADDRINUSE",
            "Cannot find module",
            "",
            "error 404 tag:http",
        ] {
            assert_eq!(mode_of(q), Mode::Typed, "{q}");
        }
    }

    #[test]
    fn pasted_lines_are_lines() {
        for q in [
            "Error: listen EADDRINUSE: address already in use 0.0.0.0:8080",
            "dial tcp 10.0.0.5:5432: connect: connection refused",
            "2024-01-15 10:23:45 ERROR database is locked",
            "thread 'main' panicked at src/main.rs:12:5:",
            "panic: assignment to entry in nil map",
            "the quick brown fox jumps over the lazy dog",
        ] {
            assert_eq!(mode_of(q), Mode::Line, "{q}");
        }
    }

    #[test]
    fn long_queries_are_capped_at_a_character_boundary() {
        let long = "é".repeat(MAX_QUERY_BYTES);
        let (cut, was_cut) = capped(&long);
        assert!(was_cut && cut.len() <= MAX_QUERY_BYTES && cut.len() >= MAX_QUERY_BYTES - 1);
        assert_eq!(capped("short"), ("short", false));
    }
}
