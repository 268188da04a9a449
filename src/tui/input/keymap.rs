//! The one table of keys. Key handling, the status-bar hints and the help overlay all read
//! it, so they cannot disagree; a config rebinds a key by naming an action
//! (`ctrl-y = "copy_fix"`).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::tui::input::action::Action;

/// Where the keyboard goes: into the query, or to single-key commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Search,
    Browse,
}

/// In which mode a binding applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Any,
    Search,
    Browse,
}

impl Scope {
    fn covers(self, mode: Mode) -> bool {
        matches!(
            (self, mode),
            (Scope::Any, _) | (Scope::Search, Mode::Search) | (Scope::Browse, Mode::Browse)
        )
    }

    pub fn title(self) -> &'static str {
        match self {
            Scope::Any => "everywhere",
            Scope::Search => "in the search box",
            Scope::Browse => "browsing (after Esc)",
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
    (Scope::Search, "esc", Action::BrowseMode, Some("browse")),
    (Scope::Search, "backspace", Action::DeleteBack, None),
    (Scope::Search, "ctrl-w", Action::DeleteWord, None),
    (Scope::Search, "ctrl-u", Action::ClearQuery, None),
    (Scope::Search, "left", Action::CursorLeft, None),
    (Scope::Search, "right", Action::CursorRight, None),
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
    (Scope::Browse, "b", Action::TogglePin, None),
    (Scope::Browse, "P", Action::ExportPins, None),
    (Scope::Browse, "?", Action::Help, Some("help")),
    (Scope::Browse, "q", Action::Quit, Some("quit")),
    (Scope::Any, "ctrl-y", Action::CopyFix, None),
    (Scope::Browse, "y", Action::CopyMenu, Some("copy")),
    (Scope::Browse, "o", Action::OpenUrl, None),
    (Scope::Browse, "e", Action::EditLocal, None),
    (Scope::Browse, "l", Action::ToggleLocalSource, None),
    (Scope::Browse, "1", Action::CopySolution1, None),
    (Scope::Browse, "2", Action::CopySolution2, None),
    (Scope::Browse, "3", Action::CopySolution3, None),
    (Scope::Browse, "4", Action::CopySolution4, None),
    (Scope::Browse, "5", Action::CopySolution5, None),
    (Scope::Browse, "6", Action::CopySolution6, None),
    (Scope::Browse, "7", Action::CopySolution7, None),
    (Scope::Browse, "8", Action::CopySolution8, None),
    (Scope::Browse, "9", Action::CopySolution9, None),
];

/// A key with its modifiers, normalised so that a table entry and a terminal event compare
/// equal (`?` arrives with SHIFT on some terminals, `G` always does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    code: KeyCode,
    mods: KeyModifiers,
}

