//! Pure text shaping for the terminal: expanding tabs to their column and splitting a field
//! into highlighted and plain spans, with every character made safe by the crate's one rule
//! (`errdex_core::text`).
//!
//! Everything from the dataset passes through here or `errdex_core::text::one_line` before it
//! reaches a widget, so no byte of data can move the cursor, change colours or reorder the
//! line (escape sequences, C0/C1 controls, bidi controls and line separators are shown as
//! visible text instead).

use ratatui::style::Style;
use ratatui::text::Span;
use unicode_width::UnicodeWidthChar;

use errdex_core::text::push_visible;

/// Tab stops in the source pane and in code blocks.
pub const TAB_WIDTH: usize = 4;

/// One line of a multi-line field: tabs expanded from column 0, a trailing CR dropped, and
/// everything else made safe.
pub fn clean_line(line: &str) -> String {
    let mut out = String::new();
    expand_into(&mut out, line.strip_suffix('\r').unwrap_or(line), 0);
    out
}

/// Expands tabs and makes `text` safe, starting at display column `col`; returns the column
/// reached, so styled pieces of one line can be expanded one after another.
fn expand_into(out: &mut String, text: &str, mut col: usize) -> usize {
    for c in text.chars() {
        if c == '\t' {
            let next = (col / TAB_WIDTH + 1) * TAB_WIDTH;
            out.extend(std::iter::repeat_n(' ', next - col));
            col = next;
        } else if c == '\r' || c == '\n' {
            // A lone CR inside a line would return the cursor to the start of the row.
            out.push_str(if c == '\r' { "^M" } else { " " });
            col += if c == '\r' { 2 } else { 1 };
        } else {
            let before = out.len();
            push_visible(out, c);
            col += out[before..]
                .chars()
                .map(|c| c.width().unwrap_or(0))
                .sum::<usize>();
        }
    }
    col
}

/// A line of styled pieces (as a highlighter produces them) with tabs expanded to the right
/// column across piece boundaries, a trailing CR dropped and control characters made visible.
pub fn expand_pieces<S: Copy>(pieces: &[(S, &str)]) -> Vec<(S, String)> {
    let mut col = 0;
    let last = pieces.len().saturating_sub(1);
    pieces
        .iter()
        .enumerate()
        .map(|(i, (style, text))| {
            let text = if i == last {
                text.trim_end_matches(['\n', '\r'])
            } else {
                text
            };
            let mut out = String::with_capacity(text.len());
            col = expand_into(&mut out, text, col);
            (*style, out)
        })
        .filter(|(_, t)| !t.is_empty())
        .collect()
}

/// The most characters of a field a result row shows (wider than any terminal).
const ROW_CHARS: usize = 4096;

/// Splits a one-line field into spans, styling the characters whose indices (in `text`'s
/// chars) are in `matched`. `matched` need not be sorted. Only the first `ROW_CHARS` characters.
pub fn highlight(text: &str, matched: &[usize], base: Style, hit: Style) -> Vec<Span<'static>> {
    // A row is one terminal line: what lies past this many characters is never drawn, and
    // copying all of a 10 MB message for each row drawn would cost its size every frame.
    let text = match text.char_indices().nth(ROW_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    };
    let mut is_hit: Vec<bool> = Vec::new();
    if !matched.is_empty() {
        is_hit = vec![false; text.chars().count()];
        for &i in matched {
            if let Some(slot) = is_hit.get_mut(i) {
                *slot = true;
            }
        }
    }
    let mut spans = Vec::new();
    let mut current = String::new();
    let mut current_hit = false;
    for (i, c) in text.chars().enumerate() {
        let hit_here = is_hit.get(i).copied().unwrap_or(false);
        if hit_here != current_hit && !current.is_empty() {
            let style = if current_hit { hit } else { base };
            spans.push(Span::styled(std::mem::take(&mut current), style));
        }
        current_hit = hit_here;
        match c {
            '\n' | '\t' | '\r' => current.push(' '),
            c => push_visible(&mut current, c),
        }
    }
    if !current.is_empty() {
        spans.push(Span::styled(current, if current_hit { hit } else { base }));
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;
    use errdex_core::text::one_line;
    use ratatui::style::Modifier;

    #[test]
    fn escape_sequences_become_visible_text() {
        assert_eq!(one_line("a\x1b[2Jb"), "a^[[2Jb");
        assert_eq!(one_line("x\u{9b}y"), "x<U+009B>y");
        assert_eq!(one_line("rtl\u{202E}txt"), "rtl<U+202E>txt");
        assert_eq!(one_line("two\r\nlines\tand\rcr"), "two lines and cr");
        assert_eq!(one_line("日本語 ✓ é"), "日本語 ✓ é");
    }

    #[test]
    fn tabs_expand_to_the_next_stop() {
        assert_eq!(clean_line("\tx"), "    x");
        assert_eq!(clean_line("ab\tc\r"), "ab  c");
        assert_eq!(clean_line("日\tx"), "日  x");
        assert_eq!(clean_line("a\rb"), "a^Mb");
    }

    #[test]
    fn tab_columns_carry_across_pieces() {
        let pieces = [(1, "ab"), (2, "\tc"), (3, "d\t\n")];
        let out = expand_pieces(&pieces);
        assert_eq!(
            out,
            vec![(1, "ab".into()), (2, "  c".into()), (3, "d  ".into())]
        );
    }

    #[test]
    fn highlight_groups_runs_and_ignores_out_of_range() {
        let hit = Style::new().add_modifier(Modifier::BOLD);
        let spans = highlight("hello", &[4, 0, 1, 99], Style::new(), hit);
        let parts: Vec<(&str, bool)> = spans
            .iter()
            .map(|s| (s.content.as_ref(), s.style == hit))
            .collect();
        assert_eq!(parts, vec![("he", true), ("ll", false), ("o", true)]);
    }

    #[test]
    fn highlight_counts_chars_not_bytes_and_sanitizes() {
        let hit = Style::new().add_modifier(Modifier::BOLD);
        let spans = highlight("é\x1bz", &[2], Style::new(), hit);
        assert_eq!(spans.len(), 2);
        assert_eq!(spans[0].content, "é^[");
        assert_eq!(spans[1].content, "z");
        assert_eq!(spans[1].style, hit);
    }

    #[test]
    fn a_row_shows_a_bounded_prefix_of_a_huge_field() {
        let hit = Style::new().add_modifier(Modifier::BOLD);
        let text = format!("é{}", "A".repeat(1 << 20));
        let spans = highlight(&text, &[0, 1, ROW_CHARS + 5], Style::new(), hit);
        let shown: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        assert_eq!(shown, ROW_CHARS);
        assert_eq!(spans[0].content, "éA");
        assert_eq!(spans.len(), 2, "a mark past the row is ignored");
    }
}
