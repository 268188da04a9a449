//! Wrapping by display cells. ratatui's word wrap can leave a wide (CJK) character that does
//! not fit at the end of a row, where the terminal draws its right half over the pane's border;
//! a line with wide characters is cut here first, so every row it gives ratatui fits.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use unicode_width::UnicodeWidthChar;

/// A wrapped paragraph of `lines` that never draws past `width` cells.
pub fn paragraph(lines: Vec<Line<'static>>, width: u16) -> Paragraph<'static> {
    Paragraph::new(fit_wide(lines, usize::from(width))).wrap(Wrap { trim: false })
}

/// Cuts each too-wide line holding a wide character into rows of at most `width` cells,
/// after its last space when there is one (as word wrap would), else between characters.
/// Other lines are left whole for ratatui's word wrap.
pub fn fit_wide(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    let width = width.max(2);
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let wide = line
            .spans
            .iter()
            .any(|s| s.content.chars().any(|c| c.width().unwrap_or(0) > 1));
        if !wide || line.width() <= width {
            out.push(line);
            continue;
        }
        let cells: Vec<(Style, char)> = line
            .spans
            .iter()
            .flat_map(|s| s.content.chars().map(move |c| (s.style, c)))
            .collect();
        let mut row: Vec<(Style, char)> = Vec::new();
        let mut used = 0;
        for (style, c) in cells {
            let w = c.width().unwrap_or(0);
            if used + w > width && !row.is_empty() {
                let carry = match row.iter().rposition(|(_, c)| *c == ' ') {
                    Some(space) if space + 1 < row.len() => row.split_off(space + 1),
                    _ => Vec::new(),
                };
                out.push(to_line(&row, line.style));
                used = carry.iter().map(|(_, c)| c.width().unwrap_or(0)).sum();
                row = carry;
            }
            row.push((style, c));
            used += w;
        }
        out.push(to_line(&row, line.style));
    }
    out
}

/// Characters back into spans, one per run of one style.
fn to_line(cells: &[(Style, char)], style: Style) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut current: Option<Style> = None;
    for &(s, c) in cells {
        if current.is_some_and(|cur| cur != s) {
            spans.push(Span::styled(
                std::mem::take(&mut text),
                current.unwrap_or_default(),
            ));
        }
        current = Some(s);
        text.push(c);
    }
    if !text.is_empty() {
        spans.push(Span::styled(text, current.unwrap_or_default()));
    }
    Line::from(spans).style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, width: usize) -> Vec<String> {
        fit_wide(vec![Line::raw(text.to_string())], width)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn a_wide_character_that_does_not_fit_starts_the_next_row() {
        assert_eq!(rows("a日本語", 6), ["a日本", "語"]);
        assert_eq!(rows("日本語", 6), ["日本語"]);
        assert_eq!(rows("日本 語x", 5), ["日本 ", "語x"]);
        assert_eq!(rows("plain text is left to word wrap", 5).len(), 1);
    }

    #[test]
    fn styles_survive_the_cut() {
        let bold = Style::new().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![Span::raw("日本"), Span::styled("語本", bold)]);
        let out = fit_wide(vec![line], 6);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].spans[1].content, "語");
        assert_eq!(out[0].spans[1].style, bold);
        assert_eq!(out[1].spans[0].style, bold);
    }
}
