//! The copy menu's rows of the keymap table: one key per copy target, kept apart from the
//! main screen's keys so the menu reads as a list of shortcuts.

use super::Scope;
use crate::tui::input::action::Action;

/// The copy menu's target keys, each a key of its own so the menu reads as a list of
/// shortcuts: letters no menu navigation key (j, k, q, y, g's shift-G) takes. A target past
/// the keys (a tenth solution, a thirteenth tip) is still listed and selectable.
pub(super) const COPY_TARGETS: &[(Scope, &str, Action, Option<&str>)] = &[
    (Scope::CopyMenu, "f", Action::CopyFix, None),
    (Scope::CopyMenu, "1", Action::CopySolution(1), None),
    (Scope::CopyMenu, "2", Action::CopySolution(2), None),
    (Scope::CopyMenu, "3", Action::CopySolution(3), None),
    (Scope::CopyMenu, "4", Action::CopySolution(4), None),
    (Scope::CopyMenu, "5", Action::CopySolution(5), None),
    (Scope::CopyMenu, "6", Action::CopySolution(6), None),
    (Scope::CopyMenu, "7", Action::CopySolution(7), None),
    (Scope::CopyMenu, "8", Action::CopySolution(8), None),
    (Scope::CopyMenu, "9", Action::CopySolution(9), None),
    (Scope::CopyMenu, "v", Action::CopyValidation, None),
    (Scope::CopyMenu, "c", Action::CopyTryCatch, None),
    (Scope::CopyMenu, "g", Action::CopyTypeGuard, None),
    (Scope::CopyMenu, "s", Action::CopySnippet, None),
    (Scope::CopyMenu, "n", Action::CopySnippetNumbered, None),
    (Scope::CopyMenu, "u", Action::CopyUrl, None),
    (Scope::CopyMenu, "l", Action::CopyLocation, None),
    (Scope::CopyMenu, "m", Action::CopyMarkdown, None),
    (Scope::CopyMenu, "a", Action::CopyTip(1), None),
    (Scope::CopyMenu, "b", Action::CopyTip(2), None),
    (Scope::CopyMenu, "d", Action::CopyTip(3), None),
    (Scope::CopyMenu, "e", Action::CopyTip(4), None),
    (Scope::CopyMenu, "h", Action::CopyTip(5), None),
    (Scope::CopyMenu, "i", Action::CopyTip(6), None),
    (Scope::CopyMenu, "o", Action::CopyTip(7), None),
    (Scope::CopyMenu, "p", Action::CopyTip(8), None),
    (Scope::CopyMenu, "r", Action::CopyTip(9), None),
    (Scope::CopyMenu, "w", Action::CopyTip(10), None),
    (Scope::CopyMenu, "x", Action::CopyTip(11), None),
    (Scope::CopyMenu, "z", Action::CopyTip(12), None),
    (Scope::CopyMenu, "t", Action::CopyReport, None),
];
