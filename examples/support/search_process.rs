//! `bench_search`'s whole-process part: `errdex search` against `fzf --filter`.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use errdex_core::dataset::Dataset;

use super::{ms, percentile};

/// `errdex search Q --data FILE` as a whole process versus `fzf --filter Q` over a text file of
/// the same records' message, path and tags.
pub fn whole_process(file: &str, ds: &Dataset, runs: usize) {
    if runs == 0 {
        return;
    }
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("errdex")))
        .filter(|p| p.exists());
    let Some(exe) = exe else {
        println!("  (build the binary with `cargo build --release` to compare with fzf)");
        return;
    };
    let text_path = std::env::temp_dir().join(format!("bench_search_{}.txt", ds.len()));
    let mut text = Vec::new();
    for e in ds.entries() {
        let path = e.file_path.unwrap_or("");
        let _ = writeln!(
            text,
            "{}\t{}\t{}",
            e.message,
            path,
            e.tags.iter().collect::<Vec<_>>().join(" ")
        );
    }
    if std::fs::write(&text_path, &text).is_err() {
        println!("  cannot write {}", text_path.display());
        return;
    }
    if Command::new("fzf").arg("--version").output().is_err() {
        println!("  fzf is not installed (apt-get install fzf); skipping the comparison");
        return;
    }
    // errdex gets a private config (none: only --data) and cache folder, so that the first run is
    // cold (it writes the index cache) and the next ones are warm, as a user's second search is.
    let home = std::env::temp_dir().join(format!("bench_search_home_{}", std::process::id()));
    let errdex = |q: &str| {
        let mut c = Command::new(&exe);
        c.args(["search", q, "--data", file])
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CACHE_HOME", home.join("cache"));
        c
    };
    let cold = median_run(1, || errdex("timeout"));
    println!(
        "  whole process: errdex cold (no cache yet) {:.1} ms; then medians of {runs} warm runs:",
        ms(cold)
    );
    for q in [
        "connection refused",
        "timeout",
        "src/net/pool",
        "nil pointr",
    ] {
        let warm = median_run(runs, || errdex(q));
        let fzf = median_run(runs, || {
            let mut c = Command::new("fzf");
            c.args(["--filter", q]);
            c.stdin(Stdio::from(
                std::fs::File::open(&text_path).expect("the text file was just written"),
            ));
            c
        });
        println!(
            "    {q:<22} errdex {:>7.1} ms   fzf --filter {:>7.1} ms   ratio {:.2}x",
            ms(warm),
            ms(fzf),
            warm.as_secs_f64() / fzf.as_secs_f64().max(1e-9)
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}

fn median_run(runs: usize, make: impl Fn() -> Command) -> Duration {
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let t = Instant::now();
            let _ = make().stdout(Stdio::null()).stderr(Stdio::null()).status();
            t.elapsed()
        })
        .collect();
    times.sort();
    percentile(&times, 0.5)
}
