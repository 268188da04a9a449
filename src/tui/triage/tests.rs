use crossterm::event::KeyCode;

use super::state::TEXT_KEPT;
use super::*;
use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Pane};
use crate::tui::app::msg::Msg;
use crate::tui::app::step::Step;
use crate::tui::app::update::update;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::results::listing::Row;
use crate::tui::testing::{browsing, ctrl, detail, index_of, key, loaded_model, results, send};
use errdex_core::triage::LineHits;

/// A log with three known errors of the fixture: the deadlock twice.
pub const LOG: &str = "2024-05-01T10:00:00Z INFO boot\n\
    2024-05-01T10:00:01Z ERROR deadlock detected while updating rows\n\
    2024-05-01T10:00:02Z WARN request timed out after 30s\n\
    2024-05-01T10:00:03Z ERROR connection refused by peer\n\
    2024-05-01T10:00:04Z ERROR deadlock detected while updating rows\n\
    2024-05-01T10:00:05Z INFO ok\n";

/// What the triage worker answers an `Effect::Triage` with, computed here the same way.
pub fn answer(m: &Model, step: &Step) -> Msg {
    let (id, log) = step
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Triage { id, log } => Some((*id, log.clone())),
            _ => None,
        })
        .expect("a triage effect");
    let ds = m.dataset.as_ref().expect("loaded");
    let triage = errdex_core::triage::Triage::new(ds);
    Msg::Triage(worker::scan_paste(&triage, ds, id, &log))
}

/// `LOG` and error events no record knows: the disk quota one twice (its numbers differ).
pub const LOG_WITH_UNKNOWN: &str = "2024-05-01T10:00:00Z INFO boot\n\
    2024-05-01T10:00:01Z ERROR deadlock detected while updating rows\n\
    2024-05-01T10:00:02Z ERROR disk quota exceeded for tenant 41\n\
    2024-05-01T10:00:03Z ERROR connection refused by peer\n\
    2024-05-01T10:00:04Z FATAL spool directory vanished\n\
    2024-05-01T10:00:05Z ERROR disk quota exceeded for tenant 97\n";

/// A model showing the triage of `LOG`, the first known error's detail loaded.
pub fn triaged(width: u16, height: u16) -> Model {
    triaged_log(LOG, width, height)
}

/// A model showing the triage of `log`, the first known error's detail loaded.
pub fn triaged_log(log: &str, width: u16, height: u16) -> Model {
    let mut m = browsing(width, height, true, "time");
    let step = update(&mut m, Msg::Paste(log.into()));
    let news = answer(&m, &step);
    update(&mut m, news);
    let msg = detail(&m, m.selected_index().expect("a group"));
    update(&mut m, msg);
    m
}

#[test]
fn a_paste_of_several_lines_opens_the_triage_view() {
    let mut m = browsing(80, 24, true, "time");
    let step = update(&mut m, Msg::Paste(LOG.replace('\n', "\r\n")));
    assert!(m.in_triage());
    assert_eq!(m.mode, Mode::Browse);
    assert_eq!(m.query, "time", "the query is left alone");
    assert!(m.listing.is_empty());
    assert!(matches!(
        step.effects.as_slice(),
        [Effect::Triage { id: 1, log }] if !log.contains('\r') && log.lines().count() == 6
    ));
    let news = answer(&m, &step);
    let step = update(&mut m, news);
    let (deadlock, timeout, refused) = (
        index_of(&m, "ee55outside"),
        index_of(&m, "bb22timeout"),
        index_of(&m, "aa11conn"),
    );
    let t = m.triage.as_ref().expect("triage");
    let counts: Vec<(usize, usize)> = t.groups.iter().map(|g| (g.record, g.count)).collect();
    assert_eq!(counts[0], (deadlock, 2));
    assert_eq!(counts.len(), 3);
    assert!(counts.contains(&(timeout, 1)) && counts.contains(&(refused, 1)));
    assert_eq!(t.group(deadlock).map(|g| g.lines.clone()), Some(vec![2, 5]));
    assert!(t.text(2).contains("deadlock detected"));
    assert_eq!((t.lines, t.events), (6, 4));
    assert_eq!(m.selected_index(), Some(deadlock));
    assert_eq!(
        step.effects,
        vec![crate::tui::testing::load_detail(&m, deadlock)]
    );
}

#[test]
fn a_one_line_paste_goes_into_the_query() {
    let mut m = loaded_model(80, 24, true);
    update(&mut m, key(KeyCode::Esc));
    let step = update(&mut m, Msg::Paste("con\tref\u{7}\n".into()));
    assert!(m.triage.is_none());
    assert_eq!(m.mode, Mode::Search);
    assert_eq!((m.query.as_str(), m.query.cursor()), ("con ref", 7));
    assert_eq!(step.effects, vec![Effect::Search("con ref".into())]);
    send(&mut m, [key(KeyCode::Home), key(KeyCode::Left)]);
    let step = update(&mut m, Msg::Paste("\n\n".into()));
    assert!(step.effects.is_empty());
    assert_eq!(m.query, "con ref");
    // With the help open, a paste changes nothing.
    update(&mut m, Msg::Action(Action::Help));
    assert_eq!(update(&mut m, Msg::Paste(LOG.into())), Step::default());
    assert!(m.triage.is_none());
}

