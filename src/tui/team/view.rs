//! The one-line note input `n` opens, over the bottom of the screen.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::tui::app::model::{Model, Overlay};
use crate::tui::ui::popup;
use errdex_core::text::one_line;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let Some(Overlay::Note(input)) = &model.overlay else {
        return;
    };
    let theme = &model.theme;
    let width = area.width.saturating_sub(4).min(90);
    let rect = popup::centred(area, width, 3.min(area.height));
    // Long notes scroll sideways so the cursor stays in view.
    let room = usize::from(width.saturating_sub(5));
    let (before, after) = input.text.around_cursor(room);
    let line = Line::from(vec![
        Span::styled("› ", theme.key),
        Span::styled(one_line(before), theme.text),
        Span::styled("▏", theme.key),
        Span::styled(one_line(after), theme.text),
    ]);
    let short: String = input.id.chars().take(12).collect();
    let title = format!(" Note on {short} — Enter saves, Esc cancels ");
    popup::draw(frame, rect, &title, vec![line], 0, theme);
}
