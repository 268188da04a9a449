//! Recent things, newest last, without repeats: the last 500 search queries (`history.json`,
//! recalled with Up and Ctrl-r) and the records recently viewed (`viewed.json`).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::file::{StateFile, now};

pub const HISTORY_LIMIT: usize = 500;
pub const VIEWED_LIMIT: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub text: String,
    /// When it was last used, in seconds since the Unix epoch.
    pub at: u64,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct ListFile {
    #[serde(default)]
    items: Vec<Item>,
}

/// A capped most-recent-last list kept in one state file.
#[derive(Debug)]
pub struct Recent {
    file: StateFile,
    limit: usize,
    items: Vec<Item>,
    /// Problems met reading the file (a corrupt file set aside).
    pub warnings: Vec<String>,
}

impl Recent {
    /// Search queries typed in the browser.
    pub fn queries(dir: &Path) -> Self {
        Self::open(dir, "history.json", HISTORY_LIMIT)
    }

    /// Ids of records opened in the detail view.
    pub fn viewed(dir: &Path) -> Self {
        Self::open(dir, "viewed.json", VIEWED_LIMIT)
    }

    fn open(dir: &Path, name: &'static str, limit: usize) -> Self {
        let file = StateFile::new(dir, name);
        let mut warnings = Vec::new();
        let stored: ListFile = file.read(&mut warnings);
        Recent {
            file,
            limit,
            items: stored.items,
            warnings,
        }
    }

    /// Oldest first; Up in an empty search box walks it from the end.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// Newest first, those containing `needle` (ignoring case): Ctrl-r's list.
    pub fn search<'a>(&'a self, needle: &str) -> impl Iterator<Item = &'a str> + 'a {
        let needle = needle.to_lowercase();
        self.items
            .iter()
            .rev()
            .map(|i| i.text.as_str())
            .filter(move |t| t.to_lowercase().contains(&needle))
    }

    /// Records `text` as the newest item (moving it if it was there already); blank text is
    /// not recorded.
    pub fn push(&mut self, text: &str) -> Result<(), String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(());
        }
        let limit = self.limit;
        let (stored, ()) = self.file.update(&mut self.warnings, |s: &mut ListFile| {
            s.items.retain(|i| i.text != text);
            s.items.push(Item {
                text: text.to_string(),
                at: now(),
            });
            let excess = s.items.len().saturating_sub(limit);
            s.items.drain(..excess);
        })?;
        self.items = stored.items;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_newest_without_repeats_up_to_the_limit() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = Recent::open(dir.path(), "history.json", 5);
        for q in ["a1", "b", "a2", "c", "a3", "d", "e"] {
            h.push(q).expect("push");
        }
        h.push("a3").expect("push");
        h.push("   ").expect("push");
        let reopened = Recent::open(dir.path(), "history.json", 5);
        let texts: Vec<&str> = reopened.items().iter().map(|i| i.text.as_str()).collect();
        assert_eq!(texts, ["a2", "c", "d", "e", "a3"]);
        let found: Vec<&str> = reopened.search("A").collect();
        assert_eq!(found, ["a3", "a2"]);
    }

    #[test]
    fn viewed_records_are_a_separate_list() {
        let dir = tempfile::tempdir().expect("temp dir");
        Recent::viewed(dir.path()).push("abc").expect("push");
        assert!(Recent::queries(dir.path()).items().is_empty());
        assert_eq!(Recent::viewed(dir.path()).items()[0].text, "abc");
    }
}
