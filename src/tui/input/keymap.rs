//! The one table of keys. Key handling, the status-bar hints and the help overlay all read
//! it, so they cannot disagree; a config rebinds a key by naming an action
//! (`ctrl-y = "copy_fix"`). The overlays (help, copy menu, history) have their keys here too.

use crossterm::event::KeyEvent;

use super::action::{Action, DIRECT_SOLUTIONS};
pub use super::key::Key;

/// Where the keyboard goes: into the query, or to single-key commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Search,
    Browse,
}

/// Where a binding applies: a mode of the main screen, or one overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Any,
    Search,
    Browse,
    Help,
    CopyMenu,
    History,
    /// The one-line team note input (`n`).
    Note,
    Problems,
    /// `errdex pick`, in either mode: these keys come before the main screen's.
    Pick,
    /// `errdex pick`, in the search box.
    PickSearch,
    /// Browsing in a tmux popup (`errdex --popup`): these keys come before browse mode's.
    Popup,
}

impl Scope {
    /// Every scope, in the order the help lists them.
    pub const ALL: [Scope; 11] = [
        Scope::Any,
        Scope::Search,
        Scope::Browse,
        Scope::Help,
        Scope::CopyMenu,
        Scope::History,
        Scope::Note,
        Scope::Problems,
        Scope::Pick,
        Scope::PickSearch,
        Scope::Popup,
    ];

    fn covers(self, mode: Mode) -> bool {
        matches!(
            (self, mode),
            (Scope::Any, _) | (Scope::Search, Mode::Search) | (Scope::Browse, Mode::Browse)
        )
    }

    fn is_overlay(self) -> bool {
        matches!(
            self,
            Scope::Help
                | Scope::CopyMenu
                | Scope::History
                | Scope::Note
                | Scope::Problems
                | Scope::Pick
                | Scope::PickSearch
                | Scope::Popup
        )
    }

    pub fn title(self) -> &'static str {
        match self {
            Scope::Any => "everywhere",
            Scope::Search => "in the search box",
            Scope::Browse => "browsing (after Esc)",
            Scope::Help => "in this help",
            Scope::CopyMenu => "in the copy menu",
            Scope::History => "in the history (type to filter)",
            Scope::Note => "in the team note input (type the note)",
            Scope::Problems => "in the problems list",
            Scope::Pick => "picking (errdex pick)",
            Scope::PickSearch => "picking, in the search box",
            Scope::Popup => "browsing in a tmux popup (errdex tmux, --popup)",
        }
    }
}

