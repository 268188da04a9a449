//! Parsing only what may hold a site. Parsing is most of a cold scan's time, and most of a
//! file's bytes are in blocks (`{…}`) without any word of the language's table. A small
//! lexer that knows the language's strings and comments matches the braces; each block
//! without such a word is handed to tree-sitter as `{}` (its braces are included, what is
//! between them is not), so the tree keeps every item, header, attribute and enclosing
//! function, and its positions stay those of the file. When the braces do not match (a
//! preprocessor branch, a construct the lexer does not know) nothing is left out.
//!
//! In Rust, whose items end at a `;` or a `}` alone, a whole item without such a word (a
//! `use`, a struct, a function with its doc comment and attributes) is left out too, at the
//! top level and inside `impl`, `trait`, `mod` and `extern` blocks: most of what a file
//! holds is items of which only the headers were parsed, and the tree needs none of them.
//! What is kept still parses as Rust; when it does not, the file is parsed whole.

use std::ops::Range;

use crate::text::is_word_byte as is_ident;

mod block;
pub use block::words_in_block;

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
    // A word in a comment (a doc comment's example) is no call.
    let mut comments: Vec<Range<usize>> = Vec::new();
    let has_word = |inside: Range<usize>, comments: &[Range<usize>]| {
        let first = words.partition_point(|&w| w < inside.start);
        words[first..]
            .iter()
            .take_while(|&&w| w < inside.end)
            .any(|&w| {
                let before = comments.partition_point(|c| c.start <= w);
                before == 0 || comments[before - 1].end <= w
            })
    };
    // Each open block: where it opened and whether its insides are items.
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut elided: Vec<Range<usize>> = Vec::new();
    let mut items = Items::new(syntax == Syntax::Rust);
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        match b {
            b'{' => {
                let holds_items = items.at_item_level(&open) && items.opens_container(text, i);
                open.push((i, holds_items));
                if holds_items {
                    items.enter(i + 1);
                }
                i += 1;
            }
            b'}' => {
                let (opened, held_items) = open.pop()?;
                if held_items {
                    items.leave();
                }
                let start = opened + 1;
                let inside = start..i;
                // `bail! { "…" }`: a macro's braces hold its arguments, the site's message.
                let macro_body = text[..start - 1].trim_ascii_end().ends_with(b"!");
                if inside.len() >= MIN_ELIDED && !macro_body && !has_word(inside.clone(), &comments)
                {
                    leave_out(&mut elided, inside);
                }
                i += 1;
                // `S { … };` or `f({ … })`: the item goes on after the block.
                let next = text[i..].iter().find(|b| !b.is_ascii_whitespace());
                if items.at_item_level(&open)
                    && !matches!(next, Some(b';' | b',' | b'.' | b'?' | b')' | b']'))
                {
                    items.end(i, &|r| has_word(r, &comments), &mut elided);
                }
            }
            b';' => {
                i += 1;
                if items.at_item_level(&open) {
                    items.end(i, &|r| has_word(r, &comments), &mut elided);
                }
            }
            b'(' | b'[' => {
                items.nesting += 1;
                i += 1;
            }
            b')' | b']' => {
                items.nesting = items.nesting.saturating_sub(1);
                i += 1;
            }
            b'/' if text.get(i + 1) == Some(&b'/') => {
                let end = line_end(text, i);
                let comment = i..end - usize::from(text.get(end - 1) == Some(&b'\n'));
                comments.push(comment.clone());
                // A comment inside a block that is left out whole goes with it.
                if comment.len() >= MIN_ELIDED / 4 {
                    elided.push(comment);
                }
                i = end;
            }
            b'/' if text.get(i + 1) == Some(&b'*') => {
                let end = block_comment_end(text, i, syntax)?;
                comments.push(i..end);
                i = end;
            }
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

/// `range` left out; the ranges it covers (closed after it opened) go.
fn leave_out(elided: &mut Vec<Range<usize>>, range: Range<usize>) {
    while elided.last().is_some_and(|e| e.start >= range.start) {
        elided.pop();
    }
    elided.push(range);
}

/// Where the items of the blocks that hold them start (Rust): the top level, then `impl`,
/// `trait`, `mod` and `extern` blocks.
struct Items {
    on: bool,
    /// Per block that holds items, outermost first: where its current item started and
    /// the parentheses and brackets open when it opened.
    levels: Vec<(usize, usize)>,
    /// Parentheses and brackets open now.
    nesting: usize,
}

impl Items {
    fn new(on: bool) -> Items {
        Items {
            on,
            levels: vec![(0, 0)],
            nesting: 0,
        }
    }

    /// Whether the text here is between the items of a block that holds them.
    fn at_item_level(&self, open: &[(usize, bool)]) -> bool {
        self.on
            && open.last().is_none_or(|(_, holds)| *holds)
            && self.levels.last().is_some_and(|(_, n)| *n == self.nesting)
    }

    /// Whether the block opening at `brace` holds items: its header names `impl`, `trait`,
    /// `mod` or `extern` and no `fn` (`fn f() -> impl T {` is a function).
    fn opens_container(&self, text: &[u8], brace: usize) -> bool {
        let from = self.levels.last().map_or(0, |(start, _)| *start);
        let header = &text[from..brace];
        let mut words = header.split(|b| !is_ident(*b)).filter(|w| !w.is_empty());
        let mut container = false;
        for word in &mut words {
            match word {
                b"fn" => return false,
                b"impl" | b"trait" | b"mod" | b"extern" => container = true,
                _ => {}
            }
        }
        container
    }

    fn enter(&mut self, start: usize) {
        self.levels.push((start, self.nesting));
    }

    fn leave(&mut self) {
        self.levels.pop();
    }

    /// The current item ends at `end`: left out whole when no word starts in it.
    fn end(
        &mut self,
        end: usize,
        has_word: &dyn Fn(Range<usize>) -> bool,
        elided: &mut Vec<Range<usize>>,
    ) {
        let Some(level) = self.levels.last_mut() else {
            return;
        };
        let item = level.0..end;
        level.0 = end;
        if !item.is_empty() && !has_word(item.clone()) {
            leave_out(elided, item);
        }
    }
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
