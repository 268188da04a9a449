//! What the copy menu and the status-line notice cost the browser: frame times (update + draw
//! into a 120×40 TestBackend) with the menu opened and closed on every frame, with it open,
//! and with a long notice, each against the plain main screen measured the same way.
//! Run: `cargo run --release --example tui_copy`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use errdex::tui::app::generation::Job;
use errdex::tui::app::model::Model;
use errdex::tui::app::msg::{Detail, LoadSummary, Msg, ResultSet};
use errdex::tui::app::update::update;
use errdex::tui::input::keymap::Keymap;
use errdex::tui::ui::theme::{Theme, ThemeName};
use errdex::tui::view::draw;
use errdex_core::load;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const FRAMES: usize = 2000;

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// The sample dataset, every record listed, the record with the most copy targets shown.
fn model() -> Model {
    let loaded = load::load(
        &[errdex_core::sample::spec()],
        load::Options::default(),
        &|_| {},
    );
    let ds = Arc::new(loaded.dataset);
    let mut m = Model::new(
        Keymap::default(),
        Theme::new(ThemeName::Dark, true),
        String::new(),
        120,
        40,
    );
    let summary = LoadSummary {
        records: ds.len(),
        ..LoadSummary::default()
    };
    update(&mut m, Msg::Loaded(Arc::clone(&ds), summary));
    let richest = (0..ds.len())
        .max_by_key(|&i| {
            ds.record(i)
                .map_or(0, |r| errdex_core::copy::targets(&r).len())
        })
        .unwrap_or(0);
    let mut hits: Vec<u32> = (0..ds.len() as u32).collect();
    hits.swap(0, richest);
    let set = ResultSet {
        generation: 1,
        hits,
        matched: ds.len(),
        total: ds.len(),
        done: true,
        ..ResultSet::default()
    };
    update(&mut m, Msg::Results(set, None));
    let record = ds.record(richest).unwrap_or_default();
    println!(
        "record {} offers {} copy targets",
        record.id,
        errdex_core::copy::targets(&record).len()
    );
    let generation = m.requests.newest(Job::Detail);
    update(
        &mut m,
        Msg::Detail(
            generation,
            Ok(Box::new(Detail {
                index: richest,
                record,
                source: None,
                fixes: Default::default(),
                origin: None,
                conflicts: Vec::new(),
                code_site: None,
            })),
        ),
    );
    update(&mut m, key(KeyCode::Esc));
    m
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1e6
}

/// Median and p99 (µs) of `msgs` sent to the model and one frame drawn, `FRAMES` times.
fn measure(m: &mut Model, msgs: &dyn Fn() -> Vec<Msg>) -> (f64, f64) {
    let mut term = match Terminal::new(TestBackend::new(m.width, m.height)) {
        Ok(t) => t,
        Err(e) => panic!("test backend: {e}"),
    };
    let mut times = Vec::with_capacity(FRAMES);
    for _ in 0..FRAMES {
        let started = Instant::now();
        for msg in msgs() {
            update(m, msg);
        }
        if let Err(e) = term.draw(|f| draw(f, m)) {
            panic!("draw: {e}");
        }
        times.push(started.elapsed());
    }
    times.sort();
    (percentile(&times, 0.5), percentile(&times, 0.99))
}

fn report(name: &str, (med, p99): (f64, f64), (ref_med, ref_p99): (f64, f64)) {
    println!(
        "{name:<29} median {med:>7.1} µs  p99 {p99:>7.1} µs  ({:.2}× / {:.2}× the reference)",
        med / ref_med,
        p99 / ref_p99
    );
}

fn main() {
    println!("frame = update + draw into a 120×40 TestBackend, {FRAMES} frames each");
    let mut m = model();
    let reference = measure(&mut m, &Vec::new);
    println!(
        "reference: main screen        median {:>7.1} µs  p99 {:>7.1} µs",
        reference.0, reference.1
    );
    let open_close = measure(&mut m, &|| vec![key(KeyCode::Char('y')), key(KeyCode::Esc)]);
    report("y then Esc (menu built)", open_close, reference);
    update(&mut m, key(KeyCode::Char('y')));
    let moving = measure(&mut m, &|| vec![key(KeyCode::Down)]);
    report("menu open, down arrow", moving, reference);
    update(&mut m, key(KeyCode::Esc));
    let url = format!("https://github.com/{}x.rs#L1", "dir/".repeat(40));
    let notice = measure(&mut m, &|| {
        vec![Msg::Copied {
            what: "URL".into(),
            report: format!("no browser: {url} — press y u to copy"),
        }]
    });
    report("long notice (wraps 2 rows)", notice, reference);
}
