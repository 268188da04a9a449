//! Terminal safety for every output: the one rule for which characters may reach a terminal,
//! and the ways to keep the others out. Data is untrusted: an escape sequence in a record must
//! not move the cursor, recolour the screen, set the window title or paste into the shell, and
//! a bidi override must not make a line read differently from what it holds.
//!
//! The rule: C0 controls (except tab and newline where a text keeps its lines), DEL, C1
//! controls, the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the
//! line and paragraph separators (U+2028, U+2029) act on a terminal. Text output shows them as
//! visible stand-ins (`^[`, `^?`, `<U+202E>`); JSON output escapes them (`\u202e`), which keeps
//! the value; the clipboard drops them unless asked for the exact bytes (`copy --raw`). Only
//! `copy --stdout` into a pipe writes the exact bytes, as documented.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether a character would act on the terminal instead of being drawn.
pub fn acts_on_terminal(c: char) -> bool {
    c.is_control() || is_bidi_control(c) || matches!(c, '\u{2028}' | '\u{2029}')
}

/// The characters that reorder text (Unicode's bidi controls).
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Appends `c`, or a visible stand-in for it when it would act on the terminal.
pub fn push_visible(out: &mut String, c: char) {
    if !acts_on_terminal(c) {
        out.push(c);
    } else if c == '\u{7f}' {
        out.push_str("^?");
    } else if (c as u32) < 0x20 {
        out.push('^');
        out.push(char::from(b'@' + c as u8));
    } else {
        let _ = write!(out, "<U+{:04X}>", c as u32);
    }
}

/// A multi-line text made safe to print: newlines and tabs stay, everything that would act
/// on the terminal becomes visible text.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| c != '\n' && c != '\t' && acts_on_terminal(c);
    if !text.chars().any(unsafe_char) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            c => push_visible(&mut out, c),
        }
    }
    out.into()
}

/// `1 record`, `2 records`: a count with its noun, which takes an `s` unless the count is one.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A field shown on one line (a result row, a title, a status line): line breaks and tabs
/// become spaces (CRLF one space), everything else is made safe.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\t' | '\r' => out.push(' '),
            c => push_visible(&mut out, c),
        }
    }
    out
}

