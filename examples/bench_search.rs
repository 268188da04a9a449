//! Search benchmark: keystroke → ranked results while typing queries char by char, through the
//! browser's `Engine`, with the ranked top settled from the word-start postings off (before)
//! and on (after), twice each, alternating; when the rows on screen were settled and when the
//! matches were counted; against the SkimMatcherV2-only
//! reference on the same keystrokes; then the whole `errdex search` process against
//! `fzf --filter` over the same records' text.
//!
//! cargo run --release --example gen_corpus -- --records 100000 > /tmp/c100k.jsonl
//! cargo build --release
//! cargo run --release --example bench_search -- /tmp/c10k.jsonl /tmp/c100k.jsonl
//!
//! Options: `--no-reference` skips the slow SkimMatcherV2-only run; `--no-paste` skips the
//! pasted lines (to compare typing with a release that had no line mode); `--parsed` searches
//! records parsed this run instead of the index cache read in place (what the warm browser
//! searches); `--runs N` process runs (0: none); `--no-typing` skips the typed queries;
//! `--slowest N` splits the N slowest pastes' time into its parts (line candidates, the line's
//! answer, the fuzzy fallback pass); `--dump FILE` writes every paste's whole answer to
//! FILE.RECORDS, to compare two builds (`diff`).

use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use errdex_core::dataset::Dataset;
use errdex_core::load::cache::Cache;
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::search::{self, Context, Engine, Query};

#[path = "support/search_process.rs"]
mod search_process;
use search_process::whole_process;

#[path = "support/bench_paste.rs"]
mod bench_paste;

/// Realistic queries: a message fragment, a tag scope, a path fragment, a typo, no hits, and more.
const QUERIES: &[&str] = &[
    "connection refused",
    "tag:timeout",
    "src/net/pool",
    "nil pointr dereference",
    "qqzzxxjj",
    "deadline exceeded tag:go",
    "permission denied !test",
];

/// CPU time this process has used (user + system), from /proc; None elsewhere. Wall times on
/// a machine shared with other work swing with the load; CPU time per keystroke much less.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel reports in USER_HZ, 100 on every Linux this runs on.
    Some(Duration::from_millis(ticks * 10))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".into(),
        |l| l.split(' ').take(3).collect::<Vec<_>>().join(" "),
    )
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reference = !args.iter().any(|a| a == "--no-reference");
    let paste = !args.iter().any(|a| a == "--no-paste");
    let parsed = args.iter().any(|a| a == "--parsed");
    let typing = !args.iter().any(|a| a == "--no-typing");
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let runs: usize = value("--runs").and_then(|n| n.parse().ok()).unwrap_or(5);
    let slowest: usize = value("--slowest").and_then(|n| n.parse().ok()).unwrap_or(0);
    let dump = value("--dump");
    const VALUED: [&str; 3] = ["--runs", "--slowest", "--dump"];
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !a.starts_with("--") && (*i == 0 || !VALUED.contains(&args[i - 1].as_str()))
        })
        .map(|(_, a)| a)
        .collect();
    if files.is_empty() {
        eprintln!(
            "usage: bench_search CORPUS.jsonl... [--no-reference] [--no-paste] [--no-typing] [--parsed] [--runs N] [--slowest N] [--dump FILE]"
        );
        std::process::exit(2);
    }
    for file in files {
        let specs = [SourceSpec::parse(file)];
        // As the warm browser has it: the index cache built once, then read in place (a
        // private cache folder, removed after); `--parsed`: the records parsed this run.
        let cache_dir = tempfile::tempdir().expect("a temporary cache folder");
        let cache = Cache::new(cache_dir.path());
        let cache = (!parsed).then_some(&cache);
        if let Some(cache) = cache {
            let started = Instant::now();
            load::load_cached(&specs, Options::default(), Some(cache), &|_| {});
            let (_, bytes) = cache.usage().unwrap_or((0, 0));
            println!(
                "\n== {file}: index cache built (cold: parse, lay out, write) in {:.0} ms, {:.1} MB",
                ms(started.elapsed()),
                bytes as f64 / 1e6
            );
        }
        let started = Instant::now();
        let loaded = load::load_cached(&specs, Options::default(), cache, &|_| {});
        let ds = Arc::new(loaded.dataset);
        println!(
            "\n== {file}: {} records, {} in {:.0} ms",
            ds.len(),
            if parsed {
                "parsed"
            } else {
                "index read in place"
            },
            ms(started.elapsed())
        );
        if let Some(t) = errdex_core::triage::Triage::cached(&ds) {
            println!(
                "  line index in the cache: {:.1} MB",
                t.index_bytes().len() as f64 / 1e6
            );
        }
        let postings: usize = ds
            .entries()
            .parts()
            .into_iter()
            .filter_map(|(_, p)| match p {
                errdex_core::dataset::PartView::Mapped { table, .. } => Some(table.starts_bytes()),
                errdex_core::dataset::PartView::Owned(_) => None,
            })
            .sum();
        println!(
            "  word-start postings and result order in the cache: {:.1} MB",
            postings as f64 / 1e6
        );
        // Before and after, twice, alternating: the machine's load drifts.
        if typing {
            for (k, postings) in [false, true, false, true].into_iter().enumerate() {
                keystrokes(&ds, reference && k == 3, postings);
            }
        }
        if paste {
            // One dump per corpus: the file name gets the corpus's record count.
            let dump = dump.map(|d| format!("{d}.{}", ds.len()));
            bench_paste::pasted_lines(&ds, slowest, dump.as_deref());
        }
        whole_process(file, &ds, runs);
    }
}

