//! `errdex where` and `errdex edit` against throw-away git checkouts: the line kept, moved up
//! or down, chosen among repeats, deleted; explicit mapping against discovery; commits since
//! the analysed one; and every way there is no line to go to.

mod support;

use std::path::Path;
use std::process::Output;

use support::git::{self, Repo, with_lines_above};
use support::{Home, stderr, stdout};

/// A home whose config maps or discovers checkouts, and a dataset with `records`.
fn home_with(config: &str, records: &[String]) -> Home {
    let home = Home::new();
    home.write_config(config);
    std::fs::write(home.path("data.jsonl"), records.join("\n")).expect("write dataset");
    home
}

fn run(home: &Home, args: &[&str]) -> Output {
    let data = home.path("data.jsonl");
    let mut cmd = home.cmd();
    cmd.args(args)
        .arg("--data")
        .arg(&data)
        .env_remove("RUST_BACKTRACE");
    cmd.output().expect("run errdex")
}

fn mapped(dir: &Path) -> String {
    format!("[repos]\n\"acme/shop\" = \"{}\"\n", dir.display())
}

/// A checkout under `dir`, mapped in the config, whose error line moved down to
/// `above + 4` in one commit since the analysed one; a home with its record.
fn moved_checkout(dir: &Path, above: usize) -> (Repo, Home) {
    let (repo, sha) = Repo::analysed(&dir.join("shop"), "https://github.com/acme/shop");
    repo.commit_file(&with_lines_above(above, ""), "moved");
    let home = home_with(&mapped(&repo.dir), &[git::record("r1", Some(&sha))]);
    (repo, home)
}

fn position(repo: &Repo, line: usize) -> String {
    format!("{}:{line}\n", repo.file().display())
}

#[test]
fn an_unchanged_line_is_kept_without_a_note() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (repo, sha) = Repo::analysed(&tmp.path().join("shop"), "https://github.com/acme/shop");
    let home = home_with(&mapped(&repo.dir), &[git::record("r1", Some(&sha))]);
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&repo, 13), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    assert!(out.status.success());
}

#[test]
fn a_line_moved_down_then_up_is_followed_and_the_commits_counted() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (repo, sha) = Repo::analysed(&tmp.path().join("shop"), "https://github.com/acme/shop");
    let home = home_with(&mapped(&repo.dir), &[git::record("r1", Some(&sha))]);
    repo.commit_file(&with_lines_above(12, ""), "three lines above");
    repo.write("README", "unrelated");
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", "another file"]);
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&repo, 16), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "errdex: moved from 13, 1 commit since analysis\n"
    );
    assert!(out.status.success());

    repo.commit_file(&with_lines_above(4, ""), "fewer lines above");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&repo, 8));
    assert_eq!(
        stderr(&out),
        "errdex: moved from 13, 2 commits since analysis\n"
    );
}

#[test]
fn between_repeats_nearby_the_surroundings_and_then_the_distance_decide() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (repo, sha) = Repo::analysed(&tmp.path().join("shop"), "https://github.com/acme/shop");
    let home = home_with(&mapped(&repo.dir), &[git::record("r1", Some(&sha))]);
    // A look-alike line lands on line 13; the real one, in its own surroundings, moves to 20.
    let decoy = "fn other() {\n        return Err(refused());\n}\n// a\n// b\n";
    let text = (0..11).map(|n| format!("// {n}\n")).collect::<String>() + decoy;
    repo.commit_file(&format!("{text}{}\n", git::SNIPPET), "look-alike");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&repo, 20), "{}", stderr(&out));
    // Two identical copies: the one nearer the old number.
    let twice = with_lines_above(8, &with_lines_above(2, ""));
    repo.commit_file(&twice, "duplicated");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&repo, 12), "{}", stderr(&out));
}

#[test]
fn a_deleted_line_exits_1_and_says_so() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (repo, sha) = Repo::analysed(&tmp.path().join("shop"), "https://github.com/acme/shop");
    let home = home_with(&mapped(&repo.dir), &[git::record("r1", Some(&sha))]);
    let without = with_lines_above(9, "").replace("        return Err(refused());\n", "");
    repo.commit_file(&without, "handled");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(
        err.contains("the error line (was 13) is no longer in the file"),
        "{err}"
    );
    assert!(err.contains("1 commit since analysis"), "{err}");
    assert!(err.contains(&repo.file().display().to_string()), "{err}");
}