/// Serialized JSON made safe to print: every character that would act on a terminal is
/// written as a `\uXXXX` escape. serde_json already escapes C0 inside strings; DEL, C1, the
/// bidi controls and U+2028/2029 can only stand inside strings, where the escape keeps the
/// value, so the document means exactly what it did.
pub fn json_safe(json: &str) -> Cow<'_, str> {
    let escaped = |c: char| acts_on_terminal(c) && !matches!(c, '\n' | '\t' | '\r');
    if !json.chars().any(escaped) {
        return json.into();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if escaped(c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// Text for the clipboard: C0 controls except tab and newline (a carriage return in CRLF
/// counts as part of the newline), DEL, C1 and bidi controls removed, so a paste can neither
/// run a command (an `ESC[201~` ends a shell's bracketed paste early) nor read differently
/// from what is shown. Returns the text and how many characters were removed.
pub fn for_clipboard(text: &str) -> (Cow<'_, str>, usize) {
    let dropped = |c: char, next: Option<char>| {
        let kept = matches!(c, '\n' | '\t') || (c == '\r' && next == Some('\n'));
        !kept && (c.is_control() || is_bidi_control(c))
    };
    let mut chars = text.chars().peekable();
    let mut out: Option<String> = None;
    let mut removed = 0;
    let mut at = 0;
    while let Some(c) = chars.next() {
        if dropped(c, chars.peek().copied()) {
            out.get_or_insert_with(|| text[..at].to_string());
            removed += 1;
        } else if let Some(out) = out.as_mut() {
            out.push(c);
        }
        at += c.len_utf8();
    }
    match out {
        Some(out) => (out.into(), removed),
        None => (text.into(), 0),
    }
}

/// What a copy report adds when characters were removed for the clipboard.
pub fn removed_note(removed: usize) -> Option<String> {
    let noun = if removed == 1 {
        "control character"
    } else {
        "control characters"
    };
    (removed > 0).then(|| format!("{removed} {noun} removed (errdex copy --raw keeps them)"))
}

/// How much of a field is matched, scored and highlighted: its first 64 KiB (cut back to a
/// character boundary). A longer field — a dump pasted into a message — costs no more per query
/// than that, and no memory grows with its length.
pub const FIELD_PREFIX: usize = 64 << 10;

/// The part of a field value search looks at.
pub fn searched(value: &str) -> &str {
    &value[..searched_bytes(value.as_bytes()).len()]
}

/// `searched` of a field's UTF-8 bytes (as the index holds them).
pub fn searched_bytes(b: &[u8]) -> &[u8] {
    if b.len() <= FIELD_PREFIX {
        return b;
    }
    let mut end = FIELD_PREFIX;
    // Back over continuation bytes to the start of the character the limit falls in.
    while end > 0 && (b[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    &b[..end]
}

/// A byte that belongs to a word (an identifier's byte): what a whole-word match must not
/// touch on either side.
pub fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

pub const BONUS_HEAD: i64 = 8;
pub const BONUS_BREAK: i64 = 7;
pub const BONUS_CAMEL: i64 = 6;

/// No bonus a byte gives the next one: after a lower-case letter or a digit only a capital
/// scores (`BONUS_CAMEL`).
const HUMP: u8 = u8::MAX;

/// The bonus each byte gives the byte after it, whatever that is (`BONUS_HEAD`,
/// `BONUS_BREAK` or 0), or `HUMP`.
const AFTER: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b' ' | b'/' | b'\\' | b'|' | b'(' | b')' | b'[' | b']' | b'{' | b'}' => {
                BONUS_HEAD as u8
            }
            b'!'..=b'\'' | b'*'..=b'.' | b':'..=b'@' | b'^'..=b'`' | b'~' => BONUS_BREAK as u8,
            b'a'..=b'z' | b'0'..=b'9' => HUMP,
            _ => 0,
        };
        b += 1;
    }
    table
};

/// SkimMatcherV2's bonus for matching `cur` after `prev` (a word start scores most). A table
/// rather than a match: a full pass of scattered letters asks this for every byte it aligns.
#[inline]
pub fn in_place(prev: Option<u8>, cur: u8) -> i64 {
    let Some(prev) = prev else {
        return BONUS_HEAD;
    };
    match AFTER[prev as usize] {
        HUMP if cur.is_ascii_uppercase() => BONUS_CAMEL,
        HUMP => 0,
        bonus => i64::from(bonus),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each kind the rule covers.
    const HOSTILE: &str =
        "a\u{1b}[31mb\u{7}c\u{7f}d\u{9b}e\u{202e}f\u{2066}g\u{2028}h\u{2029}i\u{61c}j";

    #[test]
    fn sanitize_shows_every_kind_and_keeps_lines_and_tabs() {
        let input = format!("{HOSTILE}\n\tk");
        let out = sanitize(&input);
        assert_eq!(
            out,
            "a^[[31mb^Gc^?d<U+009B>e<U+202E>f<U+2066>g<U+2028>h<U+2029>i<U+061C>j\n\tk"
        );
        assert!(matches!(sanitize("plain\ttext\n"), Cow::Borrowed(_)));
    }

    #[test]
    fn one_line_flattens_breaks_and_makes_the_rest_visible() {
        assert_eq!(one_line("a\r\nb\nc\td\re"), "a b c d e");
        assert_eq!(one_line("\u{1b}]0;x\u{7}"), "^[]0;x^G");
        assert_eq!(one_line("x\u{2028}y"), "x<U+2028>y");
    }

    #[test]
    fn json_escapes_keep_the_value() {
        let value = serde_json::json!({ "m": HOSTILE });
        let json = serde_json::to_string_pretty(&value).expect("json");
        let safe = json_safe(&json);
        assert!(
            !safe.chars().any(|c| acts_on_terminal(c) && c != '\n'),
            "{safe}"
        );
        assert!(safe.contains("\\u009b") && safe.contains("\\u202e") && safe.contains("\\u2028"));
        let back: serde_json::Value = serde_json::from_str(&safe).expect("still JSON");
        assert_eq!(back, value);
    }

    #[test]
    fn the_clipboard_loses_controls_but_keeps_lines_tabs_and_crlf() {
        let (text, removed) = for_clipboard("retry()\u{1b}[201~\nrm -rf /\r\n\tok\u{202e}\u{9b}");
        assert_eq!(text, "retry()[201~\nrm -rf /\r\n\tok");
        assert_eq!(removed, 3);
        let (same, none) = for_clipboard("plain\r\ntext\n");
        assert!(matches!(same, Cow::Borrowed(_)) && none == 0);
        assert_eq!(removed_note(0), None);
        assert_eq!(
            removed_note(1).as_deref(),
            Some("1 control character removed (errdex copy --raw keeps them)")
        );
    }

    #[test]
    fn sanitize_makes_escapes_visible() {
        assert_eq!(sanitize("a\x1b[31mred\x07\tok\n"), "a^[[31mred^G\tok\n");
        assert_eq!(sanitize("c1\u{9b}x"), "c1<U+009B>x");
        assert!(matches!(sanitize("plain"), Cow::Borrowed(_)));
    }

    /// SkimMatcherV2's rule, written out as it reads: the table must give it for every pair.
    fn bonus_by_rule(prev: u8, cur: u8) -> i64 {
        match prev {
            b' ' | b'/' | b'\\' | b'|' | b'(' | b')' | b'[' | b']' | b'{' | b'}' => BONUS_HEAD,
            b'!'..=b'\'' | b'*'..=b'.' | b':'..=b'@' | b'^'..=b'`' | b'~' => BONUS_BREAK,
            b'a'..=b'z' | b'0'..=b'9' if cur.is_ascii_uppercase() => BONUS_CAMEL,
            _ => 0,
        }
    }

    #[test]
    fn the_bonus_table_gives_the_rule_for_every_pair_of_bytes() {
        assert_eq!(in_place(None, b'x'), BONUS_HEAD);
        for prev in 0..=u8::MAX {
            for cur in 0..=u8::MAX {
                assert_eq!(
                    in_place(Some(prev), cur),
                    bonus_by_rule(prev, cur),
                    "{prev:#04x} then {cur:#04x}"
                );
            }
        }
    }
}
