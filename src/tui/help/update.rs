//! With the help open, keys scroll or close it and do nothing else.

use crate::tui::app::model::Model;
use crate::tui::app::scroll::on_text_overlay_key;
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;

pub fn on_key(m: &mut Model, action: Option<Action>) -> Step {
    let last = super::max_scroll(m);
    on_text_overlay_key(m, action, last)
}
