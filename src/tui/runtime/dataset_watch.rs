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

/// How often the files are looked at: a `stat` per file, nothing read.
const EVERY: Duration = Duration::from_secs(2);

pub struct DatasetWatch {
    current: Arc<Mutex<Weak<Dataset>>>,
}

impl DatasetWatch {
    /// Watches on a thread of its own, which ends when the inbox finds the browser gone.
    pub fn spawn(inbox: Inbox) -> DatasetWatch {
        let current = Arc::new(Mutex::new(Weak::<Dataset>::new()));
        let watched = Arc::clone(&current);
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
                    let changed = dataset.changed_sources();
                    drop(dataset);
                    if let Some(text) = news(&changed, &told)
                        && !inbox.post(Msg::Notice(text))
                    {
                        return;
                    }
                    told = changed;
                }
            });
        DatasetWatch { current }
    }

    /// Watches this dataset from now on (the one the browser shows).
    pub fn watch(&self, dataset: &Arc<Dataset>) {
        if let Ok(mut current) = self.current.lock() {
            *current = Arc::downgrade(dataset);
        }
    }
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
