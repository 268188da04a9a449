//! The help overlay: every key from the keymap table with what it does and its action name
//! (the name a config's `[keys]` rebinds), and the query syntax. `lines` is what both the
//! view draws and `update` counts for the scroll limit.

pub mod update;
pub mod view;

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::tui::app::model::Model;
use crate::tui::ui::popup;
use crate::tui::ui::theme::Theme;

/// The query language in brief: the help overlay and the man page list it.
pub const QUERY_SYNTAX: &[(&str, &str)] = &[
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

/// Width of the keys column.
const KEYS: usize = 20;

/// Where the overlay goes on a screen of `area`.
pub fn rect(area: Rect) -> Rect {
    let width = area.width.saturating_sub(4).min(100);
    let height = area.height.saturating_sub(2);
    popup::centred(area, width, height)
}

/// The overlay's text for a screen of `area`: what the view draws and what `update` counts.
pub fn lines(model: &Model, area: Rect) -> Vec<Line<'static>> {
    let width = usize::from(rect(area).width.saturating_sub(2));
    let (keymap, theme) = (&model.keymap, &model.theme);
    let mut out = Vec::new();
    for (scope, rows) in keymap.help() {
        if !out.is_empty() {
            out.push(Line::default());
        }
        out.push(Line::styled(format!("Keys {}", scope.title()), theme.title));
        for (keys, action) in rows {
            let about = format!("{} · {}", action.about(), action.name());
            row(&mut out, &keys, &about, width, theme);
        }
    }
    out.push(Line::default());
    out.push(Line::styled("Query", theme.title));
    for (syntax, about) in QUERY_SYNTAX {
        row(&mut out, syntax, about, width, theme);
    }
    out.push(Line::default());
    out.push(Line::styled("Marks in the results list", theme.title));
    for (mark, about) in MARKS {
        row(&mut out, mark, about, width, theme);
    }
    out
}

/// What the marks on a result's rows mean: without colour, the glyph is the whole mark.
const MARKS: &[(&str, &str)] = &[
    ("★", "pinned"),
    (
        crate::tui::results::scanned::MARK,
        crate::tui::results::scanned::MEANING,
    ),
];

/// How far the help scrolls: until its last line is at the bottom of its box.
pub fn max_scroll(model: &Model) -> usize {
    let area = Rect::new(0, 0, model.width, model.height);
    let visible = usize::from(rect(area).height.saturating_sub(2));
    lines(model, area).len().saturating_sub(visible)
}

/// One row: the keys, then the text wrapped at words under its own column.
fn row(out: &mut Vec<Line<'static>>, keys: &str, about: &str, width: usize, theme: &Theme) {
    let room = width.saturating_sub(KEYS + 3).max(20);
    for (i, part) in wrap(about, room).into_iter().enumerate() {
        let head = if i == 0 { keys } else { "" };
        out.push(Line::from(vec![
            Span::styled(format!("  {head:<KEYS$} "), theme.key),
            Span::styled(part, theme.text),
        ]));
    }
}

/// `text` in lines of at most `room` characters, broken between words.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > room {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push(line);
    out
}
