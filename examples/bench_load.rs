//! Cold load of a dataset file: wall time (median of runs), throughput and peak RSS.
//!
//! cargo run --release --example gen_corpus -- --records 100000 > /tmp/corpus.jsonl
//! cargo run --release --example bench_load -- /tmp/corpus.jsonl [RUNS]
//!
//! Peak RSS is the process's high-water mark (VmHWM), file pages of the mapped source
//! included, compared with the file's size (target ≤ 40 %). The page cache is warm after the
//! first run, so the median is the "file already read once" figure; the first run is printed
//! too.

use std::time::Instant;

use errdex_core::load::{self, Options, SourceSpec};

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: bench_load FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    let specs = [SourceSpec::Path(path.clone().into())];
    let mut times = Vec::with_capacity(runs);
    let mut records = 0;
    for run in 0..runs {
        let t = Instant::now();
        let loaded = load::load(&specs, Options::default(), &|_| {});
        let secs = t.elapsed().as_secs_f64();
        records = loaded.dataset.len();
        if run == 0 {
            println!("first run: {secs:.3} s");
        }
        times.push(secs);
        drop(loaded);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let mb = size as f64 / 1e6;
    println!("file: {path} ({mb:.1} MB, {records} records)");
    println!(
        "load median of {runs}: {median:.3} s  ({:.0} MB/s, {:.0} records/s)",
        mb / median,
        records as f64 / median
    );
    if let Some(kib) = peak_rss_kib() {
        let peak = kib as f64 * 1024.0;
        println!(
            "peak RSS: {:.1} MB = {:.1} % of the file",
            peak / 1e6,
            100.0 * peak / size.max(1) as f64
        );
    }
}
