//! The local file's word in the Source pane's title (its bottom border): what it says and how.

use ratatui::text::{Line, Span};

use super::shown::current;
use crate::tui::app::model::{Model, Pane};
use errdex_core::checkout::{self, NotLocated};

/// ` local: PATH:431 (moved +3) ` while the Source pane is on display and there is a
/// checkout to speak of; highlighted while the pane shows the local file.
pub fn title(m: &Model) -> Option<Line<'static>> {
    if m.tab != Pane::Source {
        return None;
    }
    let title = title_text(m)?;
    let style = if m.local.showing {
        m.theme.title.patch(m.theme.selected)
    } else {
        m.theme.notice
    };
    Some(Line::from(vec![
        Span::raw(" "),
        Span::styled(errdex_core::text::one_line(&title), style),
        Span::raw(" "),
    ]))
}

/// What the Source pane's title says of the local file; `None` when there is no checkout to
/// speak of (nothing configured or found, or the record names no repository or file).
pub fn title_text(m: &Model) -> Option<String> {
    let answer = current(m)?;
    let located = match &answer.result {
        Ok(file) => &file.located,
        Err(NotLocated::NoRepo | NotLocated::NoPath | NotLocated::NoCheckout { .. }) => {
            return None;
        }
        Err(NotLocated::MissingFolder { .. }) => {
            return Some("local: the mapped folder is missing".into());
        }
        Err(NotLocated::NoFile { .. }) => return Some("local: no such file".into()),
        Err(NotLocated::BadPath(_)) => return Some("local: filePath is outside a checkout".into()),
        Err(NotLocated::Unreadable { why, .. }) => return Some(format!("local: {why}")),
    };
    let path = short_path(&located.file);
    let what = if m.local.showing {
        "local file"
    } else {
        "local:"
    };
    Some(match located.line {
        checkout::Line::Same(n) => format!("{what} {path}:{n}"),
        checkout::Line::Unchecked(n) => format!("{what} {path}:{n} (unchecked)"),
        checkout::Line::Moved { from, to } => {
            let by = to as i64 - from as i64;
            format!("{what} {path}:{to} (moved {by:+})")
        }
        checkout::Line::Gone { .. } => "local file changed: line not found".into(),
    })
}

/// The path with the home folder as `~`.
fn short_path(path: &std::path::Path) -> String {
    if let Some(home) = errdex_core::paths::home_dir()
        && let Ok(rest) = path.strip_prefix(&home)
    {
        return format!("~/{}", rest.display());
    }
    path.display().to_string()
}
