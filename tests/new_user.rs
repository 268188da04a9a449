//! What a new user runs first, copied from the README and `--help`: each install line works on
//! a fresh account, and the man page is complete.

mod support;

/// Every `> ~/FOLDER/FILE` in `text` is preceded, on the same line, by `mkdir -p ~/FOLDER`.
fn redirects_without_their_folder(text: &str) -> Vec<String> {
    let mut bad = Vec::new();
    for line in text.lines() {
        for (_, after) in line
            .match_indices("> ~/")
            .map(|(i, _)| line.split_at(i + 4))
        {
            let target = after.split_whitespace().next().unwrap_or("");
            let Some((folder, _)) = target.trim_end_matches('`').rsplit_once('/') else {
                continue;
            };
            if !line.contains(&format!("mkdir -p ~/{folder}")) {
                bad.push(line.trim().to_string());
            }
        }
    }
    bad
}

#[test]
fn every_install_line_makes_its_folder_first() {
    let readme = include_str!("../README.md");
    assert_eq!(redirects_without_their_folder(readme), Vec::<String>::new());
    let home = support::Home::new();
    for command in ["man", "completions"] {
        let out = home.cmd().args([command, "--help"]).output().expect("runs");
        // clap wraps the help at the terminal's width: one line again.
        let help = String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(help.contains("> ~/"), "{help}");
        assert_eq!(redirects_without_their_folder(&help), Vec::<String>::new());
    }
}
