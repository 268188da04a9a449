//! The chain of a pasted line, on top of the Overview: the log call's own message, the
//! contexts wrapped around the error and the cause the row answers, outer to inner, each with
//! the record it matched.

use ratatui::text::{Line, Span};

use crate::tui::app::model::Model;
use crate::tui::results::listing::{Listing, Row};
use errdex_core::search::LineDetail;
use errdex_core::text::one_line;
use errdex_core::triage::Role;

/// The Overview's first lines for the selected row: its line's chain, when the line held
/// more than one link; nothing otherwise.
pub fn lines(model: &Model) -> Vec<Line<'static>> {
    let Some(detail) = line_detail(model).filter(|d| d.chain.len() > 1) else {
        return Vec::new();
    };
    let theme = &model.theme;
    let mut out = vec![Line::styled("Chain in the pasted line", theme.title)];
    for link in &detail.chain {
        let label = match link.role {
            Role::Logged => "logged by",
            Role::Context => "context",
            Role::Cause => "cause",
        };
        let id = model.entry(link.record).map(|e| one_line(e.id));
        let mut spans = vec![
            Span::styled(format!("{label:>9}  "), theme.label),
            // The piece as cut from the line, without the `: ` that joined it to the next.
            Span::styled(one_line(link.text.trim_end_matches([':', ' '])), theme.text),
        ];
        if let Some(id) = id {
            spans.push(Span::styled(format!("  · {id}"), theme.dim));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::default());
    out
}

/// What the pasted line's answer says beside the selected row (its group's, for a site).
fn line_detail(model: &Model) -> Option<&LineDetail> {
    if !matches!(model.listing, Listing::Search(_)) {
        return None;
    }
    let key = match model.selected_row()? {
        Row::Record { index, .. } => *index,
        Row::Group(g) => g.answer,
        Row::Site { .. } => model.listing.group_of(model.selected)?.1.answer,
        Row::Unknown(_) => return None,
    };
    model.results.details.get(&u32::try_from(key).ok()?)
}
