//! Triage throughput: a seeded synthetic log (ordinary lines, known errors with fresh numbers,
//! unknown warnings, JSON lines, Java/Go/Python/Rust traces) scanned against a corpus.
//!
//! cargo run --release --example gen_corpus -- --records 100000 > /tmp/corpus.jsonl
//! cargo run --release --example gen_corpus -- --records 100000 --zipf > /tmp/zipf.jsonl
//! cargo run --release --example bench_triage -- /tmp/corpus.jsonl /tmp/zipf.jsonl [MB] [RUNS]
//!
//! For each corpus, prints the median and slowest run in MB/s on one thread and on two
//! (`Scanner::push_many`), next to references measured in the same run on the same bytes:
//! splitting lines only (the floor of any line-based tool), splitting plus decoding each line to
//! text as the CLI does, and `rg -F -f messages.txt` over the same log and the corpus's
//! messages when ripgrep is installed.

use std::time::Instant;

use errdex_core::dataset::{Entries, EntryRef};
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::triage::{Triage, normalized as shape};

#[path = "support/rg_reference.rs"]
mod rg_reference;

/// Lines handed to `push_many` at once, as the CLI reads them.
const BATCH_LINES: usize = 32 * 1024;

const ORDINARY: &[&str] = &[
    "request served path=/api/v1/orders status=200 duration={n}ms",
    "GET /api/users/{n} 200 {n}ms",
    "connection pool ready size={n} idle={n}",
    "job cleanup-sessions finished in {n}ms, removed {n} rows",
    "processed {n} messages from topic orders in {n}ms",
    "cache hit ratio {n}% over the last {n}s",
    "user {n} logged in from 10.0.{n}.{n}",
    "heartbeat from node-{n} ok latency={n}ms",
    "checkpoint {n} written in {n}ms ({n} bytes)",
    "scheduled task report-{n} queued",
];
const UNKNOWN_WARNINGS: &[&str] = &[
    "slow query on partition {n} took {n}ms",
    "retrying request to billing after {n}ms backoff",
    "certificate for api.internal expires in {n} days",
    "replica {n} is {n} epochs behind the leader",
    "queue depth {n} above soft limit {n}",
];
const COMPONENTS: &[&str] = &[
    "http",
    "db",
    "worker",
    "scheduler",
    "auth",
    "cache",
    "stream",
];

struct Gen {
    rng: fastrand::Rng,
    out: String,
    t: u64,
    /// Lines written so far.
    lines: usize,
    /// Per event (first line number): the message of the record it was made from, if any.
    truth: Vec<(usize, Option<String>)>,
}

impl Gen {
    fn fill(&mut self, template: &str) -> String {
        let mut s = String::with_capacity(template.len() + 16);
        let mut parts = template.split("{n}");
        if let Some(first) = parts.next() {
            s.push_str(first);
        }
        for part in parts {
            s.push_str(&self.rng.u32(1..100_000).to_string());
            s.push_str(part);
        }
        s
    }

    /// Fresh numbers where the record had numbers: a log never repeats them exactly.
    fn renumber(&mut self, message: &str) -> String {
        let mut s = String::with_capacity(message.len());
        let mut in_digits = false;
        for c in message.chars() {
            if c.is_ascii_digit() {
                if !in_digits {
                    s.push_str(&self.rng.u32(1..65_536).to_string());
                }
                in_digits = true;
            } else {
                in_digits = false;
                s.push(c);
            }
        }
        s
    }

    fn head(&mut self, level: &str) {
        self.t += u64::from(self.rng.u32(1..50));
        let (s, ms) = (self.t / 1000, self.t % 1000);
        let c = COMPONENTS[self.rng.usize(..COMPONENTS.len())];
        self.out.push_str(&format!(
            "2024-01-15T{:02}:{:02}:{:02}.{ms:03}Z {level:<5} [{c}] ",
            (s / 3600) % 24,
            (s / 60) % 60,
            s % 60
        ));
    }

