//! What every pane draws with: the screen's layout, the colours, terminal-safe text, the
//! overlay box, and the bordered block each pane sits in.

pub mod layout;
pub mod popup;
pub mod text;
pub mod theme;
pub mod wrap;

use ratatui::text::Line;
use ratatui::widgets::{Block, Borders};

use theme::Theme;

/// A bordered block whose border shows whether it has the focus.
pub fn block<'a>(title: Line<'a>, focused: bool, theme: &Theme) -> Block<'a> {
    Block::new()
        .borders(Borders::ALL)
        .border_style(if focused {
            theme.focused_border
        } else {
            theme.border
        })
        .title(title)
}