#[test]
fn discovery_finds_an_ssh_remote_under_the_roots_and_the_mapping_wins() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let roots = tmp.path().join("code");
    let (found, sha) = Repo::analysed(&roots.join("team/shop"), "git@github.com:acme/shop.git");
    Repo::analysed(
        &roots.join("other"),
        "ssh://git@example.org:2222/acme/other.git",
    );
    let config = format!("repo_roots = [\"{}\"]\n", roots.display());
    let home = home_with(&config, &[git::record("r1", Some(&sha))]);
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&found, 13), "{}", stderr(&out));
    assert!(home.cache_dir().join("checkouts.json").is_file());
    let cleared = home.run(&["cache", "--clear"]);
    assert!(
        stdout(&cleared).contains("and the checkouts found"),
        "{}",
        stdout(&cleared)
    );
    assert!(!home.cache_dir().join("checkouts.json").exists());

    // A second clone named in [repos] wins over the one found; its line moved.
    let (mine, _) = Repo::analysed(&tmp.path().join("mine"), "/srv/git/acme/shop.git");
    mine.commit_file(&with_lines_above(10, ""), "moved");
    home.write_config(&format!("{config}{}", mapped(&mine.dir)));
    // Analysed at a commit this clone does not have: said, not fatal.
    let unknown = git::record("r1", Some("0123456789abcdef0123456789abcdef01234567"));
    std::fs::write(home.path("data.jsonl"), unknown).expect("write dataset");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(stdout(&out), position(&mine, 14), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "errdex: moved from 13, the analysed commit is not in this checkout\n"
    );
}

#[test]
fn every_missing_piece_is_a_reason_and_exit_1() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let roots = tmp.path().join("code");
    let (repo, _) = Repo::analysed(&roots.join("shop"), "https://github.com/acme/shop");
    let cases: [(String, &str); 3] = [
        (
            String::new(),
            "no checkout of acme/shop: map it in config.toml",
        ),
        (
            format!(
                "repo_roots = [\"{}\"]\n",
                tmp.path().join("empty").display()
            ),
            "no checkout of acme/shop found under the 1 repo_roots folder (3 levels deep); map it in config.toml ([repos] \"acme/shop\" = \"PATH\"); not a folder: ",
        ),
        (
            mapped(&tmp.path().join("gone")),
            "config.toml maps acme/shop to",
        ),
    ];
    for (config, reason) in cases {
        let home = home_with(&config, &[git::record("r1", None)]);
        let out = run(&home, &["where", "r1"]);
        assert_eq!(out.status.code(), Some(1), "{config}");
        assert!(stderr(&out).contains(reason), "{config}: {}", stderr(&out));
    }
    let home = home_with(&mapped(&repo.dir), &[git::record("r1", None)]);
    std::fs::remove_file(repo.file()).expect("remove");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the checkout of acme/shop has no file"),
        "{}",
        stderr(&out)
    );
    std::fs::write(repo.file(), b"\x7fELF\0\0\0binary").expect("write");
    let out = run(&home, &["where", "r1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("a binary file"), "{}", stderr(&out));
}

#[test]
fn without_git_on_the_path_the_line_is_still_followed() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (repo, home) = moved_checkout(tmp.path(), 11);
    let out = home
        .cmd()
        .args(["where", "r1", "--data"])
        .arg(home.path("data.jsonl"))
        .env("PATH", tmp.path().join("no-bin"))
        .output()
        .expect("run errdex");
    assert_eq!(stdout(&out), position(&repo, 15));
    assert_eq!(
        stderr(&out),
        "errdex: moved from 13, commits since analysis unknown: git is not installed (not on PATH)\n"
    );
}

/// A shell script that writes its arguments, one a line, to `argv` beside it.
fn recording_editor(dir: &Path, name: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join(name);
    let log = dir.join("argv");
    let body = format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n", log.display());
    std::fs::write(&script, body).expect("write script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    script
}

#[test]
fn edit_runs_the_editor_at_todays_line() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (repo, home) = moved_checkout(tmp.path(), 12);
    let bin = tmp.path().join("bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let vi = recording_editor(&bin, "vi");
    let argv = || std::fs::read_to_string(bin.join("argv")).expect("the editor ran");
    let edit = |visual: Option<&str>, editor: &str| {
        let mut cmd = home.cmd();
        cmd.args(["edit", "r1", "--data"])
            .arg(home.path("data.jsonl"))
            .env("EDITOR", editor)
            .env_remove("VISUAL");
        if let Some(v) = visual {
            cmd.env("VISUAL", v);
        }
        cmd.output().expect("run errdex")
    };
    let out = edit(None, &vi.display().to_string());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(argv(), format!("+16\n{}\n", repo.file().display()));
    assert!(stderr(&out).contains("moved from 13"), "{}", stderr(&out));

    // VS Code by name, with its own flag in the variable; $VISUAL comes first.
    let code = recording_editor(&bin, "code");
    let out = edit(Some(&format!("{} -w", code.display())), "false");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(argv(), format!("-w\n-g\n{}:16\n", repo.file().display()));

    // An editor that fails is an error (2), named.
    let out = edit(None, "false");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`false +16"), "{}", stderr(&out));
}
