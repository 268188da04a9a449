//! A small checkout of three languages for the scan's tests: a Rust crate, a Go module and a
//! Python package with one error site each, plus test and build output the scan leaves out.

use std::fs;
use std::path::Path;

use serde_json::Value;

use super::Home;
use super::git::Repo;

pub const LIB_RS: &str = r#"use std::io;

pub struct Disk;

impl Disk {
    pub fn write(&self, free: u64) -> io::Result<()> {
        if free == 0 {
            return Err(io::Error::new(io::ErrorKind::Other, "disk full"));
        }
        tracing::warn!(target: "shop::disk", "only {free} bytes left");
        Ok(())
    }
}
"#;

pub const MAIN_GO: &str = "package main\n\nfunc load(path string) error {\n\treturn fmt.Errorf(\"cannot load %s: %w\", path, err)\n}\n";

pub const DB_PY: &str = "import logging\nlog = logging.getLogger(__name__)\n\ndef connect(host):\n    log.error(\"connection to %s refused\", host)\n";

/// C code that logs through the team's own function (`[scan] log_functions` names it).
pub const UTIL_C: &str =
    "void load(const char *path) {\n    app_die(\"config %s missing\", path);\n}\n";

pub fn checkout(home: &Home) -> (Repo, String) {
    let dir = home.path("shop");
    fs::create_dir_all(dir.join("src")).expect("mkdir");
    fs::create_dir_all(dir.join("app")).expect("mkdir");
    fs::create_dir_all(dir.join("tests")).expect("mkdir");
    fs::create_dir_all(dir.join("target")).expect("mkdir");
    fs::write(dir.join("Cargo.toml"), "[package]\nname = \"shop-core\"\n").expect("write");
    fs::write(dir.join("src/lib.rs"), LIB_RS).expect("write");
    fs::write(dir.join("go.mod"), "module example.com/shop\n").expect("write");
    fs::write(dir.join("main.go"), MAIN_GO).expect("write");
    fs::write(dir.join("app/db.py"), DB_PY).expect("write");
    // Test and build output are not the program's error sites.
    fs::write(
        dir.join("tests/it.rs"),
        "fn t() { panic!(\"test only\"); }\n",
    )
    .expect("write");
    fs::write(
        dir.join("target/gen.rs"),
        "fn g() { panic!(\"generated\"); }\n",
    )
    .expect("write");
    fs::write(
        dir.join("main_test.go"),
        "package main\nfunc x() { panic(\"test only\") }\n",
    )
    .expect("write");
    let repo = Repo { dir: dir.clone() };
    repo.init("https://github.com/Acme/Shop.git");
    repo.git(&["add", "."]);
    repo.git(&["commit", "-q", "-m", "shop"]);
    let sha = repo.git(&["rev-parse", "HEAD"]).trim().to_string();
    (repo, sha)
}

pub fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a record a line"))
        .collect()
}

pub fn by_message<'a>(records: &'a [Value], message: &str) -> &'a Value {
    records
        .iter()
        .find(|r| r["errorMessage"] == message)
        .unwrap_or_else(|| panic!("no record `{message}` in {records:#?}"))
}

pub fn scan(home: &Home, args: &[&str], dir: &Path) -> std::process::Output {
    let mut cmd = home.cmd();
    cmd.arg("scan")
        .args(args)
        .arg(dir)
        .env_remove("RUST_BACKTRACE");
    cmd.output().expect("run errdex")
}
