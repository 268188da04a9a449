//! The session the screenshots show, shared by `examples/screenshot.rs` (which draws the PNGs
//! and stores each screen's text beside them) and `tests/screenshots.rs` (which checks that the
//! binary still draws that text, so the pictures cannot drift from the program).
#![allow(dead_code)]

/// The terminal the screenshots are taken in.
pub const ROWS: u16 = 34;
pub const COLS: u16 = 120;

pub enum Step {
    /// Type these bytes.
    Keys(&'static str),
    /// Wait until the screen shows this text.
    Wait(&'static str),
    /// The screen is `screenshots/NAME.png`, its text `screenshots/NAME.txt`.
    Shot(&'static str),
}

/// The built-in sample, as a newcomer sees it first.
pub const SCRIPT: &[Step] = &[
    Step::Wait("83/83"),
    Step::Keys("conn refused"),
    Step::Wait("ECONNREFUSED"),
    // The facets line under the list arrives once the whole result set is counted.
    Step::Wait(" err "),
    Step::Shot("main"),
    // Esc alone: followed at once by a key it would read as Alt-key.
    Step::Keys("\x1b"),
    Step::Wait("BROWSE"),
    Step::Keys("s"),
    Step::Wait("▶3135"),
    Step::Shot("source"),
    Step::Keys("?"),
    Step::Wait("Keys everywhere"),
    Step::Shot("help"),
    Step::Keys("?"),
    // A log pasted into the terminal (bracketed paste) opens the triage view.
    Step::Keys(
        "\x1b[200~2024/01/15 10:23:45 starting api server on :8080\n\
         2024/01/15 10:23:47 http: panic serving 10.0.0.9:51234: assignment to entry in nil map\n\
         2024/01/15 10:23:50 dial tcp 10.0.3.7:5432: connect: connection refused\n\
         2024/01/15 10:24:10 sql: no rows in result set\n\
         2024/01/15 10:24:12 dial tcp 10.0.3.7:5432: connect: connection refused\n\x1b[201~",
    ),
    Step::Wait("Log lines that hit it"),
    Step::Shot("triage"),
];

/// A pasted line whose message is written at three sites, on a small dataset of one repository:
/// its group row, opened (run from the crate's folder).
pub const GROUPS_ARGS: &[&str] = &["--data", "tests/fixtures/tui_groups.jsonl"];

pub const GROUPS_SCRIPT: &[Step] = &[
    Step::Wait("5/5"),
    Step::Keys(
        "\x1b[200~2024-05-01T10:00:00Z ERROR acme::store::cache: failed to commit transaction: connection reset by peer\x1b[201~",
    ),
    Step::Wait("3 sites"),
    Step::Wait("Chain in the pasted line"),
    Step::Keys("\x1b"),
    Step::Wait("BROWSE"),
    Step::Keys("\x1b[C"),
    Step::Wait("▾ 3 sites"),
    Step::Shot("groups"),
];

/// Each session: errdex's arguments and what is typed.
pub const SESSIONS: &[(&[&str], &[Step])] = &[(&[], SCRIPT), (GROUPS_ARGS, GROUPS_SCRIPT)];

/// A screen's text as stored: each row with its trailing blanks removed.
pub fn screen_text(rows: impl IntoIterator<Item = String>) -> String {
    rows.into_iter()
        .map(|r| r.trim_end().to_string() + "\n")
        .collect()
}
