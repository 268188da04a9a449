//! One result's two lines in the list: the severity badge, the message with its matched
//! characters, and where it is raised. A group's and a site's rows (`sites.rs`) start from it.

use ratatui::text::{Line, Span};

use crate::tui::app::msg::RowMatches;
use crate::tui::ui::text::highlight;
use crate::tui::ui::theme::Theme;
use errdex_core::dataset::EntryRef;
use errdex_core::text::one_line;

/// The two lines of one result.
pub fn row_lines(
    entry: EntryRef<'_>,
    matches: &RowMatches,
    selected: bool,
    theme: &Theme,
) -> [Line<'static>; 2] {
    let marker = if selected { "▌" } else { " " };
    let severity = entry.severity.unwrap_or("");
    let badge = badge(severity);
    let mut first = vec![
        Span::styled(marker, theme.key),
        Span::styled(format!("{badge:<4} "), theme.severity(severity)),
    ];
    first.extend(highlight(
        entry.message,
        &matches.message,
        theme.text,
        theme.matched,
    ));
    let mut second = vec![Span::styled(format!("{marker}     "), theme.key)];
    if let Some(repo) = &entry.repo {
        second.extend(highlight(repo, &matches.repo, theme.dim, theme.matched));
        second.push(Span::raw("  "));
    }
    if let Some(path) = &entry.file_path {
        second.extend(highlight(
            path,
            &matches.file_path,
            theme.dim,
            theme.matched,
        ));
        if let Some(line) = entry.line_number {
            second.push(Span::styled(format!(":{line}"), theme.dim));
        }
    }
    two_lines(first, second, selected, theme)
}

/// A row's two lines, the whole row highlighted when it is the selected one.
pub fn two_lines(
    first: Vec<Span<'static>>,
    second: Vec<Span<'static>>,
    selected: bool,
    theme: &Theme,
) -> [Line<'static>; 2] {
    let style = if selected {
        theme.selected
    } else {
        ratatui::style::Style::new()
    };
    [
        Line::from(first).style(style),
        Line::from(second).style(style),
    ]
}

/// Four columns for the severity, so messages line up.
pub fn badge(severity: &str) -> String {
    match severity.to_ascii_lowercase().as_str() {
        "critical" => "crit".into(),
        "error" => "err".into(),
        "warning" => "warn".into(),
        other => one_line(other).chars().take(4).collect(),
    }
}
