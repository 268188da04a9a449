use super::*;
use crossterm::event::KeyEventKind;
use crossterm::event::{KeyCode, KeyModifiers};

fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
    KeyEvent::new_with_kind(code, mods, KeyEventKind::Press)
}

#[test]
fn every_default_key_parses() {
    let solutions = usize::from(DIRECT_SOLUTIONS);
    assert_eq!(
        Keymap::default().bindings().len(),
        DEFAULTS.len() + COPY_TARGETS.len() + solutions
    );
}

#[test]
fn every_copy_menu_key_is_its_own_and_leaves_the_menus_navigation_alone() {
    let km = Keymap::default();
    let menu: Vec<&Binding> = km
        .bindings()
        .iter()
        .filter(|b| b.scope == Scope::CopyMenu)
        .collect();
    let mut keys: Vec<Key> = menu.iter().map(|b| b.key).collect();
    keys.sort_by_key(Key::label);
    keys.dedup();
    assert_eq!(keys.len(), menu.len(), "one action per key in the menu");
    for nav in ["j", "k", "q", "y"] {
        let key = Key::parse(nav).expect("key");
        let bound: Vec<Action> = menu
            .iter()
            .filter(|b| b.key == key)
            .map(|b| b.action)
            .collect();
        assert!(
            bound
                .iter()
                .all(|a| matches!(a, Action::Close | Action::SelectNext | Action::SelectPrev)),
            "{nav}: {bound:?}"
        );
    }
    assert_eq!(
        km.key_for(Scope::CopyMenu, Action::CopySolution(1))
            .as_deref(),
        Some("1")
    );
    let help = km.help();
    let (_, rows) = help
        .iter()
        .find(|(scope, _)| *scope == Scope::CopyMenu)
        .expect("the help has the copy menu");
    assert!(
        rows.contains(&("u".to_string(), Action::CopyUrl)),
        "{rows:?}"
    );
    assert!(
        rows.contains(&("t".to_string(), Action::CopyReport)),
        "{rows:?}"
    );
    assert_eq!(
        km.key_for(Scope::CopyMenu, Action::CopyTip(12)).as_deref(),
        Some("z")
    );
    assert_eq!(
        km.key_for(Scope::CopyMenu, Action::CopyReport).as_deref(),
        Some("t")
    );
}

#[test]
fn a_copy_target_rebound_in_the_config_is_the_menus_key() {
    let mut km = Keymap::default();
    km.bind("ctrl-u", "copy_url").expect("binds");
    let ctrl_u = ev(KeyCode::Char('u'), KeyModifiers::CONTROL);
    assert_eq!(
        km.overlay_action(Scope::CopyMenu, &ctrl_u),
        Some(Action::CopyUrl)
    );
    assert_eq!(km.action(Mode::Search, &ctrl_u), Some(Action::ClearQuery));
    assert_eq!(
        km.key_for(Scope::CopyMenu, Action::CopyUrl).as_deref(),
        Some("ctrl-u")
    );
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
    // One parser with the config's: f1–f24 and insert are keys in the browser too.
    assert!(Key::parse("f13").is_ok());
    assert!(Key::parse("insert").is_ok());
    assert!(Key::parse("f25").is_err());
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

#[test]
fn overlay_keys_come_from_the_table_and_can_be_rebound() {
    let mut km = Keymap::default();
    let esc = ev(KeyCode::Esc, KeyModifiers::NONE);
    let enter = ev(KeyCode::Enter, KeyModifiers::NONE);
    let ctrl_c = ev(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(km.overlay_action(Scope::Help, &esc), Some(Action::Close));
    assert_eq!(
        km.overlay_action(Scope::CopyMenu, &enter),
        Some(Action::Accept)
    );
    assert_eq!(
        km.overlay_action(Scope::History, &ctrl_c),
        Some(Action::Quit)
    );
    // Only quitting reaches past an overlay.
    let tab = ev(KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(km.overlay_action(Scope::CopyMenu, &tab), None);
    km.bind("ctrl-j", "select_next").expect("valid binding");
    let ctrl_j = ev(KeyCode::Char('j'), KeyModifiers::CONTROL);
    for overlay in [Scope::Help, Scope::CopyMenu, Scope::History] {
        assert_eq!(
            km.overlay_action(overlay, &ctrl_j),
            Some(Action::SelectNext),
            "{overlay:?}"
        );
    }
    assert_eq!(km.action(Mode::Search, &ctrl_j), Some(Action::SelectNext));
    // A plain letter is text in the history's filter.
    km.bind("x", "close").expect("valid where letters are keys");
    let x = ev(KeyCode::Char('x'), KeyModifiers::NONE);
    assert_eq!(km.overlay_action(Scope::Help, &x), Some(Action::Close));
    assert_eq!(km.overlay_action(Scope::History, &x), None);
    assert!(km.bind("x", "delete_back").is_ok(), "the search box's");
    let help = km.help();
    let copy = &help
        .iter()
        .find(|(s, _)| *s == Scope::CopyMenu)
        .expect("menu")
        .1;
    assert!(
        copy.iter()
            .any(|(keys, a)| *a == Action::Accept && keys == "enter")
    );
}

#[test]
fn right_and_left_open_and_close_a_group_while_browsing_and_move_the_cursor_in_the_box() {
    let km = Keymap::default();
    let right = ev(KeyCode::Right, KeyModifiers::NONE);
    let left = ev(KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(km.action(Mode::Browse, &right), Some(Action::OpenGroup));
    assert_eq!(km.action(Mode::Browse, &left), Some(Action::CloseGroup));
    assert_eq!(km.action(Mode::Search, &right), Some(Action::CursorRight));
    assert_eq!(km.action(Mode::Search, &left), Some(Action::CursorLeft));
    assert!(
        km.hints(Mode::Browse)
            .contains(&("right".to_string(), "sites"))
    );
    let help = km.help();
    let browse = &help
        .iter()
        .find(|(s, _)| *s == Scope::Browse)
        .expect("browse")
        .1;
    assert!(browse.contains(&("right".to_string(), Action::OpenGroup)));
    assert!(browse.contains(&("left".to_string(), Action::CloseGroup)));
}
