//! The one table of keys. Key handling, the status-bar hints and the help overlay all read
//! it, so they cannot disagree; a config rebinds a key by naming an action
//! (`ctrl-y = "copy_fix"`).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;

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
    /// default, replacing whatever the key did there.
    pub fn bind(&mut self, key: &str, action: &str) -> Result<(), String> {
        let action =
            Action::from_name(action).ok_or_else(|| format!("unknown action `{action}`"))?;
        let key = Key::parse(key)?;
        let scope = self
            .bindings
            .iter()
            .find(|b| b.action == action)
            .map_or(Scope::Any, |b| b.scope);
        // A plain letter bound everywhere would make it impossible to type in the search box.
        let plain_char = matches!(key.code, KeyCode::Char(_)) && key.mods.is_empty();
        let scope = if plain_char && scope == Scope::Any {
            Scope::Browse
        } else {
            scope
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
mod tests {
    use super::*;
    use crossterm::event::KeyEventKind;

    fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new_with_kind(code, mods, KeyEventKind::Press)
    }

    #[test]
    fn every_default_key_parses() {
        assert_eq!(Keymap::default().bindings().len(), DEFAULTS.len());
    }

    #[test]
    fn mode_specific_bindings_win_and_chars_ignore_shift() {
        let km = Keymap::default();
        let q = ev(KeyCode::Char('q'), KeyModifiers::NONE);
        assert_eq!(km.action(Mode::Browse, &q), Some(Action::Quit));
        assert_eq!(km.action(Mode::Search, &q), None);
        let help = ev(KeyCode::Char('?'), KeyModifiers::SHIFT);
        assert_eq!(km.action(Mode::Browse, &help), Some(Action::Help));
        let big_g = ev(KeyCode::Char('G'), KeyModifiers::SHIFT);
        assert_eq!(km.action(Mode::Browse, &big_g), Some(Action::SelectLast));
        let back = ev(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(km.action(Mode::Search, &back), Some(Action::FocusPrev));
        let ctrl_c = ev(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(km.action(Mode::Search, &ctrl_c), Some(Action::Quit));
    }

    #[test]
    fn key_labels_round_trip() {
        for text in [
            "ctrl-c",
            "f1",
            "shift-tab",
            "pgdn",
            "?",
            "G",
            "alt-x",
            "shift-up",
        ] {
            let key = Key::parse(text).expect(text);
            assert_eq!(Key::parse(&key.label()), Ok(key), "{text}");
        }
        assert_eq!(Key::parse("shift-g"), Key::parse("G"));
        assert!(Key::parse("ctrl-").is_err());
        assert!(Key::parse("f13").is_err());
        assert!(Key::parse("hyper-x").is_err());
    }

    #[test]
    fn rebinding_by_action_name_replaces_the_key_in_that_mode() {
        let mut km = Keymap::default();
        km.bind("x", "quit").expect("valid binding");
        let x = ev(KeyCode::Char('x'), KeyModifiers::NONE);
        assert_eq!(km.action(Mode::Browse, &x), Some(Action::Quit));
        km.bind("q", "show_tips").expect("valid binding");
        let q = ev(KeyCode::Char('q'), KeyModifiers::NONE);
        assert_eq!(km.action(Mode::Browse, &q), Some(Action::ShowTips));
        assert!(km.bind("q", "fly").unwrap_err().contains("unknown action"));
        assert!(
            km.bind("meta-q", "quit")
                .unwrap_err()
                .contains("unknown key")
        );
    }

    #[test]
    fn hints_and_help_come_from_the_same_table() {
        let mut km = Keymap::default();
        let hints = km.hints(Mode::Browse);
        assert!(hints.contains(&("q".to_string(), "quit")));
        assert!(!km.hints(Mode::Search).iter().any(|(_, h)| *h == "quit"));
        km.bind("x", "quit").expect("valid binding");
        let help = km.help();
        let browse = &help
            .iter()
            .find(|(s, _)| *s == Scope::Browse)
            .expect("browse")
            .1;
        let quit = browse
            .iter()
            .find(|(_, a)| *a == Action::Quit)
            .expect("quit row");
        assert_eq!(quit.0, "q, x");
    }
}
