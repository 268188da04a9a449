//! Parsing only what may hold a site. Parsing is most of a cold scan's time, and most of a
//! file's bytes are in blocks (`{…}`) without any word of the language's table. A small
//! lexer that knows the language's strings and comments matches the braces; each block
//! without such a word is handed to tree-sitter as `{}` (its braces are included, what is
//! between them is not), so the tree keeps every item, header, attribute and enclosing
//! function, and its positions stay those of the file. When the braces do not match (a
//! preprocessor branch, a construct the lexer does not know) nothing is left out.

use std::ops::Range;

/// How a language writes the things a brace inside of which is not a brace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// Raw strings `r#"…"#`, nested block comments, `'a` lifetimes beside `'a'` chars.
    Rust,
    /// Backquoted raw strings, `'x'` runes.
    Go,
    /// `"""` text blocks, `'x'` chars.
    Java,
    /// `'x'` chars; C++'s `R"d(…)d"` raw strings.
    C,
}

/// Blocks shorter than this are kept: leaving them out saves less than a range costs.
const MIN_ELIDED: usize = 48;

/// The byte ranges of `text` to parse: all of it but the insides of blocks in which no
/// word starts (`words`: the sorted start offsets of the table's words) and line
/// comments. `None` when nothing would be left out or the braces do not match.
pub fn kept_ranges(text: &[u8], syntax: Syntax, words: &[usize]) -> Option<Vec<Range<usize>>> {
    let elided = elided_blocks(text, syntax, words)?;
    if elided.is_empty() {
        return None;
    }
    let mut kept = Vec::with_capacity(elided.len() + 1);
    let mut at = 0;
    for gap in elided {
        if gap.start > at {
            kept.push(at..gap.start);
        }
        at = gap.end;
    }
    kept.push(at..text.len());
    Some(kept)
}

/// What is left out, in order: the insides of the outermost blocks without a word, and
/// line comments (their newline stays, so no two tokens meet).
fn elided_blocks(text: &[u8], syntax: Syntax, words: &[usize]) -> Option<Vec<Range<usize>>> {
    let has_word = |inside: Range<usize>| {
        let first = words.partition_point(|&w| w < inside.start);
        words.get(first).is_some_and(|&w| w < inside.end)
    };
    let mut open: Vec<usize> = Vec::new();
    let mut elided: Vec<Range<usize>> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        match b {
            b'{' => {
                open.push(i);
                i += 1;
            }
            b'}' => {
                let start = open.pop()? + 1;
                let inside = start..i;
                // `bail! { "…" }`: a macro's braces hold its arguments, the site's message.
                let macro_body = text[..start - 1].trim_ascii_end().ends_with(b"!");
                if inside.len() >= MIN_ELIDED && !macro_body && !has_word(inside.clone()) {
                    // Blocks inside this one were closed after it opened: it covers them.
                    while elided.last().is_some_and(|e| e.start >= start) {
                        elided.pop();
                    }
                    elided.push(inside);
                }
                i += 1;
            }
            b'/' if text.get(i + 1) == Some(&b'/') => {
                let end = line_end(text, i);
                let comment = i..end - usize::from(text.get(end - 1) == Some(&b'\n'));
                // A comment inside a block that is left out whole goes with it.
                if comment.len() >= MIN_ELIDED / 4 {
                    elided.push(comment);
                }
                i = end;
            }
            b'/' if text.get(i + 1) == Some(&b'*') => i = block_comment_end(text, i, syntax)?,
            b'"' => i = string_end(text, i, syntax)?,
            b'\'' => i = quote_end(text, i, syntax),
            b'`' if syntax == Syntax::Go => i = find(text, i + 1, b"`")?,
            b'r' if syntax == Syntax::Rust && starts_raw_rust(text, i) => {
                i = raw_rust_end(text, i)?;
            }
            b'R' if syntax == Syntax::C && text.get(i + 1) == Some(&b'"') => {
                i = raw_cpp_end(text, i)?;
            }
            _ => i += 1,
        }
    }
    open.is_empty().then_some(elided)
}

