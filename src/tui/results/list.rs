//! The results list: two rows a result — severity and message with the matched characters
//! highlighted, then repo and `path:line`. A message at several sites is one group row
//! (`▸ N sites`) whose sites can be listed beneath it (`sites.rs` draws those).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::row::{badge, row_lines};
use crate::tui::app::model::{LoadState, Model, Pane};
use crate::tui::results::listing::Row;
use crate::tui::ui::block;
use crate::tui::ui::layout::{ROWS_PER_RESULT, inner};
use crate::tui::ui::theme::Theme;
use errdex_core::facets::{self, Facets};
use errdex_core::text::one_line;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let title = Line::styled(" Results ", theme.title);
    let mut frame_block = block(title, model.focus == Pane::Results, theme);
    // No match counts nothing: an empty facet line would leave blanks in the border.
    if let Some(facets) = model.results.facets.as_deref()
        && !facets.by_severity.is_empty()
    {
        let room = usize::from(area.width.saturating_sub(2));
        frame_block = frame_block.title_bottom(facet_line(facets, theme, room).right_aligned());
    }
    frame.render_widget(frame_block, area);
    let body = inner(area);
    if model.listing.is_empty() {
        frame.render_widget(
            Paragraph::new(empty_message(model, theme)).wrap(Wrap { trim: false }),
            body,
        );
        return;
    }
    hit_rows(frame, body, model, |pos, row, selected| {
        let entry = model.entry(row.record()?)?;
        let matches = model.matcher.as_ref().map(|m| m(entry)).unwrap_or_default();
        let mut lines = match row {
            Row::Group(g) => super::sites::group_lines(model, g, entry, &matches, selected),
            Row::Site { .. } => super::sites::site_lines(model, pos, entry, &matches, selected),
            _ => row_lines(entry, &matches, selected, theme),
        };
        if model.memory.pinned.contains(entry.id) && !matches!(row, Row::Site { .. }) {
            mark_pinned(&mut lines[0], theme);
        }
        if !matches!(row, Row::Site { .. })
            && row
                .record()
                .is_some_and(|i| super::scanned::is_scanned(model, i))
        {
            super::scanned::mark(&mut lines[1], theme);
        }
        if model.listing.is_weak(pos) && !selected {
            for line in &mut lines {
                dim(line, theme);
            }
        }
        Some(lines)
    });
}

/// A weak row: every span in the dim colour, so the confident rows above stand out.
pub(super) fn dim(line: &mut Line<'static>, theme: &Theme) {
    for span in &mut line.spans {
        span.style = span.style.patch(theme.dim);
    }
}

/// The row between the confident results and the weak ones below them.
fn divider(width: u16, theme: &Theme) -> Line<'static> {
    let label = " weak matches: not to be trusted ";
    let rule = usize::from(width).saturating_sub(label.chars().count() + 2);
    Line::styled(format!("──{label}{}", "─".repeat(rule)), theme.dim)
}

