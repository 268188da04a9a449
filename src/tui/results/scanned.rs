//! Sites `errdex scan` found in the user's own code: records from `code/` of the data folder
//! (the source kind the precedence rule calls `Code`). Nobody has written their fix yet, so
//! the results list marks them, the Fixes pane says so, and `N` writes the fix as a team
//! record filled in from the site.

use std::path::Path;

use ratatui::text::{Line, Span};

use crate::tui::app::model::Model;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Scope;
use crate::tui::ui::theme::Theme;
use errdex_core::paths::CODE_DIR;

/// The mark in a scanned row's second line, under the severity; the help's legend names it.
pub const MARK: &str = "◇";

/// What the legend says of the mark.
pub const MEANING: &str = "found in your code by `errdex scan`: no fix yet";

/// Whether record `index` of the model's dataset is a scanned site: its source is a file in
/// the `code/` folder, where `errdex scan` writes (the folder the precedence and the
/// curated-before-code rules tell code by).
pub fn is_scanned(m: &Model, index: usize) -> bool {
    m.dataset
        .as_ref()
        .filter(|ds| index < ds.len())
        .is_some_and(|ds| in_code_folder(ds.source_name(index)))
}

/// Whether a source (by its name) is a file of `code/`.
pub fn in_code_folder(source: &str) -> bool {
    Path::new(source)
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|name| name == CODE_DIR)
}

/// Puts the mark into a row's second line, in the blank under the severity badge; its text
/// is unchanged in width.
pub fn mark(second: &mut Line<'static>, theme: &Theme) {
    let Some(lead) = second.spans.first_mut() else {
        return;
    };
    let text = lead.content.to_string();
    let mut chars = text.chars();
    let Some(marker) = chars.next() else {
        return;
    };
    let rest: String = chars.collect();
    let Some(after) = rest.strip_prefix(' ').and_then(|r| r.strip_prefix(' ')) else {
        return;
    };
    let style = lead.style;
    *lead = Span::styled(format!("{marker} "), style);
    second
        .spans
        .insert(1, Span::styled(MARK, theme.inline_code));
    second
        .spans
        .insert(2, Span::styled(after.to_string(), style));
}

/// The keys that act on a scanned site, as the keymap spells them today: the team note and
/// the record of its fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoFixYet {
    pub note: Option<String>,
    pub write: Option<String>,
}

/// What the Fixes pane says when the shown record is a scanned site.
pub fn no_fix_yet(m: &Model, index: usize) -> Option<NoFixYet> {
    if !is_scanned(m, index) {
        return None;
    }
    let key = |action: Action| {
        m.keymap
            .bindings()
            .iter()
            .find(|b| b.action == action && matches!(b.scope, Scope::Browse | Scope::Any))
            .map(|b| b.key.label())
    };
    Some(NoFixYet {
        note: key(Action::AddNote),
        write: key(Action::NewRecord),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_file_in_a_code_folder_is_scanned_code() {
        assert!(in_code_folder(
            "/home/u/.local/share/errdex/code/acme-shop.jsonl"
        ));
        assert!(!in_code_folder("/home/u/.local/share/errdex/records.jsonl"));
        assert!(!in_code_folder("/srv/code"));
        assert!(!in_code_folder("<sample>"));
        assert!(!in_code_folder("fixture"));
    }

    #[test]
    fn the_mark_keeps_the_row_as_wide_as_it_was() {
        let theme = Theme::new(crate::tui::ui::theme::ThemeName::Dark, false);
        let mut line = Line::from(vec![Span::raw("▌     "), Span::raw("acme/shop")]);
        let before = line.width();
        mark(&mut line, &theme);
        assert_eq!(line.width(), before);
        assert_eq!(line.to_string(), "▌ ◇   acme/shop");
    }
}
