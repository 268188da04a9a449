//! The engine's results as the message `update` takes.

use std::sync::Arc;

use crate::tui::app::msg::{Msg, Reading, ResultSet, RowMatcher, RowMatches};
use errdex_core::search::{Query, Results, positions};

/// The engine's results as the message `update` takes, with a matcher that marks the
/// characters each visible row matched.
pub(super) fn results_msg(results: &Results) -> Msg {
    let set = ResultSet {
        generation: results.generation,
        query: results.query.clone(),
        hits: results.hits.iter().map(|h| h.index).collect(),
        matched: results.matched,
        total: results.total,
        done: results.done,
        counted: results.counted,
        facets: results.facets.clone(),
        reading: Reading {
            mode: results.mode,
            weak: results.marks.iter().map(|m| m.weak).collect(),
            warnings: results.warnings.clone(),
        },
        details: Arc::clone(&results.details),
    };
    // A pasted line marks the words a row shares with it; typed terms what they matched.
    let line = (results.mode == errdex_core::search::Mode::Line).then(|| {
        errdex_core::search::LineWords::new(errdex_core::search::capped(&results.query).0)
    });
    let query = Query::parse(errdex_core::search::capped(&results.query).0);
    let matcher: RowMatcher = Arc::new(move |entry| {
        let p = match &line {
            Some(words) => words.positions(entry),
            None => positions(entry, &query),
        };
        RowMatches {
            message: p.message,
            file_path: p.file_path,
            repo: p.repo,
        }
    });
    Msg::Results(set, Some(matcher))
}
