//! The team feature's effects at the edge: reading and appending team notes on a worker,
//! and `N` — the editor on a new record with the terminal handed over, the record checked,
//! appended and joined to the dataset without reloading the rest.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::external::HandOver;
use super::inbox::Inbox;
use super::terminal::Guard;
use super::worker::{Job, Take, Worker};
use crate::tui::app::msg::{Msg, RecordAdded};
use errdex_core::dataset::Dataset;
use errdex_core::editor::{Editor, EditorError, Place};
use errdex_core::load::{self, SourceSpec};
use errdex_core::state::drafts::{self, Submitted};
use errdex_core::state::team_notes;

/// The notes file's jobs, in order: a note saved after the file was read is not lost in it.
enum Notes {
    /// Read the notes file; the answer is `Msg::Notes` (nothing when there is no file).
    Load,
    /// Append a note; the answer is `Msg::NoteSaved`.
    Save { id: String, text: String },
}

impl Job for Notes {
    /// The notes file, beside the records file.
    type State = Option<PathBuf>;
    const TAKE: Take = Take::Each;

    fn run(self, path: &mut Option<PathBuf>, inbox: &Inbox) {
        match self {
            Notes::Load => {
                let Some(path) = path else { return };
                let mut warnings = Vec::new();
                let notes = team_notes::read(path, &mut warnings);
                if !notes.is_empty() {
                    inbox.post(Msg::Notes(team_notes::by_id(notes)));
                }
            }
            Notes::Save { id, text } => {
                let saved = match path {
                    Some(path) => {
                        let note = team_notes::new_note(&id, &text);
                        team_notes::add(path, &note).map(|()| note)
                    }
                    None => Err("no data folder for the notes file".into()),
                };
                inbox.post(Msg::NoteSaved(saved));
            }
        }
    }
}

pub struct TeamEdge {
    write_to: Option<PathBuf>,
    inbox: Inbox,
    notes: Worker<Notes>,
    hand_over: HandOver,
}

impl TeamEdge {
    pub fn new(write_to: Option<PathBuf>, inbox: Inbox, hand_over: HandOver) -> TeamEdge {
        let path = write_to.as_deref().map(team_notes::notes_path);
        TeamEdge {
            write_to,
            notes: Worker::spawn("notes", inbox.clone(), move |_| path),
            inbox,
            hand_over,
        }
    }

    /// Hands the terminal to another program (`N` here, `e` for the local checkout).
    pub fn hand_over(&self) -> &HandOver {
        &self.hand_over
    }

    pub fn load_notes(&self) {
        self.notes.ask(Notes::Load);
    }

    pub fn save_note(&self, id: String, text: String) {
        self.notes.ask(Notes::Save { id, text });
    }

    /// Runs the editor on a new record in the foreground and posts what became of it.
    /// `site`: the record is the fix of this scanned site, filled in from it.
    pub fn new_record(
        &self,
        guard: &mut Guard,
        dataset: Option<Arc<Dataset>>,
        from_log: Option<&str>,
        site: Option<usize>,
    ) {
        let added = match (dataset, &self.write_to) {
            (Some(dataset), Some(write_to)) => {
                self.write_record(guard, &dataset, write_to, from_log, site)
            }
            (None, _) => Err("wait for the records to load before adding one".into()),
            (_, None) => Err("no data folder for the records file".into()),
        };
        self.inbox.post(Msg::RecordAdded(added));
    }

