//! The triage view's unknown error groups: listed under the known errors, selectable, `N`
//! drafts a record from one; and the view's incident report (`R`, the copy menu).

use crossterm::event::KeyCode;

use super::tests::{LOG_WITH_UNKNOWN, triaged_log};
use super::*;
use crate::tui::app::effect::Effect;
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::input::keymap::Mode;
use crate::tui::results::listing::Row;
use crate::tui::testing::{detail, key, loaded_model, render, results, screen};
use errdex_core::triage::LineHits;

#[test]
fn snapshot_triage_with_unknown_errors_120x40() {
    let m = triaged_log(LOG_WITH_UNKNOWN, 120, 40);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn unknown_groups_are_dimmed_and_their_lines_show_below() {
    let mut m = triaged_log(LOG_WITH_UNKNOWN, 120, 40);
    let known = m.triage.as_ref().map_or(0, |t| t.groups.len());
    for _ in 0..known {
        update(&mut m, key(KeyCode::Down));
    }
    let terminal = render(&m);
    let buffer = terminal.backend().buffer();
    let text = screen(&m);
    assert!(
        text.contains("Log lines of this unknown error (2)"),
        "{text}"
    );
    assert!(
        text.contains("no record knows this error yet: N writes one"),
        "{text}"
    );
    assert!(
        text.contains("6 │ 2024-05-01T10:00:05Z ERROR disk quota"),
        "{text}"
    );
    let row = (0..buffer.area.height)
        .find(|&y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .contains("spool directory vanished")
        })
        .expect("the FATAL group's row");
    let x = (0..buffer.area.width)
        .find(|&x| buffer[(x, row)].symbol() == "s")
        .expect("its text");
    assert_eq!(buffer[(x, row)].fg, m.theme.dim.fg.expect("dim colour"));
}

#[test]
fn unknown_error_groups_are_listed_under_the_known_ones_and_selectable() {
    let mut m = triaged_log(LOG_WITH_UNKNOWN, 120, 40);
    let t = m.triage.as_ref().expect("triage");
    let unknown: Vec<(String, usize)> = t
        .unknown()
        .iter()
        .map(|g| (g.pattern.clone(), g.events.len()))
        .collect();
    assert_eq!(unknown.len(), 2, "{unknown:?}");
    assert_eq!(unknown[0].1, 2, "the quota events group once normalised");
    assert!(unknown[0].0.contains("disk quota exceeded"), "{unknown:?}");
    assert_eq!(t.events, 2, "known events only");
    let known = t.groups.len();
    let records = m.listing.rows()[..known].iter();
    assert!(records.into_iter().all(|r| matches!(r, Row::Record { .. })));
    assert_eq!(
        m.listing.rows()[known..],
        [Row::Unknown(0), Row::Unknown(1)],
        "unknown groups come after the known errors"
    );
    // The same keys move onto them; no record is selected there, so no detail is loaded.
    for _ in 1..known {
        update(&mut m, key(KeyCode::Down));
    }
    let step = update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected, known);
    assert_eq!(m.selected_index(), None);
    assert!(
        !step
            .effects
            .iter()
            .any(|e| matches!(e, Effect::LoadDetail { .. }))
    );
    let t = m.triage.as_ref().expect("triage");
    let (count, lines) = t.row_lines(&Row::Unknown(0));
    assert_eq!(count, 2);
    assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), vec![3, 6]);
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected, known + 1);
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected, known + 1, "the last row stays selected");
}

#[test]
fn a_live_unknown_event_that_turns_out_known_moves_and_the_selection_stays() {
    let mut m = loaded_model(120, 40, true);
    start(&mut m, 1, Origin::Stdin);
    let hit = |line: usize, record: Option<usize>| LineHits {
        line,
        last_line: line,
        text: format!("2024-05-01T10:00:0{line}Z ERROR odd thing {line}"),
        time: None,
        matches: record
            .map(|record| errdex_core::triage::Match {
                record,
                score: 0.9,
                via: errdex_core::triage::Via::Contains,
            })
            .into_iter()
            .collect(),
        chain: Vec::new(),
    };
    let news = |hits| {
        Msg::Triage(TriageNews {
            id: 1,
            phase: Phase::Reading,
            lines: 4,
            extent: Default::default(),
            hits,
        })
    };
    update(
        &mut m,
        news(vec![hit(1, Some(2)), hit(2, None), hit(4, None)]),
    );
    assert_eq!(
        m.listing.rows(),
        [
            Row::Record {
                index: 2,
                weak: false
            },
            Row::Unknown(0)
        ]
    );
    update(&mut m, key(KeyCode::Down));
    assert_eq!(m.selected, 1);
    // Line 4's event settled unknown; its trace arrived and it is a known error after all.
    update(&mut m, news(vec![hit(4, Some(3))]));
    let t = m.triage.as_ref().expect("triage");
    assert_eq!(
        t.unknown()[0].events.len(),
        1,
        "line 4 left the unknown group"
    );
    assert_eq!(t.events, 2);
    assert_eq!(m.listing.len(), 3);
    assert_eq!(
        m.selected_row(),
        Some(&Row::Unknown(0)),
        "the unknown group stays selected as the rows reorder"
    );
}

