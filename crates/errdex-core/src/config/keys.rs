//! Key names: `ctrl-y`, `alt-enter`, `G`, `f5`, as the config's `[keys]` writes them and the
//! browser's keymap reads them — one parser for both.

/// A key without its modifiers, as `[keys]` and the browser's keymap spell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyName {
    /// A character (`space` is `' '`).
    Char(char),
    /// f1 to f24.
    F(u8),
    Enter,
    Esc,
    Tab,
    /// Shift-Tab, which terminals send as a key of its own.
    BackTab,
    Backspace,
    Delete,
    Insert,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
}

/// The named keys, each with its canonical spelling and the aliases it is also read by.
const NAMED: &[(KeyName, &str, &[&str])] = &[
    (KeyName::Enter, "enter", &["return"]),
    (KeyName::Esc, "esc", &["escape"]),
    (KeyName::Tab, "tab", &[]),
    (KeyName::BackTab, "backtab", &[]),
    (KeyName::Backspace, "backspace", &[]),
    (KeyName::Delete, "delete", &["del"]),
    (KeyName::Insert, "insert", &["ins"]),
    (KeyName::Up, "up", &[]),
    (KeyName::Down, "down", &[]),
    (KeyName::Left, "left", &[]),
    (KeyName::Right, "right", &[]),
    (KeyName::Home, "home", &[]),
    (KeyName::End, "end", &[]),
    (KeyName::PageUp, "pageup", &["pgup"]),
    (KeyName::PageDown, "pagedown", &["pgdn", "pgdown"]),
    (KeyName::Char(' '), "space", &[]),
];

/// One key with its modifiers: the one reading of a key's spelling, for the config's
/// `[keys]` and the browser's keymap alike. Normalised so that spellings of the same key
/// compare equal: ctrl-Y is ctrl-y (terminals send them alike), shift-g is `G`, shift-tab is
/// the back-tab key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeySpec {
    pub name: KeyName,
    pub ctrl: bool,
    pub alt: bool,
    /// Only on keys that have no shifted form of their own (arrows, enter, f-keys …).
    pub shift: bool,
}

impl KeySpec {
    /// Reads `[ctrl-][alt-][shift-]KEY` in any order and case: a character (its case kept
    /// unless ctrl is held), f1–f24, or a named key.
    pub fn parse(spec: &str) -> Result<KeySpec, String> {
        let mut rest = spec.trim();
        let (mut ctrl, mut alt, mut shift) = (false, false, false);
        while let Some((head, tail)) = rest.split_once('-') {
            let flag = match head.to_ascii_lowercase().as_str() {
                "ctrl" => &mut ctrl,
                "alt" => &mut alt,
                "shift" => &mut shift,
                _ => break,
            };
            if tail.is_empty() {
                break;
            }
            *flag = true;
            rest = tail;
        }
        let name = key_name(rest).ok_or_else(|| {
            let named: Vec<&str> = NAMED.iter().map(|(_, n, _)| *n).collect();
            format!(
                "unknown key `{spec}`: a key is a character, f1–f24, or one of {}, after any of the modifiers ctrl-, alt-, shift-",
                named.join(" ")
            )
        })?;
        let name = match name {
            KeyName::Char(c) if ctrl => KeyName::Char(c.to_ascii_lowercase()),
            KeyName::Char(c) if shift => {
                shift = false;
                KeyName::Char(c.to_ascii_uppercase())
            }
            KeyName::Tab if shift => {
                shift = false;
                KeyName::BackTab
            }
            other => other,
        };
        Ok(KeySpec {
            name,
            ctrl,
            alt,
            shift,
        })
    }
}

/// The canonical spelling: `[ctrl-][alt-][shift-]KEY`, named keys in lower case.
impl std::fmt::Display for KeySpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (on, name) in [
            (self.ctrl, "ctrl-"),
            (self.alt, "alt-"),
            (self.shift, "shift-"),
        ] {
            if on {
                f.write_str(name)?;
            }
        }
        match self.name {
            KeyName::Char(' ') => f.write_str("space"),
            KeyName::Char(c) => write!(f, "{c}"),
            KeyName::F(n) => write!(f, "f{n}"),
            KeyName::BackTab => f.write_str("shift-tab"),
            name => {
                let spelled = NAMED.iter().find(|(k, _, _)| *k == name);
                f.write_str(spelled.map_or("", |(_, n, _)| n))
            }
        }
    }
}

/// A key's canonical spelling, so that `Ctrl-Y` and `ctrl-y` are the same binding.
pub fn normalize_key(spec: &str) -> Result<String, String> {
    KeySpec::parse(spec).map(|k| k.to_string())
}

fn key_name(key: &str) -> Option<KeyName> {
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_control()).then_some(KeyName::Char(c));
    }
    let lower = key.to_ascii_lowercase();
    if let Some((name, _, _)) = NAMED
        .iter()
        .find(|(_, n, aliases)| *n == lower || aliases.contains(&lower.as_str()))
    {
        return Some(*name);
    }
    let n: u8 = lower.strip_prefix('f')?.parse().ok()?;
    (1..=24).contains(&n).then_some(KeyName::F(n))
}

/// Action names are snake_case words (`copy_fix`); which ones exist is the browser's business.
pub fn check_action(name: &str) -> Result<(), String> {
    let ok = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{name}` is not an action name (snake_case, like `copy_fix`)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_modifiers_and_names() {
        assert_eq!(normalize_key("Ctrl-Y").as_deref(), Ok("ctrl-y"));
        assert_eq!(
            normalize_key("shift-ALT-Enter").as_deref(),
            Ok("alt-shift-enter")
        );
        assert_eq!(normalize_key("G").as_deref(), Ok("G"));
        assert_eq!(normalize_key("PgDn").as_deref(), Ok("pagedown"));
        assert_eq!(normalize_key("F12").as_deref(), Ok("f12"));
        assert_eq!(normalize_key("ctrl--").as_deref(), Ok("ctrl--"));
        assert_eq!(normalize_key("-").as_deref(), Ok("-"));
        assert_eq!(normalize_key("shift-g").as_deref(), Ok("G"));
        assert_eq!(normalize_key("Shift-Tab").as_deref(), Ok("shift-tab"));
        assert_eq!(normalize_key("backtab").as_deref(), Ok("shift-tab"));
        assert_eq!(normalize_key("ctrl-space").as_deref(), Ok("ctrl-space"));
        assert_eq!(normalize_key("ins").as_deref(), Ok("insert"));
        for spec in [
            "ctrl-y",
            "alt-shift-enter",
            "G",
            "pagedown",
            "f24",
            "shift-tab",
            "space",
        ] {
            assert_eq!(
                normalize_key(spec).as_deref(),
                Ok(spec),
                "canonical spellings stay"
            );
        }
    }

    #[test]
    fn rejects_what_is_not_a_key() {
        for bad in ["", "ctrl-", "hyper-x", "f25", "ctrl-banana", "\u{7}"] {
            assert!(normalize_key(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn action_names_are_snake_case() {
        assert!(check_action("copy_fix").is_ok());
        assert!(check_action("pin2").is_ok());
        for bad in ["", "Copy", "copy-fix", "_x", "copy fix"] {
            assert!(check_action(bad).is_err(), "{bad:?}");
        }
    }
}
