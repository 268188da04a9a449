//! Keys that come before the main screen's in some runs of the browser: `errdex pick`'s own,
//! and those of the tmux popup (`errdex --popup`, which `errdex tmux`'s bindings start).

use crossterm::event::KeyEvent;

use super::{Key, Keymap, Mode, Scope};
use crate::tui::input::action::Action;

/// How the browser was started, as far as its keys go.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Run {
    /// `errdex pick`.
    pub picking: bool,
    /// In a tmux popup (`--popup`): Esc while browsing closes it.
    pub popup: bool,
}

impl Run {
    /// The scopes looked up before the main screen's, first first.
    fn layers(self, mode: Mode) -> Vec<Scope> {
        let mut layers = Vec::new();
        if self.picking {
            if mode == Mode::Search {
                layers.push(Scope::PickSearch);
            }
            layers.push(Scope::Pick);
        }
        if self.popup && mode == Mode::Browse {
            layers.push(Scope::Popup);
        }
        layers
    }
}

impl Keymap {
    /// The action for a key on the main screen: this run's own scopes first, then the mode's.
    pub fn main_action(&self, run: Run, mode: Mode, ev: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(ev);
        run.layers(mode)
            .into_iter()
            .find_map(|scope| {
                self.bindings
                    .iter()
                    .find(|b| b.key == key && b.scope == scope)
                    .map(|b| b.action)
            })
            .or_else(|| self.action(mode, ev))
    }

    /// The status-bar hints on the main screen: this run's own keys, then the mode's.
    pub fn main_hints(&self, run: Run, mode: Mode) -> Vec<(String, &'static str)> {
        let layers = run.layers(mode);
        let mut out: Vec<(String, &'static str)> = self
            .bindings
            .iter()
            .filter(|b| layers.contains(&b.scope))
            .filter_map(|b| Some((b.key.label(), b.hint?)))
            .collect();
        for (key, hint) in self.hints(mode) {
            // A run's own key replaces the main screen's (the pick's Enter, the popup's Esc),
            // and its hint with it.
            if !out.iter().any(|(k, _)| *k == key) {
                out.push((key, hint));
            }
        }
        out
    }
}
