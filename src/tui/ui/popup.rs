//! What the overlays (copy menu, history, help) share: a centred box over the screen, cleared
//! first so the panes below do not show through, with a focused border and a title.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Text};
use ratatui::widgets::{Clear, Paragraph};

use crate::tui::ui::block;
use crate::tui::ui::theme::Theme;

/// A `width`×`height` box centred in `area` (both no larger than `area`).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// Clears `rect` and draws `lines` in it inside a bordered block titled `title`, scrolled
/// down by `scroll` lines.
pub fn draw<'a>(
    frame: &mut Frame,
    rect: Rect,
    title: &'a str,
    lines: impl Into<Text<'a>>,
    scroll: u16,
    theme: &Theme,
) {
    frame.render_widget(Clear, rect);
    let title = Line::styled(title, theme.title);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block(title, true, theme))
            .style(theme.text)
            .scroll((scroll, 0)),
        rect,
    );
}

/// The first row to show of a list of which `visible` rows fit, so that the `selected` row
/// stays in view; the offset follows from the selection, nothing is stored.
pub fn first_visible(selected: usize, visible: usize) -> usize {
    selected.saturating_sub(visible.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_is_centred_with_the_odd_cell_after_it() {
        assert_eq!(
            centred(Rect::new(2, 1, 80, 24), 71, 19),
            Rect::new(6, 3, 71, 19)
        );
    }

    #[test]
    fn the_selected_row_is_the_last_shown_once_past_the_first_screen() {
        assert_eq!(first_visible(3, 10), 0);
        assert_eq!(first_visible(12, 10), 3);
        assert_eq!(first_visible(4, 0), 4);
    }
}
