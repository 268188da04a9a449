use crossterm::event::KeyModifiers;
use crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};

use super::*;
use crate::tui::app::effect::{Effect, Handoff};
use crate::tui::app::generation::Generation;
use crate::tui::app::model::{LoadState, Pane};
use crate::tui::app::msg::Msg;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::testing::{browsing, ctrl, detail, key, loaded_model, results, send};

#[test]
fn typing_edits_the_query_and_asks_for_a_search() {
    let mut m = loaded_model(80, 24, true);
    let step = send(&mut m, "co".chars().map(|c| key(KeyCode::Char(c))));
    assert_eq!(m.query, "co");
    assert_eq!(step.effects, vec![Effect::Search("co".into())]);
    send(&mut m, [key(KeyCode::Left), key(KeyCode::Char('x'))]);
    assert_eq!(m.query, "cxo");
    let step = update(&mut m, key(KeyCode::Backspace));
    assert_eq!((m.query.as_str(), m.query.cursor()), ("co", 1));
    assert_eq!(step.effects, vec![Effect::Search("co".into())]);
    send(
        &mut m,
        [
            key(KeyCode::Right),
            key(KeyCode::Char(' ')),
            key(KeyCode::Char('z')),
        ],
    );
    update(&mut m, ctrl('w'));
    assert_eq!(m.query, "co ");
    update(&mut m, ctrl('u'));
    assert_eq!((m.query.as_str(), m.query.cursor()), ("", 0));
    assert_eq!(update(&mut m, ctrl('u')), Step::default());
}

#[test]
fn typing_before_the_data_is_loaded_searches_once_it_is() {
    let mut m = Model::new(
        crate::tui::input::keymap::Keymap::default(),
        crate::tui::ui::theme::Theme::new(crate::tui::ui::theme::ThemeName::Dark, true),
        "pre".into(),
        80,
        24,
    );
    let step = update(&mut m, key(KeyCode::Char('x')));
    assert!(step.effects.is_empty());
    let ds = crate::tui::testing::dataset();
    let step = update(&mut m, Msg::Loaded(ds.clone(), Default::default()));
    let handoff = Handoff {
        dataset: ds,
        complete: true,
        replaced: None,
    };
    assert_eq!(
        step.effects,
        vec![Effect::UseDataset(handoff), Effect::Search("prex".into())]
    );
    assert!(matches!(m.load, LoadState::Done(_)));
}

#[test]
fn results_select_the_best_hit_and_ask_for_its_detail() {
    let mut m = loaded_model(80, 24, true);
    let step = update(&mut m, results(1, "", &[3, 1, 0], 5));
    assert_eq!(m.selected_index(), Some(3));
    assert_eq!(step.effects, vec![crate::tui::testing::load_detail(&m, 3)]);
    let msg = detail(&m, 3);
    update(&mut m, msg);
    assert_eq!(m.current_detail().map(|d| d.index), Some(3));
}

#[test]
fn stale_results_and_details_are_dropped() {
    let mut m = loaded_model(80, 24, true);
    update(&mut m, results(5, "new", &[1], 5));
    let step = update(&mut m, results(4, "old", &[0, 2], 5));
    assert_eq!(step, Step::default());
    assert_eq!(m.results.query, "new");
    // Record 0's detail, asked for before the new results selected record 1.
    let earlier = Generation(m.requests.newest(Job::Detail).0 - 1);
    let msg = crate::tui::testing::detail_answering(earlier, &m, 0);
    assert_eq!(update(&mut m, msg), Step::default());
    assert!(m.detail.is_none());
}

#[test]
fn streaming_results_of_the_same_query_keep_the_selection() {
    let mut m = loaded_model(80, 24, true);
    update(&mut m, results(1, "e", &[0, 1, 2], 5));
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected_index(), Some(1));
    update(&mut m, results(2, "e", &[4, 0, 1, 2], 5));
    assert_eq!(m.selected_index(), Some(1));
    update(&mut m, results(3, "ex", &[4, 0, 1], 5));
    assert_eq!(m.selected, 0);
}

#[test]
fn moving_is_clamped_and_keeps_the_selection_in_view() {
    let mut m = browsing(80, 24, true, "");
    assert_eq!(update(&mut m, key(KeyCode::Up)), Step::default());
    let step = update(&mut m, key(KeyCode::End));
    assert_eq!(m.selected, 4);
    assert_eq!(step.effects, vec![crate::tui::testing::load_detail(&m, 4)]);
    let capacity = m.areas().expect("fits").list_capacity();
    assert!(m.list_offset <= 4 && 4 < m.list_offset + capacity);
    update(&mut m, key(KeyCode::Home));
    assert_eq!((m.selected, m.list_offset), (0, 0));
    update(&mut m, ctrl('n'));
    assert_eq!(m.selected, 1);
}

