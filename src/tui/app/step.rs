//! What one message did to the model: the effects to run and whether to draw again. Every
//! feature's update returns one.

use super::effect::Effect;

/// What one message did: effects to run, and whether the screen needs drawing.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub effects: Vec<Effect>,
    pub redraw: bool,
}

impl Step {
    /// Nothing to run; the screen changed.
    pub fn redraw() -> Step {
        Step {
            effects: Vec::new(),
            redraw: true,
        }
    }

    pub fn with(mut self, effect: Effect) -> Step {
        self.effects.push(effect);
        self
    }
}
