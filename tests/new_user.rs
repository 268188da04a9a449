//! What a new user runs first, copied from the README, the guide, the FAQ and `--help`: each install line works on
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
    for doc in [
        include_str!("../README.md"),
        include_str!("../GUIDE.md"),
        include_str!("../FAQ.md"),
    ] {
        assert_eq!(redirects_without_their_folder(doc), Vec::<String>::new());
    }
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

#[test]
fn the_man_page_has_every_section_and_refers_only_to_pages_that_exist() {
    let home = support::Home::new();
    let out = home.cmd().arg("man").output().expect("runs");
    assert!(out.status.success());
    let page = String::from_utf8_lossy(&out.stdout);
    let sections: Vec<&str> = page
        .lines()
        .filter_map(|l| l.strip_prefix(".SH "))
        .map(|s| s.trim_matches('"'))
        .collect();
    for wanted in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "COMMANDS",
        "QUERY LANGUAGE",
        "KEYS",
        "FILES",
        "ENVIRONMENT",
        "EXIT STATUS",
        "EXAMPLES",
    ] {
        assert!(
            sections.contains(&wanted),
            "{wanted} missing from {sections:?}"
        );
    }
    // Every command, the keymap's keys and actions, the query syntax.
    for wanted in [
        "errdex pick",
        "errdex tmux",
        "ctrl\\-c",
        "(copy_fix)",
        "(pick)",
        "is:pinned",
    ] {
        assert!(page.contains(wanted), "{wanted} missing");
    }
    // A command's page is `errdex man COMMAND`, which exists; no errdex-show(1) is referred to.
    assert!(
        !page.contains("(1)"),
        "refers to a page that does not exist"
    );
    let show = home.cmd().args(["man", "show"]).output().expect("runs");
    assert!(show.status.success());
    let show = String::from_utf8_lossy(&show.stdout);
    assert!(
        show.contains("errdex\\-show") && show.contains("\\-\\-format"),
        "{show}"
    );
    let missing = home
        .cmd()
        .args(["man", "nosuch"])
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("runs");
    assert_eq!(missing.status.code(), Some(2));
}