    fn line(&mut self, entries: Entries<'_>) {
        let roll = self.rng.u32(..1000);
        let e = entries.at(self.rng.usize(..entries.len()));
        let start = self.out.len();
        let known = roll >= 840 && !(920..=959).contains(&roll);
        self.truth
            .push((self.lines + 1, known.then(|| e.message.to_string())));
        match roll {
            0..=839 => {
                let level = if roll.is_multiple_of(5) {
                    "DEBUG"
                } else {
                    "INFO"
                };
                self.head(level);
                let t = ORDINARY[self.rng.usize(..ORDINARY.len())];
                let text = self.fill(t);
                self.out.push_str(&text);
            }
            840..=919 => {
                self.head("ERROR");
                let text = self.renumber(e.message);
                self.out.push_str(&text);
            }
            920..=959 => {
                self.head("WARN");
                let t = UNKNOWN_WARNINGS[self.rng.usize(..UNKNOWN_WARNINGS.len())];
                let text = self.fill(t);
                self.out.push_str(&text);
            }
            960..=979 => {
                let v = serde_json::json!({
                    "level": "error",
                    "ts": self.t,
                    "msg": "request failed",
                    "error": self.renumber(e.message),
                });
                self.out.push_str(&v.to_string());
            }
            _ => self.trace(e),
        }
        self.out.push('\n');
        self.lines += memchr::memchr_iter(b'\n', &self.out.as_bytes()[start..]).count();
    }

    /// A Java-style trace whose frames name the record's file (and sometimes its line).
    fn trace(&mut self, e: EntryRef<'_>) {
        self.head("ERROR");
        self.out.push_str("unhandled exception in worker\n");
        let message = self.renumber(e.message);
        self.out
            .push_str(&format!("com.example.WorkerException: {message}\n"));
        let file = e
            .file_path
            .and_then(|p| p.rsplit('/').next())
            .unwrap_or("Worker.java");
        let line = match (self.rng.bool(), e.line_number) {
            (true, Some(n)) => n,
            _ => i64::from(self.rng.u32(1..3000)),
        };
        self.out
            .push_str(&format!("\tat com.example.Worker.run({file}:{line})\n"));
        for _ in 0..self.rng.usize(3..10) {
            let n = self.rng.u32(1..900);
            self.out.push_str(&format!(
                "\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:{n})\n"
            ));
        }
        self.out.push_str("\t... 12 more");
    }
}

