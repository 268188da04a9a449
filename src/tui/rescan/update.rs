//! The rescans' messages turned into effects and the status line.

use super::{Checkout, Rescanned};
use crate::tui::app::effect::Effect;
use crate::tui::app::generation::Job;
use crate::tui::app::model::Model;
use crate::tui::app::step::Step;

/// The watch saw these checkouts' HEAD move: rescan them (with any still waiting).
pub fn on_head_moved(m: &mut Model, moved: Vec<Checkout>) -> Step {
    for c in moved {
        if !m.rescan.pending.contains(&c) {
            m.rescan.pending.push(c);
        }
    }
    if m.rescan.pending.is_empty() {
        return Step::default();
    }
    let generation = m.requests.ask(Job::Rescan);
    Step {
        effects: vec![Effect::Rescan {
            generation,
            checkouts: m.rescan.pending.clone(),
        }],
        redraw: false,
    }
}

/// `errdex scan` rewrote files of `code/` outside the browser: their sites are loaded again.
pub fn on_code_rewritten(m: &mut Model, files: &[String]) -> Step {
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            let path = std::path::Path::new(f);
            let name = path
                .file_name()
                .map_or(f.clone(), |n| n.to_string_lossy().into());
            format!("code/{}", errdex_core::text::one_line(&name))
        })
        .collect();
    if names.is_empty() {
        return Step::default();
    }
    m.notice = Some(format!("{} rescanned: loading it again", names.join(", ")));
    Step::redraw().with(Effect::Reload)
}

/// The newest rescan answered: the status line says what changed, a failure becomes a line
/// of the problems overlay, and the records are loaded again when a file was rewritten.
pub fn on_rescanned(m: &mut Model, answers: Vec<Rescanned>) -> Step {
    m.rescan.pending.clear();
    let mut said = Vec::new();
    let mut reload = false;
    for answer in answers {
        match answer.result {
            Ok((summary, written)) => {
                reload |= written;
                said.push(format!("rescanned {}: {summary}", answer.name));
            }
            Err(why) => {
                let line = format!("rescan of {}: {why}", answer.name);
                said.push(format!("{line} (the problems list keeps it)"));
                m.rescan.problems.push(line);
            }
        }
    }
    if said.is_empty() {
        return Step::default();
    }
    m.notice = Some(said.join("; "));
    let step = Step::redraw();
    if reload {
        step.with(Effect::Reload)
    } else {
        step
    }
}