/// Just past the first `needle` at or after `from`.
fn find(text: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let at = memchr::memmem::find(text.get(from..)?, needle)?;
    Some(from + at + needle.len())
}

fn line_end(text: &[u8], from: usize) -> usize {
    memchr::memchr(b'\n', &text[from..]).map_or(text.len(), |at| from + at + 1)
}

fn block_comment_end(text: &[u8], from: usize, syntax: Syntax) -> Option<usize> {
    if syntax != Syntax::Rust {
        return find(text, from + 2, b"*/");
    }
    // Rust's block comments nest.
    let mut depth = 0usize;
    let mut i = from;
    while i + 1 < text.len() {
        match (text[i], text[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// Just past the string that opens at `from` (backslash escapes).
fn string_end(text: &[u8], from: usize, syntax: Syntax) -> Option<usize> {
    if syntax == Syntax::Java && text[from..].starts_with(b"\"\"\"") {
        return find(text, from + 3, b"\"\"\"");
    }
    let mut i = from + 1;
    while i < text.len() {
        match text[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Just past a character literal, or past the quote alone when it is none (Rust's `'a`
/// lifetime, a quote in a C preprocessor line).
fn quote_end(text: &[u8], from: usize, syntax: Syntax) -> usize {
    let rest = &text[from + 1..];
    if rest.first() == Some(&b'\\') {
        // An escape: up to the closing quote, which is near.
        let close = rest.iter().skip(2).take(12).position(|&b| b == b'\'');
        return close.map_or(from + 1, |at| from + 1 + 2 + at + 1);
    }
    // One character (up to four bytes of UTF-8) then the closing quote.
    let width = match rest.first() {
        Some(&b) if b >= 0xF0 => 4,
        Some(&b) if b >= 0xE0 => 3,
        Some(&b) if b >= 0xC0 => 2,
        Some(_) => 1,
        None => return from + 1,
    };
    if rest.get(width) == Some(&b'\'') {
        return from + 1 + width + 1;
    }
    let _ = syntax;
    from + 1
}

/// `r"…"`, `r#"…"#`, `br"…"`, `cr#"…"#`: an `r` that starts a token, hashes, a quote.
fn starts_raw_rust(text: &[u8], at: usize) -> bool {
    let before = at.checked_sub(1).map(|p| text[p]);
    let token_start = match before {
        Some(b'b' | b'c') => at.checked_sub(2).is_none_or(|p| !is_ident(text[p])),
        Some(b) => !is_ident(b),
        None => true,
    };
    if !token_start {
        return false;
    }
    let hashes = text[at + 1..].iter().take_while(|&&b| b == b'#').count();
    text.get(at + 1 + hashes) == Some(&b'"')
}

fn raw_rust_end(text: &[u8], at: usize) -> Option<usize> {
    let hashes = text[at + 1..].iter().take_while(|&&b| b == b'#').count();
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    find(text, at + 1 + hashes + 1, &close)
}

/// C++'s `R"delim(…)delim"`.
fn raw_cpp_end(text: &[u8], at: usize) -> Option<usize> {
    let open = at + 2;
    let paren = open + memchr::memchr(b'(', text.get(open..)?.get(..18)?)?;
    let mut close = vec![b')'];
    close.extend_from_slice(&text[open..paren]);
    close.push(b'"');
    find(text, paren + 1, &close)
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The ranges as tree-sitter takes them, with rows and columns.
pub fn ts_ranges(text: &[u8], kept: &[Range<usize>]) -> Vec<tree_sitter::Range> {
    let mut row = 0;
    let mut line_start = 0;
    let mut scanned = 0;
    let mut point = |at: usize| {
        for (i, &b) in text[scanned..at].iter().enumerate() {
            if b == b'\n' {
                row += 1;
                line_start = scanned + i + 1;
            }
        }
        scanned = at;
        tree_sitter::Point::new(row, at - line_start)
    };
    kept.iter()
        .filter(|r| !r.is_empty())
        .map(|r| {
            let start_point = point(r.start);
            let end_point = point(r.end);
            tree_sitter::Range {
                start_byte: r.start,
                end_byte: r.end,
                start_point,
                end_point,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
