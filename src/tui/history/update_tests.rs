use std::collections::HashSet;

use crossterm::event::KeyCode;

use super::*;
use crate::tui::app::effect::Effect;
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::testing::{browsing, ctrl, key, loaded_model, send};

fn opened(queries: &[&str], pinned: &[&str]) -> Msg {
    Msg::Remembered(Remembered::Opened {
        pinned: pinned.iter().map(ToString::to_string).collect(),
        queries: queries.iter().map(ToString::to_string).collect(),
        viewed: Vec::new(),
        warnings: Vec::new(),
    })
}

fn set(ids: &[&str]) -> HashSet<String> {
    ids.iter().map(ToString::to_string).collect()
}

fn selected_id(m: &Model) -> String {
    let i = m.selected_index().expect("a selection");
    m.entry(i).expect("entry").id.to_string()
}

#[test]
fn b_toggles_the_pin_and_the_answer_reaches_the_search_context() {
    let mut m = browsing(80, 24, true, "conn");
    let id = selected_id(&m);
    update(&mut m, key(KeyCode::Esc));
    let step = update(&mut m, key(KeyCode::Char('b')));
    assert_eq!(
        step.effects,
        vec![
            Effect::Remember(Chore::TogglePin(id.clone())),
            Effect::Remember(Chore::RecordQuery("conn".into())),
            Effect::Remember(Chore::RecordViewed(id.clone())),
        ]
    );
    // The store answers with what it holds, another errdex's pin included.
    let step = update(
        &mut m,
        Msg::Remembered(Remembered::Pin {
            id: id.clone(),
            now_pinned: true,
            pinned: set(&[&id, "elsewhere"]),
        }),
    );
    assert_eq!(
        step.effects,
        vec![Effect::SearchContext {
            pinned: set(&[&id, "elsewhere"]),
            recent: HashSet::new(),
        }]
    );
    assert_eq!(m.notice.as_deref(), Some(&*format!("pinned {id}")));
    update(
        &mut m,
        Msg::Remembered(Remembered::Pin {
            id: id.clone(),
            now_pinned: false,
            pinned: set(&["elsewhere"]),
        }),
    );
    assert_eq!(m.notice.as_deref(), Some(&*format!("unpinned {id}")));
    assert!(!m.memory.pinned.contains(&id));
    // In the search box, b is a letter.
    update(&mut m, key(KeyCode::Char('/')));
    let step = update(&mut m, key(KeyCode::Char('b')));
    assert_eq!(step.effects, vec![Effect::Search("connb".into())]);
}

#[test]
fn p_exports_only_when_something_is_pinned() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::Esc));
    let step = update(&mut m, key(KeyCode::Char('P')));
    assert!(step.effects.is_empty());
    assert!(
        m.notice
            .as_deref()
            .is_some_and(|n| n.contains("nothing is pinned"))
    );
    update(&mut m, opened(&[], &["aa11conn"]));
    let step = update(&mut m, key(KeyCode::Char('P')));
    assert_eq!(
        step.effects,
        vec![Effect::Remember(Chore::ExportPins(Default::default()))]
    );
    let step = update(
        &mut m,
        Msg::Remembered(Remembered::Exported {
            path: "/d/pinned-errors.md".into(),
            count: 1,
            text: "# Pinned errors (1)\n".into(),
        }),
    );
    let what = "1 pinned record written to /d/pinned-errors.md";
    assert_eq!(
        step.effects,
        vec![Effect::Copy {
            what: what.into(),
            text: "# Pinned errors (1)\n".into()
        }]
    );
    assert_eq!(m.notice.as_deref(), Some(&*format!("{what}; copying…")));
}

#[test]
fn opening_and_quitting_record_the_query_but_typing_does_not() {
    let mut m = browsing(80, 24, true, "conn");
    let id = selected_id(&m);
    let typed = send(&mut m, [key(KeyCode::Char('e'))]);
    assert_eq!(typed.effects, vec![Effect::Search("conne".into())]);
    let step = update(&mut m, key(KeyCode::Enter));
    assert_eq!(
        step.effects,
        vec![
            Effect::Remember(Chore::RecordQuery("conne".into())),
            Effect::Remember(Chore::RecordViewed(id.clone())),
        ]
    );
    update(
        &mut m,
        Msg::Remembered(Remembered::Viewed(vec![id.clone()])),
    );
    update(
        &mut m,
        Msg::Remembered(Remembered::Queries(vec!["conne".into()])),
    );
    // Already the newest query and the last record viewed: nothing to record again.
    update(&mut m, key(KeyCode::Enter));
    let step = update(&mut m, key(KeyCode::Enter));
    assert!(step.effects.is_empty(), "{:?}", step.effects);
    let step = update(&mut m, ctrl('c'));
    assert_eq!(step.effects, vec![Effect::Quit]);

    let mut m = browsing(80, 24, true, "timeout");
    let step = update(&mut m, ctrl('c'));
    assert_eq!(
        step.effects,
        vec![
            Effect::Remember(Chore::RecordQuery("timeout".into())),
            Effect::Quit
        ]
    );
    let mut m = browsing(80, 24, true, "");
    assert_eq!(update(&mut m, ctrl('c')).effects, vec![Effect::Quit]);
}

