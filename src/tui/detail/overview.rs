//! The overview pane: what the error is and where it comes from.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{present, section, text_lines};
use crate::text::one_line;
use crate::tui::app::msg::Detail;
use crate::tui::ui::theme::Theme;

pub fn paragraph(detail: &Detail, theme: &Theme) -> Paragraph<'static> {
    let r = &detail.record;
    let mut lines: Vec<Line<'static>> = text_lines(&r.error_message, theme.title);
    lines.push(Line::default());
    let http = r.http_status.map(|h| h.to_string());
    let tags = (!r.tags.is_empty()).then(|| r.tags.join(", "));
    let facts: [(&str, Option<&str>); 10] = [
        ("severity", present(&r.severity)),
        ("type", present(&r.error_type)),
        ("class", present(&r.error_class)),
        ("code", present(&r.error_code)),
        ("http", http.as_deref()),
        ("repo", present(&r.repo)),
        ("location", None),
        ("tags", tags.as_deref()),
        ("id", Some(r.id.as_str())),
        ("remote", detail.origin.as_deref()),
    ];
    let location = r.location();
    for (label, value) in facts {
        let value = if label == "location" {
            location.as_deref()
        } else {
            value
        };
        let Some(value) = value else { continue };
        let style = if label == "severity" {
            theme.severity(value)
        } else {
            theme.text
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{label:>9}  "), theme.label),
            Span::styled(one_line(value), style),
        ]));
    }
    for (title, value) in [
        ("Documentation", &r.documentation),
        ("Trigger scenarios", &r.trigger_scenarios),
        ("Common situations", &r.common_situations),
    ] {
        if let Some(value) = present(value) {
            section(&mut lines, title, text_lines(value, theme.text), theme);
        }
    }
    // A URL is one long word: under a label it would start on a line of its own anyway.
    if let Some(url) = present(&r.github_url) {
        section(&mut lines, "Link", text_lines(url, theme.text), theme);
    }
    Paragraph::new(lines).wrap(Wrap { trim: false })
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::*;
    use crate::record::Record;
    use crate::tui::ui::theme::ThemeName;

    #[test]
    fn a_synced_record_names_its_remote_and_version() {
        let detail = Detail {
            index: 0,
            record: Record {
                id: "a1".into(),
                error_message: "token expired".into(),
                ..Record::default()
            },
            source: None,
            origin: Some("public · version 2026-11-30 · synced 2026-12-01".into()),
        };
        let theme = Theme::new(ThemeName::Dark, false);
        let area = Rect::new(0, 0, 60, 6);
        let mut buf = Buffer::empty(area);
        paragraph(&detail, &theme).render(area, &mut buf);
        let rows: Vec<String> = (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
            .collect();
        assert_eq!(
            rows[3].trim_end(),
            "   remote  public · version 2026-11-30 · synced 2026-12-01"
        );
    }
}
