//! The triage view's state: one log's known errors, grouped and counted as the worker's news
//! arrive. A log pasted into the search box (several lines) or piped into errdex is matched
//! against the records off the UI thread; the known errors found stand in the results list
//! (`Listing::Triage`), most frequent first, then the unknown ones, so selection, the detail
//! panes and zoom work exactly as they do for search results. Esc goes back to the search;
//! `show_triage` comes back to the log.

use std::collections::HashMap;

use crate::tui::results::listing::Row;
use errdex_core::triage::{Extent, Group, Incident, LineHits, UnknownGroup};
/// Log lines remembered per known error, to list them; its count goes on past this.
pub const LINES_KEPT: usize = 200;
/// Characters of a log line remembered for display: a message sits at the start of a line.
pub(super) const TEXT_KEPT: usize = 1_000;

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
    /// The times of the log's first and latest timed lines so far.
    pub extent: Extent,
    /// Log events that matched a record since the last news, in log order.
    pub hits: Vec<LineHits>,
}

/// One log's triage, as the browser keeps it.
#[derive(Debug, Clone)]
pub struct TriageState {
    pub id: u64,
    pub origin: Origin,
    pub phase: Phase,
    pub lines: usize,
    /// The times of the log's first and latest timed lines.
    pub extent: Extent,
    /// Log events that matched a record.
    pub events: usize,
    /// Per record, most frequent first; `lines` holds at most `LINES_KEPT` of them.
    pub groups: Vec<Group>,
    /// Where each record's group is in `groups`.
    at: HashMap<usize, usize>,
    /// The text of every kept log line, by line number.
    texts: HashMap<usize, String>,
    /// The last event counted: a live log's settled event comes again when its trace arrives.
    last: Option<LineHits>,
    /// How far the log lines box is scrolled, and for which row (another one starts at 0).
    lines_scroll: (Option<Row>, usize),
    /// Every event, known and unknown, as the core's incident report groups them.
    incident: Incident,
}

impl TriageState {
    pub fn new(id: u64, origin: Origin) -> TriageState {
        TriageState {
            id,
            origin,
            phase: Phase::Indexing,
            lines: 0,
            extent: Extent::default(),
            events: 0,
            groups: Vec::new(),
            at: HashMap::new(),
            texts: HashMap::new(),
            last: None,
            lines_scroll: (None, 0),
            incident: Incident::default(),
        }
    }

    /// Counts new hits into the groups and puts the groups back in order.
    pub fn add(&mut self, hits: Vec<LineHits>) {
        if hits.is_empty() {
            return;
        }
        for h in hits {
            if let Some(before) = self.last.take_if(|l| l.line == h.line) {
                self.retract(&before);
                self.incident.retract(&before);
            }
            self.incident.add(&h);
            if h.matches.is_empty() {
                // An error event no record knows: the incident groups it.
                self.last = Some(h);
                continue;
            }
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
            self.last = Some(h);
        }
        self.groups.retain(|g| g.count > 0);
        self.groups.sort_by(Group::order);
        self.at = self
            .groups
            .iter()
            .enumerate()
            .map(|(i, g)| (g.record, i))
            .collect();
    }

    /// Takes back an event counted before (it came again, updated).
    fn retract(&mut self, hits: &LineHits) {
        if hits.matches.is_empty() {
            return;
        }
        self.events = self.events.saturating_sub(1);
        for m in &hits.matches {
            if let Some(g) = self.at.get(&m.record).and_then(|&i| self.groups.get_mut(i)) {
                g.count = g.count.saturating_sub(1);
                g.lines.retain(|&l| l != hits.line);
            }
        }
    }

    /// The first kept log line shown for this row.
    pub fn lines_scroll(&self, row: &Row) -> usize {
        match &self.lines_scroll {
            (Some(r), scroll) if r == row => *scroll,
            _ => 0,
        }
    }

    pub fn scroll_lines_to(&mut self, row: &Row, first: usize) {
        self.lines_scroll = (Some(row.clone()), first);
    }

    /// The rows of the results list: the known errors, most frequent first, then the unknown
    /// ones.
    pub fn rows(&self) -> Vec<Row> {
        let known = self.groups.iter().map(|g| Row::Record {
            index: g.record,
            weak: false,
        });
        known
            .chain((0..self.unknown().len()).map(Row::Unknown))
            .collect()
    }

    /// The group of a record, if the log hit it.
    pub fn group(&self, record: usize) -> Option<&Group> {
        self.at.get(&record).and_then(|&i| self.groups.get(i))
    }

    /// The error event groups no record knows, most frequent first.
    pub fn unknown(&self) -> Vec<&UnknownGroup> {
        self.incident.unknown()
    }

    /// The k-th unknown group (most frequent first).
    pub fn unknown_at(&self, k: usize) -> Option<&UnknownGroup> {
        self.unknown().into_iter().nth(k)
    }

    /// A results row's log lines (a known error's kept lines, an unknown group's events) with
    /// their text, and how many events it counts in all.
    pub fn row_lines(&self, row: &Row) -> (usize, Vec<(usize, &str)>) {
        if let Row::Unknown(k) = row {
            return self.unknown_at(*k).map_or((0, Vec::new()), |g| {
                let lines = g.events.iter().map(|e| (e.line, e.text.as_str())).collect();
                (g.events.len(), lines)
            });
        }
        let group = row.record().and_then(|r| self.group(r));
        group.map_or((0, Vec::new()), |g| {
            (
                g.count,
                g.lines.iter().map(|&n| (n, self.text(n))).collect(),
            )
        })
    }

    /// Everything the log held, for the incident report.
    pub fn incident(&self) -> &Incident {
        &self.incident
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

#[cfg(test)]
mod tests {
    use super::*;
    use errdex_core::triage::{Match, Via};

    fn hit(line: usize, last_line: usize, record: usize, score: f32) -> LineHits {
        LineHits {
            line,
            last_line,
            text: format!("line {line}"),
            time: None,
            matches: vec![Match {
                record,
                score,
                via: Via::Contains,
            }],
            chain: Vec::new(),
        }
    }

    #[test]
    fn an_event_that_comes_again_updated_is_counted_once() {
        let mut t = TriageState::new(1, Origin::Stdin);
        t.add(vec![hit(1, 1, 7, 0.85)]);
        // Its trace arrived: the same event, now on another record.
        t.add(vec![hit(1, 3, 9, 0.95)]);
        assert_eq!(t.events, 1);
        assert_eq!(t.groups.len(), 1);
        assert_eq!((t.groups[0].record, t.groups[0].count), (9, 1));
        assert!(t.group(7).is_none());
        t.add(vec![hit(4, 4, 9, 0.85)]);
        assert_eq!((t.events, t.groups[0].count), (2, 2));
    }
}
