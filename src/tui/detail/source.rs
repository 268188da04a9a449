//! The source pane: the snippet with its real line numbers, the error line marked. Only the
//! visible lines are turned into spans, so a snippet of thousands of lines scrolls as fast as
//! a short one.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::detail::snippet::{Piece, SourceLines};
use crate::tui::ui::theme::Theme;

/// Lines the pane's content takes: the notice, if any, and every snippet line.
pub fn line_count(source: Option<&SourceLines>) -> usize {
    source.map_or(1, |s| s.lines.len() + usize::from(s.notice.is_some()))
}

/// `source` is the record's snippet, or the local file's lines when the user toggled to them.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    source: Option<&SourceLines>,
    scroll: usize,
    theme: &Theme,
) {
    let Some(src) = source else {
        frame.render_widget(
            Paragraph::new(Line::styled(
                "No source code recorded for this error.",
                theme.dim,
            )),
            area,
        );
        return;
    };
    let mut rows = area.rows();
    if let Some(notice) = &src.notice
        && let Some(row) = rows.next()
    {
        frame.render_widget(Line::styled(format!("⚠ {notice}"), theme.notice), row);
    }
    let width = src.gutter_width();
    for (i, row) in (scroll..src.lines.len()).zip(rows) {
        let marked = src.marked == Some(i);
        if marked {
            frame.buffer_mut().set_style(row, theme.marked_line);
        }
        frame.render_widget(line(src, i, width, marked, theme), row);
    }
}

/// One snippet line: marker, number, bar, code.
fn line(src: &SourceLines, i: usize, width: usize, marked: bool, theme: &Theme) -> Line<'static> {
    let number = src.first + i as i64;
    let gutter_style = if marked {
        theme.marked_gutter
    } else {
        theme.gutter
    };
    let mut spans = vec![Span::styled(
        format!("{}{number:>width$} │ ", if marked { "▶" } else { " " }),
        gutter_style,
    )];
    spans.extend(src.lines[i].iter().map(|piece| code_span(piece, theme)));
    let line = Line::from(spans);
    if marked {
        line.style(theme.marked_line)
    } else {
        line
    }
}

/// A piece of highlighted code as a span (the theme's code colour when it has none, or when
/// colour is off).
pub(super) fn code_span((colour, text): &Piece, theme: &Theme) -> Span<'static> {
    let style = match colour {
        Some((r, g, b)) if theme.color => Style::new().fg(Color::Rgb(*r, *g, *b)),
        _ => theme.code,
    };
    Span::styled(text.clone(), style)
}