/// The rows of `model.listing` from `model.list_offset` down, two lines each, as many as fit
/// in `body`: `row` makes the lines of the row at a list position (`None` leaves it out), told
/// whether it is the selected one, whose lines get the selection style across the whole
/// width. A divider goes above the weak rows at the end of the list.
pub fn hit_rows(
    frame: &mut Frame,
    body: Rect,
    model: &Model,
    mut row: impl FnMut(usize, &Row, bool) -> Option<[Line<'static>; 2]>,
) {
    let weak_from = model.listing.weak_from();
    let mut y = body.y;
    for (pos, listed) in model
        .listing
        .rows()
        .iter()
        .enumerate()
        .skip(model.list_offset)
    {
        if y + ROWS_PER_RESULT > body.bottom() {
            break;
        }
        if Some(pos) == weak_from {
            if y + 1 + ROWS_PER_RESULT > body.bottom() {
                break;
            }
            let width = body.width;
            frame.render_widget(divider(width, &model.theme), Rect::new(body.x, y, width, 1));
            y += 1;
        }
        let selected = pos == model.selected;
        let Some([first, second]) = row(pos, listed, selected) else {
            continue;
        };
        if selected {
            let rows = Rect::new(body.x, y, body.width, ROWS_PER_RESULT);
            frame.buffer_mut().set_style(rows, model.theme.selected);
        }
        frame.render_widget(first, Rect::new(body.x, y, body.width, 1));
        frame.render_widget(second, Rect::new(body.x, y + 1, body.width, 1));
        y += ROWS_PER_RESULT;
    }
}

/// A pinned record shows a star in the column after its severity badge.
fn mark_pinned(first: &mut Line<'static>, theme: &Theme) {
    if let Some(badge) = first.spans.get_mut(1) {
        let text = badge.content.trim_end().to_string();
        *badge = Span::styled(format!("{text:<4}"), badge.style);
        first.spans.insert(2, Span::styled("★", theme.key));
    }
}

/// What the whole result set holds, beyond the rows that fit: matches by severity, then as
/// many of the most common tags as `room` columns allow (` crit 2 · err 14 │ network 9 `).
fn facet_line(facets: &Facets, theme: &Theme, room: usize) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    for (i, (severity, n)) in facets.by_severity.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", theme.dim));
        }
        let name = if severity == facets::NONE {
            "?".to_string()
        } else {
            badge(severity)
        };
        spans.push(Span::styled(
            format!("{name} {n}"),
            theme.severity(severity),
        ));
    }
    let mut width: usize = spans.iter().map(Span::width).sum::<usize>() + 1;
    for (i, (tag, n)) in facets.by_tag.iter().take(3).enumerate() {
        let sep = if i == 0 { " │ " } else { " · " };
        let text = format!("{} {n}", one_line(tag));
        let more = sep.chars().count() + unicode_width::UnicodeWidthStr::width(text.as_str());
        if width + more > room {
            break;
        }
        width += more;
        spans.push(Span::styled(sep, theme.dim));
        spans.push(Span::styled(text, theme.dim));
    }
    spans.push(Span::raw(" "));
    Line::from(spans)
}

fn empty_message(model: &Model, theme: &Theme) -> Vec<Line<'static>> {
    match &model.load {
        LoadState::Loading(_) => vec![Line::styled("loading records…", theme.dim)],
        LoadState::Done(s) if s.records == 0 => vec![
            Line::styled("The dataset has no records.", theme.text),
            Line::styled("Run `errdex validate PATH` to see why.", theme.dim),
        ],
        LoadState::Done(_) if !model.results.done => {
            vec![Line::styled("searching…", theme.dim)]
        }
        LoadState::Done(_) => vec![
            Line::styled(
                format!("No match for “{}”.", one_line(&model.query)),
                theme.text,
            ),
            Line::styled(
                "Fewer letters, `a | b` for either, or Ctrl-u to clear.",
                theme.dim,
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facet_line_counts_severities_then_the_top_tags() {
        let facets = Facets {
            by_severity: vec![
                ("error".into(), 14),
                ("critical".into(), 2),
                (facets::NONE.into(), 1),
            ],
            by_tag: vec![
                ("network".into(), 9),
                ("db".into(), 4),
                ("io".into(), 2),
                ("tls".into(), 1),
            ],
            ..Facets::default()
        };
        let theme = Theme::new(crate::tui::ui::theme::ThemeName::Dark, false);
        let text = |room| -> String {
            let line = facet_line(&facets, &theme, room);
            line.spans.iter().map(|s| s.content.as_ref()).collect()
        };
        assert_eq!(
            text(80),
            " err 14 · crit 2 · ? 1 │ network 9 · db 4 · io 2 "
        );
        assert_eq!(
            text(40),
            " err 14 · crit 2 · ? 1 │ network 9 ",
            "tags that do not fit are left out"
        );
        assert_eq!(text(20), " err 14 · crit 2 · ? 1 ");
    }
}
