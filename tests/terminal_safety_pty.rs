//! Every output command, run on a terminal (a pseudo-terminal read back through vt100) with a
//! record full of characters that act on terminals: nothing of them reaches the terminal as
//! is. Text shows them as visible stand-ins, JSON as `\uXXXX` escapes; the clipboard drops
//! them unless `--raw` asks for the exact bytes.

mod support;

use serde_json::json;
use support::Home;
use support::pty::{Spawn, osc52_payloads};

const ID: &str = "hostile0001";

/// The record's message: a window title, a C1 CSI, DEL, a bidi override and isolate, the
/// Arabic letter mark and the line and paragraph separators among ordinary words.
const MESSAGE: &str = "payment gateway rejected card \u{1b}]0;pwned\u{7} \u{9b}31m declined\u{7f} \u{202e}txet\u{2066} \u{61c}x\u{2028}y\u{2029}z";

/// A fix that would end a shell's bracketed paste early and run what follows.
const FIX: &str = "retry()\u{1b}[201~\nrm -rf ~";

/// What must never reach the terminal as is: ESC, BEL, DEL, a C1 CSI, bidi overrides and
/// isolates, the Arabic letter mark, the line and paragraph separators.
const FORBIDDEN: &[char] = &[
    '\u{1b}', '\u{7}', '\u{7f}', '\u{9b}', '\u{202e}', '\u{2066}', '\u{61c}', '\u{2028}',
    '\u{2029}',
];

fn hostile_home() -> (Home, String) {
    let home = Home::new();
    let record = json!({
        "id": ID,
        "repo": "evil/\u{1b}[2Jrepo\u{202e}",
        "errorMessage": MESSAGE,
        "severity": "error",
        "filePath": "src/\u{202e}evil.rs",
        "lineNumber": 3,
        "exampleFix": FIX,
        "solutions": ["strip \u{9b}1m escapes", "second \u{202e}one"],
        "preventionTips": ["tip \u{1b}[5m blink"],
        "tags": ["security", "t\u{2028}ag"]
    });
    let data = home.path("hostile.jsonl");
    std::fs::write(&data, format!("{record}\n")).expect("write the dataset");
    let data = data.to_string_lossy().into_owned();
    (home, data)
}

/// Runs `errdex ARGS… --data DATA` on a terminal in `home`; returns the home and what
/// reached the terminal.
fn on_terminal(home: Home, args: &[&str], data: &str) -> (Home, Vec<u8>, String) {
    let mut all = args.to_vec();
    all.extend(["--data", data]);
    let mut s = Spawn::in_home(home).size(40, 200).errdex(&all);
    let status = s.wait_exit();
    let shown = s.contents();
    assert!(status.success(), "errdex {all:?}: {status:?}\n{shown}");
    assert!(s.titles().is_empty(), "errdex {all:?} set the window title");
    assert_eq!(s.bells(), 0, "errdex {all:?} rang the bell");
    let bytes = s.raw();
    (s.into_home(), bytes, shown)
}

fn assert_safe(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    // The terminal's own line endings are CRLF; only data characters count.
    for c in FORBIDDEN {
        assert!(
            !text.contains(*c),
            "{what}: U+{:04X} reached the terminal:\n{text}",
            *c as u32
        );
    }
}

#[test]
fn every_text_and_json_output_keeps_control_characters_off_the_terminal() {
    let (mut home, data) = hostile_home();
    let runs: &[(&[&str], &str)] = &[
        (&["show", ID], "<U+202E>"),
        (&["show", ID, "--format", "json"], "\\u202e"),
        (&["show", ID, "--format", "markdown"], "<U+2028>"),
        (&["search", "payment"], "^[]0;pwned^G"),
        (&["search", "payment", "--json"], "\\u009b"),
        (&["pin", ID], ID),
        (&["pins"], "<U+202E>"),
        (&["pins", "--json"], "\\u2028"),
        (&["pins", "--markdown"], "<U+009B>"),
        (&["copy", ID, "--stdout"], "retry()^[[201~"),
    ];
    for (args, visible) in runs {
        let (back, bytes, shown) = on_terminal(home, args, &data);
        home = back;
        assert_safe(&args.join(" "), &bytes);
        assert!(
            shown.contains(visible),
            "errdex {}: `{visible}` not shown:\n{shown}",
            args.join(" ")
        );
    }
}

#[test]
fn triage_output_keeps_control_characters_off_the_terminal() {
    let (mut home, data) = hostile_home();
    let log = home.path("app.log");
    std::fs::write(&log, format!("2024-01-01T10:00:00Z ERROR {MESSAGE}\n")).expect("write the log");
    let log = log.to_string_lossy().into_owned();
    for json in [false, true] {
        let mut args = vec!["triage", log.as_str()];
        if json {
            args.push("--json");
        }
        let (back, bytes, shown) = on_terminal(home, &args, &data);
        home = back;
        assert_safe(&args.join(" "), &bytes);
        assert!(shown.contains(ID), "{shown}");
    }
}

#[test]
fn the_clipboard_gets_no_control_characters_unless_raw_is_asked() {
    let (home, data) = hostile_home();
    let (home, bytes, shown) = on_terminal(home, &["copy", ID, "--mode", "osc52"], &data);
    assert_eq!(osc52_payloads(&bytes), ["retry()[201~\nrm -rf ~"]);
    assert!(
        shown.contains("1 control character removed (errdex copy --raw keeps them)"),
        "{shown}"
    );
    let (_, bytes, shown) = on_terminal(home, &["copy", ID, "--mode", "osc52", "--raw"], &data);
    assert_eq!(osc52_payloads(&bytes), [FIX]);
    assert!(!shown.contains("removed"), "{shown}");
}

#[test]
fn copy_stdout_into_a_pipe_keeps_the_exact_bytes() {
    let (home, data) = hostile_home();
    let out = home.run(&["copy", ID, "--stdout", "--data", &data]).stdout;
    assert_eq!(out, FIX.as_bytes());
}
