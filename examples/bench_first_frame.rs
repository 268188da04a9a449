//! The browser's start, as a user sees it: the real binary in a 120×40 pseudo-terminal, timed
//! from spawn to its first frame and to the frame that lists every record (`N/N`), warm (the
//! index cache built by a first run) — median of 5, with `errdex stats` beside it.
//!
//! cargo build --release && cargo run --release --example bench_first_frame -- CORPUS.jsonl [RUNS]

use std::io::Read;
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const BIN: &str = "target/release/errdex";

/// (first frame, every record listed) in ms, or None when it did not get there in 60 s.
fn one_start(home: &Path, data: &str, records: usize) -> Option<(f64, f64)> {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 40,
            cols: 120,
            pixel_width: 0,
            pixel_height: 0,
        })
        .ok()?;
    let mut cmd = CommandBuilder::new(std::fs::canonicalize(BIN).ok()?);
    cmd.args(["--data", data]);
    for (var, sub) in [
        ("HOME", ""),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
    ] {
        cmd.env(var, home.join(sub));
    }
    cmd.env("TERM", "xterm-256color");
    for var in ["DISPLAY", "WAYLAND_DISPLAY", "TMUX"] {
        cmd.env_remove(var);
    }
    let started = Instant::now();
    let mut child = pty.slave.spawn_command(cmd).ok()?;
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().ok()?;
    let mut writer = pty.master.take_writer().ok()?;
    let (rows, cols) = (NonZeroU16::new(40)?, NonZeroU16::new(120)?);
    let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
    let feed = Arc::clone(&parser);
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 65536];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut p) = feed.lock() {
                p.process(&buf[..n]);
            }
        }
    });
    let all = format!("{records}/{records}");
    let (mut first, mut listed) = (None, None);
    while started.elapsed() < Duration::from_secs(60) && listed.is_none() {
        let screen = parser.lock().ok()?.screen().contents();
        let t = started.elapsed().as_secs_f64() * 1000.0;
        if first.is_none() && !screen.trim().is_empty() {
            first = Some(t);
        }
        if screen.contains(&all) {
            listed = Some(t);
        }
        std::thread::sleep(Duration::from_micros(500));
    }
    let _ = std::io::Write::write_all(&mut writer, b"\x03");
    let _ = child.wait();
    Some((first?, listed?))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(data) = args.next() else {
        eprintln!("usage: bench_first_frame CORPUS.jsonl [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    if !Path::new(BIN).exists() {
        eprintln!("build the binary first: cargo build --release");
        std::process::exit(2);
    }
    let home = tempfile::tempdir().expect("a temporary home");
    let errdex = |args: &[&str]| {
        let t = Instant::now();
        let out = std::process::Command::new(BIN)
            .args(args)
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .output()
            .expect("run errdex");
        (t.elapsed().as_secs_f64() * 1000.0, out)
    };
    let (cold, out) = errdex(&["stats", "--json", "--data", &data]);
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let records = stats["records"].as_u64().unwrap_or(0) as usize;
    println!(
        "{data}: {records} records; cold `errdex stats` (builds the index cache) {cold:.0} ms"
    );
    let warm: Vec<f64> = (0..runs)
        .map(|_| errdex(&["stats", "--data", &data]).0)
        .collect();
    println!("warm `errdex stats`: median {:.1} ms", median(warm));
    let (mut firsts, mut listed) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        match one_start(home.path(), &data, records) {
            Some((f, l)) => {
                firsts.push(f);
                listed.push(l);
            }
            None => println!("a start did not list every record within 60 s"),
        }
    }
    if firsts.is_empty() {
        std::process::exit(1);
    }
    println!(
        "browser, warm, 120x40: first frame median {:.1} ms; every record listed ({records}/{records}) median {:.1} ms",
        median(firsts),
        median(listed)
    );
}