/// Matches each event of the log against what it was generated from.
fn quality(triage: &Triage, entries: Entries<'_>, log: &[u8], truth: &[(usize, Option<String>)]) {
    let mut found = std::collections::HashMap::new();
    let mut scanner = triage.scanner(entries, 1);
    for l in log.split(|&b| b == b'\n') {
        found.extend(
            scanner
                .push(&String::from_utf8_lossy(l))
                .map(|h| (h.line, h.matches[0].record)),
        );
    }
    found.extend(scanner.finish().map(|h| (h.line, h.matches[0].record)));
    let (mut known, mut right, mut wrong, mut missed, mut other, mut false_hits) =
        (0, 0, 0, 0, 0, 0);
    for (line, message) in truth {
        let hit = found.get(line).map(|&r| shape(entries.at(r).message));
        match (message, hit) {
            (Some(m), Some(h)) if shape(m) == h => (known, right) = (known + 1, right + 1),
            (Some(_), Some(_)) => (known, wrong) = (known + 1, wrong + 1),
            (Some(_), None) => (known, missed) = (known + 1, missed + 1),
            (None, Some(_)) => (other, false_hits) = (other + 1, false_hits + 1),
            (None, None) => other += 1,
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "known-error events: {known}: {right} matched a record with the same normalised message ({:.1} %), {wrong} another ({:.1} %), {missed} missed ({:.1} %)",
        pct(right, known),
        pct(wrong, known),
        pct(missed, known)
    );
    println!(
        "ordinary and unknown events: {other}: {false_hits} matched something ({:.2} %)",
        pct(false_hits, other)
    );
}

fn median_and_max(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn time_runs(runs: usize, mut f: impl FnMut() -> usize) -> (Vec<f64>, usize) {
    let mut times = Vec::with_capacity(runs);
    let mut result = 0;
    for _ in 0..runs {
        let t = Instant::now();
        result = f();
        times.push(t.elapsed().as_secs_f64());
    }
    (times, result)
}

fn main() {
    let mut corpora = Vec::new();
    let mut numbers = Vec::new();
    for a in std::env::args().skip(1) {
        match a.parse::<usize>() {
            Ok(n) => numbers.push(n),
            Err(_) => corpora.push(a),
        }
    }
    if corpora.is_empty() {
        eprintln!("usage: bench_triage CORPUS... [MB] [RUNS]");
        std::process::exit(2);
    }
    let mb = numbers.first().copied().unwrap_or(100);
    let runs = numbers.get(1).copied().unwrap_or(3);
    for path in corpora {
        bench(&path, mb, runs);
        println!();
    }
}

fn bench(path: &str, mb: usize, runs: usize) {
    let t = Instant::now();
    let loaded = load::load(
        &[SourceSpec::Path(path.into())],
        Options::default(),
        &|_| {},
    );
    let entries = loaded.dataset.entries();
    println!(
        "corpus: {path}: {} records, loaded in {:.2} s",
        entries.len(),
        t.elapsed().as_secs_f64()
    );
    if entries.is_empty() {
        eprintln!("no records in {path}");
        std::process::exit(2);
    }
    let t = Instant::now();
    let triage = Triage::new(&loaded.dataset);
    println!("index built in {:.3} s", t.elapsed().as_secs_f64());

    let mut g = Gen {
        rng: fastrand::Rng::with_seed(7),
        out: String::with_capacity(mb * 1_000_000 + 4096),
        t: 0,
        lines: 0,
        truth: Vec::new(),
    };
    while g.out.len() < mb * 1_000_000 {
        g.line(entries);
    }
    let truth = std::mem::take(&mut g.truth);
    let log = g.out.into_bytes();
    let size = log.len() as f64 / 1e6;
    let lines = memchr::memchr_iter(b'\n', &log).count();
    println!("log: {size:.1} MB, {lines} lines (seeded)");

    let (split, n) = time_runs(runs, || {
        log.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count()
    });
    let (decode, _) = time_runs(runs, || {
        log.split(|&b| b == b'\n')
            .map(|l| String::from_utf8_lossy(l).len())
            .sum()
    });
    let (scan, hits) = time_runs(runs, || {
        let mut scanner = triage.scanner(entries, 1);
        let mut hits = 0;
        for l in log.split(|&b| b == b'\n') {
            if scanner.push(&String::from_utf8_lossy(l)).is_some() {
                hits += 1;
            }
        }
        hits + usize::from(scanner.finish().is_some())
    });
    let (scan2, hits2) = time_runs(runs, || {
        let mut scanner = triage.scanner(entries, 1);
        let mut out = Vec::new();
        let mut batch: Vec<std::borrow::Cow<str>> = Vec::with_capacity(BATCH_LINES);
        let mut hits = 0;
        for l in log.split(|&b| b == b'\n') {
            batch.push(String::from_utf8_lossy(l));
            if batch.len() == BATCH_LINES {
                scanner.push_many(&batch, &mut out);
                hits += out.len();
                out.clear();
                batch.clear();
            }
        }
        scanner.push_many(&batch, &mut out);
        hits + out.len() + usize::from(scanner.finish().is_some())
    });
    let report = |name: &str, times: Vec<f64>| {
        let (med, max) = median_and_max(times);
        println!(
            "{name:<28} median {med:>7.3} s  {:>7.1} MB/s   slowest {max:.3} s  {:>7.1} MB/s",
            size / med,
            size / max
        );
        med
    };
    let r_split = report("reference: split lines", split);
    let r_decode = report("reference: split + decode", decode);
    report("triage (1 thread)", scan);
    let r_scan = report("triage (2 threads)", scan2);
    assert_eq!(hits, hits2, "two threads must find what one finds");
    let messages: Vec<&str> = entries.iter().map(|e| e.message).collect();
    match rg_reference::time_rg(&messages, &log, runs) {
        Some(rg) => println!(
            "{:<28} median {rg:>7.3} s  {:>7.1} MB/s   triage takes {:.2}x rg's time",
            "reference: rg -F -f",
            size / rg,
            r_scan / rg
        ),
        None => println!("reference: rg -F -f: ripgrep not installed"),
    }
    println!("{n} non-empty lines; {hits} log events matched a record");
    quality(&triage, entries, &log, &truth);
    println!(
        "triage (2 threads) takes {:.1}x the split reference and {:.1}x the decode reference",
        r_scan / r_split,
        r_scan / r_decode
    );
}
