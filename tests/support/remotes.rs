//! Helpers of the `errdex sync` tests: records to serve, errdex without proxies, what a
//! remote folder holds.

use std::process::Output;

use super::{Home, json_ids, record_count};

/// JSON Lines of wrapped records, each `(id, message)`.
pub fn records(version: &str, items: &[(&str, &str)]) -> String {
    items
        .iter()
        .map(|(id, msg)| {
            format!(
                "{{\"record\":{{\"id\":\"{id}\",\"errorMessage\":\"{msg}\",\"repo\":\"acme/app\"}},\"datasetVersion\":\"{version}\"}}\n"
            )
        })
        .collect()
}

pub const FIRST: &[(&str, &str)] = &[
    ("a1", "connection refused by upstream"),
    ("b2", "disk quota exceeded"),
    ("c3", "token expired"),
];

/// errdex with no proxy from the environment (the server is on the loopback interface).
pub fn run(home: &Home, args: &[&str]) -> Output {
    let mut cmd = home.cmd();
    for var in [
        "http_proxy",
        "https_proxy",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "all_proxy",
    ] {
        cmd.env_remove(var);
    }
    cmd.env_remove("RUST_BACKTRACE");
    cmd.args(args).output().expect("run errdex")
}

pub fn remote(name: &str, url: &str, extra: &str) -> String {
    format!("[[remotes]]\nname = \"{name}\"\nurl = \"{url}\"\ntimeout = 2\n{extra}\n")
}

pub fn count(home: &Home) -> u64 {
    record_count(&run(home, &["stats", "--json"]))
}

pub fn new_ids(home: &Home) -> Vec<String> {
    json_ids(&run(
        home,
        &["search", "--limit", "100", "is:new", "--json"],
    ))
}

/// Anything in the remote's folder besides its state and version folders.
pub fn leftovers(home: &Home, name: &str) -> Vec<String> {
    let dir = home.data_dir().join("remotes").join(name);
    std::fs::read_dir(dir)
        .expect("remote folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "state.json" && !(n.starts_with('v') && n[1..].parse::<u32>().is_ok()))
        .collect()
}
