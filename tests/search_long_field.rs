//! A field far longer than anyone reads: search matches, ranks and highlights its first 64 KiB
//! (and `--explain` says so), so its size does not make a query slow or memory grow.

mod support;

use serde_json::Value;
use support::{Home, stderr, stdout};

/// The searched prefix of a field, in bytes (`search::FIELD_PREFIX`).
const PREFIX: usize = 64 << 10;

/// A few ordinary records and one whose message is `len` bytes: a word at its start, `A`s,
/// and a word only past the prefix.
fn dataset(home: &Home, len: usize) -> String {
    let mut text = String::new();
    for n in 0..5 {
        text.push_str(&format!(
            "{{\"id\":\"r{n}\",\"errorMessage\":\"connection refused {n}\",\"tags\":[\"net\"]}}\n"
        ));
    }
    let filler = "A".repeat(len - "overture  finale".len());
    text.push_str(&format!(
        "{{\"id\":\"huge\",\"errorMessage\":\"overture {filler} finale\",\"tags\":[\"big\"]}}\n"
    ));
    let path = home.path("long.jsonl");
    std::fs::write(&path, text).expect("write dataset");
    path.to_str().expect("utf-8").to_string()
}

fn ids(o: &std::process::Output) -> Vec<String> {
    stdout(o)
        .lines()
        .filter(|l| !l.starts_with("  "))
        .map(|l| l.split('\t').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a_long_message_is_searched_in_its_prefix_and_explain_says_so() {
    let home = Home::new();
    let len = 4 << 20;
    let data = dataset(&home, len);
    let o = home.run(&["search", "--data", &data, "overture AAAA"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(ids(&o), ["huge"]);
    // Past the prefix: not searched, so not found.
    let o = home.run(&["search", "--data", &data, "'finale"]);
    assert_eq!(ids(&o), Vec::<String>::new(), "{}", stdout(&o));
    // Other records are searched whole as before.
    let o = home.run(&["search", "--data", &data, "refused"]);
    assert_eq!(ids(&o).len(), 5);

    let o = home.run(&["search", "--explain", "--data", &data, "AAAA"]);
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "  errorMessage: {len} bytes; only the first {PREFIX} are searched"
        )),
        "{out}"
    );
    // Only the long record gets the note.
    let o = home.run(&["search", "--explain", "--data", &data, "refused"]);
    assert!(!stdout(&o).contains("only the first"), "{}", stdout(&o));
}

#[test]
fn json_highlights_stay_inside_the_prefix() {
    let home = Home::new();
    let len = 2 << 20;
    let data = dataset(&home, len);
    let o = home.run(&["search", "--json", "--explain", "--data", &data, "AAAA"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let hit: Value = serde_json::from_str(stdout(&o).lines().next().expect("a hit")).expect("json");
    assert_eq!(hit["id"], "huge");
    assert_eq!(
        hit["errorMessage"].as_str().map(str::len),
        Some(len),
        "the record itself is whole"
    );
    let marks = hit["matches"]["errorMessage"]
        .as_array()
        .expect("highlights");
    assert!(!marks.is_empty());
    assert!(
        marks
            .iter()
            .all(|m| m.as_u64().is_some_and(|i| (i as usize) < PREFIX))
    );
    assert_eq!(
        hit["cut"],
        serde_json::json!([{"field": "errorMessage", "bytes": len, "searched": PREFIX}])
    );
}

#[test]
fn a_long_query_against_a_long_field_still_highlights() {
    // The score matrix of a 300-character query over 64 KiB is past its cap: SkimMatcherV2
    // aligns greedily instead, and the hit is still found and highlighted.
    let home = Home::new();
    let data = dataset(&home, 1 << 20);
    let query = format!("overture {}", "A".repeat(300));
    let o = home.run(&["search", "--json", "--data", &data, &query]);
    assert!(o.status.success(), "{}", stderr(&o));
    let hit: Value = serde_json::from_str(stdout(&o).lines().next().expect("a hit")).expect("json");
    assert_eq!(hit["id"], "huge");
    assert!(
        hit["matches"]["errorMessage"]
            .as_array()
            .is_some_and(|m| m.len() >= 300)
    );
}
