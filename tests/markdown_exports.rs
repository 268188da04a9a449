//! Every Markdown export keeps a record's text as text: no heading, list or link from a
//! newline, no link from a `)` or a backtick, no fence left open, no `javascript:` target.

mod support;

use serde_json::json;
use support::{Home, stderr, stdout};

/// What a Markdown renderer makes of `md`: headings, list items and link targets, by text.
#[derive(Default, Debug)]
struct Read {
    headings: Vec<String>,
    items: Vec<String>,
    links: Vec<String>,
}

fn read(md: &str) -> Read {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut out = Read::default();
    // Which kind of block the text being read belongs to, and its text so far.
    let mut open: Vec<(u8, String)> = Vec::new();
    for event in Parser::new(md) {
        match event {
            Event::Start(Tag::Heading { .. }) => open.push((b'h', String::new())),
            Event::Start(Tag::Item) => open.push((b'i', String::new())),
            Event::Start(Tag::Link { dest_url, .. }) => out.links.push(dest_url.to_string()),
            Event::End(TagEnd::Heading(_)) => {
                out.headings.extend(open.pop().map(|(_, t)| t));
            }
            Event::End(TagEnd::Item) => out.items.extend(open.pop().map(|(_, t)| t)),
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, text)) = open.last_mut() {
                    text.push_str(&t);
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether the Markdown lets record text act as syntax.
fn assert_inert(what: &str, md: &str) {
    let r = read(md);
    assert!(
        !r.headings.iter().any(|h| h.starts_with("Owned")),
        "{what}: a heading from data {r:?}:\n{md}"
    );
    assert!(
        !r.items.iter().any(|i| i.starts_with("forged")),
        "{what}: a list item from data {r:?}:\n{md}"
    );
    assert!(r.links.is_empty(), "{what}: links from data {r:?}:\n{md}");
}

#[test]
fn markdown_exports_escape_record_text() {
    let home = Home::new();
    let record = json!({
        "id": "md1",
        "errorMessage": "boom\n# Owned\n[click](http://evil.example)",
        "repo": "acme/app)](http://evil.example",
        "filePath": "src/a`](javascript:alert(1)).rs",
        "lineNumber": 3,
        "githubUrl": "javascript:alert(1)",
        "severity": "error\n- forged",
        "solutions": ["```\nunclosed fence", "ok\n# Owned"],
        "preventionTips": ["tip\n- forged item"],
        "tags": ["x`](javascript:1)"],
        "documentation": "doc\n# Owned\n- forged"
    });
    let data = home.path("md.jsonl");
    std::fs::write(&data, format!("{record}\n")).expect("write");
    let data = data.to_string_lossy().into_owned();
    let log = home.path("app.log");
    std::fs::write(&log, "2024-01-01T10:00:00Z ERROR boom\n").expect("write");
    let log = log.to_string_lossy().into_owned();
    let runs: &[&[&str]] = &[
        &["show", "md1", "--format", "markdown"],
        &["copy", "md1", "--what", "markdown", "--stdout"],
        &["triage", &log, "--markdown"],
    ];
    for args in runs {
        let mut all = args.to_vec();
        all.extend(["--data", &data]);
        let out = home.run(&all);
        assert!(!stdout(&out).is_empty(), "{all:?}: {}", stderr(&out));
        assert_inert(&format!("{all:?}"), &stdout(&out));
        if args[0] != "triage" {
            // The fence in a solution did not swallow the sections after it.
            let headings = read(&stdout(&out)).headings;
            assert!(headings.iter().any(|h| h == "Prevention"), "{headings:?}");
        }
    }
    assert!(home.run(&["pin", "md1", "--data", &data]).status.success());
    let out = home.run(&["pins", "--markdown", "--data", &data]);
    assert_inert("pins --markdown", &stdout(&out));
    assert!(stdout(&out).contains("boom \\# Owned"), "{}", stdout(&out));
}