#[test]
fn n_on_an_unknown_group_drafts_a_record_from_its_first_line() {
    let mut m = triaged_log(LOG_WITH_UNKNOWN, 120, 40);
    // On a known error, N does not draft from it (the query is not a log line).
    let step = update(&mut m, key(KeyCode::Char('N')));
    assert_eq!(
        step.effects,
        vec![Effect::NewRecord {
            from_log: None,
            site: None,
        }]
    );
    let known = m.triage.as_ref().map_or(0, |t| t.groups.len());
    for _ in 0..known {
        update(&mut m, key(KeyCode::Down));
    }
    let step = update(&mut m, key(KeyCode::Char('N')));
    let first = "2024-05-01T10:00:02Z ERROR disk quota exceeded for tenant 41";
    assert_eq!(
        step.effects,
        vec![Effect::NewRecord {
            from_log: Some(first.into()),
            site: None,
        }]
    );
    // The runtime drafts it the way `errdex new --from-log LINE` does.
    let draft = errdex_core::triage::draft_from_line(first);
    assert_eq!(draft.message, "disk quota exceeded for tenant 41");
    // Back in the search, the unknown group is not selected any more.
    update(&mut m, key(KeyCode::Esc));
    assert!(selected_unknown(&m).is_none());
}

#[test]
fn r_writes_the_incident_report_of_the_log_and_copies_it() {
    use crate::tui::history::memory::{Chore, Remembered};
    let mut m = triaged_log(LOG_WITH_UNKNOWN, 120, 40);
    let step = update(&mut m, key(KeyCode::Char('R')));
    let ds = m.dataset.clone().expect("loaded");
    let t = m.triage.as_ref().expect("triage");
    let expected = t.incident().markdown(&ds, 6, &t.extent);
    assert!(expected.starts_with("# Incident report"), "{expected}");
    assert!(expected.contains("disk quota exceeded"), "{expected}");
    assert!(expected.contains("deadlock detected"), "{expected}");
    assert_eq!(
        step.effects,
        vec![Effect::Remember(Chore::WriteIncidentReport(
            expected.clone()
        ))]
    );
    assert_eq!(incident_report(&m).as_deref(), Some(expected.as_str()));
    // The worker wrote it: the path goes on the status line, the text to the clipboard.
    let step = update(
        &mut m,
        Msg::Remembered(Remembered::ReportWritten {
            path: "/data/incident-report.md".into(),
            text: expected.clone(),
        }),
    );
    let what = "incident report written to /data/incident-report.md".to_string();
    assert_eq!(
        step.effects,
        vec![Effect::Copy {
            what: what.clone(),
            text: expected
        }]
    );
    assert_eq!(m.notice, Some(format!("{what}; copying…")));
    // Without a triage on screen there is no report to write.
    update(&mut m, key(KeyCode::Esc));
    m.mode = Mode::Browse;
    let step = update(&mut m, key(KeyCode::Char('R')));
    assert!(step.effects.is_empty());
    assert!(
        m.notice
            .as_deref()
            .is_some_and(|n| n.contains("no incident report"))
    );
}

#[test]
fn the_copy_menu_offers_the_incident_report_in_the_triage_view() {
    let mut m = triaged_log(LOG_WITH_UNKNOWN, 120, 40);
    let report = incident_report(&m).expect("a report");
    update(&mut m, key(KeyCode::Char('y')));
    let menu = m.copy_menu().expect("menu open");
    assert_eq!(menu.report.as_deref(), Some(report.as_str()));
    assert!(
        !menu.offers.is_empty(),
        "the record's targets are there too"
    );
    assert_eq!(menu.rows(), menu.offers.len() + 1);
    let step = update(&mut m, key(KeyCode::Char('t')));
    assert!(m.copy_menu().is_none());
    assert_eq!(
        step.effects.first(),
        Some(&Effect::Copy {
            what: "incident report".into(),
            text: report.clone()
        })
    );
    // On an unknown error no record is selected: the menu still offers the report, last.
    let known = m.triage.as_ref().map_or(0, |t| t.groups.len());
    for _ in 0..known {
        update(&mut m, key(KeyCode::Down));
    }
    update(&mut m, key(KeyCode::Char('y')));
    let menu = m.copy_menu().expect("menu open");
    assert!(menu.offers.is_empty());
    assert_eq!(menu.rows(), 1);
    let step = update(&mut m, key(KeyCode::Enter));
    assert_eq!(
        step.effects.first(),
        Some(&Effect::Copy {
            what: "incident report".into(),
            text: report
        })
    );
    // Outside the triage view the menu is the record's alone.
    update(&mut m, key(KeyCode::Esc));
    m.mode = Mode::Browse;
    update(&mut m, results(9, "time", &[1], 5));
    let msg = detail(&m, 1);
    update(&mut m, msg);
    update(&mut m, key(KeyCode::Char('y')));
    assert_eq!(m.copy_menu().map(|menu| menu.report.is_none()), Some(true));
}
