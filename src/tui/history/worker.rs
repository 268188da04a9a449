//! The pins and history stores on their own thread: `update` never waits for the disk or for
//! another errdex holding a store's lock. Answers go to the inbox as `Msg::Remembered`.

use std::path::PathBuf;
use std::sync::Arc;

use crate::tui::app::msg::Msg;
use crate::tui::history::memory::{Chore, Remembered};
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::{Job, Take, Worker};
use errdex_core::dataset::Dataset;
use errdex_core::state::{Pins, Recent, note};

/// A chore and the dataset at the time it was asked for (the export needs the records).
pub struct Remember {
    pub chore: Chore,
    pub dataset: Option<Arc<Dataset>>,
}

/// The stores, or why there are none (then every chore is answered with the reason).
pub type Opened = Result<Stores, String>;

impl Job for Remember {
    type State = Opened;
    const TAKE: Take = Take::Each;

    fn run(self, opened: &mut Opened, inbox: &Inbox) {
        let answers = match opened {
            Ok(stores) => stores.run(self.chore, self.dataset.as_deref()),
            Err(why) => vec![Remembered::Failed(why.clone())],
        };
        for answer in answers {
            inbox.post(Msg::Remembered(answer));
        }
    }
}

/// The stores' worker: opens them in the data folder (errdex's, or `dir` in tests) and
/// answers `Remembered::Opened` first.
pub fn spawn(dir: Result<PathBuf, String>, inbox: Inbox) -> Worker<Remember> {
    Worker::spawn("memory", inbox, move |inbox| {
        let mut opened = match dir {
            Ok(dir) => Ok(Stores::open(dir)),
            Err(why) => Err(format!("pins and history are off: {why}")),
        };
        let first = match &mut opened {
            Ok(stores) => stores.opened(),
            Err(why) => Remembered::Failed(why.clone()),
        };
        inbox.post(Msg::Remembered(first));
        opened
    })
}

pub struct Stores {
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
            Chore::ExportPins(notes) => self.export(dataset, &notes),
            Chore::WriteIncidentReport(text) => {
                note::write_atomically(&self.dir, note::INCIDENT_FILE, &text)
                    .map(|path| Remembered::ReportWritten {
                        path: path.display().to_string(),
                        text,
                    })
                    .map_err(|e| {
                        let path = self.dir.join(note::INCIDENT_FILE);
                        format!("cannot write {}: {e}", path.display())
                    })
            }
        };
        let mut out = vec![answer.unwrap_or_else(Remembered::Failed)];
        out.extend(self.warnings().into_iter().map(Remembered::Failed));
        out
    }

    fn export(
        &mut self,
        dataset: Option<&Dataset>,
        notes: &note::TeamNotes,
    ) -> Result<Remembered, String> {
        let ds = dataset.ok_or("the records are still loading")?;
        // Pins made by another errdex since the last change belong in the note too.
        self.pins.reload();
        let found = note::locate(ds, self.pins.list());
        let text = note::pinned_note(ds, &found, notes)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs chores against stores in `dir` and returns every answer, in order.
    fn answers(dir: Result<PathBuf, String>, chores: Vec<Chore>) -> Vec<Remembered> {
        let (inbox, answers) = Inbox::new();
        let worker = spawn(dir, inbox);
        for chore in chores {
            worker.ask(Remember {
                chore,
                dataset: None,
            });
        }
        worker.finish();
        answers
            .try_iter()
            .filter_map(|msg| match msg {
                Msg::Remembered(r) => Some(r),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn chores_reach_the_stores_and_finish_waits_for_them() {
        let dir = tempfile::tempdir().expect("temp dir");
        let got = answers(
            Ok(dir.path().to_path_buf()),
            vec![
                Chore::TogglePin("a1".into()),
                Chore::RecordQuery("conn refused".into()),
                Chore::RecordViewed("a1".into()),
                Chore::ExportPins(Default::default()),
            ],
        );
        assert!(matches!(&got[0], Remembered::Opened { pinned, .. } if pinned.is_empty()));
        assert_eq!(
            got[1],
            Remembered::Pin {
                id: "a1".into(),
                now_pinned: true,
                pinned: ["a1".to_string()].into(),
            }
        );
        assert_eq!(got[2], Remembered::Queries(vec!["conn refused".into()]));
        assert_eq!(got[3], Remembered::Viewed(vec!["a1".into()]));
        assert_eq!(
            got[4],
            Remembered::Failed("the records are still loading".into())
        );
        assert!(Pins::open(dir.path()).contains("a1"));
        assert_eq!(Recent::queries(dir.path()).items()[0].text, "conn refused");
    }

    #[test]
    fn without_a_data_folder_every_chore_is_answered_with_the_reason() {
        let got = answers(Err("no HOME".into()), vec![Chore::TogglePin("a1".into())]);
        assert_eq!(got.len(), 2);
        assert!(
            got.iter()
                .all(|r| matches!(r, Remembered::Failed(w) if w.contains("no HOME")))
        );
    }

    #[test]
    fn the_incident_report_is_written_to_the_data_folder_and_handed_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let text = "# Incident report\n\nsome known errors\n".to_string();
        let got = answers(
            Ok(dir.path().to_path_buf()),
            vec![Chore::WriteIncidentReport(text.clone())],
        );
        let path = dir.path().join(note::INCIDENT_FILE);
        assert_eq!(
            got[1],
            Remembered::ReportWritten {
                path: path.display().to_string(),
                text: text.clone(),
            }
        );
        assert_eq!(std::fs::read_to_string(&path).expect("written"), text);
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .filter_map(Result::ok)
            .filter(|e| {
                let name = e.file_name();
                name.to_string_lossy().starts_with(".incident-report.md.")
            })
            .collect();
        assert!(left.is_empty(), "no temporary file is left behind");
    }
}
