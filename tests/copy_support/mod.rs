//! What the copy tests share: the fixture dataset and an errdex command that sees no
//! clipboard unless a test gives it one.

#![allow(dead_code)]

use std::process::Command;

pub const FULL: &str = "c0ffee0000000001";
pub const BARE: &str = "c0ffee0000000002";

/// The environment variables that would let errdex reach a real clipboard or browser.
pub const ROUTES: &[&str] = &["DISPLAY", "WAYLAND_DISPLAY", "TMUX", "BROWSER"];

pub fn fixture() -> String {
    format!("{}/tests/fixtures/copy.jsonl", env!("CARGO_MANIFEST_DIR"))
}

/// `errdex ARGS… --data FIXTURE`. (`--data` goes after the subcommand: before it, clap
/// takes it for the browser's arguments.)
pub fn errdex(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_errdex"));
    for var in ROUTES {
        c.env_remove(var);
    }
    c.args(args).arg("--data").arg(fixture());
    c
}
