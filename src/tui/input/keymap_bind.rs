//! The config's `[keys]`: a key rebound to an action by name, in the scopes that action
//! lives in, replacing what the key did there.

use super::{Action, Binding, Key, Keymap, Scope};

impl Keymap {
    /// Binds `key` to the action named `action` wherever that action has a key by default
    /// (the mode it lives in, and each overlay that uses it), replacing what the key did
    /// there. A ctrl/alt key on the main screen works in every mode.
    pub fn bind(&mut self, key: &str, action: &str) -> Result<(), String> {
        let action =
            Action::from_name(action).ok_or_else(|| format!("unknown action `{action}`"))?;
        let key = Key::parse(key)?;
        let mut scopes: Vec<Scope> = Vec::new();
        for b in self.bindings.iter().filter(|b| b.action == action) {
            let scope = main_scope(b.scope, &key);
            if !scopes.contains(&scope) {
                scopes.push(scope);
            }
        }
        if scopes.is_empty() {
            scopes.push(main_scope(Scope::Any, &key));
        }
        // A plain character is text in the history's filter and in a note: it cannot be a
        // command there.
        scopes.retain(|s| !(matches!(s, Scope::History | Scope::Note) && key.is_plain_char()));
        if scopes.is_empty() {
            return Err(format!(
                "`{}` is typed into the history's filter; bind a ctrl or alt key",
                key.label()
            ));
        }
        for scope in scopes {
            self.bindings
                .retain(|b| b.key != key || !overlaps(b.scope, scope));
            self.bindings.push(Binding {
                scope,
                key,
                action,
                hint: None,
            });
        }
        Ok(())
    }
}

/// Where a rebound key goes on the main screen: a plain letter bound everywhere would make it
/// impossible to type in the search box, so it goes to browse mode; a ctrl or alt key types
/// nothing, so it works in every mode (`ctrl-t = "show_tips"` from the search box too).
/// Overlay scopes stay as they are.
fn main_scope(scope: Scope, key: &Key) -> Scope {
    match scope {
        s if s.is_overlay() => s,
        Scope::Any if key.is_plain_char() => Scope::Browse,
        _ if key.is_chord() => Scope::Any,
        s => s,
    }
}

/// True when a key bound in `a` and in `b` would compete for the same key press.
fn overlaps(a: Scope, b: Scope) -> bool {
    if a.is_overlay() || b.is_overlay() {
        return a == b;
    }
    a == b || a == Scope::Any || b == Scope::Any
}
