//! Loading with partial datasets (what the browser does) against a plain load of the same
//! file: total wall time of each, their ratio, when the first partial dataset arrives and how
//! many records it holds, alternating the two so both see the same page cache.
//!
//! cargo run --release --example gen_corpus -- --records 100000 > /tmp/corpus.jsonl
//! cargo run --release --example bench_partial -- /tmp/corpus.jsonl [RUNS]

use std::sync::Mutex;
use std::time::{Duration, Instant};

use errdex_core::load::{self, Options, SourceSpec};

/// As in the browser.
const EVERY: Duration = Duration::from_millis(200);

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn worst(v: &[f64]) -> f64 {
    v.iter().copied().fold(0.0, f64::max)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: bench_partial FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let specs = [SourceSpec::Path(path.clone().into())];
    // Warm the page cache once, so neither side pays the disk.
    let warm = load::load(&specs, Options::default(), &|_| {});
    let total = warm.dataset.len();
    // What one partial costs: copying the entries (and dropping the copy later).
    let mut copy = Vec::new();
    let mut free = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let snapshot = warm.dataset.snapshot(None);
        copy.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        drop(snapshot);
        free.push(t.elapsed().as_secs_f64() * 1e3);
    }
    drop(warm);
    let (mut plain, mut streamed, mut first, mut first_records, mut counts) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let t = Instant::now();
        let loaded = load::load(&specs, Options::default(), &|_| {});
        plain.push(t.elapsed().as_secs_f64());
        drop(loaded);

        let seen = Mutex::new(Vec::new());
        // As in the browser, a partial goes to another thread, which frees it.
        let (tx, rx) = std::sync::mpsc::channel::<errdex_core::dataset::Dataset>();
        let consumer = std::thread::spawn(move || rx.into_iter().for_each(drop));
        let tx = Mutex::new(tx);
        let t = Instant::now();
        let loaded =
            load::load_streaming(&specs, Options::default(), None, &|_| {}, EVERY, &|ds| {
                if let Ok(mut seen) = seen.lock() {
                    seen.push((t.elapsed().as_secs_f64(), ds.len()));
                }
                if let Ok(tx) = tx.lock() {
                    let _ = tx.send(ds);
                }
            });
        streamed.push(t.elapsed().as_secs_f64());
        drop(tx);
        let _ = consumer.join();
        drop(loaded);
        let seen = seen.into_inner().unwrap_or_default();
        counts.push(seen.len() as f64);
        if let Some(&(at, n)) = seen.first() {
            first.push(at);
            first_records.push(n as f64);
        }
    }
    println!("file: {path} ({total} records), {runs} runs each, alternating");
    println!(
        "one partial of all {total} records: copy median {:.1} ms, drop median {:.1} ms",
        median(&mut copy),
        median(&mut free)
    );
    let (p, s) = (median(&mut plain.clone()), median(&mut streamed.clone()));
    println!(
        "plain load       median {p:.3} s  worst {:.3} s",
        worst(&plain)
    );
    println!(
        "with partials    median {s:.3} s  worst {:.3} s",
        worst(&streamed)
    );
    println!("ratio (with partials / plain, medians): {:.3}", s / p);
    println!("partials per load: median {:.0}", median(&mut counts));
    if first.is_empty() {
        println!("no partial dataset: the load took less than {EVERY:?}");
    } else {
        let at = median(&mut first.clone());
        println!(
            "first partial: median {at:.3} s (worst {:.3} s) = {:.0} % of the plain load, with a median {:.0} records",
            worst(&first),
            100.0 * at / p,
            median(&mut first_records)
        );
    }
}