#[test]
fn up_in_an_empty_box_walks_back_through_the_history_and_down_comes_forward() {
    let mut m = loaded_model(80, 24, true);
    update(&mut m, opened(&["oldest", "middle", "newest"], &[]));
    let step = update(&mut m, key(KeyCode::Up));
    assert_eq!((m.query.as_str(), m.query.cursor()), ("newest", 6));
    assert_eq!(step.effects, vec![Effect::Search("newest".into())]);
    send(&mut m, [key(KeyCode::Up), key(KeyCode::Up)]);
    assert_eq!(m.query, "oldest");
    // Nothing older: it stays.
    assert_eq!(update(&mut m, key(KeyCode::Up)), Step::default());
    assert_eq!(m.query, "oldest");
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.query, "middle");
    send(&mut m, [key(KeyCode::Down), key(KeyCode::Down)]);
    assert_eq!((m.query.as_str(), m.memory.recall), ("", None));
    // Editing a recalled query ends the walk: Up moves the selection again.
    send(&mut m, [key(KeyCode::Up), key(KeyCode::Char('x'))]);
    assert_eq!(m.query, "newestx");
    let step = update(&mut m, key(KeyCode::Up));
    assert_eq!(m.query, "newestx");
    assert!(!step.effects.contains(&Effect::Search("newest".into())));
}

#[test]
fn up_in_an_empty_box_without_history_moves_the_selection() {
    let mut m = browsing(80, 24, true, "");
    send(&mut m, [key(KeyCode::Down), key(KeyCode::Down)]);
    assert_eq!(m.selected, 2);
    update(&mut m, key(KeyCode::Up));
    assert_eq!((m.query.as_str(), m.selected), ("", 1));
}

#[test]
fn up_in_a_box_with_a_query_moves_the_selection() {
    let mut m = browsing(80, 24, true, "conn");
    update(&mut m, opened(&["older"], &[]));
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected, 1);
    update(&mut m, key(KeyCode::Up));
    assert_eq!((m.query.as_str(), m.selected), ("conn", 0));
}

#[test]
fn ctrl_r_filters_the_history_and_enter_puts_the_choice_in_the_box() {
    let mut m = browsing(80, 24, true, "");
    update(
        &mut m,
        opened(&["tag:db locked", "conn refused", "db timeout"], &[]),
    );
    update(&mut m, key(KeyCode::Esc));
    update(&mut m, ctrl('r'));
    assert_eq!(m.history_overlay(), Some(&HistoryOverlay::default()));
    // Letters filter, even the ones that are commands in browse mode.
    let step = send(&mut m, "db".chars().map(|c| key(KeyCode::Char(c))));
    assert!(step.effects.is_empty());
    let filter = m.history_overlay().expect("open").filter.clone();
    assert_eq!(
        m.memory.history_matches(&filter),
        ["db timeout", "tag:db locked"]
    );
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.history_overlay().map(|o| o.selected), Some(1));
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.history_overlay().map(|o| o.selected), Some(1));
    let step = update(&mut m, key(KeyCode::Enter));
    assert_eq!(m.history_overlay(), None);
    assert_eq!((m.query.as_str(), m.query.cursor()), ("tag:db locked", 13));
    assert_eq!(m.mode, Mode::Search);
    assert_eq!(step.effects, vec![Effect::Search("tag:db locked".into())]);

    update(&mut m, ctrl('r'));
    // The overlay is modal for the mouse too: a click does not change the record below it.
    let click = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: 3,
        row: 6,
        modifiers: KeyModifiers::NONE,
    };
    assert_eq!(update(&mut m, Msg::Mouse(click)), Step::default());
    send(&mut m, [key(KeyCode::Char('z')), key(KeyCode::Backspace)]);
    assert_eq!(m.history_overlay().map(|o| o.filter.as_str()), Some(""));
    assert_eq!(m.memory.history_matches("").len(), 3);
    update(&mut m, ctrl('r'));
    assert_eq!(m.history_overlay().map(|o| o.selected), Some(1));
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(step.effects.is_empty());
    assert_eq!(
        (m.history_overlay(), m.query.as_str()),
        (None, "tag:db locked")
    );
}

#[test]
fn store_answers_update_the_context_only_when_the_sets_change() {
    let mut m = loaded_model(80, 24, true);
    assert!(update(&mut m, opened(&["q"], &[])).effects.is_empty());
    let step = update(
        &mut m,
        Msg::Remembered(Remembered::Viewed(vec!["aa11conn".into()])),
    );
    assert_eq!(
        step.effects,
        vec![Effect::SearchContext {
            pinned: HashSet::new(),
            recent: set(&["aa11conn"]),
        }]
    );
    let again = Msg::Remembered(Remembered::Viewed(vec!["aa11conn".into()]));
    assert!(update(&mut m, again).effects.is_empty());
    update(
        &mut m,
        Msg::Remembered(Remembered::Failed("disk full".into())),
    );
    assert_eq!(m.notice.as_deref(), Some("disk full"));
    // The next key clears the notice.
    update(&mut m, key(KeyCode::Char('x')));
    assert_eq!(m.notice, None);
}
