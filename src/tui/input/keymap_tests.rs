use super::*;
use crossterm::event::KeyEventKind;

fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
    KeyEvent::new_with_kind(code, mods, KeyEventKind::Press)
}

#[test]
fn every_default_key_parses() {
    assert_eq!(Keymap::default().bindings().len(), DEFAULTS.len());
}

#[test]
fn mode_specific_bindings_win_and_chars_ignore_shift() {
    let km = Keymap::default();
    let q = ev(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(km.action(Mode::Browse, &q), Some(Action::Quit));
    assert_eq!(km.action(Mode::Search, &q), None);
    let help = ev(KeyCode::Char('?'), KeyModifiers::SHIFT);
    assert_eq!(km.action(Mode::Browse, &help), Some(Action::Help));
    let big_g = ev(KeyCode::Char('G'), KeyModifiers::SHIFT);
    assert_eq!(km.action(Mode::Browse, &big_g), Some(Action::SelectLast));
    let back = ev(KeyCode::BackTab, KeyModifiers::SHIFT);
    assert_eq!(km.action(Mode::Search, &back), Some(Action::FocusPrev));
    let ctrl_c = ev(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(km.action(Mode::Search, &ctrl_c), Some(Action::Quit));
}

#[test]
fn key_labels_round_trip() {
    for text in [
        "ctrl-c",
        "f1",
        "shift-tab",
        "pgdn",
        "?",
        "G",
        "alt-x",
        "shift-up",
    ] {
        let key = Key::parse(text).expect(text);
        assert_eq!(Key::parse(&key.label()), Ok(key), "{text}");
    }
    assert_eq!(Key::parse("shift-g"), Key::parse("G"));
    assert!(Key::parse("ctrl-").is_err());
    assert!(Key::parse("f13").is_err());
    assert!(Key::parse("hyper-x").is_err());
}

#[test]
fn rebinding_by_action_name_replaces_the_key_in_that_mode() {
    let mut km = Keymap::default();
    km.bind("x", "quit").expect("valid binding");
    let x = ev(KeyCode::Char('x'), KeyModifiers::NONE);
    assert_eq!(km.action(Mode::Browse, &x), Some(Action::Quit));
    km.bind("q", "show_tips").expect("valid binding");
    let q = ev(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(km.action(Mode::Browse, &q), Some(Action::ShowTips));
    assert!(km.bind("q", "fly").unwrap_err().contains("unknown action"));
    assert!(
        km.bind("meta-q", "quit")
            .unwrap_err()
            .contains("unknown key")
    );
}

#[test]
fn hints_and_help_come_from_the_same_table() {
    let mut km = Keymap::default();
    let hints = km.hints(Mode::Browse);
    assert!(hints.contains(&("q".to_string(), "quit")));
    assert!(!km.hints(Mode::Search).iter().any(|(_, h)| *h == "quit"));
    km.bind("x", "quit").expect("valid binding");
    let help = km.help();
    let browse = &help
        .iter()
        .find(|(s, _)| *s == Scope::Browse)
        .expect("browse")
        .1;
    let quit = browse
        .iter()
        .find(|(_, a)| *a == Action::Quit)
        .expect("quit row");
    assert_eq!(quit.0, "q, x");
}
