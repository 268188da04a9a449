//! A pasted line's answer: rows of records, best first.

use super::Triage;

/// One answer row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub record: usize,
    pub score: f32,
    pub weak: bool,
    pub chain: Vec<usize>,
}

impl Triage {
    pub fn answer_line(&self, line: &str, limit: usize) -> Vec<Row> {
        self.rank_line(line, limit)
            .into_iter()
            .map(|m| Row {
                record: m.record,
                score: m.score,
                weak: m.weak(),
                chain: Vec::new(),
            })
            .collect()
    }
}
