//! `update` for pins, the query history and recently viewed records: what `b`, `P`, Ctrl-r and
//! Up in an empty search box do, and what the stores' answers change. Like all of `update`,
//! no I/O: the stores are asked through `Effect::Remember`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Overlay, Pane};
use crate::tui::app::step::Step;
use crate::tui::history::memory::{Chore, HistoryOverlay, Remembered};
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::input::line::{Edit, Edited};
use crate::tui::results::update::query_changed;
use errdex_core::text::sanitize;

/// The search engine's view of the pins and recently viewed records.
fn context(m: &Model) -> Effect {
    Effect::SearchContext {
        pinned: m.memory.pinned.clone(),
        recent: m.memory.recent(),
    }
}

pub(crate) fn on_remembered(m: &mut Model, answer: Remembered) -> Step {
    match answer {
        Remembered::Opened {
            pinned,
            queries,
            viewed,
            warnings,
        } => {
            let changed = !pinned.is_empty() || !viewed.is_empty();
            m.memory.pinned = pinned;
            m.memory.queries = queries;
            m.memory.viewed = viewed;
            if let Some(warning) = warnings.into_iter().next() {
                m.notice = Some(warning);
            }
            let step = Step::redraw();
            // Empty sets are what the engine starts with: no need to search again.
            if changed { step.with(context(m)) } else { step }
        }
        Remembered::Pin {
            id,
            now_pinned,
            pinned,
        } => {
            let verb = if now_pinned { "pinned" } else { "unpinned" };
            m.notice = Some(format!("{verb} {}", sanitize(&id)));
            m.memory.pinned = pinned;
            Step::redraw().with(context(m))
        }
        Remembered::Queries(queries) => {
            m.memory.queries = queries;
            Step {
                effects: Vec::new(),
                redraw: m.history_overlay().is_some(),
            }
        }
        Remembered::Viewed(viewed) => {
            let changed = m.memory.recent() != viewed.iter().cloned().collect();
            m.memory.viewed = viewed;
            if changed {
                Step::default().with(context(m))
            } else {
                Step::default()
            }
        }
        Remembered::Exported { path, count, text } => {
            let records = if count == 1 { "record" } else { "records" };
            let what = format!("{count} pinned {records} written to {path}");
            m.notice = Some(format!("{what}; copying…"));
            // The clipboard's report replaces the notice: "WHAT: copied (X11)".
            Step::redraw().with(Effect::Copy { what, text })
        }
        Remembered::ReportWritten { path, text } => {
            let what = format!("incident report written to {path}");
            m.notice = Some(format!("{what}; copying…"));
            Step::redraw().with(Effect::Copy { what, text })
        }
        Remembered::Failed(why) => {
            m.notice = Some(why);
            Step::redraw()
        }
    }
}

/// A copy or an open is acting on a result: keep the query that found it.
pub(crate) fn after_copy(m: &Model, step: Step) -> Step {
    let acted = step
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Copy { .. } | Effect::Open(_)));
    if acted { record_query(m, step) } else { step }
}

/// `b`: pin or unpin the selected record.
pub(crate) fn toggle_pin(m: &mut Model) -> Step {
    let Some(id) = m
        .selected_index()
        .and_then(|i| m.entry(i))
        .map(|e| e.id.to_string())
    else {
        return Step::default();
    };
    let step = Step::default().with(Effect::Remember(Chore::TogglePin(id.clone())));
    record_query(m, step).with(Effect::Remember(Chore::RecordViewed(id)))
}

/// `P`: every pinned record as one Markdown note, in a file.
pub(crate) fn export_pins(m: &mut Model) -> Step {
    if m.dataset.is_none() {
        m.notice = Some("the records are still loading".into());
        return Step::redraw();
    }
    if m.memory.pinned.is_empty() {
        m.notice = Some("nothing is pinned (b pins the selected record)".into());
        return Step::redraw();
    }
    Step::default().with(Effect::Remember(Chore::ExportPins(m.team.notes.clone())))
}

