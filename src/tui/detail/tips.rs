//! The prevention tips pane.

use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::fixes::numbered;
use super::section;
use crate::tui::app::msg::Detail;
use crate::tui::ui::theme::Theme;

pub fn paragraph(detail: &Detail, theme: &Theme, width: u16) -> Paragraph<'static> {
    let mut lines = Vec::new();
    let tips = numbered(&detail.record.prevention_tips, theme);
    section(&mut lines, "Prevention tips", tips, theme);
    if lines.is_empty() {
        lines.push(Line::styled(
            "No prevention tips recorded for this error.",
            theme.dim,
        ));
    }
    crate::tui::ui::wrap::paragraph(lines, width)
}
