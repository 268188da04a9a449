//! Cold versus warm start of one dataset file: parsing it, parsing it and writing its index
//! to the cache, and loading it with the index read from the cache.
//!
//! cargo run --release --example gen_corpus -- --records 100000 > /tmp/corpus.jsonl
//! cargo run --release --example bench_cache -- /tmp/corpus.jsonl [RUNS]
//!
//! The cache lives in a temporary folder, so the user's own cache is untouched. The page
//! cache is warm after the first run, as it is for anyone starting errdex twice.

use std::time::Instant;

use errdex_core::load::cache::Cache;
use errdex_core::load::{self, Loaded, Options, SourceSpec};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs `f` `runs` times and returns the sorted wall times in milliseconds. Freeing the
/// result is not timed: a starting errdex keeps its dataset until it exits.
fn time(runs: usize, mut f: impl FnMut() -> Loaded) -> (Vec<f64>, usize) {
    let mut times = Vec::with_capacity(runs);
    let mut records = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let loaded = f();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        records = loaded.dataset.len();
        drop(loaded);
    }
    times.sort_by(f64::total_cmp);
    (times, records)
}

fn report(name: &str, times: &[f64]) -> f64 {
    let median = percentile(times, 0.5);
    println!(
        "{name:<28} median {median:>8.1} ms   p99 {:>8.1} ms   min {:>8.1} ms",
        percentile(times, 0.99),
        times[0]
    );
    median
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: bench_cache FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(7).max(1);
    let Ok(dir) = tempfile::tempdir() else {
        eprintln!("bench_cache: cannot make a temporary folder");
        std::process::exit(2);
    };
    let cache = Cache::new(dir.path());
    let specs = [SourceSpec::Path(path.clone().into())];
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());

    let (parse, records) = time(runs, || load::load(&specs, Options::default(), &|_| {}));
    let (cold, _) = time(runs, || {
        let _ = cache.clear();
        load::load_cached(&specs, Options::default(), Some(&cache), &|_| {})
    });
    let (warm, warm_records) = time(runs, || {
        load::load_cached(&specs, Options::default(), Some(&cache), &|_| {})
    });
    assert_eq!(
        warm_records, records,
        "the cache gave back a different dataset"
    );
    let (files, bytes) = cache.usage().unwrap_or((0, 0));

    println!(
        "file: {path} ({:.1} MB, {records} records), {runs} runs each",
        size as f64 / 1e6
    );
    println!(
        "cache: {files} file, {:.1} MB ({:.0} % of the source)",
        bytes as f64 / 1e6,
        100.0 * bytes as f64 / size.max(1) as f64
    );
    let parse = report("parse (no cache)", &parse);
    let cold = report("cold: parse + write cache", &cold);
    let warm = report("warm: read cache", &warm);
    println!(
        "warm is {:.1}x faster than parsing; writing the cache costs {:+.1} ms on a cold start",
        parse / warm,
        cold - parse
    );
}
