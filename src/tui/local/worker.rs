//! Following the selected record into the user's checkout off the UI thread: finding the
//! checkout may scan folders, and reading the file and asking git take a moment. One thread
//! takes the jobs; when several are queued (the user runs down the list) only the newest is
//! done.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::Arc;
use std::sync::mpsc::{self, Sender};
use std::thread;

use super::{LocalAnswer, LocalFile};
use crate::tui::app::msg::Msg;
use crate::tui::copy::worker::Reply;
use crate::tui::detail::snippet::{self, Highlighter};
use errdex_core::checkout::{self, Located, Window, editor};
use errdex_core::config::Checkouts;
use errdex_core::record::Record;

struct Job {
    index: usize,
    record: Box<Record>,
    highlighter: Option<Arc<Highlighter>>,
}

pub struct Locator {
    jobs: Sender<Job>,
}

impl Locator {
    /// The locating thread; its answers are `Msg::Located`.
    pub fn spawn(checkouts: Checkouts, cache_dir: Option<PathBuf>, reply: Reply) -> Locator {
        let (jobs, inbox) = mpsc::channel::<Job>();
        thread::spawn(move || {
            while let Ok(first) = inbox.recv() {
                let job = inbox.try_iter().last().unwrap_or(first);
                let answer = answer(&job, &checkouts, cache_dir.as_deref());
                reply(Msg::Located(Box::new(answer)));
            }
        });
        Locator { jobs }
    }

    pub fn find(&self, index: usize, record: Record, highlighter: Option<Arc<Highlighter>>) {
        let _ = self.jobs.send(Job {
            index,
            record: Box::new(record),
            highlighter,
        });
    }
}

/// The user's editor at `path:line`, run by `run` (which hands it the terminal); the answer
/// for `update`.
pub fn edit(
    path: &Path,
    line: usize,
    run: impl FnOnce(Command) -> Result<ExitStatus, String>,
) -> Msg {
    let editor = editor::from_env();
    let result = match run(editor::command(&editor, path, line)) {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!(
            "`{}` exited with {status}",
            editor::describe(&editor, path, line)
        )),
        Err(why) => Err(format!("`{editor}`: {why}")),
    };
    Msg::Edited(result)
}

fn answer(job: &Job, checkouts: &Checkouts, cache_dir: Option<&Path>) -> LocalAnswer {
    let result = checkout::locate(&job.record, checkouts, cache_dir).map(|located| {
        let lines = located
            .window
            .as_ref()
            .and_then(|w| prepare(&job.record, &located, w, job.highlighter.as_deref()));
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
