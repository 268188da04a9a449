//! The fixes pane: numbered solutions, then the example fix and the defensive patterns as code.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{code_lines, present, section, text_lines};
use crate::tui::app::msg::Detail;
use crate::tui::ui::text::clean_line;
use crate::tui::ui::theme::Theme;

pub fn paragraph(detail: &Detail, theme: &Theme) -> Paragraph<'static> {
    let r = &detail.record;
    let mut lines: Vec<Line<'static>> = Vec::new();
    let solutions: Vec<Line<'static>> = numbered(&r.solutions, theme);
    section(&mut lines, "Solutions", solutions, theme);
    if let Some(v) = present(&r.example_fix) {
        section(&mut lines, "Example fix", code_lines(v, theme), theme);
    }
    if let Some(v) = present(&r.handling_strategy) {
        section(
            &mut lines,
            "Handling strategy",
            text_lines(v, theme.text),
            theme,
        );
    }
    for (title, value) in [
        ("Validation", &r.validation_code),
        ("Try/catch pattern", &r.try_catch_pattern),
        ("Type guard", &r.type_guard),
    ] {
        if let Some(v) = present(value) {
            section(&mut lines, title, code_lines(v, theme), theme);
        }
    }
    if lines.is_empty() {
        lines.push(Line::styled("No fixes recorded for this error.", theme.dim));
    }
    Paragraph::new(lines).wrap(Wrap { trim: false })
}

/// `1. first item`, continuation lines indented under the text.
pub(crate) fn numbered(items: &[String], theme: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (i, item) in items.iter().filter(|s| !s.trim().is_empty()).enumerate() {
        for (j, line) in item.lines().enumerate() {
            let lead = if j == 0 {
                format!("{:>2}. ", i + 1)
            } else {
                "    ".to_string()
            };
            out.push(Line::from(vec![
                Span::styled(lead, theme.label),
                Span::styled(clean_line(line), theme.text),
            ]));
        }
    }
    out
}
