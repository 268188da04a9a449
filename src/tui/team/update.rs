//! Keys and answers of the team feature: `n` opens the note input and Enter saves it; `N`
//! asks the runtime for a new record, pre-filled from the query when it is a pasted log line.

use std::collections::HashMap;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::NoteInput;
use crate::tui::app::dataset::use_dataset;
use crate::tui::app::effect::Effect;
use crate::tui::app::model::{LoadState, Model, Overlay};
use crate::tui::app::msg::RecordAdded;
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::input::line::{Edit, LineInput};
use errdex_core::record::TeamNote;

/// `n`: the note input for the selected record.
pub fn open_note(m: &mut Model) -> Step {
    let Some(entry) = m.selected_index().and_then(|i| m.entry(i)) else {
        m.notice = Some("no record selected to add a note to".into());
        return Step::redraw();
    };
    m.overlay = Some(Overlay::Note(NoteInput {
        id: entry.id.to_string(),
        text: LineInput::default(),
    }));
    Step::redraw()
}

/// Keys while the note input is open: its keymap actions edit, save or close it; any other
/// plain character is typed into the note.
pub fn on_input_key(m: &mut Model, key: KeyEvent, action: Option<Action>) -> Step {
    let Some(Overlay::Note(input)) = m.overlay.as_mut() else {
        return Step::default();
    };
    match action {
        Some(Action::Close) => m.overlay = None,
        Some(Action::Accept) => return save(m),
        // Home and End are the list's first and last everywhere else.
        Some(Action::SelectFirst) => _ = input.text.apply(Edit::Start),
        Some(Action::SelectLast) => _ = input.text.apply(Edit::End),
        Some(action) => match Edit::of(action) {
            Some(edit) => _ = input.text.apply(edit),
            None => return Step::default(),
        },
        None => match key.code {
            KeyCode::Char(c)
                if !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                input.text.insert_char(c);
            }
            _ => return Step::default(),
        },
    }
    Step::redraw()
}

/// Enter: the note goes to the notes file (off the UI thread), unless it is empty.
fn save(m: &mut Model) -> Step {
    let Some(Overlay::Note(input)) = m.overlay.take() else {
        return Step::default();
    };
    let text = input.text.trim().to_string();
    if text.is_empty() {
        m.notice = Some("empty note not saved".into());
        return Step::redraw();
    }
    Step::redraw().with(Effect::SaveNote { id: input.id, text })
}

/// Text pasted while the note input is open goes into the note, on one line.
pub fn on_paste(m: &mut Model, text: &str) -> Step {
    let Some(Overlay::Note(input)) = m.overlay.as_mut() else {
        return Step::default();
    };
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    input.text.insert(&flat);
    Step::redraw()
}

/// `N`: a new record in the editor, from the first line of the unknown error selected in the
/// triage view, else the fix of the selected site when `errdex scan` found it (filled in from
/// the site), else from the query when it reads like a pasted log line.
pub fn new_record(m: &mut Model) -> Step {
    if matches!(m.load, LoadState::Loading(_)) {
        m.notice = Some("wait for the records to load before adding one".into());
        return Step::redraw();
    }
    let unknown = crate::tui::triage::selected_unknown(m)
        .and_then(|g| g.events.first())
        .map(|first| first.text.clone());
    let site = match unknown {
        Some(_) => None,
        None => m
            .selected_index()
            .filter(|&i| crate::tui::results::scanned::is_scanned(m, i)),
    };
    let from_log = match (unknown, site) {
        (Some(line), _) => Some(line),
        (None, Some(_)) => None,
        (None, None) => pasted_line(&m.query).then(|| m.query.to_string()),
    };
    Step::redraw().with(Effect::NewRecord { from_log, site })
}

/// A query that reads like a log line rather than search terms: several words, with a
/// timestamp, level or logger prefix, or with variable parts (numbers, ids, quoted values).
pub fn pasted_line(query: &str) -> bool {
    if query.split_whitespace().count() < 4 {
        return false;
    }
    let draft = errdex_core::triage::draft_from_line(query);
    draft.message != query.trim() || draft.pattern != draft.message
}

/// The notes file answered: every note, by record id.
pub fn on_notes(m: &mut Model, notes: HashMap<String, Vec<TeamNote>>) -> Step {
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

/// A record written with `N` was added (the dataset holds it), or was not. The query becomes
/// its id, so it is shown, alone and selected.
pub fn on_record_added(m: &mut Model, added: RecordAdded) -> Step {
    match added {
        Ok((dataset, ids, path)) => {
            let Some(first) = ids.first() else {
                return Step::redraw();
            };
            m.notice = Some(format!("added {} to {}", ids.join(", "), path.display()));
            m.query.set(format!("id:{first}"));
            m.mode = Mode::Browse;
            if m.in_triage() {
                m.show_search();
            }
            use_dataset(m, dataset, true)
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
    Effect::NotesContext(errdex_core::state::team_notes::search_text(&m.team.notes))
}
