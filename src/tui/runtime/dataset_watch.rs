//! Notices a dataset file that changed under the browser (rewritten, truncated, replaced):
//! its records are read from the file when shown, so what the list says may no longer be
//! what the file holds. Says so once per change, and never reads a changed file as if it
//! were the one loaded.

use std::sync::{Arc, Mutex, Weak};
use std::thread;
use std::time::Duration;

use errdex_core::dataset::Dataset;

use super::inbox::Inbox;
use crate::tui::app::msg::Msg;
use crate::tui::results::scanned::in_code_folder;

/// How often the files are looked at: a `stat` per file, nothing read.
const EVERY: Duration = Duration::from_secs(2);

pub struct DatasetWatch {
    current: Arc<Mutex<Weak<Dataset>>>,
    own: OwnWrites,
}

/// Files the browser itself rewrites (a background rescan's `code/` file): not news, since
/// the records are loaded again after it, until the next dataset is watched.
#[derive(Clone, Default)]
pub struct OwnWrites(Arc<Mutex<Vec<String>>>);

impl OwnWrites {
    /// The browser is about to rewrite this file (named as its source is).
    pub fn expect(&self, name: String) {
        if let Ok(mut own) = self.0.lock() {
            own.push(name);
        }
    }

    /// It was not rewritten after all: a change to it is news again.
    pub fn forget(&self, name: &str) {
        if let Ok(mut own) = self.0.lock() {
            own.retain(|n| n != name);
        }
    }

    fn clear(&self) {
        if let Ok(mut own) = self.0.lock() {
            own.clear();
        }
    }

    /// The changes that are not the browser's own.
    fn others(&self, changed: &mut Vec<(String, String)>) {
        if let Ok(own) = self.0.lock() {
            changed.retain(|(name, _)| !own.contains(name));
        }
    }
}

impl DatasetWatch {
    /// Watches on a thread of its own, which ends when the inbox finds the browser gone.
    pub fn spawn(inbox: Inbox) -> DatasetWatch {
        let current = Arc::new(Mutex::new(Weak::<Dataset>::new()));
        let watched = Arc::clone(&current);
        let own = OwnWrites::default();
        let ours = own.clone();
        let _ = thread::Builder::new()
            .name("dataset-watch".into())
            .spawn(move || {
                let mut told = Vec::new();
                loop {
                    thread::sleep(EVERY);
                    let dataset = watched.lock().map(|w| w.upgrade()).ok().flatten();
                    let Some(dataset) = dataset else {
                        told.clear();
                        continue;
                    };
                    let mut changed = dataset.changed_sources();
                    drop(dataset);
                    ours.others(&mut changed);
                    let scanned = rescanned_elsewhere(&changed, &told);
                    if !scanned.is_empty() && !inbox.post(Msg::CodeRewritten(scanned)) {
                        return;
                    }
                    let others: Vec<(String, String)> = changed
                        .iter()
                        .filter(|(name, _)| !in_code_folder(name))
                        .cloned()
                        .collect();
                    if let Some(text) = news(&others, &told)
                        && !inbox.post(Msg::Notice(text))
                    {
                        return;
                    }
                    told = changed;
                }
            });
        DatasetWatch { current, own }
    }

    /// Watches this dataset from now on (the one the browser shows).
    pub fn watch(&self, dataset: &Arc<Dataset>) {
        if let Ok(mut current) = self.current.lock() {
            *current = Arc::downgrade(dataset);
        }
        self.own.clear();
    }

    /// Where the browser says which files it rewrites itself.
    pub fn own_writes(&self) -> OwnWrites {
        self.own.clone()
    }
}

/// The files of `code/` that changed and were not told: `errdex scan` rewrote them (in another
/// terminal): the records are loaded again rather than declared out of date.
fn rescanned_elsewhere(changed: &[(String, String)], told: &[(String, String)]) -> Vec<String> {
    changed
        .iter()
        .filter(|c| in_code_folder(&c.0) && !told.contains(c))
        .map(|(name, _)| name.clone())
        .collect()
}

/// What to tell the user about the files that changed, when any changed that was not told.
fn news(changed: &[(String, String)], told: &[(String, String)]) -> Option<String> {
    let fresh: Vec<&(String, String)> = changed.iter().filter(|c| !told.contains(c)).collect();
    let (name, why) = fresh.first()?;
    let more = match fresh.len() {
        1 => String::new(),
        n => format!(" (and {} more files)", n - 1),
    };
    Some(format!(
        "{name}: {why}{more}; what is shown may be out of date: restart errdex to read it again"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(name: &str, why: &str) -> (String, String) {
        (name.into(), why.into())
    }

    #[test]
    fn a_scanned_file_rewritten_elsewhere_is_loaded_again_once() {
        let code = change("/d/errdex/code/acme-shop.jsonl", "rewritten");
        let other = change("/d/mine.jsonl", "rewritten");
        let both = [code.clone(), other.clone()];
        assert_eq!(
            rescanned_elsewhere(&both, &[]),
            ["/d/errdex/code/acme-shop.jsonl"]
        );
        assert!(rescanned_elsewhere(&both, &both).is_empty(), "told once");
        assert!(rescanned_elsewhere(std::slice::from_ref(&other), &[]).is_empty());
    }

    #[test]
    fn the_browsers_own_writes_are_not_news_until_forgotten() {
        let own = OwnWrites::default();
        own.expect("code/a.jsonl".into());
        let mut changed = vec![change("code/a.jsonl", "rewritten"), change("b.jsonl", "x")];
        own.others(&mut changed);
        assert_eq!(changed, [change("b.jsonl", "x")]);
        own.forget("code/a.jsonl");
        let mut changed = vec![change("code/a.jsonl", "rewritten")];
        own.others(&mut changed);
        assert_eq!(changed.len(), 1);
    }

    #[test]
    fn a_change_is_told_once_and_a_new_one_again() {
        let a = change("a.jsonl", "the file was rewritten since it was loaded");
        let text = news(std::slice::from_ref(&a), &[]).expect("told");
        assert!(
            text.starts_with("a.jsonl: the file was rewritten"),
            "{text}"
        );
        assert!(text.contains("restart errdex"), "{text}");
        assert_eq!(
            news(std::slice::from_ref(&a), std::slice::from_ref(&a)),
            None
        );
        let b = change("b.jsonl", "the file was removed since it was loaded");
        let both = [a.clone(), b, change("c.jsonl", "x")];
        let text = news(&both, std::slice::from_ref(&a)).expect("told");
        assert!(
            text.starts_with("b.jsonl:") && text.contains("(and 1 more files)"),
            "{text}"
        );
        assert_eq!(news(&[], &both), None);
    }
}