impl Key {
    pub fn from_event(ev: &KeyEvent) -> Key {
        let mut mods = ev.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT);
        let code = match ev.code {
            KeyCode::Char(c) if mods.contains(KeyModifiers::CONTROL) => {
                KeyCode::Char(c.to_ascii_lowercase())
            }
            KeyCode::Char(c) => KeyCode::Char(c),
            KeyCode::BackTab => KeyCode::BackTab,
            code => {
                mods |= ev.modifiers & KeyModifiers::SHIFT;
                code
            }
        };
        Key { code, mods }
    }

    /// Reads `ctrl-c`, `alt-x`, `shift-tab`, `shift-g` (= `G`), `f1`, `pagedown`, `?`.
    pub fn parse(text: &str) -> Result<Key, String> {
        let bad = || format!("unknown key `{text}`");
        let mut mods = KeyModifiers::NONE;
        let mut rest = text.trim();
        loop {
            let lower = rest.to_ascii_lowercase();
            let (m, len) = if lower.starts_with("ctrl-") {
                (KeyModifiers::CONTROL, 5)
            } else if lower.starts_with("alt-") {
                (KeyModifiers::ALT, 4)
            } else if lower.starts_with("shift-") {
                (KeyModifiers::SHIFT, 6)
            } else {
                break;
            };
            if rest.len() == len {
                return Err(bad());
            }
            mods |= m;
            rest = &rest[len..];
        }
        let shift = mods.contains(KeyModifiers::SHIFT);
        mods.remove(KeyModifiers::SHIFT);
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if mods.contains(KeyModifiers::CONTROL) => {
                KeyCode::Char(c.to_ascii_lowercase())
            }
            (Some(c), None) if shift => KeyCode::Char(c.to_ascii_uppercase()),
            (Some(c), None) => KeyCode::Char(c),
            _ => match rest.to_ascii_lowercase().as_str() {
                "tab" if shift => KeyCode::BackTab,
                "backtab" => KeyCode::BackTab,
                "tab" => KeyCode::Tab,
                "esc" | "escape" => KeyCode::Esc,
                "enter" | "return" => KeyCode::Enter,
                "backspace" => KeyCode::Backspace,
                "delete" | "del" => KeyCode::Delete,
                "space" => KeyCode::Char(' '),
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "pageup" | "pgup" => KeyCode::PageUp,
                "pagedown" | "pgdn" => KeyCode::PageDown,
                f if f.starts_with('f') => match f[1..].parse::<u8>() {
                    Ok(n @ 1..=12) => KeyCode::F(n),
                    _ => return Err(bad()),
                },
                _ => return Err(bad()),
            },
        };
        if shift && !matches!(code, KeyCode::Char(_) | KeyCode::BackTab) {
            mods |= KeyModifiers::SHIFT;
        }
        Ok(Key { code, mods })
    }

    /// How the help overlay and the hints write the key.
    pub fn label(&self) -> String {
        let mut out = String::new();
        for (m, name) in [
            (KeyModifiers::CONTROL, "ctrl-"),
            (KeyModifiers::ALT, "alt-"),
            (KeyModifiers::SHIFT, "shift-"),
        ] {
            if self.mods.contains(m) {
                out.push_str(name);
            }
        }
        match self.code {
            KeyCode::Char(' ') => out.push_str("space"),
            KeyCode::Char(c) => out.push(c),
            KeyCode::F(n) => out.push_str(&format!("F{n}")),
            KeyCode::BackTab => out.push_str("shift-tab"),
            KeyCode::PageUp => out.push_str("pgup"),
            KeyCode::PageDown => out.push_str("pgdn"),
            code => out.push_str(&format!("{code}").to_ascii_lowercase()),
        }
        out
    }
}

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
        let bindings = DEFAULTS
            .iter()
            .filter_map(|&(scope, key, action, hint)| {
                Some(Binding {
                    scope,
                    key: Key::parse(key).ok()?,
                    action,
                    hint,
                })
            })
            .collect();
        Keymap { bindings }
    }
}

impl Keymap {
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
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

    /// Binds `key` to the action named `action`, in the mode where that action lives by
    /// default (every mode for a ctrl/alt key), replacing whatever the key did there.
    pub fn bind(&mut self, key: &str, action: &str) -> Result<(), String> {
        let action =
            Action::from_name(action).ok_or_else(|| format!("unknown action `{action}`"))?;
        let key = Key::parse(key)?;
        let scope = self
            .bindings
            .iter()
            .find(|b| b.action == action)
            .map_or(Scope::Any, |b| b.scope);
        // A plain letter bound everywhere would make it impossible to type in the search box;
        // a ctrl or alt key types nothing, so it works in every mode (`ctrl-t = "show_tips"`
        // from the search box too).
        let plain_char = matches!(key.code, KeyCode::Char(_)) && key.mods.is_empty();
        let chord = key
            .mods
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        let scope = match scope {
            Scope::Any if plain_char => Scope::Browse,
            _ if chord => Scope::Any,
            scope => scope,
        };
        self.bindings.retain(|b| {
            b.key != key || !(b.scope == scope || b.scope == Scope::Any || scope == Scope::Any)
        });
        self.bindings.push(Binding {
            scope,
            key,
            action,
            hint: None,
        });
        Ok(())
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
        [Scope::Any, Scope::Search, Scope::Browse]
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

#[cfg(test)]
#[path = "keymap_tests.rs"]
mod tests;
