//! Pasting the line you were paged with: `errdex search` finds its record first, says when
//! nothing is worth trusting, and takes unquoted words.

mod support;

use serde_json::Value;
use support::{Home, pasted_data, pasted_lines, stderr, stdout};

fn search(home: &Home, args: &[&str]) -> std::process::Output {
    let [sample, nginx] = pasted_data();
    let mut cmd = home.cmd();
    cmd.arg("search")
        .arg("--data")
        .arg(sample)
        .arg("--data")
        .arg(nginx)
        .args(args);
    cmd.output().expect("run errdex")
}

#[test]
fn every_pasted_line_finds_its_record_first_or_nothing_confident() {
    let home = Home::new();
    let lines = pasted_lines();
    assert!(lines.iter().filter(|(id, _)| id.is_some()).count() >= 30);
    let mut wrong = Vec::new();
    for (want, line) in &lines {
        let o = search(&home, &["--json", "-n", "5", "--", line]);
        let hits: Vec<Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let confident = hits.iter().any(|h| h["weak"] == false);
        assert_eq!(o.status.code(), Some(i32::from(!confident)), "{line}");
        match want {
            Some(id)
                if hits
                    .first()
                    .is_none_or(|h| h["id"] != id.as_str() || h["weak"] == true) =>
            {
                wrong.push(format!(
                    "{id} <- {line}: {:?}",
                    hits.first().map(|h| &h["id"])
                ));
            }
            None if confident => wrong.push(format!("nothing confident <- {line}")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn results_say_how_they_matched_and_how_far_to_trust_them() {
    let home = Home::new();
    let o = search(
        &home,
        &[
            "--json",
            "--",
            "dial tcp 10.0.0.5:5432: connect: connection refused",
        ],
    );
    let top: Value = serde_json::from_str(stdout(&o).lines().next().expect("a hit")).expect("JSON");
    assert_eq!(
        (top["via"].as_str(), top["weak"].as_bool()),
        (Some("line"), Some(false))
    );
    // A line result marks the words of its message that the line holds.
    let message = top["errorMessage"].as_str().expect("a message");
    let marked: String = top["matches"]["errorMessage"]
        .as_array()
        .expect("indices")
        .iter()
        .filter_map(|i| message.chars().nth(i.as_u64()? as usize))
        .collect();
    assert!(
        marked.contains("connectionrefused"),
        "{marked:?} of {message:?}"
    );
    let o = search(&home, &["--json", "nil", "map"]);
    let top: Value = serde_json::from_str(stdout(&o).lines().next().expect("a hit")).expect("JSON");
    assert_eq!(
        (top["via"].as_str(), top["weak"].as_bool()),
        (Some("fuzzy"), Some(false))
    );
    // Scattered letters: printed, marked `~`, and exit 1.
    let o = search(&home, &["nil", "pointer", "dereference"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(!out.is_empty());
    for line in out.lines() {
        let score = line.split('\t').nth(1).expect("a score");
        assert!(score.starts_with('~'), "{line}");
        assert!(score[1..].parse::<u64>().is_ok(), "never negative: {line}");
    }
}

#[test]
fn unquoted_words_are_one_query_and_double_dash_ends_options() {
    let home = Home::new();
    let o = search(&home, &["connection", "refused", "-n", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1);
    let o = search(&home, &["--", "-n"]);
    assert_ne!(
        o.status.code(),
        Some(2),
        "`-n` after `--` is a query: {}",
        stderr(&o)
    );
    let help = home.run(&["search", "--help"]);
    assert!(
        stdout(&help).contains("`--` ends the options"),
        "{}",
        stdout(&help)
    );
    let help = home.run(&["--help"]);
    assert!(stdout(&help).contains("needs `--`"), "{}", stdout(&help));
}

#[test]
fn a_cut_list_says_so_and_all_prints_everything() {
    let home = Home::new();
    let o = home.run(&["search", ""]);
    assert_eq!(stdout(&o).lines().count(), 20);
    assert!(
        stderr(&o).contains("20 of 83 shown; --limit N or --all"),
        "{}",
        stderr(&o)
    );
    let o = home.run(&["search", "--all", ""]);
    assert_eq!(stdout(&o).lines().count(), 83);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn a_huge_query_is_cut_with_a_notice() {
    let home = Home::new();
    let line = format!("ERROR deadlock detected {}", "x".repeat(100_000));
    let o = home.run(&["search", "--", &line]);
    assert!(
        stderr(&o).contains("only its start is searched"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        stdout(&o).lines().next().and_then(|l| l.split('\t').next()),
        Some("c247199589bf85e9")
    );
}

#[test]
fn tags_match_by_prefix_and_tilde_is_fuzzy() {
    let home = Home::new();
    let o = home.run(&["search", "--all", "--json", "tag:go"]);
    let hits: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert!(!hits.is_empty());
    for h in &hits {
        let tags = h["tags"].as_array().expect("tags");
        assert!(
            tags.iter()
                .any(|t| t.as_str().is_some_and(|t| t.starts_with("go"))),
            "{h}"
        );
    }
    let o = home.run(&["search", "--all", "tag:~sprbt"]);
    assert!(stdout(&o).contains("361cb82237f76e82"), "{}", stdout(&o));
}

#[test]
fn anchored_phrases_work() {
    let home = Home::new();
    for q in [
        "\"already in use :::3000\"$",
        "^\"listen EADDRINUSE: address already in use :::3000\"$",
    ] {
        let o = home.run(&["search", q]);
        assert_eq!(o.status.code(), Some(0), "{q}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("7eeee1cdce874420\t"), "{q}");
    }
}
