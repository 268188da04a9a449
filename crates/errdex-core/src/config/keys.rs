//! Key names in `[keys]`: `ctrl-y`, `alt-enter`, `G`, `f5`. Normalised so that `Ctrl-Y` and
//! `ctrl-y` are the same binding; the browser's keymap parses the same spelling.

const NAMED: &[&str] = &[
    "enter",
    "esc",
    "tab",
    "backtab",
    "backspace",
    "delete",
    "insert",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "space",
];

const MODIFIERS: &[&str] = &["ctrl", "alt", "shift"];

/// `[ctrl-][alt-][shift-]KEY`, modifiers in that order and lower case; a single-character key
/// keeps its case (`G` is not `g`) unless ctrl is held, a named key is lower case.
pub fn normalize_key(spec: &str) -> Result<String, String> {
    let mut rest = spec.trim();
    let mut mods = [false; 3];
    while let Some((head, tail)) = rest.split_once('-') {
        let Some(m) = MODIFIERS.iter().position(|m| m.eq_ignore_ascii_case(head)) else {
            break;
        };
        if tail.is_empty() {
            break;
        }
        mods[m] = true;
        rest = tail;
    }
    let mut key = key_name(rest).ok_or_else(|| {
        format!(
            "`{spec}` is not a key (a character, f1–f24, or one of {}; modifiers ctrl-, alt-, shift-)",
            NAMED.join(" ")
        )
    })?;
    // Terminals send ctrl-Y and ctrl-y alike.
    if mods[0] {
        key.make_ascii_lowercase();
    }
    let mut out = String::new();
    for (on, name) in mods.iter().zip(MODIFIERS) {
        if *on {
            out.push_str(name);
            out.push('-');
        }
    }
    out.push_str(&key);
    Ok(out)
}

fn key_name(key: &str) -> Option<String> {
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_control()).then(|| c.to_string());
    }
    let lower = key.to_ascii_lowercase();
    let alias = match lower.as_str() {
        "return" => "enter",
        "escape" => "esc",
        "pgup" => "pageup",
        "pgdn" | "pgdown" => "pagedown",
        "del" => "delete",
        "ins" => "insert",
        other => other,
    };
    if NAMED.contains(&alias) {
        return Some(alias.to_string());
    }
    let n: u8 = alias.strip_prefix('f')?.parse().ok()?;
    (1..=24).contains(&n).then(|| format!("f{n}"))
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
