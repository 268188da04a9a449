//! The keys of `errdex pick`: its own scopes, looked up before the main screen's.

use crossterm::event::KeyEvent;

use super::{Key, Keymap, Mode, Scope};
use crate::tui::input::action::Action;

impl Keymap {
    /// The action for a key while picking (`errdex pick`): the pick scopes' own keys, before
    /// the main screen's.
    pub fn pick_action(&self, mode: Mode, ev: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(ev);
        let scopes: &[Scope] = match mode {
            Mode::Search => &[Scope::PickSearch, Scope::Pick],
            Mode::Browse => &[Scope::Pick],
        };
        scopes.iter().find_map(|&scope| {
            self.bindings
                .iter()
                .find(|b| b.key == key && b.scope == scope)
                .map(|b| b.action)
        })
    }

    /// The status-bar hints while picking: the pick scopes' keys, then the mode's.
    pub fn pick_hints(&self, mode: Mode) -> Vec<(String, &'static str)> {
        let mut out: Vec<(String, &'static str)> = self
            .bindings
            .iter()
            .filter(|b| {
                b.scope == Scope::Pick || (mode == Mode::Search && b.scope == Scope::PickSearch)
            })
            .filter_map(|b| Some((b.key.label(), b.hint?)))
            .collect();
        for (key, hint) in self.hints(mode) {
            // The pick's Enter replaces the main screen's, and its hint with it.
            if !out.iter().any(|(k, _)| *k == key) {
                out.push((key, hint));
            }
        }
        out
    }
}
