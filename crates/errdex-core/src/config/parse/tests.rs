#![expect(
    clippy::float_cmp,
    reason = "weights parsed from decimal literals compare exactly with the same literals"
)]

use std::path::{Path, PathBuf};

use super::parse;
use crate::config::{ClipboardMode, Config, DEFAULT_CONFIG, DetailPosition, Problem, Theme};

fn run(text: &str) -> (Config, Vec<Problem>) {
    parse(text, "config.toml", Path::new("/cfg"))
}

#[test]
fn the_documented_default_is_the_default() {
    let (config, problems) = run(DEFAULT_CONFIG);
    assert_eq!(problems, vec![]);
    assert_eq!(config, Config::default());
}

#[test]
fn every_key_takes_effect() {
    let (config, problems) = run(r#"
datasets = ["a.jsonl", "/abs/dir", "logs/*.json"]
theme = "light"
clipboard = "command"
clipboard_command = "xclip -selection clipboard"
[ranking]
message = 5
tags = 0.5
[layout]
detail = "below"
ratio = 60
[keys]
"Ctrl-Y" = "copy_fix"
G = "last"
"#);
    assert_eq!(problems, vec![]);
    assert_eq!(
        config.datasets,
        vec![
            PathBuf::from("/cfg/a.jsonl"),
            PathBuf::from("/abs/dir"),
            PathBuf::from("/cfg/logs/*.json")
        ]
    );
    assert_eq!(config.theme, Theme::Light);
    assert_eq!(config.clipboard, ClipboardMode::Command);
    assert_eq!(
        config.clipboard_command.as_deref(),
        Some("xclip -selection clipboard")
    );
    assert_eq!(config.ranking.message, 5.0);
    assert_eq!(config.ranking.tags, 0.5);
    assert_eq!(config.ranking.repo, 0.6);
    assert_eq!(config.layout.detail, DetailPosition::Below);
    assert_eq!(config.layout.ratio, 60);
    let keys: Vec<(&str, &str, &str)> = config
        .keys
        .iter()
        .map(|o| (o.key.as_str(), o.action.as_str(), o.at.as_str()))
        .collect();
    assert_eq!(
        keys,
        vec![
            ("ctrl-y", "copy_fix", "config.toml:13:1"),
            ("G", "last", "config.toml:14:1")
        ]
    );
}

#[test]
fn a_bad_value_costs_only_its_key_and_says_where() {
    let text = "theme = \"blue\"\nclipboard = \"osc52\"\n[layout]\nratio = 5\ndetail = \"right\"\n";
    let (config, problems) = run(text);
    assert_eq!(config.theme, Theme::Auto);
    assert_eq!(config.clipboard, ClipboardMode::Osc52);
    assert_eq!(config.layout.ratio, 45);
    assert_eq!(config.layout.detail, DetailPosition::Right);
    let at: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(at, vec![(1, 9), (4, 9)]);
    assert!(
        problems[0].message.contains("dark, light, auto"),
        "{problems:?}"
    );
    assert!(
        problems[0].message.contains("default `auto`"),
        "{problems:?}"
    );
    assert!(problems[1].message.contains("default 45"), "{problems:?}");
    assert!(
        problems[0]
            .to_string()
            .starts_with("config.toml:1:9: error: "),
        "{}",
        problems[0]
    );
}

#[test]
fn unknown_keys_are_reported_and_skipped() {
    let (config, problems) = run("themes = \"dark\"\n[ranking]\nspeed = 3\nrepo = 2\n");
    assert_eq!(config.ranking.repo, 2.0);
    let at: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(at, vec![(1, 1), (3, 1)]);
    assert!(problems[0].message.contains("unknown key `themes`"));
    assert!(problems[1].message.contains("ranking.speed"));
}

#[test]
fn bad_key_bindings_are_dropped_one_by_one() {
    let (config, problems) = run(
        "[keys]\n\"hyper-x\" = \"quit\"\n\"ctrl-q\" = \"Quit Now\"\n\"ctrl-p\" = 3\n\"alt-p\" = \"pin\"\n",
    );
    let keys: Vec<(&str, &str)> = config
        .keys
        .iter()
        .map(|o| (o.key.as_str(), o.action.as_str()))
        .collect();
    assert_eq!(keys, vec![("alt-p", "pin")]);
    let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, vec![2, 3, 4]);
}

#[test]
fn a_syntax_error_keeps_the_rest_of_the_file() {
    let (config, problems) = run("theme = \"light\"\nthis is not toml\nclipboard = \"off\"\n");
    assert_eq!(config.theme, Theme::Light);
    assert_eq!(config.clipboard, ClipboardMode::Off);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].line, 2, "{problems:?}");
    // An unclosed list runs into the next line, which is where toml sees the mistake.
    let text = "theme = \"light\"\nx = [1,\nclipboard = \"off\"\n";
    let (config, problems) = run(text);
    assert_eq!(config.theme, Theme::Light);
    assert!(!problems.is_empty());
}

#[test]
fn columns_count_characters_not_bytes() {
    let (_, problems) = run("# é\n[layout]\n\"détail\" = 1\n");
    assert_eq!((problems[0].line, problems[0].column), (3, 1));
    let (_, problems) = run("datasets = [\"ok\", 7]\n");
    assert_eq!((problems[0].line, problems[0].column), (1, 19));
}

#[test]
fn wrong_shapes_fall_back_to_defaults() {
    let (config, problems) =
        run("datasets = 3\nranking = \"fast\"\nclipboard_command = [\"x\"]\n[[layout]]\n");
    assert_eq!(config, Config::default());
    assert_eq!(problems.len(), 4, "{problems:?}");
}

/// The template invites uncommenting its `[[remotes]]` examples where they sit; doing so must
/// keep every other key the user set.
#[test]
fn uncommenting_the_remotes_example_keeps_the_other_keys() {
    let mut uncommented = String::new();
    let mut in_example = false;
    for line in DEFAULT_CONFIG.lines() {
        in_example |= line == "# [[remotes]]";
        let line = match line.strip_prefix("# ") {
            Some(rest) if in_example => rest,
            _ => line,
        };
        let line = line.replace("repo_roots = []", "repo_roots = [\"/src\"]");
        uncommented.push_str(&line);
        uncommented.push('\n');
    }
    let (config, problems) = run(&uncommented);
    assert_eq!(problems, vec![], "{uncommented}");
    assert_eq!(config.remotes.len(), 2);
    assert_eq!(config.checkouts.roots, vec![PathBuf::from("/src")]);
}

#[test]
fn a_top_level_key_swallowed_by_a_remote_says_to_move_the_remote() {
    let (_, problems) =
        run("[[remotes]]\nname = \"a\"\nurl = \"https://a/x.json\"\ntheme = \"dark\"\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0]
            .message
            .contains("a `[[remotes]]` table takes every key after it; move it to the end"),
        "{problems:?}"
    );
}
