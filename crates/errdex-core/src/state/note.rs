//! The pinned records as one Markdown incident note: `errdex pins --markdown` prints it, the
//! browser's export writes it to a file. One function for both, so they cannot differ.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::Pin;
use crate::dataset::Dataset;
use crate::export;

/// The team notes by record id (`state::team_notes::by_id`).
pub type TeamNotes = HashMap<String, Vec<crate::record::TeamNote>>;

/// The file in the data folder the browser exports the note to.
pub const NOTE_FILE: &str = "pinned-errors.md";

/// Each pin with the index of its record in the dataset (None when it is not loaded); the
/// first of duplicate ids wins, as in `Dataset::lookup`.
pub fn locate<'p>(ds: &Dataset, pins: &'p [Pin]) -> Vec<(&'p Pin, Option<usize>)> {
    let by_id: HashMap<&str, usize> = ds
        .entries()
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .rev()
        .collect();
    pins.iter()
        .map(|p| (p, by_id.get(p.id.as_str()).copied()))
        .collect()
}

/// One incident note: every pinned record's note under one title, and the pins that are not
/// in the loaded datasets named at the end so none is silently dropped.
pub fn pinned_note(
    ds: &Dataset,
    found: &[(&Pin, Option<usize>)],
    notes: &TeamNotes,
) -> Result<String, String> {
    let present: Vec<usize> = found.iter().filter_map(|(_, i)| *i).collect();
    let mut out = format!("# Pinned errors ({})\n\n", present.len());
    for (n, &i) in present.iter().enumerate() {
        if n > 0 {
            out.push_str("\n---\n\n");
        }
        let mut record = ds.record(i).map_err(|e| e.to_string())?;
        record.notes = notes.get(&record.id).cloned().unwrap_or_default();
        out.push_str(&export::to_markdown(&record));
    }
    let missing: Vec<String> = found
        .iter()
        .filter(|(_, i)| i.is_none())
        .map(|(p, _)| crate::markdown::code(&p.id))
        .collect();
    if !missing.is_empty() {
        out.push_str(&format!(
            "\n---\n\nPinned but not in the loaded datasets: {}\n",
            missing.join(", ")
        ));
    }
    Ok(crate::text::sanitize(&out).into_owned())
}

/// The browser's triage view writes its incident report here, in the data folder.
pub const INCIDENT_FILE: &str = "incident-report.md";

/// Writes the note to `NOTE_FILE` in `dir` atomically (a reader never sees half of it).
pub fn write_note(dir: &Path, note: &str) -> io::Result<PathBuf> {
    write_atomically(dir, NOTE_FILE, note)
}

/// Writes `text` to the file `name` in `dir` atomically: into a temporary file next to it,
/// then renamed over it.
pub fn write_atomically(dir: &Path, name: &str, text: &str) -> io::Result<PathBuf> {
    crate::paths::create_folder(dir)?;
    let path = dir.join(name);
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    tmp.persist(&path).map_err(|e| e.error)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::{self, SourceSpec};

    #[test]
    fn the_note_has_every_found_pin_and_names_the_missing_ones() {
        let bytes = b"{\"id\":\"a1\",\"errorMessage\":\"first\"}\n{\"id\":\"b2\",\"errorMessage\":\"second\"}\n";
        let spec = SourceSpec::Embedded {
            name: "t",
            bytes: bytes.as_slice(),
        };
        let ds = load::load(&[spec], load::Options::default(), &|_| {}).dataset;
        let pins = [
            Pin {
                id: "b2".into(),
                at: 1,
            },
            Pin {
                id: "gone".into(),
                at: 2,
            },
        ];
        let found = locate(&ds, &pins);
        assert_eq!(found[0].1, Some(1));
        assert_eq!(found[1].1, None);
        let team = TeamNotes::from([(
            "b2".to_string(),
            vec![crate::record::TeamNote {
                id: "b2".into(),
                text: "seen at 3 a.m.".into(),
                author: "ana".into(),
                at: "2026-11-30T03:00:00Z".into(),
            }],
        )]);
        let note = pinned_note(&ds, &found, &team).expect("note");
        assert!(
            note.contains("### Team notes\n\n- **ana**, 2026-11-30 03:00: seen at 3 a.m."),
            "{note}"
        );
        assert!(note.starts_with("# Pinned errors (1)\n"), "{note}");
        assert!(note.contains("second") && !note.contains("first"), "{note}");
        assert!(note.ends_with("Pinned but not in the loaded datasets: `gone`\n"));
        let dir = tempfile::tempdir().expect("temp dir");
        let path = write_note(dir.path(), &note).expect("write");
        assert_eq!(std::fs::read_to_string(path).expect("read"), note);
    }
}
