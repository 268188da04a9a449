//! Test helpers: a model on the fixture dataset, messages as the runtime would send them.

use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::app::model::Model;
use crate::tui::app::msg::{Detail, LoadSummary, Msg, ResultSet, RowMatcher, RowMatches};
use crate::tui::app::step::Step;
use crate::tui::app::update::update;
use crate::tui::detail::snippet;
use crate::tui::input::keymap::Keymap;
use crate::tui::ui::theme::{Theme, ThemeName};
use errdex_core::dataset::Dataset;
use errdex_core::load::{self, SourceSpec};

pub const FIXTURE: &[u8] = include_bytes!("../../tests/fixtures/tui.jsonl");

pub fn dataset() -> Arc<Dataset> {
    dataset_of(FIXTURE)
}

/// A dataset loaded from these JSON Lines, which must load without errors.
pub fn dataset_of(bytes: &'static [u8]) -> Arc<Dataset> {
    let spec = SourceSpec::Embedded {
        name: "fixture",
        bytes,
    };
    let loaded = load::load(&[spec], load::Options::default(), &|_| {});
    assert!(loaded.diagnostics.iter().all(|d| !d.is_error()));
    Arc::new(loaded.dataset)
}

/// Highlights every occurrence of the query's first word in the message, as a stand-in for
/// the search engine's positions.
pub fn substring_matcher(word: &str) -> RowMatcher {
    let word: Vec<char> = word.chars().collect();
    Arc::new(move |entry| {
        let chars: Vec<char> = entry.message.chars().collect();
        let mut message = Vec::new();
        if !word.is_empty() {
            for start in 0..chars.len().saturating_sub(word.len() - 1) {
                if chars[start..start + word.len()] == word[..] {
                    message.extend(start..start + word.len());
                }
            }
        }
        RowMatches {
            message,
            ..RowMatches::default()
        }
    })
}

/// A model of this size with the fixture loaded and no results yet.
pub fn loaded_model(width: u16, height: u16, color: bool) -> Model {
    loaded_model_on(dataset(), width, height, color)
}

/// A model of this size with `ds` loaded and no results yet.
pub fn loaded_model_on(ds: Arc<Dataset>, width: u16, height: u16, color: bool) -> Model {
    let mut m = Model::new(
        Keymap::default(),
        Theme::new(ThemeName::Dark, color),
        String::new(),
        width,
        height,
    );
    let summary = LoadSummary {
        records: ds.len(),
        ..LoadSummary::default()
    };
    update(&mut m, Msg::Loaded(ds, summary));
    m
}

/// Results for `query` listing these records, as the engine would send them.
pub fn results(generation: u64, query: &str, hits: &[u32], total: usize) -> Msg {
    Msg::Results(
        ResultSet {
            generation,
            query: query.into(),
            hits: hits.to_vec(),
            matched: hits.len(),
            total,
            done: true,
            facets: None,
            reading: Default::default(),
        },
        Some(substring_matcher(query)),
    )
}

/// The detail message the runtime would answer `LoadDetail(index)` with (no colours).
pub fn detail(m: &Model, index: usize) -> Msg {
    let ds = m.dataset.as_ref().expect("loaded");
    let record = ds.record(index).expect("fixture record reads");
    let source = snippet::prepare(&record, None);
    let fixes = snippet::prepare_fixes(&record, None);
    Msg::Detail(Ok(Box::new(Detail {
        index,
        record,
        source,
        fixes,
        origin: None,
    })))
}

/// A model showing every fixture record for `query`, the first one's detail loaded.
pub fn browsing(width: u16, height: u16, color: bool, query: &str) -> Model {
    browsing_on(dataset(), width, height, color, query)
}

/// A model showing every record of `ds` for `query`, the first one's detail loaded.
pub fn browsing_on(ds: Arc<Dataset>, width: u16, height: u16, color: bool, query: &str) -> Model {
    let mut m = loaded_model_on(ds, width, height, color);
    let total = m.dataset.as_ref().map_or(0, |d| d.len());
    let hits: Vec<u32> = (0..total as u32).collect();
    m.query = query.into();
    m.cursor = query.chars().count();
    update(&mut m, results(1, query, &hits, total));
    let msg = detail(&m, 0);
    update(&mut m, msg);
    m
}

pub fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ctrl(c: char) -> Msg {
    Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

/// Sends messages in order and returns the last step.
pub fn send(m: &mut Model, msgs: impl IntoIterator<Item = Msg>) -> Step {
    let mut last = Step::default();
    for msg in msgs {
        last = update(m, msg);
    }
    last
}

/// The whole screen drawn from `m` into a test backend of the model's size.
pub fn render(m: &Model) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(m.width, m.height)).expect("test backend");
    t.draw(|f| crate::tui::view::draw(f, m)).expect("draw");
    t
}

/// The whole screen drawn from `m`, as text: one line a row.
pub fn screen(m: &Model) -> String {
    let t = render(m);
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
