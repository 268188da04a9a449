//! One key with its modifiers: read from a terminal event or from a config's spelling
//! (`ctrl-c`, `shift-tab`, `G`, `f1`), and written back for the hints and the help.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
