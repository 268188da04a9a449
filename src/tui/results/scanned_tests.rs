//! Sites `errdex scan` found, in the browser: the mark on their rows, the Fixes pane's "No fix
//! yet" with its keys, and `N` asking for a draft filled in from the selected site.

use std::sync::Arc;

use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Pane};
use crate::tui::testing::{browsing_on, detail, index_of, keys, render, screen};
use errdex_core::dataset::Dataset;

const CURATED: &[u8] = include_bytes!("../../../tests/fixtures/tui.jsonl");
const SCANNED: &[u8] = include_bytes!("../../../tests/fixtures/code/acme-shop.jsonl");

fn dataset() -> Arc<Dataset> {
    crate::tui::testing::dataset_with_code(CURATED, SCANNED)
}

const SITE: &str = "scan-5f0c1a2b3c4d5e6f";

/// Browsing every record with the scanned site `SITE` selected and its detail loaded.
fn on_site(width: u16, height: u16, color: bool) -> Model {
    let mut m = browsing_on(dataset(), width, height, color, "");
    keys(&mut m, "<esc>");
    let site = index_of(&m, SITE);
    while m.selected_index() != Some(site) {
        let before = m.selected;
        keys(&mut m, "j");
        assert_ne!(m.selected, before, "the site is listed");
    }
    let msg = detail(&m, site);
    crate::tui::app::update::update(&mut m, msg);
    m
}

#[test]
fn scanned_rows_are_marked_and_curated_ones_are_not() {
    let m = on_site(100, 40, false);
    let text = screen(&m);
    // The results column only: the detail pane beside it shows the site's message too.
    let list: Vec<&str> = text
        .lines()
        .map(|l| l.split("││").next().unwrap_or(l))
        .collect();
    let row_of = |needle: &str| {
        let lines = &list;
        let at = lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} listed:\n{text}"));
        lines[at + 1].to_string()
    };
    assert!(
        row_of("failed to open {path}").contains("◇   acme/shop"),
        "{text}"
    );
    assert!(
        row_of("cart {id} is empty").contains("◇   acme/shop"),
        "{text}"
    );
    assert!(
        !row_of("connection refused by peer").contains('◇'),
        "{text}"
    );
}

#[test]
fn the_fixes_pane_of_a_scanned_site_says_no_fix_yet_and_offers_n_and_shift_n() {
    let mut m = on_site(160, 40, false);
    keys(&mut m, "f");
    assert_eq!(m.tab, Pane::Fixes);
    let text = screen(&m);
    assert!(
        text.contains("No fix yet: this site was found in your code by errdex scan."),
        "{text}"
    );
    assert!(text.contains("n  add a team note to it"), "{text}");
    assert!(
        text.contains("N  write its fix as a team record, filled in from this site"),
        "{text}"
    );
    assert!(!text.contains("No fixes recorded"), "{text}");
    // A curated record does not say it.
    let mut m = browsing_on(dataset(), 160, 40, false, "");
    keys(&mut m, "<esc>f");
    assert_eq!(m.tab, Pane::Fixes);
    assert_eq!(m.selected_index(), Some(index_of(&m, "aa11conn")));
    assert!(!screen(&m).contains("No fix yet"));
}

#[test]
fn shift_n_on_a_scanned_site_asks_for_the_draft_of_its_fix() {
    let mut m = on_site(100, 40, false);
    let site = index_of(&m, SITE);
    let step = keys(&mut m, "N");
    assert_eq!(
        step.effects,
        vec![Effect::NewRecord {
            from_log: None,
            site: Some(site),
        }]
    );
    // On a curated record, `N` is a blank draft as before.
    let mut m = browsing_on(dataset(), 100, 40, false, "");
    keys(&mut m, "<esc>");
    let step = keys(&mut m, "N");
    assert_eq!(
        step.effects,
        vec![Effect::NewRecord {
            from_log: None,
            site: None,
        }]
    );
    // The draft the runtime opens is filled in from the site.
    let ds = m.dataset.as_ref().expect("loaded");
    let record = ds.record(site).expect("reads");
    let draft: serde_json::Value =
        serde_json::from_str(&errdex_core::state::drafts::site_template(&record)).expect("json");
    assert_eq!(draft["id"], serde_json::Value::Null);
    assert_eq!(draft["errorMessage"], "failed to open {path}");
    assert_eq!(draft["messagePattern"], "failed to open {}");
    assert_eq!(draft["errorType"], "context");
    assert_eq!(draft["severity"], "error");
    assert_eq!(draft["repo"], "acme/shop");
    assert_eq!(draft["filePath"], "src/config.rs");
    assert_eq!(draft["lineNumber"], 3);
    assert!(
        draft["sourceCode"]
            .as_str()
            .is_some_and(|c| c.contains("with_context")),
        "{draft}"
    );
    assert_eq!(draft["solutions"], serde_json::json!([]));
}

#[test]
fn snapshot_scanned_row_80x24() {
    let m = on_site(80, 24, true);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_scanned_fixes_pane_100x30() {
    let mut m = on_site(100, 30, true);
    keys(&mut m, "f");
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn the_help_says_what_the_mark_means() {
    let m = on_site(100, 40, false);
    let area = ratatui::layout::Rect::new(0, 0, m.width, m.height);
    let lines: Vec<String> = crate::tui::help::lines(&m, area)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("◇")
            && l.contains("found in your code")
            && l.contains("no fix yet")),
        "{lines:#?}"
    );
}
