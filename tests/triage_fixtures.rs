//! `errdex triage` on real-looking logs against the embedded sample: for every fixture, exactly
//! which log lines match which record — every line not listed must match nothing.

use std::process::{Output, Stdio};

use serde_json::Value;

mod support;

fn triage_json(fixture: &str) -> Output {
    // A private home: no user config, and no cache written outside the test.
    let home = support::Home::new();
    home.cmd()
        .args([
            "triage",
            "--json",
            &format!("tests/fixtures/logs/{fixture}"),
        ])
        .stdin(Stdio::null())
        .output()
        .expect("run errdex")
}

/// (line, record id) for every match of a fixture, in output order.
fn matches(fixture: &str) -> Vec<(u64, String)> {
    let out = triage_json(fixture);
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            let line = v["line"].as_u64().expect("line");
            let id = v["id"].as_str().expect("id").to_string();
            (line, id)
        })
        .collect()
}

fn check(fixture: &str, expected: &[(u64, &str)]) {
    let got = matches(fixture);
    let expected: Vec<(u64, String)> = expected
        .iter()
        .map(|(l, id)| (*l, id.to_string()))
        .collect();
    assert_eq!(got, expected, "{fixture}");
}

#[test]
fn json_logs() {
    check(
        "json.log",
        &[
            (3, "d2c4ad236f387c17"),  // pino err: connect ECONNREFUSED
            (6, "b9f18f4a50119ed9"),  // zap: sql: no rows in result set
            (7, "e53e1488d3131eef"),  // Get "...": context deadline exceeded (Client.Timeout …)
            (10, "973301468f660d29"), // structlog: Invalid HTTP_HOST header
            (11, "d0b3c0297df4039d"), // docker json-file wrapping a postgres FATAL
            (13, "888ffc8880ba5427"), // UNIQUE constraint failed
        ],
    );
}

#[test]
fn syslog() {
    check(
        "syslog.log",
        &[
            (2, "d0b3c0297df4039d"),  // password authentication failed for user "app"
            (3, "c247199589bf85e9"),  // deadlock detected
            (6, "ab8be7c17f8b22d7"),  // redis MISCONF
            (10, "aa2e4ee0eb16e32b"), // redis OOM command not allowed
            (11, "c2806c2ccae5adc8"), // database is locked (with a <PRI> prefix)
            (13, "5d48bc3a47671f16"), // Could not connect to Redis at …: Connection refused
        ],
    );
}

#[test]
fn kubernetes() {
    check(
        "kubernetes.log",
        &[
            (3, "3021ef161b4b6015"),  // klog E: pods is forbidden … in the namespace
            (4, "3021ef161b4b6015"),  // the cluster-scope variant: by token overlap
            (7, "6a42ea166f8cf182"),  // CRI stderr: grpc connection error
            (9, "c2e329e6672805e1"),  // kubectl: The connection to the server … was refused
            (11, "80bff1dc5bb60ddd"), // CRI: node Cannot find module 'express'
        ],
    );
}

#[test]
fn rust_panics() {
    check(
        "rust_panic.log",
        &[
            (3, "a1174e815cc32dac"),  // message on the line after `panicked at`
            (6, "454024d27faab6dc"),  // tracing ERROR: pool timed out
            (8, "a2334a7632dd8957"),  // Option::unwrap() on None, with a backtrace
            (17, "e5c0007b2e800a45"), // EOF while parsing a value
            (18, "845126eb45215930"), // tokio: no reactor running (path from the registry)
            (20, "53ab77eb64d5d0a4"), // Error: missing field `email`
        ],
    );
}

#[test]
fn go_panics() {
    check(
        "go_panic.log",
        &[
            (3, "58fe51a091e185cf"), // http: panic serving …: assignment to entry in nil map
            (11, "8ef2b1e4ccf0cbac"), // dial tcp …: connect: connection refused
            (22, "6b19a0c4cf75f075"), // fatal error: concurrent map writes (+ map.go:661)
            (31, "b9f18f4a50119ed9"), // sql: no rows in result set
            (32, "ec052da0c34a06a9"), // all goroutines are asleep - deadlock!
        ],
    );
}

#[test]
fn python_tracebacks() {
    check(
        "python_traceback.log",
        &[
            (2, "e6f27dcbf58a200d"),  // JSONDecodeError at the end of the traceback
            (16, "395b94cb894c4cfc"), // requests ConnectionError: Max retries exceeded
            (24, "15c4d510f33a1d16"), // RuntimeError: This event loop is already running
            (29, "4fb7ae2011984bb9"), // PermissionError: [Errno 13] Permission denied
        ],
    );
}

#[test]
fn java_stack_traces() {
    check(
        "java_stacktrace.log",
        &[
            (5, "6a54fc9980a48191"), // Hikari timeout in the exception after a blank line
            (12, "a03da3aa21771126"), // LazyInitializationException
            (13, "b92d0823f1ea5a06"), // Kafka: Topic … not present in metadata
            (14, "9b474869d12f4c1a"), // No qualifying bean of type
            (15, "341e98d09fabe1a7"), // ConcurrentModificationException under a log line
            (21, "315eddd022d459c4"), // Exception in thread "main" OutOfMemoryError
        ],
    );
}

#[test]
fn ordinary_lines_match_nothing() {
    let out = triage_json("ordinary.log");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "errdex: no known errors in 24 lines, 0 unknown error events"
    );
}
