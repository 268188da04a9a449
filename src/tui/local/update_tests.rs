use std::path::PathBuf;

use crossterm::event::KeyCode;

use super::*;
use crate::tui::app::generation::{Generation, Job};
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::detail::snippet;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Scope;
use crate::tui::local::shown::shown_source;
use crate::tui::local::view::title_text as title;
use crate::tui::local::{LocalAnswer, LocalFile};
use crate::tui::testing::{browsing, detail, key, render, send};
use errdex_core::checkout::{Line, Located, NotLocated, Window};
use errdex_core::record::Record;

const FILE: &str = "/src/netkit/src/net/connect.rs";

fn browse() -> Model {
    let mut m = browsing(100, 30, false, "");
    update(&mut m, key(KeyCode::Esc));
    m
}

/// The fixture's first record (error line 123 in 120–126) found at `line` today.
fn found(line: Line) -> LocalAnswer {
    let today = line.local().unwrap_or(123);
    let text: String = (0..7)
        .map(|n| format!("local line {}\n", today - 3 + n))
        .collect();
    let window = Window {
        text: text.trim_end().to_string(),
        start: today - 3,
        marked: today,
    };
    let view = Record {
        source_code: Some(window.text.clone()),
        source_code_start: Some(window.start as i64),
        line_number: Some(today as i64),
        file_path: Some("src/net/connect.rs".into()),
        ..Record::default()
    };
    let lines = line.local().and_then(|_| snippet::prepare(&view, None));
    let located = Located {
        checkout: PathBuf::from("/src/netkit"),
        file: PathBuf::from(FILE),
        line,
        since: None,
        window: line.local().map(|_| window),
    };
    LocalAnswer {
        index: 0,
        result: Ok(LocalFile { located, lines }),
    }
}

fn not_found(why: NotLocated) -> LocalAnswer {
    LocalAnswer {
        index: 0,
        result: Err(why),
    }
}

/// The locating worker's answer to the newest `Locate`.
fn located(m: &mut Model, answer: LocalAnswer) -> Step {
    let generation = m.requests.newest(Job::Locate);
    update(m, Msg::Located(generation, Box::new(answer)))
}

#[test]
fn a_shown_detail_is_looked_for_in_the_checkout() {
    let mut m = browse();
    let msg = detail(&m, 0);
    let step = update(&mut m, msg);
    assert!(
        step.effects.contains(&crate::tui::testing::locate(&m, 0)),
        "{:?}",
        step.effects
    );
}

#[test]
fn e_edits_at_todays_line_or_says_why_not() {
    let mut m = browse();
    let step = update(&mut m, key(KeyCode::Char('e')));
    assert!(step.effects.is_empty());
    let notice = m.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("still looking for src/net/connect.rs"),
        "{notice}"
    );

    located(&mut m, found(Line::Moved { from: 123, to: 126 }));
    let step = update(&mut m, key(KeyCode::Char('e')));
    assert_eq!(
        step.effects,
        [Effect::Edit {
            path: PathBuf::from(FILE),
            line: 126
        }]
    );

    located(&mut m, found(Line::Gone { from: 123 }));
    let step = update(&mut m, key(KeyCode::Char('e')));
    assert!(step.effects.is_empty());
    let notice = m.notice.clone().unwrap_or_default();
    assert!(notice.contains("no longer in the file"), "{notice}");

    let no_checkout = NotLocated::NoCheckout {
        repo: "acme/netkit".into(),
        roots: 0,
        missing_roots: Vec::new(),
    };
    located(&mut m, not_found(no_checkout));
    update(&mut m, key(KeyCode::Char('e')));
    let notice = m.notice.clone().unwrap_or_default();
    assert!(notice.contains("no checkout of acme/netkit"), "{notice}");
}

#[test]
fn the_source_title_says_where_the_line_is_today() {
    let mut m = browse();
    update(&mut m, key(KeyCode::Char('s')));
    assert_eq!(title(&m), None, "nothing before the answer");
    located(&mut m, found(Line::Moved { from: 123, to: 126 }));
    assert_eq!(
        title(&m).as_deref(),
        Some(&*format!("local: {FILE}:126 (moved +3)"))
    );
    located(&mut m, found(Line::Moved { from: 123, to: 120 }));
    assert_eq!(
        title(&m).as_deref(),
        Some(&*format!("local: {FILE}:120 (moved -3)"))
    );
    located(&mut m, found(Line::Same(123)));
    assert_eq!(title(&m).as_deref(), Some(&*format!("local: {FILE}:123")));
    located(&mut m, found(Line::Gone { from: 123 }));
    assert_eq!(
        title(&m).as_deref(),
        Some("local file changed: line not found")
    );
    let screen = format!("{:?}", render(&m).backend().buffer());
    assert!(
        screen.contains("local file changed: line not found"),
        "{screen}"
    );
    located(
        &mut m,
        not_found(NotLocated::NoCheckout {
            repo: "acme/netkit".into(),
            roots: 2,
            missing_roots: Vec::new(),
        }),
    );
    assert_eq!(title(&m), None, "nothing without a checkout");
}

#[test]
fn l_toggles_the_source_pane_between_snippet_and_local_file() {
    let mut m = browse();
    update(&mut m, key(KeyCode::Char('l')));
    assert!(!m.local.showing);
    assert!(m.notice.as_deref().unwrap_or("").contains("no local file"));

    located(&mut m, found(Line::Moved { from: 123, to: 126 }));
    update(&mut m, key(KeyCode::Char('l')));
    assert!(m.local.showing);
    assert_eq!((m.tab, m.focus), (Pane::Source, Pane::Source));
    let shown = shown_source(&m).expect("local lines");
    assert_eq!((shown.first, shown.marked), (123, Some(3)));
    let screen = format!("{:?}", render(&m).backend().buffer());
    assert!(screen.contains("▶126 │ local line 126"), "{screen}");
    assert!(
        screen.contains(&format!("└ local file {FILE}:126 (moved")),
        "{screen}"
    );

    update(&mut m, key(KeyCode::Char('l')));
    assert!(!m.local.showing);
    let shown = shown_source(&m).expect("snippet");
    assert_eq!(shown.first, 120);
}

#[test]
fn an_answer_for_another_record_is_dropped_and_an_edit_looks_again() {
    let mut m = browse();
    // The answer to the `Locate` asked before the one for the record on display.
    let earlier = Generation(m.requests.newest(Job::Locate).0 - 1);
    let stale = Msg::Located(
        earlier,
        Box::new(LocalAnswer {
            index: 3,
            result: Err(NotLocated::NoPath),
        }),
    );
    let step = update(&mut m, stale);
    assert!(!step.redraw);
    assert!(m.local.answer.is_none());
    let step = send(&mut m, [Msg::Edited(Err("`vi +1 x` exited with 1".into()))]);
    assert_eq!(step.effects, [crate::tui::testing::locate(&m, 0)]);
    assert_eq!(m.notice.as_deref(), Some("editor: `vi +1 x` exited with 1"));
}

#[test]
fn e_and_l_are_in_the_keymap_table_and_its_help() {
    let m = browse();
    let browse_keys: Vec<(String, Action)> = m
        .keymap
        .help()
        .into_iter()
        .filter(|(scope, _)| *scope == Scope::Browse)
        .flat_map(|(_, keys)| keys)
        .collect();
    assert!(browse_keys.contains(&("e".to_string(), Action::EditLocal)));
    assert!(browse_keys.contains(&("l".to_string(), Action::ToggleLocalSource)));
    assert_eq!(Action::from_name("edit_local"), Some(Action::EditLocal));
}
