use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Pane};
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::testing::{browsing, ctrl, detail, key, send};
use errdex_core::copy::{Target, text};
use errdex_core::open::OpenError;

fn record(m: &Model) -> errdex_core::record::Record {
    m.current_detail().expect("detail loaded").record.clone()
}

fn copy_effect(m: &Model, target: Target, what: &str) -> Effect {
    Effect::Copy {
        what: what.into(),
        text: text(&record(m), target).expect("the record has it"),
    }
}

fn browse() -> Model {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::Esc));
    assert_eq!(m.mode, Mode::Browse);
    m
}

#[test]
fn ctrl_y_copies_the_fix_from_the_search_box_without_typing() {
    let mut m = browsing(80, 24, true, "conn");
    let step = update(&mut m, ctrl('y'));
    assert_eq!(m.query, "conn");
    // Copying acts on a result: the query that found it goes to the history too.
    let record = Effect::Remember(crate::tui::history::memory::Chore::RecordQuery(
        "conn".into(),
    ));
    assert_eq!(
        step.effects,
        vec![copy_effect(&m, Target::Fix, "fix"), record]
    );
    assert_eq!(m.notice.as_deref(), Some("fix: copying…"));
    let step = update(
        &mut m,
        Msg::Copied {
            what: "fix".into(),
            report: "sent via OSC 52 — cannot confirm".into(),
        },
    );
    assert!(step.redraw);
    assert_eq!(
        m.notice.as_deref(),
        Some("fix: sent via OSC 52 — cannot confirm")
    );
    // The next key clears it and types as usual.
    update(&mut m, key(KeyCode::Char('x')));
    assert_eq!((m.notice.as_deref(), m.query.as_str()), (None, "connx"));
}

#[test]
fn digits_copy_solutions_in_browse_mode_and_say_when_there_is_none() {
    let mut m = browse();
    let step = update(&mut m, key(KeyCode::Char('2')));
    assert_eq!(
        step.effects,
        vec![copy_effect(&m, Target::Solution(2), "solution 2")]
    );
    let step = update(&mut m, key(KeyCode::Char('3')));
    assert!(step.effects.is_empty());
    assert_eq!(m.notice.as_deref(), Some("this record has 2 solutions"));
    // In the search box a digit is text.
    update(&mut m, key(KeyCode::Char('/')));
    let step = update(&mut m, key(KeyCode::Char('1')));
    assert_eq!(m.query, "1");
    assert!(
        !step
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Copy { .. }))
    );
}

#[test]
fn the_copy_menu_lists_the_targets_and_a_key_copies_one() {
    let mut m = browse();
    update(&mut m, key(KeyCode::Char('y')));
    let menu = m.copy_menu().expect("menu open");
    assert_eq!(menu.offers, copy::targets(&record(&m)));
    let spellings: Vec<String> = menu.offers.iter().map(|o| o.target.to_string()).collect();
    assert!(spellings.contains(&"snippet".to_string()), "{spellings:?}");
    assert!(spellings.contains(&"snippet:numbered".to_string()));
    // Keys go to the menu: `s` copies the snippet instead of showing the source pane.
    let step = update(&mut m, key(KeyCode::Char('n')));
    assert!(m.copy_menu().is_none());
    assert_eq!(m.tab, Pane::Overview);
    assert_eq!(
        step.effects,
        vec![copy_effect(
            &m,
            Target::Snippet { numbered: true },
            "numbered snippet"
        )]
    );
}

#[test]
fn the_copy_menu_moves_with_arrows_copies_on_enter_and_closes_on_esc() {
    let mut m = browse();
    send(&mut m, [key(KeyCode::Char('y')), key(KeyCode::Down)]);
    assert_eq!(m.copy_menu().map(|c| c.selected), Some(1));
    let step = update(&mut m, key(KeyCode::Enter));
    assert_eq!(
        step.effects,
        vec![copy_effect(&m, Target::Solution(1), "solution 1")]
    );
    assert!(!m.zoomed, "Enter chose, it did not zoom");
    update(&mut m, key(KeyCode::Char('y')));
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(m.copy_menu().is_none() && step.effects.is_empty());
    assert_eq!(m.mode, Mode::Browse, "Esc closed the menu only");
    // A key the menu does not offer does nothing, not even what it does elsewhere.
    update(&mut m, key(KeyCode::Char('y')));
    let step = update(&mut m, key(KeyCode::Char('t')));
    assert_eq!(step, Step::default());
    assert!(m.copy_menu().is_some() && m.tab == Pane::Overview);
    // Nor does a click on a result under the menu.
    let click = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: 5,
        row: 6,
        modifiers: KeyModifiers::NONE,
    };
    assert_eq!(update(&mut m, Msg::Mouse(click)), Step::default());
    assert_eq!(m.selected, 0);
}

