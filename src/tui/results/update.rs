//! The search box and the results list in `update`: taking the engine's results, asking for
//! the selected record's detail when the selection changes, opening and closing a group's
//! sites, and searching an edited query (the edits themselves are `edit.rs`).

use crate::tui::app::effect::Effect;
use crate::tui::app::model::Model;
use crate::tui::app::msg::{ResultSet, RowMatcher};
use crate::tui::app::scroll;
use crate::tui::app::step::Step;
use crate::tui::results::listing::{Listing, Row, search_rows};

/// New results from the engine (older generations were dropped by `update`). They go to their
/// slot; the list shows them unless the triage view holds it.
pub fn on_results(m: &mut Model, results: ResultSet, matcher: Option<RowMatcher>) -> Step {
    let same_query = results.query == m.results.query;
    m.results = results;
    m.matcher = matcher;
    let Listing::Search(before) = &m.listing else {
        // The triage view holds the list; these are shown when it is left.
        return Step::default();
    };
    let kept = m.listing.get(m.selected).cloned();
    let before = if same_query { before.as_slice() } else { &[] };
    let rows = search_rows(&m.results, before);
    m.listing = Listing::Search(rows);
    // While one query's results stream in, the selected row stays selected; a new query
    // starts again at the best match.
    m.selected = kept
        .filter(|_| same_query)
        .and_then(|k| position_of(&m.listing, &k))
        .unwrap_or(0);
    if !same_query {
        m.list_offset = 0;
    }
    if m.results.done
        && let Some(command) = m.did_you_mean.take()
    {
        let confident = (0..m.listing.len()).any(|i| !m.listing.is_weak(i));
        if !confident {
            m.notice = Some(format!("did you mean `errdex {command}`?"));
        }
    }
    scroll::settle(m);
    scroll::selection_changed(m, Step::redraw())
}

/// Where a row standing for the same thing as `row` is now: the same record, the same group.
fn position_of(listing: &Listing, row: &Row) -> Option<usize> {
    let rows = listing.rows();
    match row {
        Row::Group(g) => rows
            .iter()
            .position(|r| matches!(r, Row::Group(h) if h.answer == g.answer)),
        Row::Site { index } => rows
            .iter()
            .position(|r| matches!(r, Row::Site { index: i } if i == index)),
        _ => {
            let record = row.record()?;
            rows.iter().position(|r| r.record() == Some(record))
        }
    }
}

/// The sites of the selected group listed beneath it (`open_group`), or folded back into its
/// row (`close_group`, also from one of its sites).
pub fn open_or_close_group(m: &mut Model, open: bool) -> Step {
    let changed = if open {
        m.listing.open(m.selected)
    } else {
        match m.listing.close(m.selected) {
            Some(at) => {
                m.selected = at;
                true
            }
            None => false,
        }
    };
    if !changed {
        return Step::default();
    }
    scroll::settle(m);
    scroll::selection_changed(m, Step::redraw())
}

/// The query changed: search it (once the records are in).
pub fn query_changed(m: &mut Model) -> Step {
    if m.in_triage() {
        // Typing always edits the query: it leaves the triage view for the search.
        m.show_search();
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
    Step::redraw().with(Effect::Search(m.query.to_string()))
}
