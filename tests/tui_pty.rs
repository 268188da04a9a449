//! The real binary in a pseudo-terminal: start it on a fixture, type, read the screen the way
//! a terminal would (vt100), quit, and check the terminal was given back.

mod support;

use support::pty::{Session, Spawn};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui.jsonl");

#[test]
fn type_a_query_open_the_source_and_quit() {
    let mut s = Session::errdex(&["--data", FIXTURE]);
    s.wait_for("5/5");
    assert!(s.on_alternate_screen());
    s.send("deadlock");
    s.wait_for("1/5");
    s.wait_for("deadlock detected while updating rows");
    s.send("\x15"); // ctrl-u
    s.send("refused");
    s.wait_for("ECONNREFUSED");
    s.send("\x1b"); // Esc: browse mode
    s.wait_for("BROWSE");
    s.send("s");
    s.wait_for("▶123 │");
    let screen = s.contents();
    assert!(screen.contains(" 120 │ fn connect"), "{screen}");
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
}

#[test]
fn escape_sequences_in_the_data_do_not_reach_the_terminal() {
    let mut s = Session::errdex(&["--data", FIXTURE, "pwned"]);
    s.wait_for("1/5");
    let screen = s.contents();
    // The data holds ESC[2J (clear), ESC[31m (red) and an OSC title: all shown as text.
    assert!(screen.contains("^[[31mred^[[0m"), "{screen}");
    assert!(screen.contains("evil/^[[2Jrepo"), "{screen}");
    assert!(s.titles().is_empty(), "the window title was changed");
    assert_eq!(s.bells(), 0, "the data rang the bell");
    let first_row = s.rows().first().cloned().unwrap_or_default();
    assert!(first_row.starts_with("┌ errdex"), "{first_row}");
    s.send("\x03"); // ctrl-c
    assert!(s.wait_exit().success());
    s.assert_restored();
}

#[test]
fn a_signal_restores_the_terminal_and_exits_128_plus_its_number() {
    for (name, number) in [("TERM", 15), ("HUP", 1), ("INT", 2), ("QUIT", 3)] {
        let mut s = Spawn::new()
            .env("NO_COLOR", "1")
            .errdex(&["--data", FIXTURE]);
        s.wait_for("5/5");
        let pid = s.pid();
        let killed = std::process::Command::new("kill")
            .args([&format!("-{name}"), &pid.to_string()])
            .status()
            .expect("run kill");
        assert!(killed.success());
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), 128 + number, "SIG{name}");
        s.assert_restored();
    }
}

#[test]
fn a_missing_dataset_is_reported_on_the_normal_screen() {
    let mut s = Session::errdex(&["--data", "/nonexistent/errdex.jsonl"]);
    s.wait_for("The dataset has no records");
    s.wait_for("/nonexistent/errdex.jsonl");
    s.send("\x03");
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn a_pin_made_in_the_browser_shows_in_errdex_pins_and_the_query_is_remembered() {
    let mut s = Session::errdex(&["--data", FIXTURE]);
    s.wait_for("5/5");
    s.send("timed out");
    s.wait_for("1/5");
    s.send("\x1b"); // Esc: browse mode
    s.wait_for("BROWSE");
    s.send("b");
    s.wait_for("pinned bb22timeout");
    s.wait_for("★");
    s.send("P");
    s.wait_for("1 pinned record written to");
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();

    let home = s.home();
    let pins = home.run(&["pins", "--data", FIXTURE]);
    let listed = String::from_utf8_lossy(&pins.stdout).into_owned();
    assert!(listed.starts_with("bb22timeout\t"), "{listed}");
    let note = std::fs::read_to_string(home.path("data/errdex/pinned-errors.md")).expect("note");
    let markdown = home.run(&["pins", "--markdown", "--data", FIXTURE]);
    assert_eq!(note, String::from_utf8_lossy(&markdown.stdout));
    let history = std::fs::read_to_string(home.path("data/errdex/history.json")).expect("history");
    assert!(history.contains("\"timed out\""), "{history}");

    // The next browser finds the pin with `is:pinned` and the query with Up.
    let mut s = Spawn::in_home(s.into_home()).errdex(&["--data", FIXTURE, "is:pinned"]);
    s.wait_for("1/5");
    s.wait_for("request timed out after 30s");
    s.send("\x15"); // ctrl-u: the box is empty
    s.wait_for("5/5");
    s.send("\x1b[A"); // Up: the last query comes back, and finds the one record again
    s.wait_for("1/5");
    s.send("\x03");
    assert!(s.wait_exit().success());
    s.assert_restored();
}
