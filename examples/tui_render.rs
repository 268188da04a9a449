//! How long the browser takes to draw a frame, in memory (ratatui TestBackend), and whether a
//! 3,000-line snippet costs more to draw than a 7-line one (it should not: only visible lines
//! are drawn). Run: `cargo run --release --example tui_render`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use errdex::tui::app::generation::Job;
use errdex::tui::app::model::Model;
use errdex::tui::app::msg::{Detail, LoadSummary, Msg, ResultSet};
use errdex::tui::app::update::update;
use errdex::tui::detail::snippet::{Highlighter, prepare};
use errdex::tui::input::action::Action;
use errdex::tui::input::keymap::Keymap;
use errdex::tui::ui::theme::{Theme, ThemeName};
use errdex::tui::view::draw;
use errdex_core::load;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const FRAMES: usize = 2000;

fn model(big_snippet: bool) -> Model {
    let loaded = load::load(
        &[errdex_core::sample::spec()],
        load::Options::default(),
        &|_| {},
    );
    let ds = Arc::new(loaded.dataset);
    let theme = Theme::new(ThemeName::Dark, true);
    let mut m = Model::new(Keymap::default(), theme, String::new(), 120, 40);
    let summary = LoadSummary {
        records: ds.len(),
        ..LoadSummary::default()
    };
    update(&mut m, Msg::Loaded(Arc::clone(&ds), summary));
    let hits: Vec<u32> = (0..ds.len() as u32).collect();
    let set = ResultSet {
        generation: 1,
        hits,
        matched: ds.len(),
        total: ds.len(),
        done: true,
        ..ResultSet::default()
    };
    update(&mut m, Msg::Results(set, None));
    let mut record = ds.record(0).unwrap_or_default();
    if big_snippet {
        let code: Vec<String> = (0..3000)
            .map(|i| format!("    let value_{i} = compute({i}, \"text\")?; // step {i}"))
            .collect();
        record.source_code = Some(code.join("\n"));
        record.source_code_start = Some(1);
        record.line_number = Some(1500);
        record.file_path = Some("src/big.rs".into());
    } else {
        let code: Vec<String> = (0..7).map(|i| format!("    let v{i} = f({i})?;")).collect();
        record.source_code = Some(code.join("\n"));
        record.source_code_start = Some(10);
        record.line_number = Some(13);
        record.file_path = Some("src/small.rs".into());
    }
    let started = Instant::now();
    let source = prepare(&record, Some(&Highlighter::new(m.theme.syntax_theme())));
    println!(
        "  prepare {} lines (syntect) took {:.1} ms",
        source.as_ref().map_or(0, |s| s.lines.len()),
        started.elapsed().as_secs_f64() * 1e3
    );
    let generation = m.requests.newest(Job::Detail);
    update(
        &mut m,
        Msg::Detail(
            generation,
            Ok(Box::new(Detail {
                index: 0,
                record,
                source,
                fixes: Default::default(),
                origin: None,
                conflicts: Vec::new(),
                code_site: None,
            })),
        ),
    );
    m
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1e6
}

/// Frame times (µs): median and p99 of drawing after `action`.
fn measure(m: &mut Model, action: Option<Action>) -> (f64, f64) {
    let mut term = match Terminal::new(TestBackend::new(m.width, m.height)) {
        Ok(t) => t,
        Err(e) => panic!("test backend: {e}"),
    };
    let mut times = Vec::with_capacity(FRAMES);
    for i in 0..FRAMES {
        let started = Instant::now();
        if let Some(a) = action {
            // Alternate directions so the pane keeps moving instead of sticking at an end.
            let a = match (a, i % 200 < 100) {
                (Action::SelectNext, false) => Action::SelectPrev,
                (a, _) => a,
            };
            update(m, Msg::Action(a));
        }
        if let Err(e) = term.draw(|f| draw(f, m)) {
            panic!("draw: {e}");
        }
        times.push(started.elapsed());
    }
    times.sort();
    (percentile(&times, 0.5), percentile(&times, 0.99))
}

fn main() {
    println!("frame = update + draw into a 120×40 TestBackend, {FRAMES} frames each");
    let mut m = model(false);
    let (med, p99) = measure(&mut m, None);
    println!("main screen (overview)        median {med:>7.1} µs  p99 {p99:>7.1} µs");
    let (med, p99) = measure(&mut m, Some(Action::SelectNext));
    println!("moving through results        median {med:>7.1} µs  p99 {p99:>7.1} µs");
    update(&mut m, Msg::Action(Action::ShowSource));
    let (small_med, small_p99) = measure(&mut m, Some(Action::SelectNext));
    println!("source pane, 7-line snippet   median {small_med:>7.1} µs  p99 {small_p99:>7.1} µs");
    let mut m = model(true);
    update(&mut m, Msg::Action(Action::ShowSource));
    let (big_med, big_p99) = measure(&mut m, Some(Action::SelectNext));
    println!("source pane, 3000-line snippet median {big_med:>6.1} µs  p99 {big_p99:>7.1} µs");
    println!(
        "ratio 3000-line / 7-line scrolling: median {:.2}×, p99 {:.2}×",
        big_med / small_med,
        big_p99 / small_p99
    );
}
