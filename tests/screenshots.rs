//! The screenshots in README.md show what the binary draws today: the same session as
//! `cargo run --example screenshot` runs, compared screen by screen with the text stored
//! beside each PNG. A change to the screens fails here until the screenshots are made again.

mod support;

use std::time::{Duration, Instant};

use support::pty::Spawn;
use support::screenshot_script::{COLS, ROWS, SESSIONS, Step, screen_text};

#[test]
fn every_screenshot_matches_what_the_binary_draws() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots");
    for (args, script) in SESSIONS {
        session(&dir, args, script);
    }
}

fn session(dir: &std::path::Path, args: &[&str], script: &[Step]) {
    let mut s = Spawn::new()
        .size(ROWS, COLS)
        .env("TERM", "xterm-256color")
        .errdex(args);
    for step in script {
        match step {
            Step::Keys(keys) => s.send(keys),
            Step::Wait(text) => s.wait_for(text),
            Step::Shot(name) => {
                let path = dir.join(format!("{name}.txt"));
                let expected = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                // The frame that showed the awaited text may still be arriving.
                let start = Instant::now();
                let mut now = screen_text(s.rows());
                while now != expected && start.elapsed() < Duration::from_secs(5) {
                    std::thread::sleep(Duration::from_millis(50));
                    now = screen_text(s.rows());
                }
                assert_eq!(
                    now, expected,
                    "screenshots/{name}.png no longer shows what errdex draws: run `cargo run --example screenshot`"
                );
            }
        }
    }
    s.quit();
}
