//! Drawing: one pane per file, each a function of `&Model` into a frame area. Nothing here
//! changes the model; scroll offsets were settled by `update`.

mod copy_menu;
mod detail;
mod fixes;
mod help;
mod history;
mod notice;
mod overview;
mod popup;
mod results;
mod search_box;
mod source;
mod status;
mod tips;
mod triage;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::model::{Model, Pane};
use super::text;
use super::theme::Theme;
use crate::tui::layout::{MIN_HEIGHT, MIN_WIDTH};

pub use help::line_count as help_line_count;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, model: &Model) {
    let area = frame.area();
    let Some(areas) = model.areas() else {
        too_small(frame, area, &model.theme);
        return;
    };
    if model.in_triage() {
        triage::draw(frame, &areas, model);
    } else {
        search_box::draw(frame, areas.search, model);
        if let Some(list) = areas.list {
            results::draw(frame, list, model);
        }
    }
    detail::draw(frame, areas.detail, model);
    status::draw(frame, areas.status, model);
    history::draw(frame, area, model);
    notice::draw(frame, area, areas.status, model);
    copy_menu::draw(frame, area, model);
    if model.help {
        help::draw(frame, area, model);
    }
}

fn too_small(frame: &mut Frame, area: Rect, theme: &Theme) {
    let text = vec![
        Line::styled("terminal too small", theme.error),
        Line::styled(
            format!(
                "{}×{} — errdex needs {MIN_WIDTH}×{MIN_HEIGHT}",
                area.width, area.height
            ),
            theme.text,
        ),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// How many lines a detail pane's content takes at this width, for scroll limits.
pub fn content_height(model: &Model, pane: Pane, width: u16) -> usize {
    let Some(detail) = model.current_detail() else {
        return 0;
    };
    let theme = &model.theme;
    match pane {
        Pane::Results => 0,
        Pane::Overview => overview::paragraph(detail, theme).line_count(width),
        Pane::Fixes => fixes::paragraph(detail, theme).line_count(width),
        Pane::Tips => tips::paragraph(detail, theme).line_count(width),
        Pane::Source => source::line_count(detail),
    }
}

/// A bordered block whose border shows whether it has the focus.
fn block<'a>(title: Line<'a>, focused: bool, theme: &Theme) -> Block<'a> {
    Block::new()
        .borders(Borders::ALL)
        .border_style(if focused {
            theme.focused_border
        } else {
            theme.border
        })
        .title(title)
}

/// A multi-line field as lines: made safe, tabs expanded, CRLF handled.
fn text_lines(value: &str, style: Style) -> Vec<Line<'static>> {
    value
        .lines()
        .map(|l| Line::styled(text::clean_line(l), style))
        .collect()
}

/// A code field as lines with a bar in front, so code stands apart from prose.
fn code_lines(value: &str, theme: &Theme) -> Vec<Line<'static>> {
    value
        .lines()
        .map(|l| {
            Line::from(vec![
                ratatui::text::Span::styled("│ ", theme.gutter),
                ratatui::text::Span::styled(text::clean_line(l), theme.code),
            ])
        })
        .collect()
}

/// A section heading followed by its body, with a blank line before it unless it is first.
fn section(out: &mut Vec<Line<'static>>, title: &str, body: Vec<Line<'static>>, theme: &Theme) {
    if body.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push(Line::default());
    }
    out.push(Line::styled(title.to_string(), theme.title));
    out.extend(body);
}

/// A field's value when it says something (empty and whitespace-only values are left out).
fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|v| !v.trim().is_empty())
}

#[cfg(test)]
mod tests;
