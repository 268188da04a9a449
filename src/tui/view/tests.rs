//! Render tests: the screen in a TestBackend, as insta snapshots and cell by cell.

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

use crate::tui::app::model::{LoadState, Model};
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::input::action::Action;
use crate::tui::testing::{browsing, key, loaded_model, render, results};

fn buffer(m: &Model) -> Buffer {
    render(m).backend().buffer().clone()
}

/// Finds the first cell position where `text` starts on screen.
fn find(buf: &Buffer, text: &str) -> Option<(u16, u16)> {
    find_below(buf, text, 0)
}

/// Like `find`, from row `top` down (to skip the search box).
fn find_below(buf: &Buffer, text: &str, top: u16) -> Option<(u16, u16)> {
    for y in top..buf.area.height {
        let row: String = (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        if let Some(byte) = row.find(text) {
            let x = row[..byte].chars().count();
            return Some((u16::try_from(x).ok()?, y));
        }
    }
    None
}

fn with(mut m: Model, actions: &[Action]) -> Model {
    for a in actions {
        update(&mut m, Msg::Action(*a));
    }
    m
}

#[test]
fn snapshot_main_80x24() {
    insta::assert_snapshot!(render(&browsing(80, 24, true, "conn")).backend());
}

#[test]
fn snapshot_main_120x40() {
    insta::assert_snapshot!(render(&browsing(120, 40, true, "conn")).backend());
}

#[test]
fn snapshot_source_80x24() {
    let m = with(browsing(80, 24, true, ""), &[Action::ShowSource]);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_source_120x40() {
    let m = with(browsing(120, 40, true, ""), &[Action::ShowSource]);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_fixes_120x40() {
    let m = with(browsing(120, 40, true, ""), &[Action::ShowFixes]);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_tips_80x24_zoomed() {
    let m = with(
        browsing(80, 24, true, ""),
        &[Action::ShowTips, Action::Zoom],
    );
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_help_80x24() {
    let m = with(browsing(80, 24, true, ""), &[Action::Help]);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_help_120x40() {
    let m = with(browsing(120, 40, true, ""), &[Action::Help]);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_empty_results_80x24() {
    let mut m = loaded_model(80, 24, true);
    m.query = "zzzz".into();
    update(&mut m, results(1, "zzzz", &[], 5));
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_loading_80x24() {
    let mut m = Model::new(
        crate::tui::input::keymap::Keymap::default(),
        crate::tui::ui::theme::Theme::new(crate::tui::ui::theme::ThemeName::Dark, true),
        "tim".into(),
        80,
        24,
    );
    m.load = LoadState::Loading(errdex_core::load::Progress {
        records: 1200,
        bytes: 45,
        total_bytes: 100,
        done: false,
    });
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_too_small() {
    let m = browsing(39, 11, true, "");
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn smallest_supported_size_draws_every_part() {
    let buf = buffer(&browsing(40, 12, true, ""));
    assert!(find(&buf, "errdex").is_some());
    assert!(find(&buf, "Results").is_some());
    assert!(find(&buf, "SEARCH").is_some());
}

#[test]
fn matched_characters_are_highlighted_in_the_list() {
    let m = browsing(120, 40, true, "refused");
    let buf = buffer(&m);
    let (x, y) = find_below(&buf, "refused", 3).expect("message on screen");
    let (ux, uy) = find(&buf, "connection").expect("message on screen");
    for i in 0..7 {
        let cell = &buf[(x + i, y)];
        assert_eq!(cell.fg, m.theme.matched.fg.expect("match colour"));
        assert!(cell.modifier.contains(Modifier::UNDERLINED));
    }
    assert!(!buf[(ux, uy)].modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn no_color_still_shows_matches_selection_and_the_marked_line() {
    let m = browsing(120, 40, false, "refused");
    let buf = buffer(&m);
    let (x, y) = find_below(&buf, "refused", 3).expect("message on screen");
    assert!(
        buf[(x, y)]
            .modifier
            .contains(Modifier::UNDERLINED | Modifier::BOLD)
    );
    assert!(
        buf[(x + 8, y)].modifier.contains(Modifier::REVERSED),
        "selected row"
    );
    for yy in 0..buf.area.height {
        for xx in 0..buf.area.width {
            let c = &buf[(xx, yy)];
            assert_eq!(
                (c.fg, c.bg),
                (ratatui::style::Color::Reset, ratatui::style::Color::Reset)
            );
        }
    }
    let m = with(m, &[Action::ShowSource]);
    let buf = buffer(&m);
    let (x, y) = find(&buf, "▶123").expect("marked line");
    assert!(buf[(x + 10, y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn the_marked_source_line_has_its_real_number_marker_and_background() {
    let m = with(browsing(120, 40, true, ""), &[Action::ShowSource]);
    let buf = buffer(&m);
    let (x, y) = find(&buf, "▶123 │").expect("marked line 123");
    let bg = m.theme.marked_line.bg.expect("marked background");
    let detail = m.areas().expect("fits").detail_inner();
    for xx in x..detail.right() {
        assert_eq!(buf[(xx, y)].bg, bg, "cell {xx}");
    }
    let (_, other) = find(&buf, " 122 │").expect("line 122");
    assert_ne!(buf[(x + 8, other)].bg, bg);
    assert!(
        find(&buf, " 120 │").is_some(),
        "numbers start at sourceCodeStart"
    );
}

#[test]
fn a_snippet_outside_its_line_says_it_is_numbered_from_one() {
    let mut m = browsing(120, 40, true, "");
    update(&mut m, Msg::Action(Action::SelectLast));
    let msg = crate::tui::testing::detail(&m, 4);
    update(&mut m, msg);
    let m = with(m, &[Action::ShowSource]);
    let buf = buffer(&m);
    assert!(find(&buf, "line 900 is outside").is_some());
    assert!(find(&buf, " 1 │ BEGIN;").is_some());
}

#[test]
fn escape_sequences_in_data_are_drawn_as_text() {
    let mut m = browsing(120, 40, true, "");
    update(&mut m, key(KeyCode::Down));
    update(&mut m, key(KeyCode::Down));
    let msg = crate::tui::testing::detail(&m, 2);
    update(&mut m, msg);
    let buf = buffer(&m);
    assert!(find(&buf, "bad ^[[31mred^[[0m").is_some());
    for cell in buf.content() {
        assert!(
            !cell.symbol().chars().any(char::is_control),
            "{:?}",
            cell.symbol()
        );
    }
}

#[test]
fn wide_and_right_to_left_text_keeps_the_frame_intact() {
    let mut m = browsing(80, 24, true, "");
    for _ in 0..3 {
        update(&mut m, key(KeyCode::Down));
    }
    let msg = crate::tui::testing::detail(&m, 3);
    update(&mut m, msg);
    let buf = buffer(&m);
    assert!(find(&buf, "無").is_some());
    // The right border of the list is still in its column on every row of the list.
    let list = m.areas().expect("fits").list.expect("list");
    for y in list.y + 1..list.bottom() - 1 {
        assert_eq!(buf[(list.right() - 1, y)].symbol(), "│", "row {y}");
    }
}

#[test]
fn a_query_still_running_says_searching_over_the_previous_results() {
    let mut m = browsing(100, 24, true, "conn");
    assert!(find(&buffer(&m), "searching").is_none());
    update(&mut m, key(KeyCode::Char('x')));
    assert!(
        find(&buffer(&m), "· searching…").is_some(),
        "typed, not answered yet"
    );
    update(&mut m, results(2, "connx", &[0], 5));
    assert!(find(&buffer(&m), "searching").is_none());
}

#[test]
fn facets_of_the_whole_result_set_sit_under_the_list() {
    let mut m = browsing(120, 40, true, "conn");
    let Msg::Results(mut set, matcher) = results(2, "conn", &[0, 1], 5) else {
        unreachable!()
    };
    let facets = errdex_core::facets::Facets::count(m.dataset.as_ref().unwrap().entries());
    let (tag, n) = facets.by_tag[0].clone();
    set.facets = Some(std::sync::Arc::new(facets));
    update(&mut m, Msg::Results(set, matcher));
    let buf = buffer(&m);
    let (_, y) = find(&buf, &format!("│ {tag} {n}")).expect("the facet line");
    assert_eq!(buf[(0, y)].symbol(), "└", "on the list's bottom border");
}

#[test]
fn no_match_leaves_the_lists_bottom_border_whole() {
    let mut m = loaded_model(80, 24, true);
    m.query = "zzzz".into();
    let Msg::Results(mut set, matcher) = results(1, "zzzz", &[], 5) else {
        unreachable!()
    };
    // What the engine sends once it has counted the facets of no match.
    let none: [errdex_core::dataset::EntryRef<'_>; 0] = [];
    set.facets = Some(std::sync::Arc::new(errdex_core::facets::Facets::count(
        none,
    )));
    update(&mut m, Msg::Results(set, matcher));
    let buf = buffer(&m);
    let (_, top) = find(&buf, "┌ Results").expect("the list");
    let (_, bottom) = find_below(&buf, "└", top).expect("its bottom border");
    let border: String = (0..buf.area.width)
        .map(|x| buf[(x, bottom)].symbol())
        .collect();
    assert_eq!(border, format!("└{}┘", "─".repeat(78)));
}