/// The user acted on a result: the query that found it is worth remembering.
pub(crate) fn record_query(m: &Model, step: Step) -> Step {
    // A pasted line is kept only as far as it is searched.
    let query = errdex_core::search::capped(&m.query).0.trim();
    if query.is_empty() || m.memory.queries.last().is_some_and(|q| q == query) {
        return step;
    }
    step.with(Effect::Remember(Chore::RecordQuery(query.to_string())))
}

/// The selected record was opened (full-screen detail): recently viewed, and its query kept.
pub(crate) fn opened(m: &Model, step: Step) -> Step {
    let step = record_query(m, step);
    match m.selected_index().and_then(|i| m.entry(i)) {
        Some(e) if m.memory.viewed.last().map(String::as_str) != Some(e.id) => {
            step.with(Effect::Remember(Chore::RecordViewed(e.id.to_string())))
        }
        _ => step,
    }
}

/// Up (`by` = -1) or Down (+1) in the search box walks the history while the box is empty or
/// showing a recalled query; otherwise None and the key moves the selection as usual.
pub(crate) fn recall(m: &mut Model, by: isize) -> Option<Step> {
    let starting = by < 0 && m.query.is_empty() && !m.memory.queries.is_empty();
    let walking = m.memory.recall.is_some() || starting;
    if m.mode != Mode::Search || m.focus != Pane::Results || m.zoomed || !walking {
        return None;
    }
    let len = m.memory.queries.len();
    let at = m.memory.recall.unwrap_or(len);
    let next = if by < 0 {
        let Some(older) = at.checked_sub(1) else {
            // Nothing older: stay on the oldest.
            return Some(Step::default());
        };
        older
    } else {
        at + 1
    };
    if next >= len {
        // Past the newest: back to the empty box the walk started from.
        m.query.set("");
        return Some(query_changed(m));
    }
    m.query.set(m.memory.queries[next].clone());
    let step = query_changed(m);
    m.memory.recall = Some(next);
    Some(step)
}

/// Ctrl-r: the searchable history.
pub(crate) fn open_history(m: &mut Model) -> Step {
    m.overlay = Some(Overlay::History(HistoryOverlay::default()));
    Step::redraw()
}

/// With the history overlay open, keys filter, move and pick; nothing else happens.
pub(crate) fn on_overlay_key(m: &mut Model, key: KeyEvent, action: Option<Action>) -> Step {
    let Some(Overlay::History(overlay)) = m.overlay.as_mut() else {
        return Step::default();
    };
    let count = m.memory.history_matches(&overlay.filter).len();
    match (action, key.code) {
        (Some(Action::Close), _) => m.overlay = None,
        (Some(Action::Accept), _) => return pick(m),
        (Some(Action::SelectNext), _) => {
            overlay.selected = (overlay.selected + 1).min(count.saturating_sub(1));
        }
        (Some(Action::SelectPrev), _) => overlay.selected = overlay.selected.saturating_sub(1),
        (Some(action), _) if Edit::of(action).is_some() => {
            if let Some(edit) = Edit::of(action)
                && overlay.filter.apply(edit) == Edited::Changed
            {
                overlay.selected = 0;
            }
        }
        (None, KeyCode::Char(c))
            if !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            overlay.filter.insert_char(c);
            overlay.selected = 0;
        }
        _ => return Step::default(),
    }
    Step::redraw()
}

/// Enter in the overlay: the chosen query goes into the search box.
fn pick(m: &mut Model) -> Step {
    let chosen = m.history_overlay().and_then(|o| {
        m.memory
            .history_matches(&o.filter)
            .get(o.selected)
            .map(ToString::to_string)
    });
    m.overlay = None;
    let Some(query) = chosen else {
        return Step::redraw();
    };
    m.mode = Mode::Search;
    m.query.set(query);
    query_changed(m)
}

#[cfg(test)]
#[path = "update_tests.rs"]
mod tests;
