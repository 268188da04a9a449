//! `errdex --popup` (the tmux popup): Esc while browsing closes it, once nothing else is left
//! to cancel; everywhere else Esc keeps its meaning.

use crossterm::event::KeyCode;

use super::*;
use crate::tui::app::effect::Effect;
use crate::tui::input::keymap::Mode;
use crate::tui::testing::{browsing, key, loaded_model, screen};

fn quits(step: &Step) -> bool {
    step.effects.contains(&Effect::Quit)
}

#[test]
fn esc_from_the_search_box_browses_then_closes_the_popup() {
    let mut m = loaded_model(100, 30, true);
    m.popup = true;
    let step = update(&mut m, key(KeyCode::Esc));
    assert_eq!(m.mode, Mode::Browse);
    assert!(!quits(&step) && !m.quit);
    assert!(screen(&m).contains("esc close"), "{}", screen(&m));
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(quits(&step) && m.quit);
}

#[test]
fn esc_leaves_the_full_screen_detail_before_closing() {
    let mut m = browsing(100, 30, true, "time");
    m.mode = Mode::Browse;
    m.popup = true;
    update(&mut m, key(KeyCode::Enter));
    assert!(m.zoomed);
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(!m.zoomed && !quits(&step));
    assert!(quits(&update(&mut m, key(KeyCode::Esc))));
}

#[test]
fn esc_in_an_overlay_closes_the_overlay_only() {
    let mut m = browsing(100, 30, true, "time");
    m.mode = Mode::Browse;
    m.popup = true;
    update(&mut m, key(KeyCode::Char('?')));
    assert!(m.overlay.is_some());
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(m.overlay.is_none() && !quits(&step));
}

#[test]
fn outside_a_popup_esc_while_browsing_does_not_quit() {
    let mut m = browsing(100, 30, true, "time");
    m.mode = Mode::Browse;
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(!quits(&step) && !m.quit);
    assert!(!screen(&m).contains("esc close"));
}

#[test]
fn the_popup_key_is_in_the_help_and_can_be_rebound() {
    let mut m = browsing(100, 30, true, "time");
    m.mode = Mode::Browse;
    m.popup = true;
    m.keymap.bind("x", "close_popup").expect("valid binding");
    assert!(quits(&update(&mut m, key(KeyCode::Char('x')))));
    let help = m.keymap.help();
    assert!(help.iter().any(|(scope, rows)| {
        *scope == Scope::Popup && rows.iter().any(|(_, a)| *a == Action::ClosePopup)
    }));
}