/// What the engine published: generation, rows settled, done, counted.
type Published = mpsc::Receiver<(u64, usize, bool, bool)>;

/// An engine whose every publication (partial, rows on screen, ranked, counted) is heard.
fn engine_for(ds: &Arc<Dataset>, postings: bool) -> (Engine, Published) {
    let (tx, rx) = mpsc::channel();
    let engine = Engine::new(move |r| {
        let _ = tx.send((r.generation, r.settled, r.done, r.counted));
    });
    engine.set_postings(postings);
    engine.set_dataset(Arc::clone(ds));
    (engine, rx)
}

/// When a search's rows on screen were settled, its whole ranked list, and its count.
#[derive(Clone, Copy)]
struct Times {
    visible: Duration,
    ranked: Duration,
    counted: Duration,
}

/// Waits for generation `g` (any, when None) to be ranked and counted; returns when its rows on
/// screen were settled (they may come with the ranked list), when it was ranked and when its
/// matches were counted, from `since`.
fn settle(rx: &Published, g: Option<u64>, since: Instant) -> Times {
    let (mut visible, mut ranked) = (None, None);
    loop {
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok((generation, settled, done, counted)) if g.is_none_or(|g| g == generation) => {
                if settled > 0 || done {
                    visible.get_or_insert(since.elapsed());
                }
                if done {
                    ranked.get_or_insert(since.elapsed());
                }
                if done && counted {
                    let t = since.elapsed();
                    return Times {
                        visible: visible.unwrap_or(t),
                        ranked: ranked.unwrap_or(t),
                        counted: t,
                    };
                }
            }
            Ok(_) => {}
            Err(_) => {
                eprintln!("bench_search: no results within a minute");
                std::process::exit(1);
            }
        }
    }
}

