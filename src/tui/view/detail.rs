//! The detail area: a tab line naming the four panes, and the one on display.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{block, fixes, overview, source, tips};
use crate::tui::layout::inner;
use crate::tui::model::{Model, Pane};

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let mut title = vec![Span::raw(" ")];
    for (i, pane) in Pane::DETAIL.iter().enumerate() {
        if i > 0 {
            title.push(Span::styled(" │ ", theme.border));
        }
        let style = if *pane == model.tab {
            theme.title.patch(theme.selected)
        } else {
            theme.dim
        };
        title.push(Span::styled(pane.title(), style));
    }
    title.push(Span::raw(" "));
    let focused = model.focus == model.tab;
    frame.render_widget(block(Line::from(title), focused, theme), area);
    let body = inner(area);
    let Some(detail) = model.current_detail() else {
        let message = match (&model.detail_error, model.selected_index()) {
            (Some(e), Some(_)) => {
                Line::styled(format!("cannot read this record: {e}"), theme.error)
            }
            (_, Some(_)) => Line::styled("reading…", theme.dim),
            (_, None) => Line::styled("no record selected", theme.dim),
        };
        frame.render_widget(Paragraph::new(message).wrap(Wrap { trim: false }), body);
        return;
    };
    let scroll = u16::try_from(model.scroll_of(model.tab)).unwrap_or(u16::MAX);
    let paragraph = match model.tab {
        Pane::Source => {
            source::draw(frame, body, detail, scroll.into(), theme);
            return;
        }
        Pane::Overview | Pane::Results => overview::paragraph(detail, theme),
        Pane::Fixes => fixes::paragraph(detail, theme),
        Pane::Tips => tips::paragraph(detail, theme),
    };
    frame.render_widget(paragraph.scroll((scroll, 0)), body);
}
