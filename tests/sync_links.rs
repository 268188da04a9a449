//! A git remote's `path` that is a symbolic link (to a local file, or a folder) is refused:
//! sync never copies a file from outside the repository into the synced version.

mod support;

use std::path::Path;

use support::remotes::{FIRST, records, run};
use support::{Home, stderr, stdout};

fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
        .args(["-c", "init.defaultBranch=main"])
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .output()
        .expect("run git");
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
}

/// A bare repository whose `records.jsonl` and `folder` are links to `secret`'s file and folder.
fn repo_of_links(home: &Home, secret: &Path) -> String {
    let root = home.path("git");
    std::fs::create_dir_all(root.join("work")).expect("mkdir");
    git(&root, &["init", "--bare", "-q", "feed.git"]);
    let work = root.join("work");
    git(&work, &["init", "-q"]);
    std::os::unix::fs::symlink(secret.join("secret.jsonl"), work.join("records.jsonl"))
        .expect("link");
    std::os::unix::fs::symlink(secret, work.join("folder")).expect("link");
    std::fs::write(work.join("README.md"), "# feed\n").expect("write");
    git(&work, &["add", "."]);
    git(&work, &["commit", "-q", "-m", "links"]);
    let bare = format!("file://{}", root.join("feed.git").display());
    git(&work, &["push", "-q", &bare, "HEAD:refs/heads/main"]);
    bare
}

#[test]
fn a_linked_path_in_a_git_remote_is_never_followed() {
    let home = Home::new();
    let secret = home.path("private");
    std::fs::create_dir_all(&secret).expect("mkdir");
    std::fs::write(secret.join("secret.jsonl"), records("s", FIRST)).expect("write");
    let bare = repo_of_links(&home, &secret);
    for path in ["records.jsonl", "folder", "folder/secret.jsonl"] {
        home.write_config(&format!(
            "[[remotes]]\nname = \"feed\"\ngit = \"{bare}\"\npath = \"{path}\"\nbranch = \"main\"\n"
        ));
        let out = run(&home, &["sync"]);
        assert!(
            !out.status.success(),
            "{path}: {}{}",
            stdout(&out),
            stderr(&out)
        );
        assert!(
            stdout(&out).contains("symbolic link"),
            "{path}: {}",
            stdout(&out)
        );
        let found = run(&home, &["search", "token", "--json"]);
        assert!(stdout(&found).is_empty(), "{path}: {}", stdout(&found));
    }
}

#[test]
fn a_git_remote_is_held_to_max_size_mb_once_unpacked() {
    let home = Home::new();
    let root = home.path("git");
    let work = root.join("work");
    std::fs::create_dir_all(&work).expect("mkdir");
    git(&root, &["init", "--bare", "-q", "feed.git"]);
    git(&work, &["init", "-q"]);
    // Three records, then 3 MB of blank lines: a few KB packed.
    let mut body = records("v1", FIRST);
    body.push_str(&"\n".repeat(3_000_000));
    std::fs::write(
        work.join("records.jsonl.gz"),
        support::gzip(body.as_bytes()),
    )
    .expect("write");
    git(&work, &["add", "."]);
    git(&work, &["commit", "-q", "-m", "bomb"]);
    let bare = format!("file://{}", root.join("feed.git").display());
    git(&work, &["push", "-q", &bare, "HEAD:refs/heads/main"]);
    home.write_config(&format!(
        "[[remotes]]\nname = \"feed\"\ngit = \"{bare}\"\nbranch = \"main\"\nmax_size_mb = 1\n"
    ));
    let out = run(&home, &["sync"]);
    assert!(!out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("unpack to more than the limit of 1 MB"),
        "{}",
        stdout(&out)
    );
}
