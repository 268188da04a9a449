//! The browser's triage view against a corpus: how long the triage index takes to build (once
//! per dataset, on the worker), how fast a piped log streams through the scanner, and what the
//! UI thread pays per batch of news and per frame, each next to the same cost for search
//! results of the same size (the reference, measured in the same run).
//!
//! cargo run --release --example gen_corpus -- --records 100000 > /tmp/corpus.jsonl
//! cargo run --release --example tui_triage -- /tmp/corpus.jsonl [LINES]

use std::sync::Arc;
use std::time::Instant;

use errdex::tui::app::model::Model;
use errdex::tui::app::msg::{LoadSummary, Msg, ResultSet};
use errdex::tui::app::update::update;
use errdex::tui::input::keymap::Keymap;
use errdex::tui::triage::{Origin, Phase, TriageNews, start};
use errdex::tui::ui::theme::{Theme, ThemeName};
use errdex::tui::view::draw;
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::triage::{LineHits, Triage};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Hits per news: what the worker gathers in its 100 ms at full speed.
const BATCH: usize = 500;

fn percentiles(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: tui_triage FILE [LINES]");
        std::process::exit(2);
    };
    let lines: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(200_000);
    let loaded = load::load(
        &[SourceSpec::Path(path.clone().into())],
        Options::default(),
        &|_| {},
    );
    let ds = Arc::new(loaded.dataset);
    let n = ds.len().max(1);

    let t = Instant::now();
    let triage = Triage::new(&ds);
    println!(
        "corpus: {path} ({} records); triage index built in {:.0} ms",
        ds.len(),
        ms(t)
    );

    // A log where one line in four is a known error (a fresh number each time).
    let log: Vec<String> = (0..lines)
        .map(|i| {
            if i % 4 == 0 {
                let e = ds.entries().at((i * 7919) % n);
                format!("2024-05-01T10:00:{:02}Z ERROR {}", i % 60, e.message)
            } else {
                format!(
                    "2024-05-01T10:00:{:02}Z INFO request served path=/api/{i} status=200",
                    i % 60
                )
            }
        })
        .collect();
    let bytes: usize = log.iter().map(|l| l.len() + 1).sum();
    let t = Instant::now();
    let mut scanner = triage.scanner(ds.entries(), 1);
    let mut hits: Vec<LineHits> = log.iter().filter_map(|l| scanner.push(l)).collect();
    hits.extend(scanner.finish());
    let secs = t.elapsed().as_secs_f64();
    println!(
        "log: {lines} lines ({:.1} MB) scanned in {:.2} s = {:.1} MB/s; {} hits",
        bytes as f64 / 1e6,
        secs,
        bytes as f64 / 1e6 / secs,
        hits.len()
    );

    let theme = Theme::new(ThemeName::Dark, true);
    let mut m = Model::new(Keymap::default(), theme.clone(), String::new(), 120, 40);
    let summary = LoadSummary {
        records: ds.len(),
        ..LoadSummary::default()
    };
    update(&mut m, Msg::Loaded(Arc::clone(&ds), summary.clone()));
    start(&mut m, 1, Origin::Stdin);
    let mut news_ms = Vec::new();
    let mut read = 0;
    let mut batches = hits.chunks(BATCH).peekable();
    while let Some(batch) = batches.next() {
        read += batch.len() * 4;
        let phase = if batches.peek().is_some() {
            Phase::Reading
        } else {
            Phase::Done
        };
        let news = Msg::Triage(TriageNews {
            id: 1,
            phase,
            lines: read,
            extent: Default::default(),
            hits: batch.to_vec(),
        });
        let t = Instant::now();
        update(&mut m, news);
        news_ms.push(ms(t));
    }
    let groups = m.triage.as_ref().map_or(0, |t| t.groups.len());

    // The reference: search results of the same size, into a model showing results.
    let mut r = Model::new(Keymap::default(), theme, String::new(), 120, 40);
    update(&mut r, Msg::Loaded(Arc::clone(&ds), summary));
    let mut results_ms = Vec::new();
    for (g, batch) in hits.chunks(BATCH).enumerate() {
        let hits: Vec<u32> = batch
            .iter()
            .filter_map(|h| h.matches.first())
            .map(|m| m.record as u32)
            .collect();
        let set = ResultSet {
            generation: g as u64 + 1,
            query: format!("q{g}"),
            matched: hits.len(),
            total: ds.len(),
            done: true,
            counted: true,
            hits,
            facets: None,
            reading: Default::default(),
            details: Default::default(),
        };
        let t = Instant::now();
        update(&mut r, Msg::Results(set, None));
        results_ms.push(ms(t));
    }
    let (np50, np99) = percentiles(news_ms);
    let (rp50, rp99) = percentiles(results_ms);
    println!(
        "update per news of {BATCH} hits ({groups} known errors at the end): p50 {np50:.3} ms, p99 {np99:.3} ms"
    );
    println!(
        "update per results of {BATCH} hits (reference):         p50 {rp50:.3} ms, p99 {rp99:.3} ms; ratio p50 {:.1}",
        np50 / rp50.max(1e-9)
    );

    let frame = |model: &Model| {
        let mut term = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
        let mut v = Vec::new();
        for _ in 0..500 {
            let t = Instant::now();
            term.draw(|f| draw(f, model)).expect("draw");
            v.push(ms(t));
        }
        percentiles(v)
    };
    let (tp50, tp99) = frame(&m);
    let (sp50, sp99) = frame(&r);
    println!("frame 120x40, triage view: p50 {tp50:.3} ms, p99 {tp99:.3} ms");
    println!(
        "frame 120x40, results (reference): p50 {sp50:.3} ms, p99 {sp99:.3} ms; ratio p50 {:.2}",
        tp50 / sp50.max(1e-9)
    );
}