/// Types every query char by char, waiting for each keystroke's ranked list and count;
/// `postings`: the ranked top settled from the word-start postings before the count (off: from
/// the full pass, as before).
fn keystrokes(ds: &Arc<Dataset>, reference: bool, postings: bool) {
    println!(
        "  -- ranked from the postings {}",
        if postings {
            "on (after)"
        } else {
            "off (before)"
        }
    );
    let (engine, rx) = engine_for(ds, postings);
    settle(&rx, None, Instant::now());
    let ctx = Context::default();
    let (mut fast, mut slow, mut shown) = (Vec::new(), Vec::new(), Vec::new());
    let mut counted = Vec::new();
    let mut each: Vec<(Duration, &str)> = Vec::new();
    let (mut compared, mut agreed) = (0, 0);
    let (mut engine_cpu, mut reference_cpu) = (Duration::ZERO, Duration::ZERO);
    println!("  load average before: {}", load_average());
    for q in QUERIES {
        let mut per_query = Vec::new();
        let t = Instant::now();
        let g = engine.submit("");
        settle(&rx, Some(g), t);
        for end in (1..=q.len()).filter(|&e| q.is_char_boundary(e)) {
            let text = &q[..end];
            let (t, cpu) = (Instant::now(), cpu_time());
            let generation = engine.submit(text);
            let times = settle(&rx, Some(generation), t);
            per_query.push(times.ranked);
            each.push((times.ranked, text));
            shown.push(times.visible);
            counted.push(times.counted);
            engine_cpu += cpu_time()
                .zip(cpu)
                .map_or(Duration::ZERO, |(b, a)| b.checked_sub(a).unwrap());
            if reference {
                let parsed = Query::parse(text);
                let (t, cpu) = (Instant::now(), cpu_time());
                let want = search::search_exhaustive(ds, &parsed, &ctx, 20);
                slow.push(t.elapsed());
                reference_cpu += cpu_time()
                    .zip(cpu)
                    .map_or(Duration::ZERO, |(b, a)| b.checked_sub(a).unwrap());
                let got = search::search(ds, &parsed, &ctx, 20);
                compared += 1;
                if got.hits == want.hits && got.matched == want.matched {
                    agreed += 1;
                } else {
                    let first = got.hits.iter().zip(&want.hits).position(|(a, b)| a != b);
                    println!(
                        "   top 20 differs for {text:?} (first at rank {first:?}, matched {} vs {})",
                        got.matched, want.matched
                    );
                }
            }
        }
        per_query.sort();
        println!(
            "  {q:<28} p50 {:>6.2} ms  max {:>6.2} ms",
            ms(percentile(&per_query, 0.5)),
            ms(percentile(&per_query, 1.0))
        );
        fast.extend(per_query);
    }
    each.sort_by_key(|e| std::cmp::Reverse(e.0));
    let slowest: Vec<String> = each
        .iter()
        .take(4)
        .map(|(t, text)| format!("{text:?} {:.1}", ms(*t)))
        .collect();
    println!("  slowest keystrokes (ms): {}", slowest.join(", "));
    shown.sort();
    fast.sort();
    slow.sort();
    counted.sort();
    println!(
        "  engine keystroke -> ranked top {}: p50 {:.2} ms  p99 {:.2} ms  ({} keystrokes); visible rows (top {}): p50 {:.2} ms  p99 {:.2} ms",
        search::LIMIT,
        ms(percentile(&fast, 0.5)),
        ms(percentile(&fast, 0.99)),
        fast.len(),
        search::SETTLED_FIRST,
        ms(percentile(&shown, 0.5)),
        ms(percentile(&shown, 0.99)),
    );
    println!(
        "  counted (every match; facets follow): p50 {:.2} ms  p99 {:.2} ms",
        ms(percentile(&counted, 0.5)),
        ms(percentile(&counted, 0.99)),
    );
    let n = fast.len().max(1) as u32;
    println!(
        "  CPU per keystroke: engine {:.2} ms (both threads){}   load average after: {}",
        ms(engine_cpu / n),
        if reference {
            format!(", reference {:.2} ms", ms(reference_cpu / n))
        } else {
            String::new()
        },
        load_average()
    );
    if reference {
        let (f, s) = (percentile(&fast, 0.5), percentile(&slow, 0.5));
        println!(
            "  SkimMatcherV2-only reference:   p50 {:.2} ms  p99 {:.2} ms  (engine is {:.1}x faster at p50)",
            ms(s),
            ms(percentile(&slow, 0.99)),
            s.as_secs_f64() / f.as_secs_f64().max(1e-9)
        );
        println!("  top-20 agreement with the reference: {agreed}/{compared} keystrokes");
    }
}
