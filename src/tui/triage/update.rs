//! The triage view's part of `update`: a paste opens a triage, the worker's news fill it, Esc
//! leaves it and `show_triage` comes back to it.

use super::state::{Origin, TriageNews, TriageState};
use crate::tui::app::effect::Effect;
use crate::tui::app::generation::{Generation, Job};
use crate::tui::app::model::{Model, Pane};
use crate::tui::app::scroll;
use crate::tui::app::step::Step;
use crate::tui::history::memory::Chore;
use crate::tui::input::keymap::Mode;
use crate::tui::results::listing::{Listing, Row};
use crate::tui::results::update::query_changed;
use errdex_core::triage::UnknownGroup;

/// A paste: one line goes into the query at the cursor; several open a triage of them.
pub fn on_paste(m: &mut Model, text: &str) -> Step {
    if m.overlay.is_some() {
        // An overlay has the keyboard; a paste does not go past it.
        return Step::default();
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if lines > 1 {
        let id = m.requests.ask(Job::Triage).0;
        m.triage = Some(TriageState::new(id, Origin::Paste));
        let mut step = activate(m);
        step.effects.push(Effect::Triage { id, log: text });
        return step;
    }
    let was_triage = m.in_triage();
    if was_triage {
        m.show_search();
    }
    m.mode = Mode::Search;
    // The query is one line: tabs become spaces, other control characters are dropped.
    let one: String = text
        .trim()
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    if one.is_empty() && !was_triage {
        return Step::redraw();
    }
    m.query.insert(&one);
    // Only the start of a huge paste is searched: keep only that, so that typing, drawing and
    // history stay quick.
    let (kept, cut) = errdex_core::search::capped(&m.query);
    if cut {
        m.query.truncate(kept.len());
        m.notice = Some(format!(
            "pasted line cut to {} KB: only its start is searched",
            errdex_core::search::MAX_QUERY_BYTES / 1024
        ));
    }
    query_changed(m)
}

/// Starts the model in the triage view of a log that will arrive as news with this id.
pub fn start(m: &mut Model, id: u64, origin: Origin) -> Step {
    m.requests.asked(Job::Triage, Generation(id));
    m.triage = Some(TriageState::new(id, origin));
    activate(m)
}

/// News from the worker: more lines read, more hits. News of any triage but the newest were
/// dropped by `update`, so they are the shown triage's.
pub fn on_news(m: &mut Model, news: TriageNews) -> Step {
    let Some(t) = m.triage.as_mut() else {
        return Step::default();
    };
    t.phase = news.phase;
    t.lines = news.lines;
    t.extent = news.extent;
    t.add(news.hits);
    if m.in_triage() {
        sync(m)
    } else {
        Step::default()
    }
}

/// The triage on screen, if the triage view is shown.
fn shown(m: &Model) -> Option<&TriageState> {
    m.triage.as_ref().filter(|_| m.in_triage())
}

/// The unknown error group selected in the triage view, if one is.
pub fn selected_unknown(m: &Model) -> Option<&UnknownGroup> {
    match m.selected_row()? {
        Row::Unknown(k) => shown(m)?.unknown_at(*k),
        _ => None,
    }
}

/// The incident report of the log in the triage view, as `errdex triage --markdown` writes it.
pub fn incident_report(m: &Model) -> Option<String> {
    let t = shown(m)?;
    Some(
        t.incident()
            .markdown(m.dataset.as_ref()?, t.lines, &t.extent),
    )
}

/// `R`: the triage view's incident report, written to the data folder (and copied).
pub fn write_report(m: &mut Model) -> Step {
    let Some(text) = incident_report(m) else {
        m.notice = Some("no incident report here: paste or pipe a log to triage it".into());
        return Step::redraw();
    };
    Step::default().with(Effect::Remember(Chore::WriteIncidentReport(text)))
}

/// Esc: back to the search box and the query's results; the triage is kept for later.
pub fn leave(m: &mut Model) -> Step {
    m.show_search();
    m.mode = Mode::Search;
    query_changed(m)
}

/// `show_triage`: back to the triage view, if there is a log.
/// Log lines one `[` or `]` scrolls by.
const LINES_STEP: usize = 10;

/// Scrolls the log lines of the selected known error by a step (`direction` ±1).
pub fn scroll_lines(m: &mut Model, direction: isize) -> Step {
    let Some(row) = m.selected_row().filter(|_| m.in_triage()).cloned() else {
        return Step::default();
    };
    let Some(t) = m.triage.as_mut() else {
        return Step::default();
    };
    let kept = t.row_lines(&row).1.len();
    let now = t.lines_scroll(&row);
    let next = if direction < 0 {
        now.saturating_sub(LINES_STEP)
    } else {
        (now + LINES_STEP).min(kept.saturating_sub(1))
    };
    t.scroll_lines_to(&row, next);
    Step::redraw()
}

pub fn reopen(m: &mut Model) -> Step {
    match &m.triage {
        Some(_) if !m.in_triage() => activate(m),
        _ => Step::default(),
    }
}

fn activate(m: &mut Model) -> Step {
    m.listing = Listing::Triage(Vec::new());
    m.mode = Mode::Browse;
    m.zoomed = false;
    m.focus = Pane::Results;
    m.selected = 0;
    m.list_offset = 0;
    sync(m)
}

/// Puts the groups in the results list, keeping the selected row selected as they reorder.
fn sync(m: &mut Model) -> Step {
    let redraw = Step::redraw();
    let Some(t) = shown(m) else {
        return redraw;
    };
    // The selected row, by what it stands for: a record, or an unknown group's pattern.
    let kept_record = m.selected_index();
    let kept_unknown = match m.selected_row() {
        Some(Row::Unknown(k)) => t.unknown_at(*k).map(|g| g.pattern.clone()),
        _ => None,
    };
    let rows = t.rows();
    let kept_unknown = kept_unknown.and_then(|p| t.unknown().iter().position(|g| g.pattern == p));
    let selected = match (kept_record, kept_unknown) {
        (Some(k), _) => rows.iter().position(|r| r.record() == Some(k)),
        (None, Some(k)) => rows.iter().position(|r| *r == Row::Unknown(k)),
        (None, None) => None,
    };
    m.listing = Listing::Triage(rows);
    m.selected = selected.unwrap_or(0);
    scroll::settle(m);
    scroll::selection_changed(m, redraw)
}
