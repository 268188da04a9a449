//! Every command on a dataset whose every field (and file name) carries characters that act
//! on terminals, run twice — on a pseudo-terminal and into a pipe — and nothing of them
//! reaches either stream as is: stdout and stderr go through one terminal-safe writer.
//! Exempt, as documented: `copy --stdout` into a pipe (the exact bytes).

mod support;

use serde_json::json;
use support::Home;
use support::pty::Spawn;
use support::serve::Server;

/// An id that sets the window title, looked up by its prefix.
const ID: &str = "tri1\u{1b}]0;PWN\u{7}";
const PREFIX: &str = "tri1";

/// Whether a character from data acted on the terminal: C0 other than tab, newline and the
/// terminal's own carriage return, DEL, C1, bidi controls, line and paragraph separators.
fn acts(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
        || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

fn assert_clean(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Some(c) = text.chars().find(|c| acts(*c)) {
        panic!("{what}: U+{:04X} reached the stream:\n{text}", c as u32);
    }
}

/// The bytes without the OSC 52 sequences errdex itself writes to set the clipboard (their
/// payload is base64, checked by the clipboard tests).
fn without_osc52(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.windows(5).position(|w| w == b"\x1b]52;") {
        out.extend_from_slice(&rest[..at]);
        let tail = &rest[at..];
        let end = tail
            .iter()
            .position(|b| *b == 0x07)
            .map(|e| e + 1)
            .or_else(|| tail.windows(2).position(|w| w == b"\x1b\\").map(|e| e + 2))
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.extend_from_slice(rest);
    out
}

struct Hostile {
    home: Home,
    data: String,
    log: String,
    _server: Server,
}

fn hostile() -> Hostile {
    let home = Home::new();
    let dir = home.path("datasets");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let record = json!({
        "id": ID,
        "repo": "acme/app\u{1b}[2J",
        "errorMessage": "payment gateway rejected card \u{1b}[2J \u{9b}31m \u{202e}txet x\u{2028}y\u{85}z",
        "severity": "error",
        "filePath": "src/a\nb\u{1b}[2J.rs",
        "lineNumber": 3,
        "exampleFix": "retry()\u{1b}[201~\nrm -rf ~",
        "solutions": ["strip \u{9b}1m escapes\u{7}"],
        "tags": ["t\u{2029}ag"],
        "githubUrl": "https://github.com/acme/app/blob/0123456/src/a.rs#L3"
    });
    std::fs::write(dir.join("good.jsonl"), format!("{record}\n")).expect("write");
    // A broken file whose name and bad value would both act on the terminal.
    std::fs::write(
        dir.join("bad\u{1b}]0;T\u{7}.jsonl"),
        "{\"id\":\"x\u{9b}\",\"errorMessage\":\"m\",\"severity\":\"\u{202e}\u{2028}\u{9b}\"}\n{\"id\":\n",
    )
    .expect("write");
    let log = home.path("app.log");
    std::fs::write(
        &log,
        "2024-01-01T10:00:00Z ERROR payment gateway rejected card\n\
         2024-01-01T10:00:01Z ERROR widget \u{202e}exploded\u{2028} here\u{85} now \u{1b}]0;L\u{7}\n",
    )
    .expect("write");
    let server = Server::start();
    let synced = json!({"record": {"id": ID, "errorMessage": "synced \u{1b}[2J", "repo": "acme/app"},
        "datasetVersion": "v1\nforged: 0 records \u{1b}]0;S\u{7}"});
    server.file("/feed.jsonl", format!("{synced}\n"), "\"e1\"");
    home.write_config(&format!(
        "[[remotes]]\nname = \"feed\"\nurl = \"{}\"\ntimeout = 2\n",
        server.url("/feed.jsonl")
    ));
    Hostile {
        home,
        data: dir.to_string_lossy().into_owned(),
        log: log.to_string_lossy().into_owned(),
        _server: server,
    }
}

/// Every command, with its arguments; `true` when it reads `--data`.
fn commands(data: &str, log: &str) -> Vec<(Vec<String>, bool)> {
    let v = |a: &[&str]| a.iter().map(ToString::to_string).collect::<Vec<_>>();
    vec![
        (v(&["sync"]), false),
        (v(&["show", PREFIX]), true),
        (v(&["show", PREFIX, "--format", "json"]), true),
        (v(&["show", PREFIX, "--format", "markdown"]), true),
        (v(&["search", "payment"]), true),
        (v(&["search", "payment", "--json"]), true),
        (v(&["search", "payment", "--explain"]), true),
        (v(&["stats"]), true),
        (v(&["stats", "--json"]), true),
        (v(&["validate", data]), false),
        (v(&["triage", log]), true),
        (v(&["triage", log, "--json"]), true),
        (v(&["triage", log, "--markdown"]), true),
        (v(&["triage", log, "--unknown"]), true),
        (v(&["triage", log, "--unknown", "--json"]), true),
        (v(&["where", PREFIX]), true),
        (v(&["edit", PREFIX]), true),
        (
            v(&["copy", PREFIX, "--what", "markdown", "--mode", "osc52"]),
            true,
        ),
        (v(&["pin", PREFIX]), true),
        (v(&["pins"]), true),
        (v(&["pins", "--json"]), true),
        (v(&["pins", "--markdown"]), true),
        (v(&["unpin", PREFIX]), true),
        (v(&["note", PREFIX, "see \u{202e}here\u{9b}"]), true),
        (v(&["notes"]), false),
        (v(&["notes", "--json"]), false),
        (v(&["config"]), false),
        (v(&["sync"]), false),
        (v(&["search", "synced"]), false),
    ]
}

fn with_data(args: &[String], reads_data: bool, data: &str) -> Vec<String> {
    let mut all = args.to_vec();
    if reads_data {
        all.extend(["--data".to_string(), data.to_string()]);
    }
    all
}

#[test]
fn no_command_lets_data_act_on_a_pipe() {
    let h = hostile();
    for (args, reads_data) in commands(&h.data, &h.log) {
        let all = with_data(&args, reads_data, &h.data);
        let out = h
            .home
            .cmd()
            .args(&all)
            .env_remove("RUST_BACKTRACE")
            .env("EDITOR", "true")
            .output()
            .expect("run errdex");
        let what = format!("errdex {all:?}");
        assert!(
            !out.stdout.is_empty() || !out.stderr.is_empty(),
            "{what} said nothing"
        );
        assert_clean(&format!("{what} (stdout)"), &out.stdout);
        assert_clean(&format!("{what} (stderr)"), &out.stderr);
        if args == ["sync"] {
            // One line per remote: a newline in the version cannot forge a second.
            let report = String::from_utf8_lossy(&out.stdout);
            assert_eq!(report.lines().count(), 1, "{what}:\n{report}");
        }
    }
}

#[test]
fn no_command_lets_data_act_on_a_terminal() {
    let h = hostile();
    let Hostile {
        mut home,
        data,
        log,
        _server,
    } = h;
    let mut runs = commands(&data, &log);
    runs.push((vec!["copy".into(), PREFIX.into(), "--stdout".into()], true));
    for (args, reads_data) in runs {
        let all = with_data(&args, reads_data, &data);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let mut s = Spawn::in_home(home)
            .size(40, 200)
            .env("EDITOR", "true")
            .errdex(&refs);
        s.wait_exit();
        let what = format!("errdex {all:?} on a terminal");
        assert!(s.titles().is_empty(), "{what} set the window title");
        assert_eq!(s.bells(), 0, "{what} rang the bell");
        assert_clean(&what, &without_osc52(&s.raw()));
        home = s.into_home();
    }
}

#[test]
fn a_newline_in_a_file_path_does_not_split_where() {
    let home = Home::new();
    let checkout = home.path("shop");
    std::fs::create_dir_all(checkout.join("src")).expect("mkdir");
    std::fs::write(checkout.join("src/a\nb.rs"), "one\ntwo\nthree\n").expect("write");
    home.write_config(&format!(
        "[repos]\n\"acme/shop\" = \"{}\"\n",
        checkout.display()
    ));
    let record = json!({"id": "nl1", "errorMessage": "boom", "repo": "acme/shop",
        "filePath": "src/a\nb.rs", "lineNumber": 2});
    let data = home.path("nl.jsonl");
    std::fs::write(&data, format!("{record}\n")).expect("write");
    let out = home
        .cmd()
        .args(["where", "nl1", "--data", &data.to_string_lossy()])
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run errdex");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{shown}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(shown.lines().count(), 1, "{shown}");
    assert!(shown.ends_with("src/a b.rs:2\n"), "{shown}");
}
