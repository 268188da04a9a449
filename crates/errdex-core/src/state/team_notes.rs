//! Team notes (`errdex note ID TEXT`): one JSON object a line in `notes.jsonl`, beside the
//! team's records file. Appended under a lock; read whole (notes are few and short).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::file::StateFile;
use crate::record::TeamNote;

pub const NOTES_FILE: &str = "notes.jsonl";

/// `notes.jsonl` in the folder of the records file.
pub fn notes_path(write_to: &Path) -> PathBuf {
    write_to.parent().unwrap_or(Path::new(".")).join(NOTES_FILE)
}

/// A note by the current user ($USER, else $LOGNAME), now.
pub fn new_note(id: &str, text: &str) -> TeamNote {
    let author = ["USER", "LOGNAME"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.trim().is_empty()))
        .unwrap_or_else(|| "unknown".into());
    TeamNote {
        id: id.to_string(),
        text: text.trim().to_string(),
        author,
        at: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
    }
}

/// Appends one note.
pub fn add(path: &Path, note: &TeamNote) -> Result<(), String> {
    let mut line = serde_json::to_string(note).map_err(|e| e.to_string())?;
    line.push('\n');
    StateFile::at(path).append(&line, |_| Ok(()))
}

/// Every note in the file, oldest first; a line that is not a note is skipped with a
/// `PATH:LINE: warning: …` in `warnings`. A missing file has no notes.
pub fn read(path: &Path, warnings: &mut Vec<String>) -> Vec<TeamNote> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => {
            warnings.push(format!("{}: warning: cannot read: {e}", path.display()));
            return Vec::new();
        }
    };
    let mut notes = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<TeamNote>(line) {
            Ok(note) => notes.push(note),
            Err(e) => warnings.push(format!(
                "{}:{}: warning: not a note ({e}); skipped",
                path.display(),
                n + 1
            )),
        }
    }
    notes
}

/// The notes of each record id, oldest first.
pub fn by_id(notes: Vec<TeamNote>) -> HashMap<String, Vec<TeamNote>> {
    let mut map: HashMap<String, Vec<TeamNote>> = HashMap::new();
    for n in notes {
        map.entry(n.id.clone()).or_default().push(n);
    }
    map
}

/// What `note:` in a query searches: every note's text per record id, one per line.
pub fn search_text(notes: &HashMap<String, Vec<TeamNote>>) -> HashMap<String, String> {
    notes
        .iter()
        .map(|(id, list)| {
            let text: Vec<&str> = list.iter().map(|n| n.text.as_str()).collect();
            (id.clone(), text.join("\n"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_round_trip_and_bad_lines_are_skipped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join(NOTES_FILE);
        add(&path, &new_note("a1", " restart the pod ")).expect("add");
        std::fs::write(
            &path,
            std::fs::read_to_string(&path).expect("read") + "not json\n",
        )
        .expect("write");
        add(&path, &new_note("a1", "then check the disk")).expect("add");
        let mut warnings = Vec::new();
        let notes = read(&path, &mut warnings);
        assert_eq!(notes.len(), 2);
        assert_eq!(notes[0].text, "restart the pod");
        assert!(notes[0].at.ends_with('Z') && notes[0].date().len() == 16);
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].contains("notes.jsonl:2: warning"),
            "{warnings:?}"
        );
        let map = by_id(notes);
        assert_eq!(
            search_text(&map)["a1"],
            "restart the pod\nthen check the disk"
        );
    }
}
