//! The copy menu overlay: each target the selected record has, its key, what it is and the
//! start of its text, so the user sees what will land on the clipboard before choosing.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::tui::copy::keys::{self, MenuRow};
use crate::tui::input::keymap::Scope;
use errdex_core::text::one_line;

/// How the menu names the triage view's incident report.
const REPORT_LABEL: &str = "incident report of the log";
use crate::tui::app::model::Model;
use crate::tui::ui::popup;

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let Some(menu) = model.copy_menu() else {
        return;
    };
    let theme = &model.theme;
    let width = area.width.saturating_sub(4).min(100);
    let rows = u16::try_from(menu.rows()).unwrap_or(u16::MAX);
    let height = rows
        .saturating_add(2)
        .min(area.height.saturating_sub(2))
        .max(3);
    let rect = popup::centred(area, width, height);
    let visible = usize::from(height.saturating_sub(2)).max(1);
    let first = popup::first_visible(menu.selected, visible);
    // Each row: its key from the keymap (blank past the numbered keys), what it is, its start.
    let targets = menu.offers.iter().map(|o| {
        (
            MenuRow::Target(o.target),
            o.label.as_str(),
            o.preview.clone(),
        )
    });
    let report = menu.report.as_ref().map(|text| {
        let preview = text.lines().next().unwrap_or("").to_string();
        (MenuRow::Report, REPORT_LABEL, preview)
    });
    let rows: Vec<(String, &str, String)> = targets
        .chain(report)
        .map(|(row, label, preview)| {
            let key = keys::action_of(row)
                .and_then(|action| model.keymap.key_for(Scope::CopyMenu, action))
                .unwrap_or_default();
            (key, label, preview)
        })
        .collect();
    let width_of = |s: &str| s.chars().count();
    let key_width = rows
        .iter()
        .map(|r| width_of(&r.0))
        .max()
        .unwrap_or(0)
        .max(1);
    let label_width = rows.iter().map(|r| width_of(r.1)).max().unwrap_or(0);
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(first)
        .take(visible)
        .map(|(i, (key, label, preview))| {
            let style = |s| {
                if i == menu.selected {
                    theme.selected
                } else {
                    s
                }
            };
            Line::from(vec![
                Span::styled(format!(" {key:<key_width$} "), style(theme.key)),
                Span::styled(format!(" {label:<label_width$} "), style(theme.text)),
                Span::styled(one_line(preview), style(theme.dim)),
            ])
        })
        .collect();
    let title = " Copy — press a key, ↑↓ Enter, Esc closes ";
    popup::draw(frame, rect, title, lines, 0, theme);
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use crate::tui::app::model::Model;
    use crate::tui::testing::{browsing, key, render, send};

    fn with_menu(width: u16, height: u16) -> Model {
        let mut m = browsing(width, height, true, "");
        send(
            &mut m,
            [
                key(KeyCode::Esc),
                key(KeyCode::Char('y')),
                key(KeyCode::Down),
            ],
        );
        assert!(m.copy_menu().is_some());
        m
    }

    #[test]
    fn snapshot_copy_menu_80x24() {
        insta::assert_snapshot!(render(&with_menu(80, 24)).backend());
    }

    #[test]
    fn snapshot_copy_menu_120x40() {
        insta::assert_snapshot!(render(&with_menu(120, 40)).backend());
    }

    #[test]
    fn the_highlighted_row_stays_in_view_on_a_short_screen() {
        let mut m = with_menu(60, 12);
        send(&mut m, [key(KeyCode::End)]);
        let screen = format!("{}", render(&m).backend());
        assert!(screen.contains("markdown incident note"), "{screen}");
        assert!(!screen.contains("solution 1"), "{screen}");
    }

    #[test]
    fn a_long_notice_wraps_instead_of_losing_the_url() {
        let mut m = browsing(60, 16, true, "");
        let url = "https://github.com/acme/netkit/blob/abc/src/net/connect.rs#L123";
        m.notice = Some(format!("no browser: {url} — press y u to copy"));
        let screen = format!("{}", render(&m).backend());
        let joined: String = screen
            .lines()
            .map(|l| l.trim_matches('"').trim_end())
            .collect::<Vec<_>>()
            .join("");
        assert!(joined.contains("src/net/connect.rs#L123"), "{screen}");
        assert!(joined.contains("press y u to copy"), "{screen}");
    }
}
