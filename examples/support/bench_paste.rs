//! `bench_search`'s pasted lines: paste → ranked results through the browser's engine, how
//! often the pasted record comes first, and (`--slowest N`) where the slowest pastes' time goes;
//! `--dump FILE` writes every paste's whole answer, to compare two builds line by line.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use errdex_core::dataset::Dataset;
use errdex_core::search::{self, Context, Mode, Query, Results};
use errdex_core::triage::Triage;

use super::{cpu_time, engine_for, ms, percentile, settle};

/// How many lines name a record (a quarter as many more name none).
const LINES: usize = 200;

/// The pasted lines: a record's message wrapped in a timestamp, a level, a host and numbers,
/// with the record's message; then lines no record explains.
fn lines(ds: &Dataset) -> Vec<(Option<&str>, String)> {
    let entries = ds.entries();
    let step = (entries.len() / LINES).max(1);
    let mut lines: Vec<(Option<&str>, String)> = (0..LINES)
        .map(|i| {
            let e = entries.at((i * step) % entries.len());
            let line = format!(
                "2024-01-15T10:{:02}:{:02}.{:03}Z ERROR [web-{}] req={:x} {}",
                i % 60,
                (i * 7) % 60,
                i * 13 % 1000,
                i % 9,
                0x9e37_79b9_u32.wrapping_mul(i as u32),
                e.message.lines().next().unwrap_or("")
            );
            (Some(e.message), line)
        })
        .collect();
    lines.extend((0..LINES / 4).map(|i| {
        let line = format!(
            "2024-01-15 10:23:{:02} INFO http: GET /healthz/{i} 200 {}ms from 10.0.{}.{}",
            i % 60,
            i % 17,
            i % 255,
            (i * 3) % 255
        );
        (None, line)
    }));
    lines
}

/// Pastes every line into the engine: the first paste (which reads the line index from the
/// index cache, or builds it), then paste → ranked results, and how often the pasted record
/// (or one with the same normalised message) comes first.
pub fn pasted_lines(ds: &Arc<Dataset>, slowest: usize, dump: Option<&str>) {
    let (engine, rx) = engine_for(ds, true);
    settle(&rx, None, Instant::now());
    let entries = ds.entries();
    let lines = lines(ds);
    // The first paste gets the line index (read in place, or built on a thread); wait until
    // the paste is ranked with it.
    let cached = Triage::cached(ds).is_some();
    let (t, cpu) = (Instant::now(), cpu_time());
    let g = engine.submit(&lines[0].1);
    loop {
        settle(&rx, Some(g), t);
        if let Some(r) = engine.latest()
            && r.generation == g
            && r.done
            && r.marks.iter().any(|m| m.via == search::Via::Line)
        {
            break;
        }
    }
    println!(
        "  first paste -> ranked with the line side: {:.0} ms (CPU {:.0} ms); line index {}",
        ms(t.elapsed()),
        cpu_time()
            .zip(cpu)
            .map_or(0.0, |(b, a)| ms(b.checked_sub(a).unwrap_or_default())),
        if cached {
            "read in place from the index cache"
        } else {
            "built on first paste"
        }
    );
    let mut out = dump
        .map(|path| std::io::BufWriter::new(std::fs::File::create(path).expect("the dump file")));
    let (mut times, mut first, mut quiet) = (Vec::new(), 0, 0);
    for (k, (want, line)) in lines.iter().enumerate() {
        let t = Instant::now();
        let g = engine.submit(line);
        times.push((settle(&rx, Some(g), t).ranked, k));
        let Some(r) = engine.latest() else { continue };
        if let Some(out) = out.as_mut() {
            let _ = writeln!(out, "{}", answer_of(&r));
        }
        let top = r.hits.first().zip(r.marks.first());
        match (want, top) {
            // Records whose messages differ only in numbers or ids are the same error.
            (Some(msg), Some((h, m)))
                if !m.weak
                    && errdex_core::triage::normalized(entries.at(h.index as usize).message)
                        == errdex_core::triage::normalized(msg) =>
            {
                first += 1;
            }
            (None, None) => quiet += 1,
            (None, Some(_)) if r.marks.iter().all(|m| m.weak) => quiet += 1,
            _ => {}
        }
    }
    drop(engine);
    times.sort();
    let only: Vec<Duration> = times.iter().map(|t| t.0).collect();
    println!(
        "  pasted line -> ranked top {}: p50 {:.2} ms  p99 {:.2} ms  ({} pastes); record first {}/{}, nothing confident {}/{}",
        search::LIMIT,
        ms(percentile(&only, 0.5)),
        ms(percentile(&only, 0.99)),
        only.len(),
        first,
        LINES,
        quiet,
        LINES / 4
    );
    if slowest > 0 {
        split_slowest(ds, &lines, &times, slowest);
    }
}

