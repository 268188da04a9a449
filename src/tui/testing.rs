//! Test helpers: a model on the fixture dataset, messages as the runtime would send them.

use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::app::effect::Effect;
use crate::tui::app::generation::{Generation, Job};
use crate::tui::app::model::Model;
use crate::tui::app::msg::{Detail, LoadSummary, Msg, ResultSet, RowMatcher, RowMatches};
use crate::tui::app::step::Step;
use crate::tui::app::update::update;
use crate::tui::detail::snippet;
use crate::tui::input::keymap::{Key, Keymap};
use crate::tui::ui::theme::{Theme, ThemeName};
use errdex_core::dataset::Dataset;
use errdex_core::load::{self, SourceSpec};

pub const FIXTURE: &[u8] = include_bytes!("../../tests/fixtures/tui.jsonl");

pub fn dataset() -> Arc<Dataset> {
    dataset_of(FIXTURE)
}

/// A dataset loaded from these JSON Lines, which must load without errors.
pub fn dataset_of(bytes: &'static [u8]) -> Arc<Dataset> {
    load_specs(&[SourceSpec::Embedded {
        name: "fixture",
        bytes,
    }])
}

/// These records, then `scanned` as `errdex scan` wrote it into `code/` of the data folder
/// (the hidden-site rule and the scanned marks go by that folder).
pub fn dataset_with_code(records: &'static [u8], scanned: &'static [u8]) -> Arc<Dataset> {
    load_specs(&[
        SourceSpec::Embedded {
            name: "fixture",
            bytes: records,
        },
        SourceSpec::Embedded {
            name: "/home/u/.local/share/errdex/code/acme-shop.jsonl",
            bytes: scanned,
        },
    ])
}

fn load_specs(specs: &[SourceSpec]) -> Arc<Dataset> {
    let loaded = load::load(specs, load::Options::default(), &|_| {});
    assert!(
        loaded.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        loaded.diagnostics
    );
    Arc::new(loaded.dataset)
}

/// The index of the record with this id in the model's dataset.
pub fn index_of(m: &Model, id: &str) -> usize {
    let ds = m.dataset.as_ref().expect("loaded");
    ds.entries()
        .iter()
        .position(|e| e.id == id)
        .expect("fixture id")
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
            counted: true,
            facets: None,
            reading: Default::default(),
            details: Default::default(),
        },
        Some(substring_matcher(query)),
    )
}

/// What the engine answers a query typed or pasted into the search box, ranked by the real
/// search (a pasted line's groups and chain included); no highlighting.
pub fn found(m: &Model, generation: u64, query: &str) -> Msg {
    let ds = m.dataset.as_ref().expect("loaded");
    let context = errdex_core::search::Context::default();
    let f = errdex_core::search::find(ds, query, &context, errdex_core::search::LIMIT);
    let set = ResultSet {
        generation,
        query: query.into(),
        hits: f.hits.iter().map(|r| r.hit.index).collect(),
        matched: f.matched,
        total: ds.len(),
        done: true,
        counted: true,
        facets: None,
        reading: crate::tui::app::msg::Reading {
            mode: f.mode,
            weak: f.hits.iter().map(|r| r.mark.weak).collect(),
            warnings: f.warnings,
        },
        details: Arc::new(f.details),
    };
    Msg::Results(set, None)
}

/// The detail message the runtime would answer the newest `LoadDetail` with, had it asked for
/// `index` (no colours).
pub fn detail(m: &Model, index: usize) -> Msg {
    detail_answering(m.requests.newest(Job::Detail), m, index)
}

