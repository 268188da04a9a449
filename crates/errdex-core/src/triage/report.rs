//! A whole log's triage: the hits per log event, and per record how often and where it hit.

use std::collections::HashMap;

use super::LineHits;

/// One record's hits across a log.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// Index of the record in the dataset.
    pub record: usize,
    /// How many log events matched it.
    pub count: usize,
    /// Their first lines (1-based), in log order.
    pub lines: Vec<usize>,
    pub best_score: f32,
}

/// Counts hits per record as a log streams by.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    groups: HashMap<usize, Group>,
}

impl Summary {
    pub fn add(&mut self, hits: &LineHits) {
        for m in &hits.matches {
            let group = self.groups.entry(m.record).or_insert_with(|| Group {
                record: m.record,
                count: 0,
                lines: Vec::new(),
                best_score: 0.0,
            });
            group.count += 1;
            group.lines.push(hits.line);
            group.best_score = group.best_score.max(m.score);
        }
    }

    /// Takes back hits added before (an event reported again, updated, replaces them).
    pub fn retract(&mut self, hits: &LineHits) {
        for m in &hits.matches {
            let Some(group) = self.groups.get_mut(&m.record) else {
                continue;
            };
            if let Some(at) = group.lines.iter().rposition(|&l| l == hits.line) {
                group.lines.remove(at);
                group.count -= 1;
            }
            if group.count == 0 {
                self.groups.remove(&m.record);
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Log events counted, over all records.
    pub fn events(&self) -> usize {
        self.groups.values().map(|g| g.count).sum()
    }

    /// The groups so far, in `into_groups` order.
    pub fn groups(&self) -> Vec<Group> {
        let mut groups: Vec<Group> = self.groups.values().cloned().collect();
        groups.sort_by(Group::order);
        groups
    }

    /// Most frequent first; then the best scored; then the earliest seen.
    pub fn into_groups(self) -> Vec<Group> {
        let mut groups: Vec<Group> = self.groups.into_values().collect();
        groups.sort_by(Group::order);
        groups
    }
}

impl Group {
    /// The order groups are listed in: most frequent first; then the best scored; then the
    /// earliest seen.
    pub fn order(a: &Group, b: &Group) -> std::cmp::Ordering {
        b.count
            .cmp(&a.count)
            .then(b.best_score.total_cmp(&a.best_score))
            .then(a.lines.first().cmp(&b.lines.first()))
            .then(a.record.cmp(&b.record))
    }
}

/// What `Triage::scan` found in a log.
#[derive(Debug, Default)]
pub struct Report {
    /// Every log event that matched, in log order.
    pub hits: Vec<LineHits>,
    /// Per record, most frequent first.
    pub groups: Vec<Group>,
    summary: Summary,
}

impl Report {
    pub(super) fn add(&mut self, hits: LineHits) {
        self.summary.add(&hits);
        self.hits.push(hits);
    }

    pub(super) fn finish(&mut self) {
        self.groups = std::mem::take(&mut self.summary).into_groups();
    }

    pub fn is_empty(&self) -> bool {
        self.hits.is_empty()
    }
}