#[test]
fn the_menu_will_not_copy_from_a_record_it_was_not_opened_for() {
    let mut m = browse();
    update(&mut m, key(KeyCode::Char('y')));
    update(&mut m, Msg::Action(Action::SelectNext));
    let msg = detail(&m, 1);
    update(&mut m, msg);
    let step = update(&mut m, key(KeyCode::Char('f')));
    assert!(step.effects.is_empty());
    assert!(
        m.notice
            .as_deref()
            .is_some_and(|n| n.contains("selection changed"))
    );
}

#[test]
fn nothing_to_copy_is_said_not_attempted() {
    let mut m = browse();
    send(&mut m, [key(KeyCode::Down)]);
    // The second record's detail is not read yet.
    let step = update(&mut m, ctrl('y'));
    assert!(step.effects.is_empty());
    assert!(
        m.notice
            .as_deref()
            .is_some_and(|n| n.contains("still being read"))
    );
    let msg = detail(&m, 1);
    update(&mut m, msg);
    let step = update(&mut m, key(KeyCode::Char('o')));
    assert!(step.effects.is_empty());
    assert_eq!(
        m.notice.as_deref(),
        Some("this record has no githubUrl to open")
    );
}

#[test]
fn o_opens_the_line_url_and_a_missing_browser_shows_it_with_the_keys_to_copy() {
    let mut m = browse();
    let url = copy::line_url(&record(&m)).expect("fixture has a URL");
    assert!(url.ends_with("#L123"), "{url}");
    let step = update(&mut m, key(KeyCode::Char('o')));
    assert_eq!(step.effects, vec![Effect::Open(url.clone())]);
    update(
        &mut m,
        Msg::Opened(url.clone(), Err(OpenError::NoOpener("no display".into()))),
    );
    assert_eq!(
        m.notice.as_deref(),
        Some(format!("no browser: {url} — press y u to copy").as_str())
    );
    // The offered keys do copy the URL.
    update(&mut m, key(KeyCode::Char('y')));
    let step = update(&mut m, key(KeyCode::Char('u')));
    assert_eq!(step.effects, vec![copy_effect(&m, Target::Url, "URL")]);
    update(&mut m, Msg::Opened(url.clone(), Ok("xdg-open".into())));
    assert_eq!(
        m.notice.as_deref(),
        Some(format!("opened with xdg-open: {url}").as_str())
    );
}

#[test]
fn a_failed_open_from_the_search_box_names_the_way_to_browse_mode() {
    let mut m = browsing(80, 24, true, "");
    let url = "https://example.com/x".to_string();
    update(
        &mut m,
        Msg::Opened(
            url.clone(),
            Err(OpenError::Failed(vec!["xdg-open failed".into()])),
        ),
    );
    assert_eq!(
        m.notice.as_deref(),
        Some(format!("could not open (xdg-open failed): {url} — press esc y u to copy").as_str())
    );
}

#[test]
fn rebound_keys_from_the_config_take_effect() {
    let keys = [("ctrl-t", "show_tips"), ("c", "copy_fix")].map(|(key, action)| {
        errdex_core::config::KeyOverride {
            key: key.into(),
            action: action.into(),
            at: "config.toml:1:1".into(),
        }
    });
    let mut m = browsing(80, 24, true, "");
    m.keymap = crate::tui::runtime::setup::keymap(&keys).0;
    update(&mut m, ctrl('t'));
    assert_eq!(m.tab, Pane::Tips);
    assert_eq!(m.query, "", "ctrl-t typed nothing");
    update(&mut m, key(KeyCode::Esc));
    let step = update(&mut m, key(KeyCode::Char('c')));
    assert_eq!(step.effects, vec![copy_effect(&m, Target::Fix, "fix")]);
    // The default key still works alongside, and ctrl-c still quits from the menu.
    update(&mut m, key(KeyCode::Char('y')));
    let quit = Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert_eq!(update(&mut m, quit).effects, vec![Effect::Quit]);
}
