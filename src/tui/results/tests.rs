//! A pasted line in the search box: capped, read as a line (`≈ line`), weak rows under a
//! divider, and the query language's warnings as a hint.

use crate::tui::app::effect::Effect;
use crate::tui::app::model::Model;
use crate::tui::app::msg::{Msg, Reading};
use crate::tui::app::update::update;
use crate::tui::testing::{loaded_model, results, screen};
use errdex_core::search::{MAX_QUERY_BYTES, Mode};

/// Results for `query` as the engine sends them, read as `reading` says.
fn read(m: &mut Model, query: &str, hits: &[u32], reading: Reading) {
    let total = m.dataset.as_ref().map_or(0, |d| d.len());
    let Msg::Results(mut set, matcher) = results(1, query, hits, total) else {
        unreachable!("results() makes results")
    };
    set.reading = reading;
    m.query = query.into();
    update(m, Msg::Results(set, matcher));
}

#[test]
fn a_huge_pasted_line_is_cut_before_it_is_searched_or_remembered() {
    let mut m = loaded_model(100, 30, false);
    let line = format!("ERROR deadlock detected {}", "x".repeat(300_000));
    let step = update(&mut m, Msg::Paste(line.clone()));
    assert!(m.query.len() <= MAX_QUERY_BYTES && line.starts_with(m.query.as_str()));
    assert_eq!(m.query.cursor(), m.query.chars().count());
    assert!(
        m.notice
            .as_deref()
            .is_some_and(|n| n.contains("cut to 4 KB")),
        "{:?}",
        m.notice
    );
    assert_eq!(step.effects, vec![Effect::Search(m.query.to_string())]);
}

#[test]
fn a_line_query_shows_its_mode_and_weak_rows_sit_under_a_divider() {
    let mut m = loaded_model(100, 30, false);
    let reading = Reading {
        mode: Mode::Line,
        weak: vec![false, true, true],
        warnings: Vec::new(),
    };
    read(
        &mut m,
        "2024-01-15 ERROR connection refused",
        &[0, 1, 2],
        reading,
    );
    let s = screen(&m);
    assert!(s.contains("≈ line"), "{s}");
    let divider = s
        .lines()
        .position(|l| l.contains("weak matches"))
        .expect(&s);
    let first = m
        .entry(0)
        .expect("a record")
        .message
        .chars()
        .take(20)
        .collect::<String>();
    let second = m
        .entry(1)
        .expect("a record")
        .message
        .chars()
        .take(20)
        .collect::<String>();
    let row = |text: &str| s.lines().position(|l| l.contains(text));
    assert!(
        row(&first) < Some(divider) && Some(divider) < row(&second),
        "{s}"
    );
    // Typed queries have no mode mark and no divider when nothing is weak.
    read(&mut m, "conn", &[0, 1, 2], Reading::default());
    let s = screen(&m);
    assert!(!s.contains("≈ line") && !s.contains("weak matches"), "{s}");
}

#[test]
fn the_search_box_hints_at_the_query_language_but_not_for_a_pasted_line() {
    let mut m = loaded_model(100, 30, false);
    let typed = Reading {
        warnings: vec!["unknown field `foo:`, searched literally".into()],
        ..Reading::default()
    };
    read(&mut m, "foo:bar", &[0], typed);
    assert!(
        screen(&m).contains("unknown field `foo:`"),
        "{}",
        screen(&m)
    );
    let line = Reading {
        mode: Mode::Line,
        ..Reading::default()
    };
    read(
        &mut m,
        "Error: connect ECONNREFUSED 10.0.0.12:6379",
        &[0],
        line,
    );
    let s = screen(&m);
    assert!(!s.contains("unknown field"), "{s}");
    assert!(s.contains("≈ line"), "{s}");
}

/// After `s` (or Tab) the arrows scroll that pane; a new query is a new list to walk, so the
/// arrows go back to it.
#[test]
fn a_new_query_gives_the_arrows_back_to_the_results() {
    use crate::tui::app::model::Pane;
    use crate::tui::testing::{browsing, key, send};
    use crossterm::event::KeyCode;
    let mut m = browsing(100, 30, false, "");
    send(&mut m, [key(KeyCode::Esc), key(KeyCode::Char('s'))]);
    assert_eq!(m.focus, Pane::Source);
    send(&mut m, [key(KeyCode::Char('/')), key(KeyCode::Char('e'))]);
    assert_eq!(m.focus, Pane::Results);
    let total = m.dataset.as_ref().map_or(0, |d| d.len());
    let hits: Vec<u32> = (0..total as u32).collect();
    update(&mut m, results(2, "e", &hits, total));
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected, 1);
}

#[test]
fn a_mistyped_command_is_named_when_its_words_find_nothing_confident() {
    use crate::tui::testing::loaded_model;
    let mut m = loaded_model(100, 30, false);
    m.did_you_mean = Some("search".into());
    update(&mut m, results(1, "serach timeout", &[], 5));
    assert_eq!(m.notice.as_deref(), Some("did you mean `errdex search`?"));
    // Found: no question.
    let mut m = loaded_model(100, 30, false);
    m.did_you_mean = Some("search".into());
    update(&mut m, results(1, "pin timeout", &[1], 5));
    assert_eq!(m.notice, None);
    assert_eq!(
        m.did_you_mean, None,
        "asked about once, for the first results"
    );
}
