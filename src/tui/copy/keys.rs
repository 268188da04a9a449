//! Which copy-menu row each keymap action picks. The keys themselves are rows of the keymap
//! table (`input/keymap.rs`), so the menu, the help and a config's `[keys]` agree.

use crate::tui::input::action::Action;
use errdex_core::copy::Target;

/// A row of the copy menu: one of the record's targets, or the triage view's report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuRow {
    Target(Target),
    Report,
}

/// The row an action picks in the copy menu, if it picks one.
pub fn row_of(action: Action) -> Option<MenuRow> {
    let target = match action {
        Action::CopyFix => Target::Fix,
        Action::CopySolution(n) => Target::Solution(usize::from(n)),
        Action::CopyTip(n) => Target::Tip(usize::from(n)),
        Action::CopyValidation => Target::Validation,
        Action::CopyTryCatch => Target::TryCatch,
        Action::CopyTypeGuard => Target::TypeGuard,
        Action::CopySnippet => Target::Snippet { numbered: false },
        Action::CopySnippetNumbered => Target::Snippet { numbered: true },
        Action::CopyUrl => Target::Url,
        Action::CopyLocation => Target::Location,
        Action::CopyMarkdown => Target::Markdown,
        Action::CopyReport => return Some(MenuRow::Report),
        _ => return None,
    };
    Some(MenuRow::Target(target))
}

/// The action that picks this row (none for a target past the numbered keys).
pub fn action_of(row: MenuRow) -> Option<Action> {
    Some(match row {
        MenuRow::Report => Action::CopyReport,
        MenuRow::Target(target) => match target {
            Target::Fix => Action::CopyFix,
            Target::Solution(n) => Action::CopySolution(u8::try_from(n).ok()?),
            Target::Tip(n) => Action::CopyTip(u8::try_from(n).ok()?),
            Target::Validation => Action::CopyValidation,
            Target::TryCatch => Action::CopyTryCatch,
            Target::TypeGuard => Action::CopyTypeGuard,
            Target::Snippet { numbered: false } => Action::CopySnippet,
            Target::Snippet { numbered: true } => Action::CopySnippetNumbered,
            Target::Url => Action::CopyUrl,
            Target::Location => Action::CopyLocation,
            Target::Markdown => Action::CopyMarkdown,
            Target::UrlRange | Target::Id | Target::Json => return None,
        },
    })
    .filter(|a| Action::all().any(|known| known == *a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_that_picks_a_row_is_that_rows_action() {
        let mut rows = 0;
        for action in Action::all() {
            if let Some(row) = row_of(action) {
                rows += 1;
                assert_eq!(action_of(row), Some(action), "{action:?}");
            }
        }
        assert_eq!(
            rows,
            1 + 9 + 12 + 8 + 1,
            "fix, solutions, tips, the rest, the report"
        );
        assert_eq!(action_of(MenuRow::Target(Target::Solution(10))), None);
        assert_eq!(action_of(MenuRow::Target(Target::Tip(13))), None);
        assert_eq!(action_of(MenuRow::Target(Target::Id)), None);
    }
}
