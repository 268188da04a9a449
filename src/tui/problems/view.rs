//! Draws the problems overlay: one problem a line, wrapped, scrollable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::tui::app::model::Model;
use crate::tui::ui::popup;
use crate::tui::ui::text::one_line;

fn lines(model: &Model) -> Vec<Line<'static>> {
    let all = super::all(model);
    if all.is_empty() {
        return vec![Line::styled("No problems.", model.theme.dim)];
    }
    all.iter()
        .map(|p| Line::styled(one_line(p), model.theme.text))
        .collect()
}

/// Lines of the overlay's text, for its scroll limit.
pub fn line_count(model: &Model) -> usize {
    lines(model).len()
}

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    if !model.problems.open {
        return;
    }
    let width = area.width.saturating_sub(4);
    let height = area.height.saturating_sub(2);
    let rect = popup::centred(area, width, height);
    let scroll = u16::try_from(model.problems.scroll).unwrap_or(u16::MAX);
    let title = " Problems — Esc closes, ↑↓ scroll ";
    popup::draw(frame, rect, title, lines(model), scroll, &model.theme);
}
