//! A group's rows in the results list: the group itself (its chosen site's message and how many
//! sites write it) and, while it is open, one row per site beneath it.

use ratatui::text::{Line, Span};

use super::row::{row_lines, two_lines};
use crate::tui::app::model::Model;
use crate::tui::app::msg::RowMatches;
use crate::tui::results::listing::{Group, Row};
use crate::tui::ui::text::highlight;
use errdex_core::dataset::EntryRef;
use errdex_core::text::one_line;

/// The group's two lines: its chosen site as a record's, with `▸ N sites` before the location.
pub fn group_lines(
    model: &Model,
    g: &Group,
    site: EntryRef<'_>,
    matches: &RowMatches,
    selected: bool,
) -> [Line<'static>; 2] {
    let theme = &model.theme;
    let [first, mut second] = row_lines(site, matches, selected, theme);
    let arrow = if g.open { "▾" } else { "▸" };
    let listed = if g.total > g.sites.len() {
        format!(" ({} listed)", g.sites.len())
    } else {
        String::new()
    };
    let count = format!("{arrow} {} sites{listed}  ", g.total);
    second.spans.insert(1, Span::styled(count, theme.key));
    [first, second]
}

/// A site beneath its open group: a tree branch, its location; then its repo and id.
pub fn site_lines(
    model: &Model,
    pos: usize,
    site: EntryRef<'_>,
    matches: &RowMatches,
    selected: bool,
) -> [Line<'static>; 2] {
    let theme = &model.theme;
    let marker = if selected { "▌" } else { " " };
    let last = !matches!(model.listing.get(pos + 1), Some(Row::Site { .. }));
    let (branch, stem) = if last {
        ("└ ", "  ")
    } else {
        ("├ ", "│ ")
    };
    let chosen = model
        .listing
        .group_of(pos)
        .is_some_and(|(_, g)| Some(g.site) == model.listing.get(pos).and_then(Row::record));
    let dot = if chosen { "● " } else { "  " };
    let mut first = vec![
        Span::styled(marker, theme.key),
        Span::styled(format!("   {branch}{dot}"), theme.dim),
    ];
    match site.file_path {
        Some(path) => {
            first.extend(highlight(
                path,
                &matches.file_path,
                theme.text,
                theme.matched,
            ));
            if let Some(line) = site.line_number {
                first.push(Span::styled(format!(":{line}"), theme.text));
            }
        }
        None => first.push(Span::styled("(no location)", theme.dim)),
    }
    let mut second = vec![
        Span::styled(marker, theme.key),
        Span::styled(format!("   {stem}  "), theme.dim),
    ];
    if let Some(repo) = site.repo {
        second.push(Span::styled(format!("{}  ", one_line(repo)), theme.dim));
    }
    second.push(Span::styled(one_line(site.id), theme.dim));
    two_lines(first, second, selected, theme)
}
