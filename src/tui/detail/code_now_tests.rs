//! A team record that hides a scanned site, in the browser: the Overview says where the
//! statement is now, the Source pane shows today's snippet when the code moved, and `e` and `o`
//! go to the current line.

use std::sync::Arc;
use std::time::Duration;

use crossterm::event::KeyCode;

use crate::tui::app::effect::Effect;
use crate::tui::app::generation::Generation;
use crate::tui::app::model::{Model, Pane};
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::detail::highlighting::Highlighting;
use crate::tui::local::worker::{Locate, Where};
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::Worker;
use crate::tui::testing::{browsing_on, detail, key, keys, render, screen};
use errdex_core::checkout::Line;
use errdex_core::config::Checkouts;
use errdex_core::dataset::Dataset;

const SCANNED: &[u8] = include_bytes!("../../../tests/fixtures/code/acme-shop.jsonl");

/// The team's records of two scanned statements: one written when `failed to open` was on
/// line 1 (the scan has it on line 3 now), one on the line the scan has.
const TEAM: &[u8] = concat!(
    r#"{"id": "team-open", "errorMessage": "failed to open /etc/shop.toml", "repo": "acme/shop", "#,
    r#""filePath": "src/config.rs", "lineNumber": 1, "sourceCode": "    fs::read_to_string(path).context(\"failed to open\")?;", "#,
    r#""sourceCodeStart": 1, "solutions": ["create the file"], "#,
    r#""githubUrl": "https://github.com/acme/shop/blob/fedcba9876543210fedcba9876543210fedcba98/src/config.rs#L1"}"#,
    "\n",
    r#"{"id": "team-cart", "errorMessage": "cart 7 is empty", "repo": "acme/shop", "#,
    r#""filePath": "src/cart.rs", "lineNumber": 41, "solutions": ["add an item first"]}"#,
    "\n",
)
.as_bytes();

fn dataset() -> Arc<Dataset> {
    crate::tui::testing::dataset_with_code(TEAM, SCANNED)
}

/// Browsing every record with `id` selected and its detail read as the worker reads it.
fn on(id: &str, width: u16, height: u16) -> Model {
    let mut m = browsing_on(dataset(), width, height, false, "");
    keys(&mut m, "<esc>");
    let ds = Arc::clone(m.dataset.as_ref().expect("loaded"));
    let index = (0..ds.len())
        .find(|&i| ds.entries().at(i).id == id)
        .expect("listed");
    while m.selected_index() != Some(index) {
        let before = m.selected;
        keys(&mut m, "j");
        assert_ne!(m.selected, before, "{id} is listed");
    }
    let msg = detail(&m, index);
    update(&mut m, msg);
    m
}

#[test]
fn the_worker_reads_where_the_statement_is_now() {
    let ds = dataset();
    let index = (0..ds.len())
        .find(|&i| ds.entries().at(i).id == "team-open")
        .expect("listed");
    let d = super::worker::read(&ds, index, None).expect("reads");
    let now = d.code_site.as_ref().expect("a site behind the record");
    assert!(now.moved);
    assert_eq!(
        now.place,
        "src/config.rs:3 (moved from line 1, scanned at 0123456789ab)"
    );
    // The Source pane gets today's snippet, numbered as the scan saw it.
    let source = d.source.as_ref().expect("a snippet");
    assert_eq!((source.first, source.marked), (1, Some(2)));
    assert_eq!(source.lines.len(), 5);
    assert!(
        source
            .notice
            .as_deref()
            .is_some_and(|n| n == "today's code: line 3, was 1"),
        "{:?}",
        source.notice
    );
    assert_eq!(d.current().line_number, Some(3));
}

#[test]
fn a_statement_that_did_not_move_keeps_the_records_snippet() {
    let m = on("team-cart", 160, 30);
    let d = m.current_detail().expect("read");
    let now = d.code_site.as_ref().expect("a site behind the record");
    assert!(!now.moved);
    assert_eq!(d.source, None, "the record has no snippet of its own");
    let text = screen(&m);
    assert!(
        text.contains("in code  src/cart.rs:41 (the same line, scanned at 0123456789ab)"),
        "{text}"
    );
}

#[test]
fn o_opens_todays_line_at_the_scanned_commit() {
    let mut m = on("team-open", 100, 30);
    let step = update(&mut m, key(KeyCode::Char('o')));
    assert_eq!(
        step.effects,
        vec![Effect::Open(
            "https://github.com/acme/shop/blob/0123456789abcdef0123456789abcdef01234567/src/config.rs#L3".into()
        )]
    );
    // The site of `team-cart` has no link: the record's own would be used, and it has none.
    let mut m = on("team-cart", 100, 30);
    let step = update(&mut m, key(KeyCode::Char('o')));
    assert!(step.effects.is_empty());
}

/// `e` edits where the locating worker found the line: the runtime hands it the record
/// `Detail::current` names. Followed in a checkout holding today's `src/config.rs`, the
/// site lands on line 3; the record alone, whose snippet is of older code, finds its line gone.
#[test]
fn the_checkout_is_searched_from_todays_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).expect("mkdir");
    let ds = dataset();
    let site = ds
        .code_site("team-open")
        .expect("a site")
        .record
        .expect("reads");
    let code = site.source_code.clone().expect("snippet");
    std::fs::write(src.join("config.rs"), format!("{code}\n")).expect("write");
    let m = on("team-open", 100, 30);
    let d = m.current_detail().expect("read");
    let follow = |record: &errdex_core::record::Record| {
        let (inbox, answers) = Inbox::new();
        let checkouts = Checkouts {
            repos: vec![("acme/shop".into(), dir.path().to_path_buf())],
            roots: Vec::new(),
        };
        let worker = Worker::spawn("locate", inbox, move |_| Where {
            checkouts,
            cache_dir: None,
        });
        worker.ask(Locate {
            generation: Generation(1),
            index: d.index,
            record: Box::new(record.clone()),
            highlighting: Highlighting::off(),
        });
        worker.finish();
        match answers.recv_timeout(Duration::from_secs(10)) {
            Ok(Msg::Located(_, answer)) => answer.result.expect("located").located.line,
            _ => panic!("expected an answer"),
        }
    };
    assert!(
        matches!(follow(d.current()), Line::Same(3)),
        "{:?}",
        follow(d.current())
    );
    assert_eq!(follow(&d.record), Line::Gone { from: 1 });
}

#[test]
fn snapshot_code_now_overview_80x24() {
    let m = on("team-open", 80, 24);
    assert_eq!(m.tab, Pane::Overview);
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn snapshot_code_now_source_100x30() {
    let mut m = on("team-open", 100, 30);
    keys(&mut m, "s");
    assert_eq!(m.tab, Pane::Source);
    insta::assert_snapshot!(render(&m).backend());
}