/// The answer to the `LoadDetail` of this generation, for `index`.
pub fn detail_answering(generation: Generation, m: &Model, index: usize) -> Msg {
    let ds = m.dataset.as_ref().expect("loaded");
    let record = ds.record(index).expect("fixture record reads");
    let source = snippet::prepare(&record, None);
    let (code_site, source) = crate::tui::detail::code_now::read(ds, &record, source, None);
    let fixes = snippet::prepare_fixes(&record, None);
    Msg::Detail(
        generation,
        Ok(Box::new(Detail {
            index,
            record,
            source,
            fixes,
            origin: None,
            conflicts: Vec::new(),
            code_site,
        })),
    )
}

/// The newest request for `index`'s detail, as `update` asks for it.
pub fn load_detail(m: &Model, index: usize) -> Effect {
    let generation = m.requests.newest(Job::Detail);
    Effect::LoadDetail { index, generation }
}

/// The newest request to follow `index` into the checkout, as `update` asks for it.
pub fn locate(m: &Model, index: usize) -> Effect {
    let generation = m.requests.newest(Job::Locate);
    Effect::Locate { index, generation }
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
    update(&mut m, results(1, query, &hits, total));
    let msg = detail(&m, 0);
    update(&mut m, msg);
    m
}

pub fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// The key messages of a macro, typed as a user would: plain characters, and `<name>` for a
/// key as the keymap spells it (`<esc>`, `<ctrl-n>`, `<shift-tab>`, `<f1>`, `<pgdn>`);
/// `<lt>` types a `<`. `keys(&mut m, "conn<esc>y")` types `conn`, leaves the box, opens the
/// copy menu.
pub fn key_macro(script: &str) -> Vec<Msg> {
    let mut msgs = Vec::new();
    let mut rest = script;
    while let Some(c) = rest.chars().next() {
        let (event, len) = if let ('<', Some(close)) = (c, rest.find('>')) {
            let name = &rest[1..close];
            let key = match name {
                "lt" => Key::parse("<"),
                _ => Key::parse(name),
            };
            let key = key.unwrap_or_else(|e| panic!("key macro `{script}`: {e}"));
            (key.event(), close + 1)
        } else {
            let mods = if c.is_ascii_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            (KeyEvent::new(KeyCode::Char(c), mods), c.len_utf8())
        };
        msgs.push(Msg::Key(event));
        rest = &rest[len..];
    }
    msgs
}

/// Types a key macro (see [`key_macro`]) and returns the last step.
pub fn keys(m: &mut Model, script: &str) -> Step {
    send(m, key_macro(script))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn events(script: &str) -> Vec<(KeyCode, KeyModifiers)> {
        key_macro(script)
            .into_iter()
            .map(|msg| match msg {
                Msg::Key(ev) => (ev.code, ev.modifiers),
                _ => unreachable!("a key macro makes key messages"),
            })
            .collect()
    }

    #[test]
    fn a_macro_types_characters_and_named_keys() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            events("aB<esc><ctrl-n><shift-tab><f1><lt>"),
            [
                (KeyCode::Char('a'), none),
                (KeyCode::Char('B'), KeyModifiers::SHIFT),
                (KeyCode::Esc, none),
                (KeyCode::Char('n'), KeyModifiers::CONTROL),
                (KeyCode::BackTab, KeyModifiers::SHIFT),
                (KeyCode::F(1), none),
                (KeyCode::Char('<'), none),
            ]
        );
        // A `<` with no closing `>` is typed as it is.
        assert_eq!(events("a<b"), events("a<lt>b"));
    }

    #[test]
    fn a_macro_drives_the_browser_as_keys_do() {
        let mut m = browsing(80, 24, false, "");
        keys(&mut m, "conn<esc>");
        assert_eq!(m.query, "conn");
        let mut by_hand = browsing(80, 24, false, "");
        send(
            &mut by_hand,
            "conn"
                .chars()
                .map(|c| key(KeyCode::Char(c)))
                .chain([key(KeyCode::Esc)]),
        );
        assert_eq!(m.query, by_hand.query);
        assert_eq!(m.focus, by_hand.focus);
        assert_eq!(m.mode, by_hand.mode);
    }
}
