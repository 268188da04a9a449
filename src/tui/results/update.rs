//! The search box and the results list in `update`: taking the engine's results, asking for
//! the selected record's detail when the selection changes, and searching an edited query
//! (the edits themselves are `edit.rs`).

use crate::tui::app::effect::Effect;
use crate::tui::app::model::Model;
use crate::tui::app::msg::{ResultSet, RowMatcher};
use crate::tui::app::scroll;
use crate::tui::app::step::Step;

/// New results from the engine (older generations were dropped by `update`); results during
/// triage are dropped.
pub fn on_results(m: &mut Model, results: ResultSet, matcher: Option<RowMatcher>) -> Step {
    // The triage view holds the list; the query is searched again when it is left.
    if m.in_triage() {
        return Step::default();
    }
    let kept = m.selected_index();
    let same_query = results.query == m.results.query;
    m.results = results;
    m.matcher = matcher;
    // While one query's results stream in, the selected record stays selected; a new
    // query starts again at the best match.
    m.selected = kept
        .filter(|_| same_query)
        .and_then(|k| m.results.hits.iter().position(|&i| i as usize == k))
        .unwrap_or(0);
    if !same_query {
        m.list_offset = 0;
    }
    if m.results.done
        && let Some(command) = m.did_you_mean.take()
    {
        let confident = (0..m.results.hits.len()).any(|i| !m.results.reading.is_weak(i));
        if !confident {
            m.notice = Some(format!("did you mean `errdex {command}`?"));
        }
    }
    scroll::settle(m);
    scroll::selection_changed(m, Step::redraw())
}

/// The query changed: search it (once the records are in).
pub fn query_changed(m: &mut Model) -> Step {
    if m.in_triage() {
        // Typing always edits the query: it leaves the triage view for the search.
        m.hide_triage();
    }
    // An edited query is no longer a step of a walk through the history.
    m.memory.recall = None;
    // A new query is a new list to walk: the arrows move its selection again, whichever
    // pane `s`, `f` or Tab had given them to.
    m.focus = crate::tui::app::model::Pane::Results;
    // The words are the user's own now, not a command they mistyped.
    m.did_you_mean = None;
    if m.dataset.is_none() {
        // Loading: the query is searched once the records are in.
        return Step::redraw();
    }
    Step::redraw().with(Effect::Search(m.query.clone()))
}
