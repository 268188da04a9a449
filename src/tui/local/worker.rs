//! Following the selected record into the user's checkout off the UI thread: finding the
//! checkout may scan folders, and reading the file and asking git take a moment. When several
//! are queued (the user runs down the list) only the newest is done.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};

use super::{LocalAnswer, LocalFile};
use crate::tui::app::generation::Generation;
use crate::tui::app::msg::Msg;
use crate::tui::detail::highlighting::Highlighting;
use crate::tui::detail::snippet::{self, Highlighter};
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::{Job, Take};
use errdex_core::checkout::{self, Located, Window};
use errdex_core::config::Checkouts;
use errdex_core::editor::{Editor, Place};
use errdex_core::record::Record;

/// Follow this record (the one on display) into the checkout; the answer is `Msg::Located`
/// with this generation.
pub struct Locate {
    pub generation: Generation,
    pub index: usize,
    pub record: Box<Record>,
    pub highlighting: Highlighting,
}

/// Where to look: the config's checkouts, and the cache of the folders found.
pub struct Where {
    pub checkouts: Checkouts,
    pub cache_dir: Option<PathBuf>,
}

impl Job for Locate {
    type State = Where;
    const TAKE: Take = Take::Newest;

    fn run(self, at: &mut Where, inbox: &Inbox) {
        let answer = answer(&self, &at.checkouts, at.cache_dir.as_deref());
        inbox.post(Msg::Located(self.generation, Box::new(answer)));
    }
}

/// The user's editor at `path:line`, run by `run` (which hands it the terminal); the answer
/// for `update`.
pub fn edit(
    path: &Path,
    line: usize,
    run: impl FnOnce(Command) -> Result<ExitStatus, String>,
) -> Msg {
    let result = Editor::from_env().launch(Place::Line(path, line), run);
    Msg::Edited(result.map_err(|e| e.to_string()))
}

fn answer(job: &Locate, checkouts: &Checkouts, cache_dir: Option<&Path>) -> LocalAnswer {
    let result = checkout::locate(&job.record, checkouts, cache_dir).map(|located| {
        let lines = located
            .window
            .as_ref()
            .and_then(|w| prepare(&job.record, &located, w, job.highlighting.get()));
        LocalFile { located, lines }
    });
    LocalAnswer {
        index: job.index,
        result,
    }
}

/// The local window prepared exactly as the snippet is, by handing `snippet::prepare` a
/// record whose snippet is that window.
fn prepare(
    record: &Record,
    located: &Located,
    window: &Window,
    highlighter: Option<&Highlighter>,
) -> Option<snippet::SourceLines> {
    let view = Record {
        source_code: Some(window.text.clone()),
        source_code_start: Some(window.start as i64),
        line_number: Some(window.marked as i64),
        file_path: record
            .file_path
            .clone()
            .or_else(|| Some(located.file.display().to_string())),
        ..Record::default()
    };
    snippet::prepare(&view, highlighter)
}