#[test]
fn esc_enters_browse_mode_where_single_keys_act() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::Esc));
    assert_eq!(m.mode, Mode::Browse);
    update(&mut m, key(KeyCode::Char('j')));
    assert_eq!(m.selected, 1);
    assert_eq!(m.query, "");
    update(&mut m, key(KeyCode::Char('s')));
    assert_eq!((m.tab, m.focus), (Pane::Source, Pane::Source));
    update(&mut m, key(KeyCode::Char('/')));
    assert_eq!(m.mode, Mode::Search);
    update(&mut m, key(KeyCode::Char('q')));
    assert_eq!(m.query, "q");
    update(&mut m, key(KeyCode::Esc));
    let step = update(&mut m, key(KeyCode::Char('q')));
    // Quitting with a query keeps it in the history first.
    let record = history::memory::Chore::RecordQuery("q".into());
    assert_eq!(step.effects, vec![Effect::Remember(record), Effect::Quit]);
    assert!(m.quit);
}

#[test]
fn ctrl_c_quits_from_anywhere_even_help() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::F(1)));
    assert_eq!(m.help_scroll(), Some(0));
    assert_eq!(update(&mut m, ctrl('c')).effects, vec![Effect::Quit]);
}

#[test]
fn help_scrolls_and_closes_without_acting() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::F(1)));
    update(&mut m, key(KeyCode::Down));
    assert_eq!((m.help_scroll(), m.selected), (Some(1), 0));
    update(&mut m, key(KeyCode::Char('x')));
    assert!(m.help_scroll().is_some() && m.query.is_empty());
    update(&mut m, key(KeyCode::Esc));
    assert!(m.overlay.is_none());
    assert_eq!(m.mode, Mode::Search);
}

#[test]
fn tab_cycles_focus_through_the_detail_panes() {
    let mut m = browsing(120, 40, true, "");
    let mut seen = Vec::new();
    for _ in 0..5 {
        update(&mut m, key(KeyCode::Tab));
        seen.push(m.focus);
    }
    assert_eq!(
        seen,
        vec![
            Pane::Overview,
            Pane::Source,
            Pane::Fixes,
            Pane::Tips,
            Pane::Results
        ]
    );
    assert_eq!(m.tab, Pane::Tips);
    update(
        &mut m,
        Msg::Key(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT)),
    );
    assert_eq!(m.focus, Pane::Tips);
}

#[test]
fn source_pane_scrolls_the_marked_line_into_view() {
    let mut m = browsing(80, 24, true, "");
    let mut lines = String::new();
    for i in 0..3000 {
        lines.push_str(&format!("line {i}\n"));
    }
    let Some(d) = m.detail.as_mut() else {
        panic!("detail loaded")
    };
    d.record.source_code = Some(lines);
    d.record.source_code_start = Some(1);
    d.record.line_number = Some(2000);
    let src = crate::tui::detail::snippet::prepare(&d.record, None);
    let boxed = Box::new(crate::tui::app::msg::Detail {
        index: 0,
        record: d.record.clone(),
        source: src,
        fixes: Default::default(),
        origin: None,
        conflicts: Vec::new(),
        code_site: None,
    });
    let generation = m.requests.newest(Job::Detail);
    update(&mut m, Msg::Detail(generation, Ok(boxed)));
    let height = usize::from(m.areas().expect("fits").detail_inner().height);
    let top = m.scroll_of(Pane::Source);
    assert!(
        top <= 1999 && 1999 < top + height,
        "top {top} height {height}"
    );
    update(&mut m, Msg::Action(Action::ShowSource));
    update(&mut m, key(KeyCode::End));
    assert_eq!(m.scroll_of(Pane::Source), 3000 - height);
    update(&mut m, key(KeyCode::PageUp));
    assert_eq!(m.scroll_of(Pane::Source), 3000 - 2 * height);
}

