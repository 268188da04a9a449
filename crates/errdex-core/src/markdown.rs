//! Record text placed in Markdown: every export (`show --format markdown`, `copy --what
//! markdown`, `pins --markdown`, the browser's pinned note, the incident report) builds its
//! Markdown from these, so a dataset's text stays text. A newline cannot start a heading or a
//! list, a `)` or a backtick cannot end a link or a code span early, a fence in a message
//! cannot swallow what follows, and only an http(s) URL becomes a link target.

/// ASCII punctuation Markdown may read as syntax inside a line.
const INLINE_SYNTAX: &[char] = &[
    '\\', '`', '*', '_', '[', ']', '(', ')', '<', '>', '#', '|', '~', '!', '{', '}',
];

/// Text on one line (a heading, a list item, a fact): line breaks become spaces and anything
/// Markdown would read as syntax is escaped.
pub fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.trim().chars() {
        match c {
            '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}' => out.push(' '),
            c if INLINE_SYNTAX.contains(&c) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Prose that keeps its lines (a paragraph, a solution): each line escaped as [`inline`], and
/// a line that would open a block (a list item, a heading underline, a numbered item) escaped
/// at its start. Lines after the first are indented by `indent` (to stay in a list item).
pub fn prose(text: &str, indent: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, line) in text.trim().lines().enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(indent);
        }
        let line = inline(line);
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        let opens_block = matches!(line.as_bytes().first(), Some(b'-' | b'+' | b'=' | b'.'))
            || (digits > 0 && matches!(line.as_bytes().get(digits), Some(b'.' | b')')));
        if opens_block {
            out.push_str(&line[..digits]);
            out.push('\\');
            out.push_str(&line[digits..]);
        } else {
            out.push_str(&line);
        }
    }
    out
}

/// A code span on one line that no backtick inside can end early.
pub fn code(text: &str) -> String {
    let text: String = text
        .trim()
        .chars()
        .map(|c| if matches!(c, '\r' | '\n') { ' ' } else { c })
        .collect();
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    // A span that starts or ends with a backtick needs a space between it and the fence.
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// `label` (already Markdown) as a link to `url` when the URL is http(s); the label alone
/// otherwise, so a `javascript:` or `file:` target never becomes clickable.
pub fn link(label: &str, url: &str) -> String {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    let web = lower.starts_with("https://") || lower.starts_with("http://");
    if !web || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return label.to_string();
    }
    // Characters that would end the target or the autolink are percent-encoded.
    let mut target = String::with_capacity(url.len());
    for c in url.chars() {
        match c {
            '(' => target.push_str("%28"),
            ')' => target.push_str("%29"),
            '<' => target.push_str("%3C"),
            '>' => target.push_str("%3E"),
            '\\' => target.push_str("%5C"),
            '`' => target.push_str("%60"),
            c => target.push(c),
        }
    }
    format!("[{label}]({target})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_record_text_stays_text() {
        assert_eq!(
            inline("boom\n# Heading\n[x](javascript:alert(1))"),
            "boom \\# Heading \\[x\\]\\(javascript:alert\\(1\\)\\)"
        );
        assert_eq!(inline("a_b *c* `d`"), "a\\_b \\*c\\* \\`d\\`");
    }

    #[test]
    fn prose_keeps_its_lines_but_opens_no_blocks() {
        assert_eq!(
            prose("first\n- item\n1. one\n## head", "   "),
            "first\n   \\- item\n   1\\. one\n   \\#\\# head"
        );
    }

    #[test]
    fn a_code_span_cannot_be_ended_by_its_text() {
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x`"), "`` `x` ``");
        assert_eq!(code("src/a.rs:3\nb"), "`src/a.rs:3 b`");
    }

    #[test]
    fn only_web_urls_become_links() {
        assert_eq!(link("`a`", "javascript:alert(1)"), "`a`");
        assert_eq!(link("`a`", "file:///etc/passwd"), "`a`");
        assert_eq!(
            link("`a`", "https://x.org/a(b)#L1"),
            "[`a`](https://x.org/a%28b%29#L1)"
        );
        assert_eq!(link("`a`", "https://x.org/a b"), "`a`");
    }
}
