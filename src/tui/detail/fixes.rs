//! The fixes pane: numbered solutions, then the example fix and the defensive patterns as code.

use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::snippet::Piece;
use super::source::code_span;
use super::{code_lines, present, prose_lines, prose_spans, section};
use crate::tui::app::msg::Detail;
use crate::tui::results::scanned::NoFixYet;
use crate::tui::ui::theme::Theme;

/// The pane for `detail`; `no_fix` when it is a site `errdex scan` found, whose fix nobody
/// has written yet.
pub fn paragraph(
    detail: &Detail,
    theme: &Theme,
    width: u16,
    no_fix: Option<&NoFixYet>,
) -> Paragraph<'static> {
    let mut lines = no_fix.map(|k| no_fix_lines(k, theme)).unwrap_or_default();
    let fixes = fixes_lines(detail, theme);
    // A scanned site's own words replace the generic "no fixes" line.
    if lines.is_empty() || fixes.len() > 1 {
        lines.extend(fixes);
    }
    crate::tui::ui::wrap::paragraph(lines, width)
}

/// What a scanned site's Fixes pane says first, with the keys that act on it.
fn no_fix_lines(keys: &NoFixYet, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from(vec![
        Span::styled("No fix yet: ", theme.title),
        Span::styled("this site was found in your code by ", theme.text),
        Span::styled("errdex scan", theme.inline_code),
        Span::styled(".", theme.text),
    ])];
    let offer = |key: &Option<String>, what: &str| {
        key.as_ref().map(|k| {
            Line::from(vec![
                Span::styled(format!("  {k:<3}"), theme.key),
                Span::styled(what.to_string(), theme.text),
            ])
        })
    };
    lines.extend(offer(&keys.note, "add a team note to it"));
    lines.extend(offer(
        &keys.write,
        "write its fix as a team record, filled in from this site",
    ));
    lines.push(Line::default());
    lines
}

fn fixes_lines(detail: &Detail, theme: &Theme) -> Vec<Line<'static>> {
    let r = &detail.record;
    let mut lines: Vec<Line<'static>> = Vec::new();
    let solutions: Vec<Line<'static>> = numbered(&r.solutions, theme);
    section(&mut lines, "Solutions", solutions, theme);
    let code = &detail.fixes;
    let code_section = |lines: &mut Vec<Line<'static>>,
                        title: &str,
                        value: &Option<String>,
                        coloured: Option<&Vec<Vec<Piece>>>| {
        if let Some(v) = present(value) {
            let body = match coloured {
                Some(pieces) => coloured_lines(pieces, theme),
                None => code_lines(v, theme),
            };
            section(lines, title, body, theme);
        }
    };
    code_section(
        &mut lines,
        "Example fix",
        &r.example_fix,
        code.example_fix.as_ref(),
    );
    if let Some(v) = present(&r.handling_strategy) {
        section(
            &mut lines,
            "Handling strategy",
            prose_lines(v, theme),
            theme,
        );
    }
    for (title, value, coloured) in [
        ("Validation", &r.validation_code, code.validation.as_ref()),
        (
            "Try/catch pattern",
            &r.try_catch_pattern,
            code.try_catch.as_ref(),
        ),
        ("Type guard", &r.type_guard, code.type_guard.as_ref()),
    ] {
        code_section(&mut lines, title, value, coloured);
    }
    if lines.is_empty() {
        lines.push(Line::styled("No fixes recorded for this error.", theme.dim));
    }
    lines
}

/// Items of one list the browser lays out: every frame wraps all of them, and a record with
/// 200,000 solutions made each PgDn take seconds. `errdex show` prints them all.
pub(crate) const SHOWN_ITEMS: usize = 500;

/// `1. first item`, continuation lines indented under the text; the first [`SHOWN_ITEMS`],
/// then a line saying how many more there are.
pub(crate) fn numbered(items: &[String], theme: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let present = || items.iter().filter(|s| !s.trim().is_empty());
    for (i, item) in present().take(SHOWN_ITEMS).enumerate() {
        for (j, line) in item.lines().enumerate() {
            let lead = if j == 0 {
                format!("{:>2}. ", i + 1)
            } else {
                "    ".to_string()
            };
            let mut spans = vec![Span::styled(lead, theme.label)];
            spans.extend(prose_spans(line, theme));
            out.push(Line::from(spans));
        }
    }
    let more = present().skip(SHOWN_ITEMS).count();
    if more > 0 {
        let note = format!("    … {more} more (`errdex show` prints them all)");
        out.push(Line::styled(note, theme.dim));
    }
    out
}

/// Code already coloured (like the Source pane), with the bar in front that code fields get.
fn coloured_lines(pieces: &[Vec<Piece>], theme: &Theme) -> Vec<Line<'static>> {
    pieces
        .iter()
        .map(|line| {
            let mut spans = vec![Span::styled("│ ", theme.gutter)];
            spans.extend(line.iter().map(|p| code_span(p, theme)));
            Line::from(spans)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::detail::snippet::{Highlighter, prepare_fixes};
    use crate::tui::ui::theme::ThemeName;
    use errdex_core::record::Record;
    use ratatui::style::Color;

    #[test]
    fn code_fields_are_coloured_like_the_source() {
        let record = Record {
            file_path: Some("src/net.rs".into()),
            example_fix: Some("let conn = connect(addr)?;".into()),
            type_guard: Some("fn ok(x: &str) -> bool { !x.is_empty() }".into()),
            ..Record::default()
        };
        let h = Highlighter::new("base16-eighties.dark");
        let detail = Detail {
            index: 0,
            fixes: prepare_fixes(&record, Some(&h)),
            record,
            source: None,
            origin: None,
            conflicts: Vec::new(),
            code_site: None,
        };
        let theme = Theme::new(ThemeName::Dark, true);
        let lines = fixes_lines(&detail, &theme);
        let rgb = |title: &str| {
            let at = lines
                .iter()
                .position(|l| l.to_string() == title)
                .expect(title);
            lines[at + 1]
                .spans
                .iter()
                .filter(|s| matches!(s.style.fg, Some(Color::Rgb(..))))
                .count()
        };
        assert!(rgb("Example fix") > 1, "{lines:?}");
        assert!(rgb("Type guard") > 1, "{lines:?}");
    }

    fn detail(record: Record) -> Detail {
        Detail {
            index: 0,
            fixes: Default::default(),
            record,
            source: None,
            origin: None,
            conflicts: Vec::new(),
            code_site: None,
        }
    }

    #[test]
    fn a_record_with_200k_solutions_lays_out_a_bounded_list() {
        let record = Record {
            solutions: (0..200_000).map(|i| format!("solution {i}")).collect(),
            ..Record::default()
        };
        let theme = Theme::new(ThemeName::Dark, false);
        let lines = fixes_lines(&detail(record), &theme);
        assert!(lines.len() < SHOWN_ITEMS + 10, "{} lines", lines.len());
        let last = lines.last().expect("lines").to_string();
        assert_eq!(last, "    … 199500 more (`errdex show` prints them all)");
    }
}
