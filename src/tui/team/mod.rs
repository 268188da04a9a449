//! The team's own knowledge in the browser: team notes on the selected record (`n` writes one,
//! the Overview lists them) and new records written in the editor (`N`). `update.rs` turns
//! keys and answers into effects, `view.rs` draws the one-line note input; the runtime runs
//! the effects (`runtime/external.rs` hands the terminal to the editor).

pub mod update;
pub mod view;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::tui::input::line::LineInput;
use errdex_core::record::TeamNote;

/// The notes the browser knows of (the note being typed is `Overlay::Note`).
#[derive(Debug, Default)]
pub struct TeamState {
    /// Every note by record id, oldest first.
    pub notes: HashMap<String, Vec<TeamNote>>,
}

/// A note being typed for one record: the one-line input `n` opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteInput {
    pub id: String,
    pub text: LineInput,
}

impl TeamState {
    pub fn notes_of(&self, id: &str) -> &[TeamNote] {
        self.notes.get(id).map_or(&[], Vec::as_slice)
    }
}
