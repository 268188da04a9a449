//! The triage view's part of `update`: a paste opens a triage, the worker's news fill it, Esc
//! leaves it and `show_triage` comes back to it.

use super::state::{Origin, TriageNews, TriageState, UNKNOWN_ROW};
use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Pane};
use crate::tui::app::msg::ResultSet;
use crate::tui::app::scroll;
use crate::tui::app::step::Step;
use crate::tui::history::memory::Chore;
use crate::tui::input::cursor::byte_at;
use crate::tui::input::keymap::Mode;
use crate::tui::results::update::query_changed;
use errdex_core::triage::UnknownGroup;

/// A paste: one line goes into the query at the cursor; several open a triage of them.
pub fn on_paste(m: &mut Model, text: String) -> Step {
    if m.overlay.is_some() {
        // An overlay has the keyboard; a paste does not go past it.
        return Step::default();
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if lines > 1 {
        let id = m.triage.as_ref().map_or(1, |t| t.id + 1);
        m.triage = Some(TriageState::new(id, Origin::Paste));
        let mut step = activate(m);
        step.effects.push(Effect::Triage { id, log: text });
        return step;
    }
    let was_triage = m.in_triage();
    if was_triage {
        m.hide_triage();
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
    let at = byte_at(&m.query, m.cursor);
    m.query.insert_str(at, &one);
    m.cursor += one.chars().count();
    // Only the start of a huge paste is searched: keep only that, so that typing, drawing and
    // history stay quick.
    let (kept, cut) = errdex_core::search::capped(&m.query);
    if cut {
        m.query = kept.to_string();
        m.cursor = m.cursor.min(m.query.chars().count());
        m.notice = Some(format!(
            "pasted line cut to {} KB: only its start is searched",
            errdex_core::search::MAX_QUERY_BYTES / 1024
        ));
    }
    query_changed(m)
}

/// Starts the model in the triage view of a log that will arrive as news with this id.
pub fn start(m: &mut Model, id: u64, origin: Origin) -> Step {
    m.triage = Some(TriageState::new(id, origin));
    activate(m)
}

/// News from the worker: more lines read, more hits.
pub fn on_news(m: &mut Model, news: TriageNews) -> Step {
    let Some(t) = m.triage.as_mut().filter(|t| t.id == news.id) else {
        return Step::default();
    };
    t.phase = news.phase;
    t.lines = news.lines;
    t.extent = news.extent;
    t.add(news.hits);
    if t.active { sync(m) } else { Step::default() }
}

/// The unknown error group selected in the triage view, if one is.
pub fn selected_unknown(m: &Model) -> Option<&UnknownGroup> {
    let t = m.triage.as_ref().filter(|t| t.active)?;
    t.unknown_at(*m.results.hits.get(m.selected)?)
}

/// The incident report of the log in the triage view, as `errdex triage --markdown` writes it.
pub fn incident_report(m: &Model) -> Option<String> {
    let t = m.triage.as_ref().filter(|t| t.active)?;
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
    m.hide_triage();
    m.mode = Mode::Search;
    query_changed(m)
}

/// `show_triage`: back to the triage view, if there is a log.
/// Log lines one `[` or `]` scrolls by.
const LINES_STEP: usize = 10;

/// Scrolls the log lines of the selected known error by a step (`direction` ±1).
pub fn scroll_lines(m: &mut Model, direction: isize) -> Step {
    let selected = m.results.hits.get(m.selected).map(|&row| row as usize);
    let Some(t) = m.triage.as_mut().filter(|t| t.active) else {
        return Step::default();
    };
    let Some(record) = selected else {
        return Step::default();
    };
    let kept = t.row_lines(record).1.len();
    let now = t.lines_scroll(record);
    let next = if direction < 0 {
        now.saturating_sub(LINES_STEP)
    } else {
        (now + LINES_STEP).min(kept.saturating_sub(1))
    };
    t.scroll_lines_to(record, next);
    Step::redraw()
}

pub fn reopen(m: &mut Model) -> Step {
    match &m.triage {
        Some(t) if !t.active => activate(m),
        _ => Step::default(),
    }
}

fn activate(m: &mut Model) -> Step {
    if let Some(t) = m.triage.as_mut() {
        t.active = true;
    }
    m.mode = Mode::Browse;
    m.zoomed = false;
    m.focus = Pane::Results;
    m.results.hits.clear();
    m.selected = 0;
    m.list_offset = 0;
    sync(m)
}

/// Puts the groups in the results list, keeping the selected record selected as they reorder.
fn sync(m: &mut Model) -> Step {
    let redraw = Step::redraw();
    let Some(t) = m.triage.as_ref().filter(|t| t.active) else {
        return redraw;
    };
    // The selected row, by what it stands for: a record, or an unknown group's pattern.
    let kept_record = m.selected_index();
    let kept_unknown = m
        .results
        .hits
        .get(m.selected)
        .and_then(|&row| t.unknown_at(row))
        .map(|g| g.pattern.clone());
    let known: Vec<u32> = t
        .groups
        .iter()
        .filter_map(|g| u32::try_from(g.record).ok())
        .collect();
    let unknown = t.unknown();
    let matched = known.len();
    let hits: Vec<u32> = known
        .into_iter()
        .chain((0..unknown.len()).filter_map(|k| u32::try_from(k).ok().map(|k| UNKNOWN_ROW + k)))
        .collect();
    let kept_unknown = kept_unknown.and_then(|p| unknown.iter().position(|g| g.pattern == p));
    let total = m.dataset.as_ref().map_or(0, |d| d.len());
    m.results = ResultSet {
        generation: m.results.generation,
        query: String::new(),
        matched,
        total,
        done: t.finished(),
        hits,
        facets: None,
        reading: Default::default(),
    };
    m.matcher = None;
    m.selected = match (kept_record, kept_unknown) {
        (Some(k), _) => m.results.hits.iter().position(|&i| i as usize == k),
        (None, Some(k)) => Some(matched + k),
        (None, None) => None,
    }
    .unwrap_or(0);
    scroll::settle(m);
    scroll::selection_changed(m, redraw)
}