#[test]
fn selecting_a_group_opens_its_detail_and_esc_goes_back_to_the_search() {
    let mut m = triaged(80, 24);
    let first = m.selected_index().expect("selected");
    assert_eq!(m.current_detail().map(|d| d.index), Some(first));
    let step = update(&mut m, key(KeyCode::Down));
    let second = m.selected_index().expect("selected");
    assert_ne!(first, second);
    assert_eq!(
        step.effects,
        vec![crate::tui::testing::load_detail(&m, second)]
    );
    let msg = detail(&m, second);
    update(&mut m, msg);
    update(&mut m, key(KeyCode::Char('f')));
    assert_eq!(m.tab, Pane::Fixes);
    update(&mut m, key(KeyCode::Enter));
    assert!(m.zoomed && m.in_triage());
    update(&mut m, key(KeyCode::Esc));
    assert!(!m.zoomed && m.in_triage(), "Esc first leaves the zoom");
    let step = update(&mut m, key(KeyCode::Esc));
    assert!(!m.in_triage());
    assert_eq!(m.mode, Mode::Search);
    assert_eq!(step.effects, vec![Effect::Search("time".into())]);
    update(&mut m, results(9, "time", &[1], 5));
    assert_eq!(m.results.hits, vec![1]);
    assert_eq!(m.selected_index(), Some(1));
}

#[test]
fn search_results_arrive_in_their_slot_while_the_triage_is_on_screen_and_ctrl_t_returns_to_it() {
    let mut m = triaged(120, 40);
    let groups = m.listing.clone();
    assert_eq!(update(&mut m, results(7, "time", &[1], 5)), Step::default());
    assert_eq!(m.listing, groups);
    assert_eq!(m.results.hits, vec![1], "the query's results are kept");
    update(&mut m, key(KeyCode::Char('/')));
    assert!(!m.in_triage());
    assert_eq!(m.mode, Mode::Search);
    assert_eq!(
        m.selected_index(),
        Some(1),
        "and shown when the triage is left"
    );
    update(&mut m, results(8, "time", &[1], 5));
    update(&mut m, ctrl('t'));
    assert!(m.in_triage());
    assert_eq!(m.listing, groups);
    assert_eq!(
        update(&mut m, Msg::Action(Action::ShowTriage)),
        Step::default()
    );
}

#[test]
fn typing_in_the_search_box_leaves_the_triage_for_the_query() {
    let mut m = triaged(80, 24);
    update(&mut m, Msg::Action(Action::SearchMode));
    assert!(!m.in_triage());
    update(&mut m, ctrl('t'));
    m.mode = Mode::Search;
    let step = update(&mut m, key(KeyCode::Char('x')));
    assert!(!m.in_triage());
    assert_eq!(m.query, "timex");
    assert_eq!(step.effects, vec![Effect::Search("timex".into())]);
    update(&mut m, ctrl('t'));
    m.mode = Mode::Search;
    let step = update(&mut m, key(KeyCode::Backspace));
    assert!(!m.in_triage(), "any edit of the query shows its results");
    assert_eq!(step.effects, vec![Effect::Search("time".into())]);
}

#[test]
fn streamed_news_regroup_and_keep_the_selected_record() {
    let mut m = loaded_model(120, 40, true);
    start(&mut m, 1, Origin::Stdin);
    assert!(m.in_triage() && m.mode == Mode::Browse);
    let ds = m.dataset.clone().expect("loaded");
    let report = errdex_core::triage::Triage::new(&ds).scan(ds.entries(), LOG.lines(), 1);
    let mut hits = report.hits.into_iter();
    let news = |phase, lines, hits| {
        Msg::Triage(TriageNews {
            id: 1,
            phase,
            lines,
            extent: Default::default(),
            hits,
        })
    };
    // Line 2 (deadlock) and line 3 (timeout): one each.
    update(
        &mut m,
        news(Phase::Reading, 3, hits.by_ref().take(2).collect()),
    );
    assert!(!m.triage.as_ref().expect("triage").finished());
    update(&mut m, key(KeyCode::Down));
    let timeout = index_of(&m, "bb22timeout");
    assert_eq!(m.selected_index(), Some(timeout));
    // Another paste's news, or an older triage's, change nothing.
    let stale = Msg::Triage(TriageNews {
        id: 9,
        phase: Phase::Done,
        lines: 1,
        extent: Default::default(),
        hits: Vec::new(),
    });
    assert_eq!(update(&mut m, stale), Step::default());
    update(&mut m, news(Phase::Done, 6, hits.collect()));
    assert!(m.triage.as_ref().expect("triage").finished());
    assert_eq!(
        m.selected_index(),
        Some(timeout),
        "the selection follows its record"
    );
    let first = m.listing.get(0).and_then(Row::record);
    assert_eq!(first, Some(index_of(&m, "ee55outside")));
}

#[test]
fn lines_kept_per_group_are_bounded_but_counts_are_not() {
    let mut t = TriageState::new(1, Origin::Stdin);
    let hits: Vec<LineHits> = (1..=LINES_KEPT + 50)
        .map(|line| LineHits {
            line,
            last_line: line,
            text: "x".repeat(5_000),
            time: None,
            matches: vec![errdex_core::triage::Match {
                record: 3,
                score: 0.9,
                via: errdex_core::triage::Via::Contains,
            }],
            chain: Vec::new(),
        })
        .collect();
    t.add(hits);
    let g = t.group(3).expect("group");
    assert_eq!((g.count, g.lines.len()), (LINES_KEPT + 50, LINES_KEPT));
    assert_eq!(t.text(1).chars().count(), TEXT_KEPT);
    assert_eq!(t.text(LINES_KEPT + 1), "");
}