    fn write_record(
        &self,
        guard: &mut Guard,
        dataset: &Arc<Dataset>,
        write_to: &Path,
        from_log: Option<&str>,
        site: Option<usize>,
    ) -> RecordAdded {
        let template = if let Some(index) = site {
            drafts::site_template(&dataset.record(index).map_err(|e| e.to_string())?)
        } else {
            let draft = from_log.map(errdex_core::triage::draft_from_line);
            drafts::template(draft.as_ref())
        };
        let file = drafts::create(&template)?;
        let launched = Editor::from_env().launch(Place::File(file.path()), |command| {
            self.hand_over.run(guard, command)
        });
        match launched {
            Ok(()) => {}
            // The editor ran and failed (`:cq`): what the user wrote is kept.
            Err(failed @ EditorError::Failed { .. }) => {
                return Err(kept(file.path(), &failed.to_string()));
            }
            Err(not_run) => return Err(not_run.to_string()),
        }
        match drafts::submit(file.path(), &template, dataset, write_to) {
            Submitted::Added(docs) => {
                let ids = docs.iter().map(|(id, _)| id.clone()).collect();
                Ok((
                    Arc::new(joined(dataset, &docs, write_to)),
                    ids,
                    write_to.to_path_buf(),
                ))
            }
            Submitted::Unchanged => {
                Err("nothing added (the draft was left unchanged or emptied)".into())
            }
            Submitted::Rejected(rejection) => {
                // The temporary draft is gone once this returns: name the kept copy.
                let kept = drafts::keep(file.path());
                let problems = rejection.lines(kept.as_deref().unwrap_or(file.path()));
                let first = problems.first().cloned().unwrap_or_default();
                let more = match problems.len() {
                    0 | 1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                Err(kept_at(kept, &format!("{first}{more}")))
            }
        }
    }
}

/// "not added: WHY — draft kept at PATH".
fn kept(draft: &Path, why: &str) -> String {
    kept_at(drafts::keep(draft), why)
}

fn kept_at(kept: Result<PathBuf, String>, why: &str) -> String {
    match kept {
        Ok(path) => format!("not added: {why} — draft kept at {}", path.display()),
        Err(e) => format!("not added: {why} — {e}"),
    }
}

/// The dataset with the appended documents joined to it; a scanned site the new record
/// names (same repository, file and message: the fix of a site written with `N`) is hidden
/// behind it, as the next load would.
fn joined(dataset: &Dataset, docs: &[(String, serde_json::Value)], write_to: &Path) -> Dataset {
    let mut out = dataset.extended(loaded(docs, write_to));
    errdex_core::dataset::curated::hide_sites_with_records(&mut out);
    out
}

/// The appended documents as a dataset of their own, named after the records file. Its bytes
/// live as long as the browser: a few hundred bytes per record written.
fn loaded(docs: &[(String, serde_json::Value)], write_to: &Path) -> Dataset {
    let mut text = String::new();
    for (_, doc) in docs {
        text.push_str(&doc.to_string());
        text.push('\n');
    }
    let bytes: &'static [u8] = Box::leak(text.into_bytes().into_boxed_slice());
    let name: &'static str = Box::leak(write_to.display().to_string().into_boxed_str());
    let spec = SourceSpec::Embedded { name, bytes };
    load::load(&[spec], load::Options::default(), &|_| {}).dataset
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCANNED: &[u8] = include_bytes!("../../../tests/fixtures/code/acme-shop.jsonl");
    const SITE: &str = "scan-5f0c1a2b3c4d5e6f";

    #[test]
    fn the_fix_of_a_site_joins_the_dataset_and_hides_the_site_at_once() {
        let spec = SourceSpec::Embedded {
            name: "/home/u/.local/share/errdex/code/acme-shop.jsonl",
            bytes: SCANNED,
        };
        let scanned = load::load(&[spec], load::Options::default(), &|_| {}).dataset;
        let at = |ds: &Dataset, id: &str| ds.entries().iter().position(|e| e.id == id);
        let site = scanned
            .record(at(&scanned, SITE).expect("listed"))
            .expect("reads");
        let mut doc: serde_json::Value =
            serde_json::from_str(&drafts::site_template(&site)).expect("json");
        doc["id"] = "team-fix-1".into();
        doc["solutions"] = serde_json::json!(["create the file"]);
        let docs = vec![("team-fix-1".to_string(), doc)];
        let write_to = Path::new("/home/u/.local/share/errdex/records.jsonl");
        let joined = joined(&scanned, &docs, write_to);
        assert_eq!(at(&joined, SITE), None, "hidden behind its fix");
        assert!(at(&joined, "team-fix-1").is_some());
        assert!(at(&joined, "scan-9a8b7c6d5e4f3a2b").is_some());
        assert_eq!(joined.len(), scanned.len());
    }
}
