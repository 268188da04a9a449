//! Where a word is written as code inside one block, read by the same lexer that leaves
//! blocks out: a word in a string or a comment is not code.

use super::{Syntax, block_comment_end, find, is_ident, line_end, quote_end, string_end};

/// The start offsets of `words`, each a whole identifier, in the code of the block whose `{`
/// is at `open`, its inner blocks included, and with `strings` those of its string literals
/// (a `match` arm's message); `None` when the block does not close.
pub fn words_in_block(
    text: &[u8],
    open: usize,
    syntax: Syntax,
    words: &[&[u8]],
    strings: bool,
) -> Option<Vec<usize>> {
    (text.get(open) == Some(&b'{')).then_some(())?;
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = open;
    while i < text.len() {
        match text[i] {
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(out);
                }
                i += 1;
            }
            b'/' if text.get(i + 1) == Some(&b'/') => i = line_end(text, i),
            b'/' if text.get(i + 1) == Some(&b'*') => i = block_comment_end(text, i, syntax)?,
            b'"' => {
                if strings {
                    out.push(i);
                }
                i = string_end(text, i, syntax)?;
            }
            b'\'' => i = quote_end(text, i, syntax),
            b'`' if syntax == Syntax::Go => i = find(text, i + 1, b"`")?,
            b if is_ident(b) => {
                let end = i + text[i..].iter().take_while(|b| is_ident(**b)).count();
                if words.contains(&&text[i..end]) {
                    out.push(i);
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returns(text: &str) -> Option<Vec<&str>> {
        let open = text.find('{')?;
        let found = words_in_block(text.as_bytes(), open, Syntax::Go, &[b"return"], false)?;
        Some(found.into_iter().map(|at| &text[at..at + 8]).collect())
    }

    #[test]
    fn words_of_the_block_and_its_inner_blocks() {
        let text = "func (e *E) Error() string {\n\tif e.x { return \"a\" }\n\treturn \"b\"\n}\nfunc f() { return }";
        assert_eq!(returns(text), Some(vec!["return \"", "return \""]));
    }

    #[test]
    fn strings_comments_and_longer_names_are_not_the_word() {
        let text = "{ s := \"return }\"; r := `return {`; // return }\n /* return */ returned := 1; return s }";
        assert_eq!(returns(text), Some(vec!["return s"]));
    }

    #[test]
    fn an_unclosed_block_is_none() {
        assert_eq!(returns("{ return \"a\""), None);
        assert_eq!(returns("{ x := \"unterminated }"), None);
    }
}
