//! Draws the problems overlay: one problem a line, scrollable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::tui::app::model::{Model, Overlay};
use crate::tui::ui::popup;
use errdex_core::text::one_line;

fn lines(model: &Model) -> Vec<Line<'static>> {
    let all = super::all(model);
    if all.is_empty() {
        return vec![Line::styled("No problems.", model.theme.dim)];
    }
    all.iter()
        .map(|p| Line::styled(one_line(p), model.theme.text))
        .collect()
}

fn rect(area: Rect) -> Rect {
    popup::centred(
        area,
        area.width.saturating_sub(4),
        area.height.saturating_sub(2),
    )
}

/// How far the list scrolls before its last line is at the bottom.
pub fn max_scroll(model: &Model) -> usize {
    let area = Rect::new(0, 0, model.width, model.height);
    let visible = usize::from(rect(area).height.saturating_sub(2));
    lines(model).len().saturating_sub(visible)
}

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let Some(Overlay::Problems { scroll }) = &model.overlay else {
        return;
    };
    let scroll = u16::try_from(*scroll).unwrap_or(u16::MAX);
    let title = " Problems — Esc closes, ↑↓ scroll ";
    popup::draw(frame, rect(area), title, lines(model), scroll, &model.theme);
}
