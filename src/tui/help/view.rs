//! The help overlay: every key from the keymap table, grouped by mode, and the query syntax.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::tui::app::model::Model;
use crate::tui::input::keymap::Keymap;
use crate::tui::ui::popup;
use crate::tui::ui::theme::Theme;

const QUERY_SYNTAX: &[(&str, &str)] = &[
    ("a b", "both terms must match"),
    ("a | b", "either term"),
    ("tag: path: msg: repo: sev: type: id:", "match one field"),
    ("'exact ^prefix suffix$", "exact, prefix, suffix"),
    ("!term", "must not match"),
    (
        "is:pinned is:recent",
        "pinned records, records opened lately",
    ),
];

fn lines(keymap: &Keymap, theme: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (scope, rows) in keymap.help() {
        if !out.is_empty() {
            out.push(Line::default());
        }
        out.push(Line::styled(format!("Keys {}", scope.title()), theme.title));
        for (keys, action) in rows {
            out.push(Line::from(vec![
                Span::styled(format!("  {keys:<20} "), theme.key),
                Span::styled(action.about(), theme.text),
            ]));
        }
    }
    out.push(Line::default());
    out.push(Line::styled("Query", theme.title));
    for (syntax, about) in QUERY_SYNTAX {
        out.push(Line::from(vec![
            Span::styled(format!("  {syntax:<20} "), theme.key),
            Span::styled(*about, theme.text),
        ]));
    }
    out
}

/// Lines of the overlay's text, for its scroll limit.
pub fn line_count(model: &Model) -> usize {
    lines(&model.keymap, &model.theme).len()
}

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let width = area.width.saturating_sub(4).min(76);
    let height = area.height.saturating_sub(2);
    let rect = popup::centred(area, width, height);
    let title = " Help — Esc or ? closes, ↑↓ scroll ";
    let scroll = u16::try_from(model.help_scroll).unwrap_or(u16::MAX);
    popup::draw(
        frame,
        rect,
        title,
        lines(&model.keymap, theme),
        scroll,
        theme,
    );
}
