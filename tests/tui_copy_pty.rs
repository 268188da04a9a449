//! Copying and opening from the browser, and the config taking effect there: the real binary
//! in a pseudo-terminal with a private XDG home, its raw output kept to find the OSC 52
//! sequences it wrote, and a vt100 screen to read the status line.

mod support;

use support::Home;
use support::pty::{Session, Spawn, osc52_payloads};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui.jsonl");

/// errdex with `config` as its config file, in a private home.
fn start(config: &str, args: &[&str]) -> Session {
    let home = Home::new();
    home.write_config(config);
    Spawn::in_home(home).errdex(args)
}

/// A field of a fixture record, as the file has it.
fn fixture_field(id: &str, field: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(FIXTURE).expect("read fixture");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|r| match r.get("record") {
            Some(inner) => inner.clone(),
            None => r,
        })
        .find(|r| r["id"] == id)
        .map_or_else(
            || panic!("no record {id} in the fixture"),
            |r| r[field].clone(),
        )
}

#[test]
fn ctrl_y_copies_the_fix_over_osc52_and_config_keys_apply() {
    let config = "clipboard = \"osc52\"\n[keys]\nctrl-t = \"show_tips\"\n";
    let mut s = start(config, &["--data", FIXTURE, "refused"]);
    s.wait_for("1/5");
    s.wait_for("ECONNREFUSED"); // the record's detail is read
    s.send("\x19"); // ctrl-y, from the search box
    s.wait_for("fix: sent via OSC 52 — cannot confirm");
    let fix = fixture_field("aa11conn", "exampleFix");
    assert_eq!(
        osc52_payloads(&s.raw()),
        [fix.as_str().expect("a string fix")]
    );
    assert!(s.rows()[1].contains("refused"), "ctrl-y typed nothing");
    s.send("\x14"); // ctrl-t, rebound in the config
    s.wait_for("Health-check the server before connecting.");
    assert!(s.rows()[1].contains("refused") && !s.rows()[1].contains("refusedt"));
    s.quit();
}

#[test]
fn without_a_browser_o_shows_the_url_and_y_u_copies_it() {
    let mut s = start("clipboard = \"osc52\"\n", &["--data", FIXTURE, "refused"]);
    s.wait_for("ECONNREFUSED");
    s.send("\x1b"); // Esc: browse mode (alone, or the next key would read as alt-o)
    s.wait_for("BROWSE");
    s.send("o");
    let url = "https://github.com/acme/netkit/blob/abc/src/net/connect.rs#L123";
    s.wait_for(&format!("no browser: {url} — press y u to copy"));
    s.send("y");
    s.wait_for("Copy — press a key");
    s.send("u");
    s.wait_for("URL: sent via OSC 52");
    // One URL: `y u` copies the line's URL the notice showed, not the stored range.
    assert_eq!(osc52_payloads(&s.raw()), [url]);
    let stored = fixture_field("aa11conn", "githubUrl");
    assert!(stored.as_str().expect("a URL").ends_with("#L120-L126"));
    s.quit();
}

#[test]
fn config_layout_and_problems_show_in_the_browser() {
    let config = "[layout]\ndetail = \"below\"\nratio = 30\n[keys]\nctrl-q = \"fly_away\"\n";
    let mut s = start(config, &["--data", FIXTURE]);
    s.wait_for("5/5");
    s.wait_for("unknown action `fly_away`");
    // The place first, as the README shows a config problem.
    s.wait_for("config: config.toml:5:1: error: [keys] `ctrl-q`");
    let rows = s.rows();
    let at = |what: &str| rows.iter().position(|r| r.contains(what));
    let (list, detail) = (at("Results"), at("Overview"));
    assert!(
        matches!((list, detail), (Some(l), Some(d)) if d > l),
        "detail below the list at 110 columns:\n{}",
        rows.join("\n")
    );
    s.quit();
}
