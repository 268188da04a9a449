//! `errdex note ID TEXT...`, `errdex notes [ID]`, and the notes other commands show.

use std::collections::HashMap;

use serde_json::json;

use super::data::find;
use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit};
use errdex_core::record::TeamNote;
use errdex_core::state::team_notes;
use errdex_core::text::sanitize;

/// `notes.jsonl` beside the records file.
fn notes_path() -> Result<std::path::PathBuf, Failure> {
    Ok(team_notes::notes_path(&super::write::write_to()?))
}

/// Every team note by record id; a line that is not a note is a warning on stderr.
pub(super) fn all_notes() -> HashMap<String, Vec<TeamNote>> {
    let Ok(path) = notes_path() else {
        return HashMap::new();
    };
    let mut warnings = Vec::new();
    let notes = team_notes::read(&path, &mut warnings);
    for w in warnings {
        crate::say!("{}", sanitize(&w));
    }
    team_notes::by_id(notes)
}

/// The notes on one record, oldest first.
pub(super) fn notes_for(id: &str) -> Vec<TeamNote> {
    all_notes().remove(id).unwrap_or_default()
}

pub fn note(data: &DataArgs, id: &str, words: &[String]) -> Result<Outcome, Failure> {
    let text = words.join(" ");
    if text.trim().is_empty() {
        return Err(Failure::new(
            "a note needs some text: errdex note ID TEXT...",
        ));
    }
    let loaded = load_data(data)?;
    let Some(index) = find(&loaded.dataset, id) else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    let id = loaded.dataset.entries().at(index).id.to_string();
    let path = notes_path()?;
    let note = team_notes::new_note(&id, &text);
    if let Err(why) = team_notes::add(&path, &note) {
        crate::say!("errdex: note not added: {why}");
        return Ok(Outcome::NotFound.reading(loaded));
    }
    emit(|out| {
        writeln!(
            out,
            "added a note to {} in {}",
            sanitize(&id),
            path.display()
        )
    })?;
    Ok(Outcome::Found.reading(loaded))
}

/// Lists the notes, newest first: all of them, or those on records whose id starts with `id`.
pub fn notes(id: Option<&str>, json: bool) -> Result<Outcome, Failure> {
    let path = notes_path()?;
    let mut warnings = Vec::new();
    let mut list = team_notes::read(&path, &mut warnings);
    for w in warnings {
        crate::say!("{}", sanitize(&w));
    }
    if let Some(id) = id {
        list.retain(|n| n.id.starts_with(id));
    }
    if list.is_empty() {
        crate::say!("errdex: no notes (`errdex note ID TEXT`, or n in the browser)");
        return Ok(Outcome::NotFound);
    }
    emit(|out| {
        for n in list.iter().rev() {
            if json {
                writeln!(
                    out,
                    "{}",
                    errdex_core::text::json_safe(&json!(n).to_string())
                )?;
            } else {
                let text = n.text.replace(['\n', '\t'], " ");
                let line = format!(
                    "{}\t{}\t{}\t{text}",
                    n.id,
                    n.date().replace('T', " "),
                    n.author
                );
                writeln!(out, "{}", sanitize(&line))?;
            }
        }
        Ok(())
    })?;
    Ok(Outcome::Found)
}

pub fn schema() -> Result<Outcome, Failure> {
    let text = errdex_core::schema::schema_text();
    emit(|out| out.write_all(text.as_bytes()))?;
    Ok(Outcome::Found)
}
