//! How long a copy takes on each clipboard route, against the cost of starting a process.
//!
//! `cargo run --release --example copy_latency` — the X11 route is measured when DISPLAY is
//! set (e.g. under `xvfb-run -a`), the tmux route inside tmux. Prints median and p99 per
//! route and their ratio to spawning `true`, the floor for any route that runs a program.

use std::process::{Command, ExitCode};
use std::sync::Arc;
use std::time::{Duration, Instant};

use errdex::clipboard::{
    self, Clipboard, Config, Env, HELPER_ARG, Mode, SystemClipboard, TerminalWriter,
};

const TEXT: &str = "try:\n    capture(token)\nexcept TokenExpired:\n    capture(refresh(token))";

struct Stats {
    median: Duration,
    p99: Duration,
}

fn measure(runs: usize, mut once: impl FnMut() -> bool) -> Option<Stats> {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        if !once() {
            return None;
        }
        times.push(started.elapsed());
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Some(Stats {
        median: at(0.5),
        p99: at(0.99),
    })
}

fn clipboard(mode: Mode, command: Option<&str>, env: Env) -> SystemClipboard {
    // OSC 52 into a sink: the cost of building the sequence, not of a terminal's drawing.
    let sink: TerminalWriter = Arc::new(|_: &[u8]| Ok(()));
    let config = Config {
        mode,
        command: command.map(String::from),
    };
    SystemClipboard::new(config)
        .with_env(env)
        .with_terminal(sink)
}

fn main() -> ExitCode {
    // This example is its own X11 helper, as errdex is.
    if std::env::args().nth(1).as_deref() == Some(HELPER_ARG) {
        return ExitCode::from(clipboard::serve_helper());
    }
    let env = Env::from_process();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let Some(reference) = measure(200, || {
        Command::new("true").status().is_ok_and(|s| s.success())
    }) else {
        eprintln!("cannot run `true`");
        return ExitCode::FAILURE;
    };
    println!(
        "{:<28} {:>10} {:>10} {:>8}",
        "route", "median µs", "p99 µs", "ratio"
    );
    println!(
        "{:<28} {:>10.1} {:>10.1} {:>8}",
        "reference: spawn `true`",
        us(reference.median),
        us(reference.p99),
        "1.00"
    );
    let mut routes: Vec<(&str, SystemClipboard, usize)> = vec![
        (
            "osc52 (to a sink)",
            clipboard(Mode::Osc52, None, Env::default()),
            200,
        ),
        (
            "command `cat >/dev/null`",
            clipboard(Mode::Command, Some("cat >/dev/null"), Env::default()),
            200,
        ),
    ];
    if env.display {
        let x11 = Env {
            display: true,
            ..Env::default()
        };
        routes.push((
            "native (X11 helper)",
            clipboard(Mode::Native, None, x11),
            50,
        ));
    }
    if env.tmux {
        let tmux = Env {
            tmux: true,
            ..Env::default()
        };
        routes.push(("tmux load-buffer", clipboard(Mode::Tmux, None, tmux), 100));
    }
    for (name, c, runs) in &routes {
        let mut last = String::new();
        let stats = measure(*runs, || {
            let report = c.copy(TEXT);
            last = report.message();
            report.copied()
        });
        match stats {
            Some(s) => println!(
                "{name:<28} {:>10.1} {:>10.1} {:>8.2}",
                us(s.median),
                us(s.p99),
                us(s.median) / us(reference.median)
            ),
            None => println!("{name:<28} failed: {last}"),
        }
    }
    if !env.display {
        println!("(no DISPLAY: run under `xvfb-run -a` to measure the X11 route)");
    }
    ExitCode::SUCCESS
}
