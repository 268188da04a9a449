//! With the help open, keys scroll or close it and do nothing else.

use crate::tui::app::model::{Model, Overlay};
use crate::tui::app::scroll::scroll_text;
use crate::tui::app::update::Step;
use crate::tui::input::action::Action;

pub fn on_key(m: &mut Model, action: Option<Action>) -> Step {
    let page = usize::from(m.height.saturating_sub(4)).max(1);
    let last = super::max_scroll(m);
    let Some(Overlay::Help { scroll }) = &mut m.overlay else {
        return Step::default();
    };
    match action {
        Some(Action::Close) => m.overlay = None,
        Some(a) if scroll_text(scroll, a, page, last) => {}
        _ => return Step::default(),
    }
    Step::redraw()
}