/// The default keys: (where, key, action, status-bar hint).
const DEFAULTS: &[(Scope, &str, Action, Option<&str>)] = &[
    (Scope::Any, "ctrl-c", Action::Quit, None),
    (Scope::Any, "f1", Action::Help, Some("help")),
    (Scope::Any, "up", Action::SelectPrev, None),
    (Scope::Any, "down", Action::SelectNext, None),
    (Scope::Any, "ctrl-p", Action::SelectPrev, None),
    (Scope::Any, "ctrl-n", Action::SelectNext, None),
    (Scope::Any, "pageup", Action::PageUp, None),
    (Scope::Any, "pagedown", Action::PageDown, None),
    (Scope::Any, "home", Action::SelectFirst, None),
    (Scope::Any, "end", Action::SelectLast, None),
    (Scope::Any, "tab", Action::FocusNext, Some("pane")),
    (Scope::Any, "shift-tab", Action::FocusPrev, None),
    (Scope::Any, "enter", Action::Zoom, Some("zoom")),
    (Scope::Any, "ctrl-t", Action::ShowTriage, None),
    (Scope::Any, "ctrl-r", Action::History, None),
    (Scope::Any, "f2", Action::ShowProblems, None),
    (Scope::Search, "esc", Action::BrowseMode, Some("browse")),
    (Scope::Search, "backspace", Action::DeleteBack, None),
    (Scope::Search, "ctrl-w", Action::DeleteWord, None),
    (Scope::Search, "ctrl-u", Action::ClearQuery, None),
    (Scope::Search, "left", Action::CursorLeft, None),
    (Scope::Search, "right", Action::CursorRight, None),
    // Readline's editing keys.
    (Scope::Search, "ctrl-a", Action::CursorStart, None),
    (Scope::Search, "ctrl-e", Action::CursorEnd, None),
    (Scope::Search, "ctrl-k", Action::DeleteToEnd, None),
    (Scope::Search, "delete", Action::DeleteForward, None),
    (Scope::Search, "alt-b", Action::WordLeft, None),
    (Scope::Search, "alt-f", Action::WordRight, None),
    (Scope::Search, "ctrl-left", Action::WordLeft, None),
    (Scope::Search, "ctrl-right", Action::WordRight, None),
    (Scope::Search, "alt-backspace", Action::DeleteWordBack, None),
    (Scope::Browse, "/", Action::SearchMode, Some("search")),
    (Scope::Browse, "esc", Action::Back, None),
    (Scope::Browse, "j", Action::SelectNext, None),
    (Scope::Browse, "k", Action::SelectPrev, None),
    (Scope::Browse, "g", Action::SelectFirst, None),
    (Scope::Browse, "shift-g", Action::SelectLast, None),
    (Scope::Browse, "v", Action::ShowOverview, None),
    (Scope::Browse, "s", Action::ShowSource, Some("source")),
    (Scope::Browse, "f", Action::ShowFixes, Some("fixes")),
    (Scope::Browse, "t", Action::ShowTips, None),
    (Scope::Browse, "]", Action::LogLinesDown, None),
    (Scope::Browse, "[", Action::LogLinesUp, None),
    (Scope::Browse, "b", Action::TogglePin, None),
    (Scope::Browse, "P", Action::ExportPins, None),
    (Scope::Browse, "R", Action::WriteIncidentReport, None),
    (Scope::Browse, "n", Action::AddNote, None),
    (Scope::Browse, "N", Action::NewRecord, None),
    (Scope::Browse, "?", Action::Help, Some("help")),
    (Scope::Browse, "!", Action::ShowProblems, None),
    (Scope::Browse, "q", Action::Quit, Some("quit")),
    (Scope::Any, "ctrl-y", Action::CopyFix, None),
    (Scope::Browse, "y", Action::CopyMenu, Some("copy")),
    (Scope::Browse, "o", Action::OpenUrl, None),
    (Scope::Browse, "e", Action::EditLocal, None),
    (Scope::Browse, "l", Action::ToggleLocalSource, None),
    // A group opens and closes as a folder does in a tree view.
    (Scope::Browse, "right", Action::OpenGroup, Some("sites")),
    (Scope::Browse, "left", Action::CloseGroup, None),
    // Browse "1"…"9" copy solutions 1…9: added by `Keymap::default`.
    (Scope::Help, "esc", Action::Close, None),
    (Scope::Help, "q", Action::Close, None),
    (Scope::Help, "?", Action::Close, None),
    (Scope::Help, "f1", Action::Close, None),
    (Scope::Help, "down", Action::SelectNext, None),
    (Scope::Help, "j", Action::SelectNext, None),
    (Scope::Help, "ctrl-n", Action::SelectNext, None),
    (Scope::Help, "up", Action::SelectPrev, None),
    (Scope::Help, "k", Action::SelectPrev, None),
    (Scope::Help, "ctrl-p", Action::SelectPrev, None),
    (Scope::Help, "pagedown", Action::PageDown, None),
    (Scope::Help, "pageup", Action::PageUp, None),
    (Scope::Help, "home", Action::SelectFirst, None),
    (Scope::Help, "end", Action::SelectLast, None),
    (Scope::CopyMenu, "esc", Action::Close, None),
    (Scope::CopyMenu, "q", Action::Close, None),
    (Scope::CopyMenu, "y", Action::Close, None),
    (Scope::CopyMenu, "enter", Action::Accept, None),
    (Scope::CopyMenu, "down", Action::SelectNext, None),
    (Scope::CopyMenu, "j", Action::SelectNext, None),
    (Scope::CopyMenu, "ctrl-n", Action::SelectNext, None),
    (Scope::CopyMenu, "up", Action::SelectPrev, None),
    (Scope::CopyMenu, "k", Action::SelectPrev, None),
    (Scope::CopyMenu, "ctrl-p", Action::SelectPrev, None),
    (Scope::CopyMenu, "home", Action::SelectFirst, None),
    (Scope::CopyMenu, "end", Action::SelectLast, None),
    (Scope::CopyMenu, "shift-g", Action::SelectLast, None),
    (Scope::History, "esc", Action::Close, None),
    (Scope::History, "enter", Action::Accept, None),
    (Scope::History, "down", Action::SelectNext, None),
    (Scope::History, "ctrl-n", Action::SelectNext, None),
    // Ctrl-r again goes further back, as in a shell.
    (Scope::History, "ctrl-r", Action::SelectNext, None),
    (Scope::History, "up", Action::SelectPrev, None),
    (Scope::History, "ctrl-p", Action::SelectPrev, None),
    (Scope::History, "backspace", Action::DeleteBack, None),
    (Scope::Note, "esc", Action::Close, None),
    (Scope::Note, "enter", Action::Accept, None),
    (Scope::Note, "backspace", Action::DeleteBack, None),
    (Scope::Note, "ctrl-w", Action::DeleteWord, None),
    (Scope::Note, "ctrl-u", Action::ClearQuery, None),
    (Scope::Note, "left", Action::CursorLeft, None),
    (Scope::Note, "right", Action::CursorRight, None),
    (Scope::Note, "home", Action::SelectFirst, None),
    (Scope::Note, "end", Action::SelectLast, None),
    (Scope::Problems, "esc", Action::Close, None),
    (Scope::Problems, "q", Action::Close, None),
    (Scope::Problems, "!", Action::Close, None),
    (Scope::Problems, "f2", Action::Close, None),
    (Scope::Problems, "down", Action::SelectNext, None),
    (Scope::Problems, "j", Action::SelectNext, None),
    (Scope::Problems, "up", Action::SelectPrev, None),
    (Scope::Problems, "k", Action::SelectPrev, None),
    (Scope::Problems, "pagedown", Action::PageDown, None),
    (Scope::Problems, "pageup", Action::PageUp, None),
    (Scope::Problems, "home", Action::SelectFirst, None),
    (Scope::Problems, "end", Action::SelectLast, None),
    (Scope::Pick, "enter", Action::Pick, Some("pick")),
    (Scope::PickSearch, "esc", Action::Cancel, Some("cancel")),
    (Scope::Popup, "esc", Action::ClosePopup, Some("close")),
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub scope: Scope,
    pub key: Key,
    pub action: Action,
    pub hint: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Default for Keymap {
    fn default() -> Self {
        let solutions = (1..=DIRECT_SOLUTIONS).filter_map(|n| {
            let key = char::from_digit(u32::from(n), 10)?;
            Some(Binding {
                scope: Scope::Browse,
                key: Key::parse(&key.to_string()).ok()?,
                action: Action::CopySolution(n),
                hint: None,
            })
        });
        let table =
            DEFAULTS
                .iter()
                .chain(COPY_TARGETS)
                .filter_map(|&(scope, key, action, hint)| {
                    Some(Binding {
                        scope,
                        key: Key::parse(key).ok()?,
                        action,
                        hint,
                    })
                });
        Keymap {
            bindings: table.chain(solutions).collect(),
        }
    }
}

impl Keymap {
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The key bound last to `action` in `scope` (a config's own before the default one), as
    /// the help writes it.
    pub fn key_for(&self, scope: Scope, action: Action) -> Option<String> {
        self.bindings
            .iter()
            .rev()
            .find(|b| b.scope == scope && b.action == action)
            .map(|b| b.key.label())
    }

    /// The action for a key in a mode; a binding for the mode wins over one for every mode.
    pub fn action(&self, mode: Mode, ev: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(ev);
        let mut found = None;
        for b in self.bindings.iter().filter(|b| b.key == key) {
            if b.scope != Scope::Any && b.scope.covers(mode) {
                return Some(b.action);
            }
            if b.scope == Scope::Any {
                found = Some(b.action);
            }
        }
        found
    }

    /// The action for a key in an overlay: the overlay's own keys, and quitting from
    /// anywhere (a ctrl/alt key bound to `quit`, Ctrl-c by default).
    pub fn overlay_action(&self, overlay: Scope, ev: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(ev);
        let bound = |scope: Scope| {
            self.bindings
                .iter()
                .find(|b| b.key == key && b.scope == scope)
                .map(|b| b.action)
        };
        bound(overlay).or_else(|| bound(Scope::Any).filter(|a| *a == Action::Quit))
    }

    /// The status-bar hints for a mode: (key, word), in table order, one key per word.
    pub fn hints(&self, mode: Mode) -> Vec<(String, &'static str)> {
        let mut out: Vec<(String, &'static str)> = Vec::new();
        for b in self.bindings.iter().filter(|b| b.scope.covers(mode)) {
            if let Some(hint) = b.hint
                && !out.iter().any(|(_, h)| *h == hint)
            {
                out.push((b.key.label(), hint));
            }
        }
        out
    }

    /// The help overlay's rows: for each scope, each action with all its keys.
    pub fn help(&self) -> Vec<(Scope, Vec<(String, Action)>)> {
        Scope::ALL
            .into_iter()
            .map(|scope| {
                let mut rows: Vec<(String, Action)> = Vec::new();
                for b in self.bindings.iter().filter(|b| b.scope == scope) {
                    match rows.iter_mut().find(|(_, a)| *a == b.action) {
                        Some((keys, _)) => {
                            keys.push_str(", ");
                            keys.push_str(&b.key.label());
                        }
                        None => rows.push((b.key.label(), b.action)),
                    }
                }
                (scope, rows)
            })
            .filter(|(_, rows)| !rows.is_empty())
            .collect()
    }
}

#[path = "keymap_bind.rs"]
mod bind;

#[path = "keymap_copy.rs"]
mod copy_targets;
use copy_targets::COPY_TARGETS;

#[path = "keymap_layers.rs"]
mod layers;

pub use layers::Run;

#[cfg(test)]
#[path = "keymap_tests.rs"]
mod tests;
