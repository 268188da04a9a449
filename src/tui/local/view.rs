//! The local file's word in the Source pane's title (its bottom border).

use ratatui::text::{Line, Span};

use crate::tui::app::model::{Model, Pane};

/// ` local: PATH:431 (moved +3) ` while the Source pane is on display and there is a
/// checkout to speak of; highlighted while the pane shows the local file.
pub fn title(m: &Model) -> Option<Line<'static>> {
    if m.tab != Pane::Source {
        return None;
    }
    let title = super::update::title(m)?;
    let style = if m.local.showing {
        m.theme.title.patch(m.theme.selected)
    } else {
        m.theme.notice
    };
    Some(Line::from(vec![
        Span::raw(" "),
        Span::styled(crate::text::one_line(&title), style),
        Span::raw(" "),
    ]))
}
