//! Throw-away git checkouts for the tests that follow a record into the user's clone: a
//! repository with one file, commits that move its lines, and a remote URL that is only ever
//! read (nothing is fetched).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The snippet every checkout test's record carries: lines 10–16 of `src/app.rs` at the
/// analysed commit, the error on line 13.
pub const SNIPPET: &str = "fn connect() {\n    let s = open()?;\n    if s.refused() {\n        return Err(refused());\n    }\n    Ok(s)\n}";
pub const SNIPPET_START: usize = 10;
pub const ERROR_LINE: usize = 13;
pub const FILE: &str = "src/app.rs";

pub struct Repo {
    pub dir: PathBuf,
}

impl Repo {
    /// `git init` in `dir` with `url` as origin, and `src/app.rs` as the record saw it
    /// committed. Returns the repository and that commit.
    pub fn analysed(dir: &Path, url: &str) -> (Repo, String) {
        std::fs::create_dir_all(dir).expect("mkdir checkout");
        let repo = Repo {
            dir: dir.to_path_buf(),
        };
        repo.init(url);
        let sha = repo.commit_file(&with_lines_above(SNIPPET_START - 1, ""), "analysed");
        (repo, sha)
    }

    /// `git init` on branch `main`, with `url` as origin.
    pub fn init(&self, url: &str) {
        self.git(&["init", "-q", "-b", "main"]);
        self.git(&["remote", "add", "origin", url]);
    }

    /// Runs git in the checkout, isolated from the user's own git config.
    pub fn git(&self, args: &[&str]) -> String {
        let out = Command::new("git")
            .arg("-C")
            .arg(&self.dir)
            .args(["-c", "user.name=errdex", "-c", "user.email=t@example.org"])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .expect("run git");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Writes `src/app.rs` and commits it; the new commit's sha.
    pub fn commit_file(&self, text: &str, message: &str) -> String {
        self.write(FILE, text);
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "-m", message]);
        self.git(&["rev-parse", "HEAD"])
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.dir.join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write file");
    }

    pub fn file(&self) -> PathBuf {
        self.dir.join(FILE)
    }
}

/// `count` comment lines, then the snippet, then `after`.
pub fn with_lines_above(count: usize, after: &str) -> String {
    let mut text = String::new();
    for n in 0..count {
        text.push_str(&format!("// line {n}\n"));
    }
    format!("{text}{SNIPPET}\n{after}")
}

/// A record of `acme/shop` whose snippet is `SNIPPET`, analysed at `sha`, one JSON line.
pub fn record(id: &str, sha: Option<&str>) -> String {
    serde_json::json!({
        "id": id,
        "errorMessage": "connection refused by the shop backend",
        "repo": "acme/shop",
        "filePath": FILE,
        "lineNumber": ERROR_LINE,
        "sourceCode": SNIPPET,
        "sourceCodeStart": SNIPPET_START,
        "sourceCodeEnd": SNIPPET_START + 6,
        "analyzedSha": sha,
        "githubUrl": "https://github.com/acme/shop/blob/main/src/app.rs#L10-L16",
    })
    .to_string()
}
