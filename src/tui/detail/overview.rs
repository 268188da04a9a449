//! The overview pane: what the error is and where it comes from.

use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::fixes::SHOWN_ITEMS;
use super::{present, prose_lines, section, text_lines};
use crate::tui::app::msg::Detail;
use crate::tui::ui::theme::Theme;
use errdex_core::text::one_line;

/// Width of the label column (`location  `).
const LABEL: usize = 11;

/// The pane's text: `chain` (a pasted line's links, or nothing) above the record's.
pub fn paragraph(
    chain: Vec<Line<'static>>,
    detail: &Detail,
    theme: &Theme,
    width: u16,
) -> Paragraph<'static> {
    let r = &detail.record;
    let message = errdex_core::search::searched(&r.error_message);
    let mut lines = chain;
    lines.extend(text_lines(message, theme.title));
    if message.len() < r.error_message.len() {
        // Wrapping all of a 10 MB message every frame would cost gigabytes.
        let more = r.error_message.len() - message.len();
        let note = format!("… {more} more bytes (`errdex show` prints them all)");
        lines.push(Line::styled(note, theme.dim));
    }
    lines.push(Line::default());
    let http = r.http_status.map(|h| h.to_string());
    let tags = (!r.tags.is_empty()).then(|| shown_tags(&r.tags));
    let facts: [(&str, Option<&str>); 11] = [
        ("severity", present(&r.severity)),
        ("type", present(&r.error_type)),
        ("class", present(&r.error_class)),
        ("code", present(&r.error_code)),
        ("http", http.as_deref()),
        ("repo", present(&r.repo)),
        ("location", None),
        ("tags", tags.as_deref()),
        ("id", Some(r.id.as_str())),
        ("dataset", present(&r.dataset_version)),
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
        if label == "location" {
            // A path breaks after a `/` or before the `:line`, never inside a name or number.
            let room = usize::from(width).saturating_sub(LABEL).max(1);
            for (i, part) in wrap_at_separators(&one_line(value), room)
                .into_iter()
                .enumerate()
            {
                let head = if i == 0 {
                    format!("{label:>9}  ")
                } else {
                    " ".repeat(LABEL)
                };
                lines.push(Line::from(vec![
                    Span::styled(head, theme.label),
                    Span::styled(part, style),
                ]));
            }
            continue;
        }
        lines.push(Line::from(vec![
            Span::styled(format!("{label:>9}  "), theme.label),
            Span::styled(one_line(value), style),
        ]));
    }
    if let Some(now) = &detail.code_site {
        // Where the statement is today: the record's location is where it was written for.
        let label = if now.moved { "code now" } else { "in code" };
        let style = if now.moved {
            theme.severity("warning")
        } else {
            theme.text
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{label:>9}  "), theme.label),
            Span::styled(one_line(&now.place), style),
        ]));
    }
    for c in &detail.conflicts {
        lines.push(Line::from(vec![
            Span::styled(format!("{:>9}  ", "conflict"), theme.label),
            Span::styled(one_line(c), theme.severity("warning")),
        ]));
    }
    for (title, value) in [
        ("Documentation", &r.documentation),
        ("Trigger scenarios", &r.trigger_scenarios),
        ("Common situations", &r.common_situations),
    ] {
        if let Some(value) = present(value) {
            section(&mut lines, title, prose_lines(value, theme), theme);
        }
    }
    // A URL is one long word: under a label it would start on a line of its own anyway.
    if let Some(url) = present(&r.github_url) {
        section(&mut lines, "Link", text_lines(url, theme.text), theme);
    }
    if !r.notes.is_empty() {
        let notes = errdex_core::export::newest_first(&r.notes).flat_map(|n| {
            let head = Line::from(vec![
                Span::styled(one_line(&n.author), theme.label),
                Span::styled(format!("  {}", n.date().replace('T', " ")), theme.dim),
            ]);
            std::iter::once(head).chain(text_lines(&n.text, theme.text))
        });
        section(&mut lines, "Team notes", notes.collect(), theme);
    }
    crate::tui::ui::wrap::paragraph(lines, width)
}

/// Splits `text` into lines of at most `room` columns, breaking only after `/` or `\\` or
/// before `:`; a piece longer than `room` is left whole (the pane then wraps it).
fn wrap_at_separators(text: &str, room: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let mut pieces: Vec<&str> = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        let cut = match c {
            '/' | '\\' => i + c.len_utf8(),
            ':' => i,
            _ => continue,
        };
        if cut > start {
            pieces.push(&text[start..cut]);
            start = cut;
        }
    }
    pieces.push(&text[start..]);
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for piece in pieces {
        if !current.is_empty() && current.width() + piece.width() > room {
            lines.push(std::mem::take(&mut current));
        }
        current.push_str(piece);
    }
    lines.push(current);
    lines
}

