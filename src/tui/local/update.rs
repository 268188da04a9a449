//! The local checkout in `update`: answers of the locating worker, `e` (edit at today's line)
//! and the Source pane's toggle between snippet and local file. Pure: the editor and the
//! locating run at the edge (`Effect::Edit`, `Effect::Locate`).

use super::shown::current;
use super::{LocalAnswer, LocalFile};
use crate::tui::app::effect::Effect;
use crate::tui::app::generation::Job;
use crate::tui::app::model::{Model, Pane};
use crate::tui::app::scroll;
use crate::tui::app::step::Step;

/// A record's detail is on display: look for it in the user's checkout.
pub fn detail_shown(m: &mut Model, step: Step) -> Step {
    // An answer for the record shown before is stale from here on.
    let generation = m.requests.ask(Job::Locate);
    match m.current_detail() {
        Some(d) => step.with(Effect::Locate {
            index: d.index,
            generation,
        }),
        None => step,
    }
}

/// The worker answered (answers to an earlier `Locate` were dropped by `update`).
pub fn on_located(m: &mut Model, answer: LocalAnswer) -> Step {
    m.local.answer = Some(Box::new(answer));
    if m.local.showing {
        scroll::center_marked_line(m);
    }
    Step::redraw()
}

/// `e`: the editor at today's line, or a word on why not.
pub fn edit(m: &mut Model) -> Step {
    let Some(detail) = m.current_detail() else {
        return Step::default();
    };
    let answer = current(m).map(|a| &a.result);
    let target = match answer {
        None => Err(format!(
            "still looking for {} in your checkout…",
            detail.record.file_path.as_deref().unwrap_or("the file")
        )),
        Some(Err(why)) => Err(why.to_string()),
        Some(Ok(LocalFile { located, .. })) => match located.line.local() {
            Some(line) => Ok(Effect::Edit {
                path: located.file.clone(),
                line,
            }),
            None => Err(format!(
                "{}: {}",
                located.file.display(),
                located.note().unwrap_or_default()
            )),
        },
    };
    match target {
        Ok(effect) => Step::default().with(effect),
        Err(why) => {
            m.notice = Some(format!("cannot edit: {why}"));
            Step::redraw()
        }
    }
}

/// The editor exited: say so if it failed, and follow the line again (the file may have
/// been edited).
pub fn on_edited(m: &mut Model, result: Result<(), String>) -> Step {
    if let Err(why) = result {
        m.notice = Some(format!("editor: {why}"));
    }
    detail_shown(m, Step::redraw())
}

/// Switches the Source pane between the record's snippet and the local file.
pub fn toggle(m: &mut Model) -> Step {
    if m.local.showing {
        m.local.showing = false;
    } else {
        let why_not = match current(m).map(|a| &a.result) {
            None if m.current_detail().is_none() => return Step::default(),
            None => Some("still looking for it in your checkout".to_string()),
            Some(Err(why)) => Some(why.to_string()),
            Some(Ok(LocalFile { lines: None, .. })) => {
                Some("the error line is no longer in the local file".to_string())
            }
            Some(Ok(_)) => None,
        };
        if let Some(why) = why_not {
            m.notice = Some(format!("no local file to show: {why}"));
            return Step::redraw();
        }
        m.local.showing = true;
    }
    m.tab = Pane::Source;
    m.focus = Pane::Source;
    scroll::center_marked_line(m);
    Step::redraw()
}

#[cfg(test)]
#[path = "update_tests.rs"]
mod tests;
