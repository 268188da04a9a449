//! One key with its modifiers: read from a terminal event or from a config's spelling
//! (`ctrl-c`, `shift-tab`, `G`, `f1`), and written back for the hints and the help.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use errdex_core::config::{KeyName, KeySpec};

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

    /// Reads `ctrl-c`, `alt-x`, `shift-tab`, `shift-g` (= `G`), `f1`, `pagedown`, `?`: the
    /// core's one key parser, which the config's `[keys]` uses too.
    pub fn parse(text: &str) -> Result<Key, String> {
        KeySpec::parse(text).map(Key::from_spec)
    }

    pub fn from_spec(spec: KeySpec) -> Key {
        let code = match spec.name {
            KeyName::Char(c) => KeyCode::Char(c),
            KeyName::F(n) => KeyCode::F(n),
            KeyName::Enter => KeyCode::Enter,
            KeyName::Esc => KeyCode::Esc,
            KeyName::Tab => KeyCode::Tab,
            KeyName::BackTab => KeyCode::BackTab,
            KeyName::Backspace => KeyCode::Backspace,
            KeyName::Delete => KeyCode::Delete,
            KeyName::Insert => KeyCode::Insert,
            KeyName::Up => KeyCode::Up,
            KeyName::Down => KeyCode::Down,
            KeyName::Left => KeyCode::Left,
            KeyName::Right => KeyCode::Right,
            KeyName::Home => KeyCode::Home,
            KeyName::End => KeyCode::End,
            KeyName::PageUp => KeyCode::PageUp,
            KeyName::PageDown => KeyCode::PageDown,
        };
        let mut mods = KeyModifiers::NONE;
        for (on, m) in [
            (spec.ctrl, KeyModifiers::CONTROL),
            (spec.alt, KeyModifiers::ALT),
            (spec.shift, KeyModifiers::SHIFT),
        ] {
            if on {
                mods |= m;
            }
        }
        Key { code, mods }
    }

    /// The terminal event this key arrives as (tests replay keys through `update`).
    pub fn event(&self) -> KeyEvent {
        let mods = match self.code {
            KeyCode::Char(c) if c.is_ascii_uppercase() => self.mods | KeyModifiers::SHIFT,
            KeyCode::BackTab => self.mods | KeyModifiers::SHIFT,
            _ => self.mods,
        };
        KeyEvent::new(self.code, mods)
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

    /// A character with no ctrl or alt: it types text where text is typed.
    pub fn is_plain_char(&self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && self.mods.is_empty()
    }

    /// Ctrl or alt is held: it types nothing.
    pub fn is_chord(&self) -> bool {
        self.mods
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    }
}