/// One paste's whole answer on one line: the query, how it was read, how many matched, and
/// every ranked row (record, score, how it matched, weak) with its line details.
fn answer_of(r: &Results) -> String {
    let rows: Vec<String> = r
        .hits
        .iter()
        .zip(&r.marks)
        .map(|(h, m)| {
            let detail = r.details.get(&h.index).map_or(String::new(), |d| {
                format!(" sites={:?}/{} chain={:?}", d.sites, d.sites_total, d.chain)
            });
            format!(
                "{}:{}:{}{}{}",
                h.index,
                h.score,
                m.via.name(),
                if m.weak { ":weak" } else { "" },
                detail
            )
        })
        .collect();
    format!(
        "{:?}\t{:?}\tmatched={}\t{:?}\t{}",
        r.query,
        r.mode,
        r.matched,
        r.warnings,
        rows.join(" ")
    )
}

/// The slowest pastes again, each part of the answer on its own, one after the other on this
/// thread (the engine runs the same parts, the fuzzy pass on two threads).
fn split_slowest(
    ds: &Arc<Dataset>,
    lines: &[(Option<&str>, String)],
    times: &[(Duration, usize)],
    n: usize,
) {
    let entries = ds.entries();
    let t = Instant::now();
    let triage = Triage::cached(ds).unwrap_or_else(|| Triage::new(ds));
    let lookup = t.elapsed();
    // The first answer builds what the triage index builds on first use (word-less records).
    let t = Instant::now();
    let _ = triage.answer_line(entries, "x", 1);
    let first_use = t.elapsed();
    let ctx = Context::default();
    // What `search::search` costs besides the pass: the search index over the records.
    let t = Instant::now();
    let _ = search::search(ds, &Query::parse("qqzzxxjj"), &ctx, 1);
    let setup = t.elapsed();
    println!(
        "  slowest {n} pastes, split (line index read {:.2} ms; its first use {:.1} ms; a fuzzy pass's index {:.1} ms, counted below):",
        ms(lookup),
        ms(first_use),
        ms(setup)
    );
    println!("    engine ms | candidates | line answer | fuzzy fallback | line");
    for &(took, k) in times.iter().rev().take(n) {
        let line = &lines[k].1;
        let t = Instant::now();
        let _ = triage.rank_line(entries, line, 200);
        let candidates = t.elapsed();
        let t = Instant::now();
        let rows = triage.answer_line(entries, line, search::LIMIT);
        let answer = t.elapsed();
        let text = search::capped(line).0;
        let fallback = search::mode_of(text) == Mode::Line && rows.iter().all(|r| r.weak);
        let fuzzy = fallback.then(|| {
            let t = Instant::now();
            let found = search::search(ds, &Query::parse(text), &ctx, search::LIMIT);
            (t.elapsed(), found.matched)
        });
        println!(
            "    {:>9.1} | {:>10.1} | {:>11.1} | {:>14} | {}",
            ms(took),
            ms(candidates),
            ms(answer),
            fuzzy.map_or("-".into(), |(d, m)| format!("{:.1} ({m})", ms(d))),
            line.chars().take(90).collect::<String>()
        );
    }
}