#[test]
fn enter_zooms_the_detail_and_esc_in_browse_mode_returns() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::Enter));
    assert!(m.zoomed);
    assert_eq!(m.focus, Pane::Overview);
    assert!(m.areas().expect("fits").list.is_none());
    send(&mut m, [key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert!(!m.zoomed);
    assert_eq!(m.focus, Pane::Results);
}

#[test]
fn resize_settles_offsets_and_too_small_is_harmless() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::End));
    update(&mut m, Msg::Resize(30, 8));
    assert!(m.areas().is_none());
    assert_eq!(update(&mut m, key(KeyCode::Up)), Step::default());
    update(&mut m, Msg::Resize(120, 40));
    assert_eq!(m.list_offset, 0);
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Msg {
    Msg::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn click_selects_the_row_under_the_pointer_and_wheel_scrolls() {
    let mut m = browsing(120, 40, true, "");
    let list = m.areas().expect("fits").list.expect("list");
    // Inside the border: result 0 on rows 1–2, result 1 on rows 3–4.
    let step = update(
        &mut m,
        mouse(
            MouseEventKind::Down(MouseButton::Left),
            list.x + 3,
            list.y + 3,
        ),
    );
    assert_eq!(m.selected, 1);
    assert_eq!(step.effects, vec![crate::tui::testing::load_detail(&m, 1)]);
    update(
        &mut m,
        mouse(MouseEventKind::ScrollDown, list.x + 3, list.y + 3),
    );
    assert_eq!(m.selected, 4);
    let detail = m.areas().expect("fits").detail;
    update(
        &mut m,
        mouse(
            MouseEventKind::Down(MouseButton::Left),
            detail.x + 2,
            detail.y + 2,
        ),
    );
    assert_eq!(m.focus, Pane::Overview);
    let moved = update(&mut m, mouse(MouseEventKind::Moved, 5, 5));
    assert!(!moved.redraw);
}

#[test]
fn unreadable_record_is_reported_not_fatal() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::Down));
    let generation = m.requests.newest(Job::Detail);
    update(
        &mut m,
        Msg::Detail(generation, Err("x.json:3: broken".into())),
    );
    assert_eq!(m.detail_error.as_deref(), Some("x.json:3: broken"));
    assert!(m.current_detail().is_none());
}

#[test]
fn partial_datasets_are_searched_while_loading_goes_on() {
    let mut m = Model::new(
        crate::tui::input::keymap::Keymap::default(),
        crate::tui::ui::theme::Theme::new(crate::tui::ui::theme::ThemeName::Dark, true),
        "dead".into(),
        80,
        24,
    );
    let full = crate::tui::testing::dataset();
    let part = std::sync::Arc::new(full.snapshot(None));
    let step = update(&mut m, Msg::Partial(part.clone()));
    let handoff = |dataset, complete, replaced| {
        Effect::UseDataset(Handoff {
            dataset,
            complete,
            replaced,
        })
    };
    assert_eq!(
        step.effects,
        vec![
            handoff(part.clone(), false, None),
            Effect::Search("dead".into())
        ]
    );
    assert!(matches!(m.load, LoadState::Loading(_)), "still loading");
    update(&mut m, results(1, "dead", &[4], 3));
    assert_eq!(m.selected_index(), Some(4));
    // Typing searches the records so far.
    let step = update(&mut m, key(KeyCode::Char('l')));
    assert_eq!(step.effects, vec![Effect::Search("deadl".into())]);
    update(&mut m, results(2, "deadl", &[4], 5));
    let step = update(&mut m, Msg::Loaded(full.clone(), Default::default()));
    // The engine and the triage worker get the records through the effect; the partial
    // dataset goes with it, to be freed off the UI thread.
    assert_eq!(
        step.effects,
        vec![
            handoff(full.clone(), true, Some(part)),
            Effect::Search("deadl".into())
        ]
    );
    // A partial that arrives after the end changes nothing.
    let late = std::sync::Arc::new(full.snapshot(None));
    assert_eq!(update(&mut m, Msg::Partial(late)), Step::default());
    assert!(std::sync::Arc::ptr_eq(
        m.dataset.as_ref().expect("set"),
        &full
    ));
}

#[test]
fn a_detail_asked_for_a_selection_left_again_is_dropped() {
    let mut m = browsing(80, 24, true, "");
    update(&mut m, key(KeyCode::Down));
    // Record 1's detail is on its way when the user goes back to record 0, still shown.
    let for_record_1 = detail(&m, 1);
    let step = update(&mut m, key(KeyCode::Up));
    assert!(step.effects.is_empty(), "record 0 is on display already");
    assert_eq!(update(&mut m, for_record_1), Step::default());
    assert_eq!(m.current_detail().map(|d| d.index), Some(0));
}
