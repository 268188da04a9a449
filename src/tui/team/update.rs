//! Keys and answers of the team feature: `n` opens the note input and Enter saves it; `N`
//! asks the runtime for a new record, pre-filled from the query when it is a pasted log line.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::NoteInput;
use crate::record::TeamNote;
use crate::tui::app::effect::Effect;
use crate::tui::app::model::{LoadState, Model};
use crate::tui::app::update::{Step, byte_at};
use crate::tui::input::action::Action;

/// `n`: the note input for the selected record.
pub fn open_note(m: &mut Model) -> Step {
    let Some(entry) = m.selected_index().and_then(|i| m.entry(i)) else {
        m.notice = Some("no record selected to add a note to".into());
        return Step::redraw();
    };
    m.team.input = Some(NoteInput {
        id: entry.id.to_string(),
        text: String::new(),
        cursor: 0,
    });
    Step::redraw()
}

/// Keys while the note input is open: typing edits it, Enter saves, Esc cancels.
pub fn on_input_key(m: &mut Model, key: KeyEvent, action: Option<Action>) -> Step {
    let Some(input) = m.team.input.as_mut() else {
        return Step::default();
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if ctrl => {
            return crate::tui::app::update::apply(m, Action::Quit);
        }
        KeyCode::Char('u') if ctrl => {
            input.text.clear();
            input.cursor = 0;
        }
        KeyCode::Char(c) if !ctrl && !key.modifiers.contains(KeyModifiers::ALT) => {
            let at = byte_at(&input.text, input.cursor);
            input.text.insert(at, c);
            input.cursor += 1;
        }
        KeyCode::Backspace if input.cursor > 0 => {
            let at = byte_at(&input.text, input.cursor - 1);
            input.text.remove(at);
            input.cursor -= 1;
        }
        KeyCode::Left => input.cursor = input.cursor.saturating_sub(1),
        KeyCode::Right => input.cursor = (input.cursor + 1).min(input.text.chars().count()),
        KeyCode::Home => input.cursor = 0,
        KeyCode::End => input.cursor = input.text.chars().count(),
        KeyCode::Esc => m.team.input = None,
        KeyCode::Enter => {
            let Some(input) = m.team.input.take() else {
                return Step::default();
            };
            let text = input.text.trim().to_string();
            if text.is_empty() {
                m.notice = Some("empty note not saved".into());
                return Step::redraw();
            }
            return Step::redraw().with(Effect::SaveNote { id: input.id, text });
        }
        _ if action == Some(Action::Quit) && ctrl => {
            return crate::tui::app::update::apply(m, Action::Quit);
        }
        _ => return Step::default(),
    }
    Step::redraw()
}

/// Text pasted while the note input is open goes into the note, on one line.
pub fn on_paste(m: &mut Model, text: &str) -> Step {
    let Some(input) = m.team.input.as_mut() else {
        return Step::default();
    };
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let at = byte_at(&input.text, input.cursor);
    input.text.insert_str(at, &flat);
    input.cursor += flat.chars().count();
    Step::redraw()
}

/// `N`: a new record in the editor, from the query when it reads like a pasted log line.
pub fn new_record(m: &mut Model) -> Step {
    if matches!(m.load, LoadState::Loading(_)) {
        m.notice = Some("wait for the records to load before adding one".into());
        return Step::redraw();
    }
    let from_log = pasted_line(&m.query).then(|| m.query.clone());
    Step::redraw().with(Effect::NewRecord { from_log })
}

/// A query that reads like a log line rather than search terms: several words, with a
/// timestamp, level or logger prefix, or with variable parts (numbers, ids, quoted values).
pub fn pasted_line(query: &str) -> bool {
    if query.split_whitespace().count() < 4 {
        return false;
    }
    let draft = crate::triage::draft_from_line(query);
    draft.message != query.trim() || draft.pattern != draft.message
}

/// The notes file answered: every note, by record id.
pub fn on_notes(m: &mut Model, notes: std::collections::HashMap<String, Vec<TeamNote>>) -> Step {
    m.team.notes = notes;
    attach_notes(m);
    Step::redraw().with(search_context(m))
}

/// A note was saved (or could not be).
pub fn on_note_saved(m: &mut Model, saved: Result<TeamNote, String>) -> Step {
    match saved {
        Ok(note) => {
            m.notice = Some(format!("note added to {}", note.id));
            m.team.notes.entry(note.id.clone()).or_default().push(note);
            attach_notes(m);
            Step::redraw().with(search_context(m))
        }
        Err(why) => {
            m.notice = Some(format!("note not saved: {why}"));
            Step::redraw()
        }
    }
}

/// A record written with `N` was added (its dataset already holds it), or was not.
pub fn on_record_added(m: &mut Model, added: crate::tui::app::msg::RecordAdded) -> Step {
    match added {
        Ok((dataset, ids, path)) => {
            m.dataset = Some(dataset);
            let Some(first) = ids.first() else {
                return Step::redraw();
            };
            m.notice = Some(format!("added {} to {}", ids.join(", "), path.display()));
            // Shows the new record, and only it, selected.
            m.query = format!("id:{first}");
            m.cursor = m.query.chars().count();
            m.mode = crate::tui::input::keymap::Mode::Browse;
            crate::tui::app::update::query_changed(m)
        }
        Err(why) => {
            m.notice = Some(why);
            Step::redraw()
        }
    }
}

/// The shown record carries its notes, so the Overview lists them.
pub fn attach_notes(m: &mut Model) {
    if let Some(detail) = m.detail.as_mut() {
        detail.record.notes = m.team.notes_of(&detail.record.id).to_vec();
    }
}

fn search_context(m: &Model) -> Effect {
    Effect::NotesContext(crate::state::team_notes::search_text(&m.team.notes))
}
