//! The Ctrl-r overlay: the query history, newest first, narrowed by what is typed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::tui::app::model::Model;
use crate::tui::ui::popup;
use errdex_core::text::one_line;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let Some(overlay) = model.history_overlay() else {
        return;
    };
    let theme = &model.theme;
    let width = area.width.saturating_sub(4).min(72);
    let height = area.height.saturating_sub(4).min(18);
    let rect = popup::centred(area, width, height);
    let matches = model.memory.history_matches(&overlay.filter);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("› ", theme.key),
            Span::styled(one_line(&overlay.filter), theme.text),
            Span::styled(
                format!("  {}/{}", matches.len(), model.memory.queries.len()),
                theme.dim,
            ),
        ]),
        Line::default(),
    ];
    // Rows inside the border, less the filter line and the gap below it.
    let rows = usize::from(height.saturating_sub(4));
    let first = popup::first_visible(overlay.selected, rows);
    if matches.is_empty() {
        let why = if model.memory.queries.is_empty() {
            "No queries yet: a query is kept when you open, pin or copy a result."
        } else {
            "No query in the history contains that."
        };
        lines.push(Line::styled(why, theme.dim));
    }
    for (i, query) in matches.iter().enumerate().skip(first).take(rows) {
        let selected = i == overlay.selected;
        let (marker, style) = if selected {
            ("▌", theme.selected)
        } else {
            (" ", theme.text)
        };
        lines.push(
            Line::from(vec![
                Span::styled(marker, theme.key),
                Span::styled(one_line(query), style),
            ])
            .style(style),
        );
    }
    let title = " History — Enter uses, Esc cancels ";
    popup::draw(frame, rect, title, lines, 0, theme);
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use crate::tui::app::model::Model;
    use crate::tui::app::msg::Msg;
    use crate::tui::history::memory::Remembered;
    use crate::tui::testing::{browsing, ctrl, key, render, send};

    /// The browser with a history, one record pinned, Ctrl-r open and "db" typed.
    fn with_history(width: u16, height: u16) -> Model {
        let mut m = browsing(width, height, true, "");
        let queries = ["tag:db locked", "conn refused", "db timeout", "deadlock"];
        send(
            &mut m,
            [
                Msg::Remembered(Remembered::Opened {
                    pinned: ["bb22timeout".to_string()].into(),
                    queries: queries.iter().map(ToString::to_string).collect(),
                    viewed: Vec::new(),
                    warnings: Vec::new(),
                }),
                ctrl('r'),
                key(KeyCode::Char('d')),
                key(KeyCode::Down),
            ],
        );
        m
    }

    #[test]
    fn snapshot_history_80x24() {
        insta::assert_snapshot!(render(&with_history(80, 24)).backend());
    }

    #[test]
    fn snapshot_history_120x40() {
        insta::assert_snapshot!(render(&with_history(120, 40)).backend());
    }

    #[test]
    fn a_pinned_row_has_a_star_and_the_others_do_not() {
        let mut m = with_history(80, 24);
        send(&mut m, [key(KeyCode::Esc)]);
        let t = render(&m);
        let buf = t.backend().buffer();
        let rows: Vec<String> = (0..buf.area.height)
            .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
            .collect();
        let starred: Vec<&String> = rows.iter().filter(|r| r.contains('★')).collect();
        assert_eq!(starred.len(), 1, "{rows:#?}");
        assert!(starred[0].contains("request timed out"), "{}", starred[0]);
    }

    #[test]
    fn an_empty_history_says_how_queries_get_there() {
        let mut m = browsing(80, 24, true, "");
        send(&mut m, [ctrl('r')]);
        let t = render(&m);
        let text: String = t
            .backend()
            .buffer()
            .content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        assert!(text.contains("No queries yet"), "{text}");
    }
}
