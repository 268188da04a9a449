//! The status bar: the mode, the keys that matter now (from the keymap table), and what went
//! wrong while loading.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::app::model::{LoadState, Model};
use crate::tui::input::action::Action;
use crate::tui::input::keymap::{Mode, Scope};
use errdex_core::text::one_line;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let mode = match model.mode {
        Mode::Search => " SEARCH ",
        Mode::Browse => " BROWSE ",
    };
    let mut spans = vec![Span::styled(mode, theme.selected), Span::raw(" ")];
    let hints = model.keymap.main_hints(model.run(), model.mode);
    for (key, hint) in hints {
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

/// `, ! lists them`: the key that opens the problems overlay, as the keymap has it.
fn lists_them(model: &Model) -> String {
    let keys = model.keymap.bindings();
    let key = keys
        .iter()
        .find(|b| b.action == Action::ShowProblems && b.scope == Scope::Browse)
        .or_else(|| keys.iter().find(|b| b.action == Action::ShowProblems));
    key.map(|b| format!(", {} lists them", b.key.label()))
        .unwrap_or_default()
}

/// Problems worth a word: the dataset's, the selected record's.
fn note(model: &Model) -> String {
    if let Some(e) = &model.detail_error {
        return one_line(&format!(" {e} "));
    }
    match &model.load {
        LoadState::Done(s) if s.errors > 0 => match &s.first_problem {
            Some(first) if s.errors + s.warnings == 1 => one_line(&format!(" {first} ")),
            Some(first) => one_line(&format!(
                " {first} (+{} more{}) ",
                s.errors + s.warnings - 1,
                lists_them(model)
            )),
            None => format!(" {} errors in the data{} ", s.errors, lists_them(model)),
        },
        LoadState::Done(s) if s.errors + s.warnings > 0 => {
            format!(
                " {} data warnings{} ",
                s.errors + s.warnings,
                lists_them(model)
            )
        }
        _ => String::new(),
    }
}
