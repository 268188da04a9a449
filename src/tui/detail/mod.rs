//! The detail area: a tab line naming the four panes, and the one on display. Each pane has a
//! file (`overview.rs`, `source.rs`, `fixes.rs`, `tips.rs`); `snippet.rs` numbers and colours
//! the source snippet when a record is read, `worker.rs` reads it off the UI thread (with
//! `code_now.rs`, where a scanned statement is today) and
//! `highlighting.rs` shares the highlighter with the workers that colour code.

mod chain;
pub mod code_now;
#[cfg(test)]
mod code_now_tests;
mod fixes;
pub mod highlighting;
mod overview;
pub mod snippet;
mod source;
mod tips;
#[cfg(test)]
mod wide_tests;
pub mod worker;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::tui::app::model::{Model, Pane};
use crate::tui::ui::layout::inner;
use crate::tui::ui::theme::Theme;
use crate::tui::ui::{block, text};

pub fn draw(frame: &mut Frame, area: Rect, model: &Model) {
    let theme = &model.theme;
    let mut title = vec![Span::raw(" ")];
    for (i, pane) in Pane::DETAIL.iter().enumerate() {
        if i > 0 {
            title.push(Span::styled(" │ ", theme.border));
        }
        let style = if *pane == model.tab {
            theme.title.patch(theme.selected)
        } else {
            theme.dim
        };
        title.push(Span::styled(pane.title(), style));
    }
    title.push(Span::raw(" "));
    let focused = model.focus == model.tab;
    let mut frame_block = block(Line::from(title), focused, theme);
    if let Some(local) = crate::tui::local::view::title(model) {
        // On the bottom border: the top one is full of pane names on a narrow detail.
        frame_block = frame_block.title_bottom(local);
    }
    frame.render_widget(frame_block, area);
    let body = inner(area);
    let Some(detail) = model.current_detail() else {
        let message = match (&model.detail_error, model.selected_index()) {
            (Some(e), Some(_)) => {
                Line::styled(format!("cannot read this record: {e}"), theme.error)
            }
            (_, Some(_)) => Line::styled("reading…", theme.dim),
            (_, None) if crate::tui::triage::selected_unknown(model).is_some() => Line::styled(
                "no record knows this error yet: N writes one from its first line",
                theme.dim,
            ),
            (_, None) => Line::styled("no record selected", theme.dim),
        };
        frame.render_widget(
            crate::tui::ui::wrap::paragraph(vec![message], body.width),
            body,
        );
        return;
    };
    let scroll = u16::try_from(model.scroll_of(model.tab)).unwrap_or(u16::MAX);
    let paragraph = match model.tab {
        Pane::Source => {
            let shown = crate::tui::local::shown::shown_source(model);
            source::draw(frame, body, shown, scroll.into(), theme);
            return;
        }
        Pane::Overview | Pane::Results => {
            overview::paragraph(chain::lines(model), detail, theme, body.width)
        }
        Pane::Fixes => fixes::paragraph(detail, theme, body.width, no_fix(model).as_ref()),
        Pane::Tips => tips::paragraph(detail, theme, body.width),
    };
    frame.render_widget(paragraph.scroll((scroll, 0)), body);
}

/// The keys of a scanned site's Fixes pane, when the shown record is one.
fn no_fix(model: &Model) -> Option<crate::tui::results::scanned::NoFixYet> {
    let detail = model.current_detail()?;
    crate::tui::results::scanned::no_fix_yet(model, detail.index)
}

/// How many lines a detail pane's content takes at this width, for scroll limits.
pub fn content_height(model: &Model, pane: Pane, width: u16) -> usize {
    let Some(detail) = model.current_detail() else {
        return 0;
    };
    let theme = &model.theme;
    match pane {
        Pane::Results => 0,
        Pane::Overview => {
            overview::paragraph(chain::lines(model), detail, theme, width).line_count(width)
        }
        Pane::Fixes => {
            fixes::paragraph(detail, theme, width, no_fix(model).as_ref()).line_count(width)
        }
        Pane::Tips => tips::paragraph(detail, theme, width).line_count(width),
        Pane::Source => source::line_count(crate::tui::local::shown::shown_source(model)),
    }
}

/// A multi-line field as lines: made safe, tabs expanded, CRLF handled.
fn text_lines(value: &str, style: Style) -> Vec<Line<'static>> {
    value
        .lines()
        .map(|l| Line::styled(text::clean_line(l), style))
        .collect()
}

/// Prose (documentation, solutions, tips) as lines, `inline code` styled as code.
fn prose_lines(value: &str, theme: &Theme) -> Vec<Line<'static>> {
    value
        .lines()
        .map(|l| Line::from(prose_spans(l, theme)))
        .collect()
}

/// One line of prose: the text between a pair of backticks is drawn in the code style and
/// the backticks dropped. Without colour (NO_COLOR) the backticks stay, as the only mark;
/// an unpaired backtick is text.
fn prose_spans(line: &str, theme: &Theme) -> Vec<Span<'static>> {
    let line = text::clean_line(line);
    let ticks = line.matches('`').count();
    if ticks < 2 || !theme.color {
        return vec![Span::styled(line, theme.text)];
    }
    // With an odd count the last backtick pairs with nothing: it stays in the text.
    let paired = ticks - ticks % 2;
    let mut spans = Vec::new();
    let mut seen = 0;
    let mut rest = line.as_str();
    while seen < paired {
        let Some((before, after)) = rest.split_once('`') else {
            break;
        };
        seen += 1;
        let style = if seen % 2 == 0 {
            theme.inline_code
        } else {
            theme.text
        };
        if !before.is_empty() {
            spans.push(Span::styled(before.to_string(), style));
        }
        rest = after;
    }
    if !rest.is_empty() {
        spans.push(Span::styled(rest.to_string(), theme.text));
    }
    spans
}

/// A code field as lines with a bar in front, so code stands apart from prose.
fn code_lines(value: &str, theme: &Theme) -> Vec<Line<'static>> {
    value
        .lines()
        .map(|l| {
            Line::from(vec![
                Span::styled("│ ", theme.gutter),
                Span::styled(text::clean_line(l), theme.code),
            ])
        })
        .collect()
}

/// A section heading followed by its body, with a blank line before it unless it is first.
fn section(out: &mut Vec<Line<'static>>, title: &str, body: Vec<Line<'static>>, theme: &Theme) {
    if body.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push(Line::default());
    }
    out.push(Line::styled(title.to_string(), theme.title));
    out.extend(body);
}

/// A field's value when it says something (empty and whitespace-only values are left out).
fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|v| !v.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::ui::theme::{Theme, ThemeName};

    #[test]
    fn inline_code_in_prose_is_styled_without_its_backticks() {
        let theme = Theme::new(ThemeName::Dark, true);
        let spans = prose_spans("call `conn.close()` then `retry` once `", &theme);
        let text: Vec<(&str, bool)> = spans
            .iter()
            .map(|s| (s.content.as_ref(), s.style == theme.inline_code))
            .collect();
        assert_eq!(
            text,
            [
                ("call ", false),
                ("conn.close()", true),
                (" then ", false),
                ("retry", true),
                (" once `", false)
            ]
        );
        let plain = Theme::new(ThemeName::Dark, false);
        let spans = prose_spans("use `x`", &plain);
        assert_eq!(spans.len(), 1);
        assert_eq!(spans[0].content, "use `x`");
    }
}
