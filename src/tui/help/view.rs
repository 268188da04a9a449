//! Draws the help overlay over the screen.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::tui::app::model::Model;
use crate::tui::ui::popup;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let Some(scroll) = model.help_scroll() else {
        return;
    };
    let theme = &model.theme;
    let rect = super::rect(area);
    let title = " Help — Esc or ? closes, ↑↓ scroll ";
    let scroll = u16::try_from(scroll).unwrap_or(u16::MAX);
    let lines = super::lines(model, area);
    popup::draw(frame, rect, title, lines, scroll, theme);
}