/// The first tags, joined; a million of them wrapped every frame stalled each keystroke.
fn shown_tags(tags: &[String]) -> String {
    let shown = &tags[..tags.len().min(SHOWN_ITEMS)];
    let mut text = shown.join(", ");
    if tags.len() > shown.len() {
        text.push_str(&format!(", … {} more", tags.len() - shown.len()));
    }
    text
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::*;
    use crate::tui::ui::theme::ThemeName;
    use errdex_core::record::Record;

    /// The Overview of `detail` drawn into a buffer of this size, as text rows.
    fn drawn(detail: &Detail, width: u16, height: u16) -> Vec<String> {
        let theme = Theme::new(ThemeName::Dark, false);
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        paragraph(Vec::new(), detail, &theme, area.width).render(area, &mut buf);
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
            .collect()
    }

    #[test]
    fn a_location_wraps_at_separators_not_inside_a_number() {
        let loc = "src/stream/src/executor/backfill/snapshot_backfill/executor.rs:428";
        let lines = wrap_at_separators(loc, 30);
        assert_eq!(
            lines,
            [
                "src/stream/src/executor/",
                "backfill/snapshot_backfill/",
                "executor.rs:428"
            ]
        );
        assert_eq!(wrap_at_separators(loc, 14)[4], "executor.rs");
        assert_eq!(wrap_at_separators(loc, 14)[5], ":428");
        assert_eq!(wrap_at_separators("a.rs:1", 80), ["a.rs:1"]);
    }

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
            fixes: Default::default(),
            origin: Some("public · version 2026-11-30 · synced 2026-12-01".into()),
            conflicts: Vec::new(),
            code_site: None,
        };
        let rows = drawn(&detail, 60, 6);
        assert_eq!(
            rows[3].trim_end(),
            "   remote  public · version 2026-11-30 · synced 2026-12-01"
        );
    }

    #[test]
    fn a_record_that_hides_another_with_its_id_says_so() {
        let detail = Detail {
            index: 0,
            record: Record {
                id: "team-fix-1".into(),
                error_message: "payment declined".into(),
                ..Record::default()
            },
            source: None,
            fixes: Default::default(),
            origin: None,
            conflicts: vec!["id `team-fix-1` is also at feed.jsonl:1 (a synced remote)".into()],
            code_site: None,
        };
        let rows = drawn(&detail, 80, 5);
        assert!(
            rows.iter().any(|r| r.trim_end()
                == " conflict  id `team-fix-1` is also at feed.jsonl:1 (a synced remote)"),
            "{rows:#?}"
        );
    }

    #[test]
    fn a_huge_message_is_shown_up_to_the_search_prefix_with_a_note() {
        let long = format!("{}\n", "A".repeat(99)).repeat(20_000);
        let detail = Detail {
            index: 0,
            record: Record {
                id: "a1".into(),
                error_message: long.clone(),
                ..Record::default()
            },
            source: None,
            fixes: Default::default(),
            origin: None,
            conflicts: Vec::new(),
            code_site: None,
        };
        let theme = Theme::new(ThemeName::Dark, false);
        let shown = errdex_core::search::FIELD_PREFIX / 100;
        let rows = paragraph(Vec::new(), &detail, &theme, 200).line_count(200);
        assert!(rows > shown && rows < shown + 20, "{rows} rows");
        let more = long.len() - errdex_core::search::searched(&long).len();
        let area = Rect::new(0, 0, 200, 4);
        let mut buf = Buffer::empty(area);
        let scrolled = paragraph(Vec::new(), &detail, &theme, 200).scroll((shown as u16, 0));
        scrolled.render(area, &mut buf);
        let text: String = (0..area.height)
            .flat_map(|y| (0..area.width).map(move |x| (x, y)))
            .map(|p| buf[p].symbol().to_string())
            .collect();
        assert!(text.contains(&format!("… {more} more bytes")), "{text}");
    }

    #[test]
    fn a_record_with_a_million_tags_lays_out_a_bounded_overview() {
        let detail = Detail {
            index: 0,
            record: Record {
                id: "t1".into(),
                error_message: "many tags".into(),
                tags: (0..1_000_000).map(|i| format!("tag{i}")).collect(),
                ..Record::default()
            },
            source: None,
            fixes: Default::default(),
            origin: None,
            conflicts: Vec::new(),
            code_site: None,
        };
        let theme = Theme::new(ThemeName::Dark, false);
        let rows = paragraph(Vec::new(), &detail, &theme, 80).line_count(80);
        assert!(rows < 200, "{rows} rows");
        assert!(shown_tags(&detail.record.tags).ends_with(", … 999500 more"));
    }
}
