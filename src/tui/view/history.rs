//! The Ctrl-r overlay: the query history, newest first, narrowed by what is typed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::block;
use crate::tui::model::Model;
use crate::tui::text::one_line;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let Some(overlay) = &model.memory.overlay else {
        return;
    };
    let theme = &model.theme;
    let width = area.width.saturating_sub(4).min(72);
    let height = area.height.saturating_sub(4).min(18);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    let title = Line::styled(" History — Enter uses, Esc cancels ", theme.title);
    let matches = model.memory.history_matches();
    let mut lines = vec![
        Line::from(vec![
            Span::styled("› ", theme.key),
            Span::styled(one_line(&overlay.filter), theme.text),
            Span::styled(format!("  {}/{}", matches.len(), model.memory.queries.len()), theme.dim),
        ]),
        Line::default(),
    ];
    // Rows inside the border, less the filter line and the gap below it.
    let rows = usize::from(height.saturating_sub(4));
    let first = overlay.selected.saturating_sub(rows.saturating_sub(1));
    if matches.is_empty() {
        let why = if model.memory.queries.is_empty() {
            "No queries yet: a query is kept when you open, pin or copy a result."
        } else {
            "No query in the history contains that."
        };
        lines.push(Line::styled(why, theme.dim));
    }
    for (i, query) in matches.iter().enumerate().skip(first).take(rows) {
        let selected = i == overlay.selected;
        let (marker, style) = if selected {
            ("▌", theme.selected)
        } else {
            (" ", theme.text)
        };
        lines.push(
            Line::from(vec![
                Span::styled(marker, theme.key),
                Span::styled(one_line(query), style),
            ])
            .style(style),
        );
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(block(title, true, theme))
            .style(theme.text),
        rect,
    );
}
