//! A private errdex home for each test: XDG config, data and cache folders in a temp dir,
//! and datasets written there.
#![allow(dead_code)]

pub mod git;
pub mod load;
pub mod pty;
pub mod remotes;
pub mod screenshot_script;
pub mod serve;
pub mod shop;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub struct Home {
    pub dir: tempfile::TempDir,
}

impl Home {
    pub fn new() -> Self {
        Home {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn config_file(&self) -> PathBuf {
        self.path("config/errdex/config.toml")
    }

    pub fn data_dir(&self) -> PathBuf {
        self.path("data/errdex")
    }

    pub fn cache_dir(&self) -> PathBuf {
        self.path("cache/errdex")
    }

    pub fn write_config(&self, text: &str) {
        let path = self.config_file();
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write config");
    }

    pub fn cmd(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_errdex"));
        cmd.env("XDG_CONFIG_HOME", self.path("config"))
            .env("XDG_DATA_HOME", self.path("data"))
            .env("XDG_CACHE_HOME", self.path("cache"))
            .env("HOME", self.dir.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("TMUX");
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.cmd().args(args).output().expect("run errdex")
    }
}

/// Runs `cmd` with `stdin` (or nothing) as its standard input and collects its output.
pub fn output_with_stdin(cmd: &mut Command, stdin: Option<&[u8]>) -> Output {
    let mut child = cmd
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run errdex");
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        // A run that fails before reading (a usage error) closes the pipe: the test checks
        // what it printed, not whether it read.
        let _ = pipe.write_all(input);
    }
    child.wait_with_output().expect("wait for errdex")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `count` small records with ids `{prefix}-{n}`, one JSON document a line.
pub fn write_dataset(path: &Path, prefix: &str, count: usize) {
    let mut text = String::new();
    for n in 0..count {
        text.push_str(&format!(
            "{{\"id\":\"{prefix}-{n:05}\",\"errorMessage\":\"failure number {n} in {prefix}\",\"repo\":\"acme/{prefix}\",\"filePath\":\"src/{prefix}.rs\",\"lineNumber\":{n},\"tags\":[\"t{}\"]}}\n",
            n % 7
        ));
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("mkdir");
    }
    std::fs::write(path, text).expect("write dataset");
}

/// Writes `text` to `path` as an executable script (an `$EDITOR` for a test).
pub fn write_script(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write script");
    let mut perms = std::fs::metadata(path).expect("meta").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(path, perms).expect("chmod");
}

/// The id of the best `errdex search` hit for `query`.
pub fn first_hit_id(home: &Home, query: &str) -> String {
    let o = home.run(&["search", "--json", "-n", "1", query]);
    let line = stdout(&o);
    let hit: serde_json::Value =
        serde_json::from_str(line.lines().next().expect("a hit")).expect("json");
    hit["id"].as_str().expect("id").to_string()
}

/// The `id` of each NDJSON line of the output, sorted.
pub fn json_ids(o: &Output) -> Vec<String> {
    let mut ids: Vec<String> = stdout(o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["id"].as_str().expect("id").to_string()
        })
        .collect();
    ids.sort();
    ids
}

/// `records` from `errdex stats --json`.
pub fn record_count(o: &Output) -> u64 {
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("stats json");
    v["records"].as_u64().expect("records")
}

/// The pasted-line fixtures: `(Some(id), line)` when the line must find record `id` first,
/// `(None, line)` when it must find nothing confident. Search them with `pasted_data()`.
pub fn pasted_lines() -> Vec<(Option<String>, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pasted/lines.tsv");
    let text = std::fs::read_to_string(path).expect("read lines.tsv");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (id, line) = l.split_once('\t').expect("ID<TAB>LINE");
            ((id != "-").then(|| id.to_string()), line.to_string())
        })
        .collect()
}

/// The datasets the pasted lines are searched in: the built-in sample and a few nginx records.
pub fn pasted_data() -> [PathBuf; 2] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("assets/sample.jsonl"),
        root.join("tests/fixtures/pasted/nginx.jsonl"),
    ]
}

/// The ids of the loaded records, in order.
pub fn ids(l: &errdex_core::load::Loaded) -> Vec<String> {
    l.dataset
        .entries()
        .iter()
        .map(|e| e.id.to_string())
        .collect()
}

/// `bytes` gzip-compressed.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).expect("gzip");
    enc.finish().expect("gzip")
}
