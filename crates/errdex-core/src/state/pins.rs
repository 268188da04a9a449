//! Pinned records: the ones an on-call engineer wants to keep at hand (`b` in the browser,
//! `errdex pin ID`), stored in `pins.json` in the data folder.

use std::collections::HashSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::file::{StateFile, now};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pin {
    pub id: String,
    /// When it was pinned, in seconds since the Unix epoch.
    pub at: u64,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct PinsFile {
    #[serde(default)]
    pins: Vec<Pin>,
}

/// What the pins store looks like to the rest of errdex. Every change re-reads the file under
/// its lock, so pins made by another errdex meanwhile are kept.
#[derive(Debug)]
pub struct Pins {
    file: StateFile,
    list: Vec<Pin>,
    /// Problems met reading the file (a corrupt file set aside); shown once, then cleared.
    pub warnings: Vec<String>,
}

impl Pins {
    pub fn open(dir: &Path) -> Self {
        let file = StateFile::new(dir, "pins.json");
        let mut warnings = Vec::new();
        let stored: PinsFile = file.read(&mut warnings);
        Pins {
            file,
            list: stored.pins,
            warnings,
        }
    }

    /// Oldest pin first.
    pub fn list(&self) -> &[Pin] {
        &self.list
    }

    /// The pinned ids, for `is:pinned` in a query.
    pub fn ids(&self) -> HashSet<String> {
        self.list.iter().map(|p| p.id.clone()).collect()
    }

    pub fn contains(&self, id: &str) -> bool {
        self.list.iter().any(|p| p.id == id)
    }

    /// Picks up changes another errdex made.
    pub fn reload(&mut self) {
        let stored: PinsFile = self.file.read(&mut self.warnings);
        self.list = stored.pins;
    }

    /// Pins `id`; false if it already was.
    pub fn pin(&mut self, id: &str) -> Result<bool, String> {
        self.change(|pins| {
            if pins.iter().any(|p| p.id == id) {
                return false;
            }
            pins.push(Pin {
                id: id.to_string(),
                at: now(),
            });
            true
        })
    }

    /// Unpins `id`; false if it was not pinned.
    pub fn unpin(&mut self, id: &str) -> Result<bool, String> {
        self.change(|pins| {
            let before = pins.len();
            pins.retain(|p| p.id != id);
            pins.len() != before
        })
    }

    /// Pins or unpins `id` (the browser's `b`); true if it is pinned now.
    pub fn toggle(&mut self, id: &str) -> Result<bool, String> {
        self.change(|pins| {
            if let Some(i) = pins.iter().position(|p| p.id == id) {
                pins.remove(i);
                false
            } else {
                pins.push(Pin {
                    id: id.to_string(),
                    at: now(),
                });
                true
            }
        })
    }

    fn change(&mut self, f: impl FnOnce(&mut Vec<Pin>) -> bool) -> Result<bool, String> {
        let (stored, changed) = self
            .file
            .update(&mut self.warnings, |s: &mut PinsFile| f(&mut s.pins))?;
        self.list = stored.pins;
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_persist_and_merge_with_another_writer() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut a = Pins::open(dir.path());
        let mut b = Pins::open(dir.path());
        assert_eq!(a.pin("one"), Ok(true));
        assert_eq!(b.pin("two"), Ok(true));
        // b wrote on top of a's pin, not over it.
        assert_eq!(b.ids(), HashSet::from(["one".into(), "two".into()]));
        assert_eq!(a.pin("one"), Ok(false));
        assert_eq!(a.toggle("two"), Ok(false));
        b.reload();
        assert!(b.contains("one") && !b.contains("two"));
        assert_eq!(b.unpin("nope"), Ok(false));
        let reopened = Pins::open(dir.path());
        let ids: Vec<&str> = reopened.list().iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["one"]);
    }
}
