//! The search box: the query with its cursor, how many records match, and load progress.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::app::model::{LoadState, Model};
use crate::tui::input::keymap::Mode;
use crate::tui::ui::block;
use crate::tui::ui::layout::inner;
use errdex_core::search::{self, Query};
use errdex_core::text::one_line;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let searching = model.mode == Mode::Search;
    let title = Line::styled(" errdex ", theme.title);
    let mut frame_block = block(title, searching, theme);
    // A malformed part of the query (`foo:`, an unclosed quote) is searched literally; say so
    // on the box's lower border, as `errdex search` says it on stderr.
    if let Some(hint) = hint(model) {
        frame_block =
            frame_block.title_bottom(Line::styled(one_line(&format!(" {hint} ")), theme.notice));
    }
    frame.render_widget(frame_block, area);
    let counts = counts(model);
    let body = inner(area);
    let counts_width = u16::try_from(counts.chars().count()).unwrap_or(u16::MAX);
    let [query_area, counts_area] =
        Layout::horizontal([Constraint::Min(1), Constraint::Length(counts_width)]).areas(body);
    let prompt = if searching { "> " } else { "  " };
    let query = one_line(&model.query);
    let line = if query.is_empty() {
        Line::from(vec![
            Span::styled(prompt, theme.key),
            Span::styled("type to search: words, tag:x path:y !not 'exact", theme.dim),
        ])
    } else {
        Line::from(vec![
            Span::styled(prompt, theme.key),
            Span::styled(query, theme.text),
        ])
    };
    frame.render_widget(line, query_area);
    frame.render_widget(
        Paragraph::new(Line::styled(counts, theme.dim)).right_aligned(),
        counts_area,
    );
    if searching && model.help_scroll().is_none() {
        let before = model.query.before_cursor();
        let x = 2 + unicode_width::UnicodeWidthStr::width(one_line(before).as_str());
        let x = query_area
            .x
            .saturating_add(u16::try_from(x).unwrap_or(u16::MAX))
            .min(query_area.right().saturating_sub(1));
        frame.set_cursor_position(Position::new(x, query_area.y));
    }
}

/// The first warning about the query on display: the engine's while the results are this
/// query's (it also says when a paste was cut), else the query language's — never for a pasted
/// line, whose `Error:` is no unknown field.
fn hint(model: &Model) -> Option<String> {
    let r = &model.results;
    if r.query == model.query
        && let Some(w) = r.reading.warnings.first()
    {
        return Some(w.clone());
    }
    let text = search::capped(&model.query).0;
    if search::mode_of(text) == search::Mode::Line {
        return None;
    }
    Query::parse(text).warnings().first().cloned()
}

/// `matched/total`, with the load progress while records stream in; `≈ line` when the query
/// is read as a pasted log line.
fn counts(model: &Model) -> String {
    let r = &model.results;
    match &model.load {
        LoadState::Loading(p) => {
            let pct = (p.bytes * 100).checked_div(p.total_bytes).unwrap_or(0);
            if r.generation > 0 {
                // Results of the records loaded so far.
                format!(" {}/{} · loading {pct}% ", r.matched, r.total)
            } else {
                format!(" loading {pct}% · {} records ", p.records)
            }
        }
        LoadState::Done(_) if r.generation == 0 && r.total == 0 => " searching… ".to_string(),
        LoadState::Done(_) => {
            let more = if r.done { "" } else { "…" };
            // The list still shows the previous query's results while this one runs.
            let pending = r.query != model.query;
            let mark = if pending { " · searching…" } else { "" };
            let line = r.reading.mode == search::Mode::Line;
            let mode = if line { " ≈ line ·" } else { "" };
            // The ranked list may be final before every match is counted.
            let (plus, counting) = if r.done && !r.counted {
                ("+", " · counting…")
            } else {
                ("", "")
            };
            format!(
                "{mode} {}{plus}/{}{more}{counting}{mark} ",
                r.matched, r.total
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tui::testing::{browsing, render};

    #[test]
    fn a_malformed_query_part_is_hinted_under_the_box() {
        let m = browsing(80, 24, false, "conn colour:red");
        let t = render(&m);
        let b = t.backend().buffer();
        let border: String = (0..b.area.width).map(|x| b[(x, 2)].symbol()).collect();
        assert!(
            border.contains("unknown field `colour:`, searched literally"),
            "{border}"
        );
    }

    #[test]
    fn a_ranked_list_not_yet_counted_says_so_until_it_is() {
        let mut m = browsing(80, 24, false, "conn");
        let top = |m: &super::Model| {
            let t = render(m);
            let b = t.backend().buffer();
            (0..b.area.height.min(4))
                .flat_map(|y| (0..b.area.width).map(move |x| (x, y)))
                .map(|at| b[at].symbol())
                .collect::<String>()
        };
        assert!(!top(&m).contains("counting"), "{}", top(&m));
        m.results.counted = false;
        let shown = m.results.matched;
        let line = top(&m);
        assert!(line.contains(&format!(" {shown}+/")), "{line}");
        assert!(line.contains("counting…"), "{line}");
    }
}
