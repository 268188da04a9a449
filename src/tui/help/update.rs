//! With the help open, keys scroll or close it and do nothing else.

use crate::tui::app::model::{Model, Overlay};
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;

pub fn on_key(m: &mut Model, action: Option<Action>) -> Step {
    let page = usize::from(m.height.saturating_sub(4)).max(1);
    let last = super::max_scroll(m);
    let Some(Overlay::Help { scroll }) = &mut m.overlay else {
        return Step::default();
    };
    match action {
        Some(Action::SelectNext) => *scroll = (*scroll + 1).min(last),
        Some(Action::SelectPrev) => *scroll = scroll.saturating_sub(1),
        Some(Action::PageDown) => *scroll = (*scroll + page).min(last),
        Some(Action::PageUp) => *scroll = scroll.saturating_sub(page),
        Some(Action::SelectFirst) => *scroll = 0,
        Some(Action::SelectLast) => *scroll = last,
        Some(Action::Close) => m.overlay = None,
        _ => return Step::default(),
    }
    Step::redraw()
}
