//! The pins and history stores on their own thread: `update` never waits for the disk or for
//! another errdex holding a store's lock. Answers go back to the loop as `Msg::Remembered`.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, Sender};
use std::thread::{self, JoinHandle};

use super::action::Msg;
use super::memory::{Chore, Remembered};
use crate::dataset::Dataset;
use crate::state::{Pins, Recent, note};

/// A chore and the dataset at the time it was asked for (the export needs the records).
type Job = (Chore, Option<Arc<Dataset>>);

pub struct Worker {
    tx: Option<Sender<Job>>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Opens the stores in the data folder (errdex's, or `dir` in tests) and answers
    /// `Remembered::Opened` first.
    pub fn spawn(dir: Result<PathBuf, String>, answer: impl Fn(Msg) + Send + 'static) -> Worker {
        let (tx, rx) = mpsc::channel::<Job>();
        let handle = thread::spawn(move || {
            let send = |r: Remembered| answer(Msg::Remembered(r));
            let mut stores = match dir {
                Ok(dir) => Stores::open(dir),
                Err(why) => {
                    send(Remembered::Failed(format!(
                        "pins and history are off: {why}"
                    )));
                    // Nothing to remember with; let the chores go.
                    for _ in rx {}
                    return;
                }
            };
            send(stores.opened());
            for (chore, dataset) in rx {
                for answer in stores.run(chore, dataset.as_deref()) {
                    send(answer);
                }
            }
        });
        Worker {
            tx: Some(tx),
            handle: Some(handle),
        }
    }

    pub fn send(&self, chore: Chore, dataset: Option<Arc<Dataset>>) {
        if let Some(tx) = &self.tx {
            let _ = tx.send((chore, dataset));
        }
    }

    /// Waits until every chore asked for is done (the query recorded on quit must reach the
    /// disk before the process ends).
    pub fn finish(mut self) {
        self.tx = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

struct Stores {
    dir: PathBuf,
    pins: Pins,
    queries: Recent,
    viewed: Recent,
}

fn texts(r: &Recent) -> Vec<String> {
    r.items().iter().map(|i| i.text.clone()).collect()
}

impl Stores {
    fn open(dir: PathBuf) -> Stores {
        Stores {
            pins: Pins::open(&dir),
            queries: Recent::queries(&dir),
            viewed: Recent::viewed(&dir),
            dir,
        }
    }

    /// Problems met while reading (a corrupt file set aside) come once, then are cleared.
    fn warnings(&mut self) -> Vec<String> {
        let mut out = std::mem::take(&mut self.pins.warnings);
        out.append(&mut self.queries.warnings);
        out.append(&mut self.viewed.warnings);
        out
    }

    fn opened(&mut self) -> Remembered {
        Remembered::Opened {
            pinned: self.pins.ids(),
            queries: texts(&self.queries),
            viewed: texts(&self.viewed),
            warnings: self.warnings(),
        }
    }

    /// The answer to a chore, then any warning the store had while doing it.
    fn run(&mut self, chore: Chore, dataset: Option<&Dataset>) -> Vec<Remembered> {
        let answer = match chore {
            Chore::TogglePin(id) => self.pins.toggle(&id).map(|now_pinned| Remembered::Pin {
                id,
                now_pinned,
                pinned: self.pins.ids(),
            }),
            Chore::RecordQuery(q) => self
                .queries
                .push(&q)
                .map(|()| Remembered::Queries(texts(&self.queries))),
            Chore::RecordViewed(id) => self
                .viewed
                .push(&id)
                .map(|()| Remembered::Viewed(texts(&self.viewed))),
            Chore::ExportPins => self.export(dataset),
        };
        let mut out = vec![answer.unwrap_or_else(Remembered::Failed)];
        out.extend(self.warnings().into_iter().map(Remembered::Failed));
        out
    }

    fn export(&mut self, dataset: Option<&Dataset>) -> Result<Remembered, String> {
        let ds = dataset.ok_or("the records are still loading")?;
        // Pins made by another errdex since the last change belong in the note too.
        self.pins.reload();
        let found = note::locate(ds, self.pins.list());
        let text = note::pinned_note(ds, &found)?;
        let path = note::write_note(&self.dir, &text).map_err(|e| {
            format!(
                "cannot write {}: {e}",
                self.dir.join(note::NOTE_FILE).display()
            )
        })?;
        Ok(Remembered::Exported {
            path: path.display().to_string(),
            count: found.iter().filter(|(_, i)| i.is_some()).count(),
            text,
        })
    }
}
