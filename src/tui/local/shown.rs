//! What of the local checkout the record on display has: the worker's answer, once it has
//! come, and the lines the Source pane shows.

use super::{LocalAnswer, LocalFile};
use crate::tui::app::model::Model;
use crate::tui::detail::snippet::SourceLines;

/// The answer for the record on display, once it has come.
pub fn current(m: &Model) -> Option<&LocalAnswer> {
    let index = m.current_detail()?.index;
    m.local.answer.as_deref().filter(|a| a.index == index)
}

/// The lines the Source pane shows: the local file's when toggled on and there is one, else
/// the record's snippet.
pub fn shown_source(m: &Model) -> Option<&SourceLines> {
    let detail = m.current_detail()?;
    if m.local.showing
        && let Some(LocalAnswer {
            result: Ok(LocalFile {
                lines: Some(lines), ..
            }),
            ..
        }) = current(m)
    {
        return Some(lines);
    }
    detail.source.as_ref()
}
