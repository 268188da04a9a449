//! The status bar: the mode, the keys that matter now (from the keymap table), and what went
//! wrong while loading.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::text::one_line;
use crate::tui::app::model::{LoadState, Model};
use crate::tui::input::keymap::Mode;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let mode = match model.mode {
        Mode::Search => " SEARCH ",
        Mode::Browse => " BROWSE ",
    };
    let mut spans = vec![Span::styled(mode, theme.selected), Span::raw(" ")];
    for (key, hint) in model.keymap.hints(model.mode) {
        spans.push(Span::styled(key, theme.key));
        spans.push(Span::styled(format!(" {hint}  "), theme.dim));
    }
    let note = note(model);
    let note_width = u16::try_from(note.chars().count()).unwrap_or(u16::MAX);
    let [left, right] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(note_width)]).areas(area);
    frame.render_widget(Line::from(spans), left);
    frame.render_widget(
        Paragraph::new(Line::styled(note, theme.notice)).right_aligned(),
        right,
    );
}

/// Problems worth a word: the dataset's, the selected record's.
fn note(model: &Model) -> String {
    if let Some(e) = &model.detail_error {
        return one_line(&format!(" {e} "));
    }
    match &model.load {
        LoadState::Done(s) if s.errors > 0 => match &s.first_problem {
            Some(first) if s.errors == 1 => one_line(&format!(" {first} ")),
            Some(first) => one_line(&format!(" {first} (+{} more) ", s.errors - 1)),
            None => format!(" {} errors in the data ", s.errors),
        },
        LoadState::Done(s) if s.errors + s.warnings > 0 => {
            format!(" {} data warnings ", s.errors + s.warnings)
        }
        _ => String::new(),
    }
}
