//! The notice on the status line: what the last copy or open did, or a config problem at
//! start. It replaces the key hints and, when it is long (a URL to read and copy), wraps
//! upwards over the bottom rows instead of being cut off.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::tui::app::model::Model;
use errdex_core::text::one_line;

/// At most this many rows; a notice longer than that is cut at its end.
const MAX_ROWS: u16 = 3;

pub fn draw(frame: &mut Frame, area: Rect, status: Rect, model: &Model) {
    let Some(notice) = &model.notice else {
        return;
    };
    let theme = &model.theme;
    let paragraph = Paragraph::new(Line::from(vec![
        Span::raw(" "),
        Span::styled(one_line(notice), theme.notice),
    ]))
    .wrap(Wrap { trim: false });
    let needed = paragraph.line_count(status.width.max(1));
    let rows = u16::try_from(needed)
        .unwrap_or(u16::MAX)
        .clamp(1, MAX_ROWS.min(area.height));
    let rect = Rect::new(
        status.x,
        status.y.saturating_sub(rows - 1),
        status.width,
        rows,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(paragraph, rect);
}
