//! The triage view's state and its part of `update`. A log pasted into the search box (several
//! lines) or piped into errdex is matched against the records off the UI thread; the known
//! errors found stand in the results list as groups, most frequent first, so selection, the
//! detail panes and zoom work exactly as they do for search results. Esc goes back to the
//! search; `show_triage` comes back to the log.

use std::collections::HashMap;

use super::action::{Effect, ResultSet};
use super::keymap::Mode;
use super::model::{Model, Pane};
use super::scroll;
use super::update::{Step, byte_at, query_changed, selection_changed};
use crate::triage::{Group, LineHits};

/// Log lines remembered per known error, to list them; its count goes on past this.
pub const LINES_KEPT: usize = 200;
/// Characters of a log line remembered for display: a message sits at the start of a line.
const TEXT_KEPT: usize = 1_000;

/// Where the log came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Paste,
    Stdin,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the records to load and be indexed.
    Indexing,
    /// Lines are being read (a pipe can keep this up for as long as it is open).
    Reading,
    Done,
    /// The log could not be read any further; what was read is shown.
    Failed(String),
}

/// What the triage worker found since its last news.
#[derive(Debug, Clone, PartialEq)]
pub struct TriageNews {
    /// Which triage this belongs to (an older paste's news is dropped).
    pub id: u64,
    pub phase: Phase,
    /// Log lines read so far, in all.
    pub lines: usize,
    /// Log events that matched a record since the last news, in log order.
    pub hits: Vec<LineHits>,
}

/// One log's triage, as the browser keeps it.
#[derive(Debug, Clone)]
pub struct TriageState {
    pub id: u64,
    pub origin: Origin,
    /// Shown instead of the search results (false after Esc, until `show_triage`).
    pub active: bool,
    pub phase: Phase,
    pub lines: usize,
    /// Log events that matched a record.
    pub events: usize,
    /// Per record, most frequent first; `lines` holds at most `LINES_KEPT` of them.
    pub groups: Vec<Group>,
    /// Where each record's group is in `groups`.
    at: HashMap<usize, usize>,
    /// The text of every kept log line, by line number.
    texts: HashMap<usize, String>,
}

impl TriageState {
    pub fn new(id: u64, origin: Origin) -> TriageState {
        TriageState {
            id,
            origin,
            active: true,
            phase: Phase::Indexing,
            lines: 0,
            events: 0,
            groups: Vec::new(),
            at: HashMap::new(),
            texts: HashMap::new(),
        }
    }

    /// Counts new hits into the groups and puts the groups back in order.
    pub fn add(&mut self, hits: Vec<LineHits>) {
        if hits.is_empty() {
            return;
        }
        for h in hits {
            self.events += 1;
            for m in &h.matches {
                let i = *self.at.entry(m.record).or_insert_with(|| {
                    self.groups.push(Group {
                        record: m.record,
                        count: 0,
                        lines: Vec::new(),
                        best_score: 0.0,
                    });
                    self.groups.len() - 1
                });
                let g = &mut self.groups[i];
                g.count += 1;
                g.best_score = g.best_score.max(m.score);
                if g.lines.len() < LINES_KEPT {
                    g.lines.push(h.line);
                    self.texts
                        .entry(h.line)
                        .or_insert_with(|| h.text.chars().take(TEXT_KEPT).collect());
                }
            }
        }
        self.groups.sort_by(Group::order);
        self.at = self
            .groups
            .iter()
            .enumerate()
            .map(|(i, g)| (g.record, i))
            .collect();
    }

    /// The group of a record, if the log hit it.
    pub fn group(&self, record: usize) -> Option<&Group> {
        self.at.get(&record).and_then(|&i| self.groups.get(i))
    }

    /// The text of a kept log line.
    pub fn text(&self, line: usize) -> &str {
        self.texts.get(&line).map_or("", String::as_str)
    }

    /// True once no more lines will come.
    pub fn finished(&self) -> bool {
        matches!(self.phase, Phase::Done | Phase::Failed(_))
    }
}

/// A paste: one line goes into the query at the cursor; several open a triage of them.
pub fn on_paste(m: &mut Model, text: String) -> Step {
    if m.help || m.copy_menu.is_some() {
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
        deactivate(m);
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
        return Step {
            effects: Vec::new(),
            redraw: true,
        };
    }
    let at = byte_at(&m.query, m.cursor);
    m.query.insert_str(at, &one);
    m.cursor += one.chars().count();
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
    t.add(news.hits);
    if t.active { sync(m) } else { Step::default() }
}

/// Esc: back to the search box and the query's results; the triage is kept for later.
pub fn leave(m: &mut Model) -> Step {
    deactivate(m);
    m.mode = Mode::Search;
    query_changed(m)
}

/// `show_triage`: back to the triage view, if there is a log.
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

/// Hides the triage view; the list is empty until the query's results come.
pub fn deactivate(m: &mut Model) {
    if let Some(t) = m.triage.as_mut() {
        t.active = false;
    }
    m.zoomed = false;
    m.focus = Pane::Results;
    m.results = ResultSet {
        generation: m.results.generation,
        ..ResultSet::default()
    };
    m.matcher = None;
    m.selected = 0;
    m.list_offset = 0;
    m.detail = None;
    m.detail_error = None;
}

/// Puts the groups in the results list, keeping the selected record selected as they reorder.
fn sync(m: &mut Model) -> Step {
    let redraw = Step {
        effects: Vec::new(),
        redraw: true,
    };
    let Some(t) = m.triage.as_ref().filter(|t| t.active) else {
        return redraw;
    };
    let kept = m.selected_index();
    let hits: Vec<u32> = t
        .groups
        .iter()
        .filter_map(|g| u32::try_from(g.record).ok())
        .collect();
    let total = m.dataset.as_ref().map_or(0, |d| d.len());
    m.results = ResultSet {
        generation: m.results.generation,
        query: String::new(),
        matched: hits.len(),
        total,
        done: t.finished(),
        hits,
        facets: None,
    };
    m.matcher = None;
    m.selected = kept
        .and_then(|k| m.results.hits.iter().position(|&i| i as usize == k))
        .unwrap_or(0);
    scroll::settle(m);
    selection_changed(m, redraw)
}

#[cfg(test)]
#[path = "triage_tests.rs"]
pub(crate) mod tests;
