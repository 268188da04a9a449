//! `errdex triage --unknown` and `--markdown`: the error events no record knows, grouped, and
//! the incident report.

use std::process::Output;

use serde_json::Value;

mod support;

fn errdex(args: &[&str], stdin: &str) -> Output {
    let home = support::Home::new();
    support::output_with_stdin(home.cmd().args(args), Some(stdin.as_bytes()))
}

const LOCKED: &str = "2024-01-15 10:00:02 ERROR sqlite: database is locked\n";
const FINE: &str = "2024-01-15 10:00:03 INFO request served in 3ms\n";

/// Error events no record of the embedded sample matches: two alike, one other, one trace.
fn log() -> String {
    [
        "Traceback (most recent call last):\n",
        "  File \"/app/ledger.py\", line 12, in settle\n",
        "LedgerMismatch: totals differ by 3\n",
        FINE,
        "2024-01-15 10:00:04 ERROR payment 5521 rejected by ledger shard 7\n",
        LOCKED,
        "2024-01-15 10:00:05 WARN cache warm-up slow\n",
        "2024-01-15 10:00:06 ERROR payment 9013 rejected by ledger shard 2\n",
        "2024-01-15 10:00:07 FATAL quantum flux capacitor drained\n",
        FINE,
        LOCKED,
    ]
    .concat()
}

#[test]
fn unknown_lists_error_events_without_a_record_grouped() {
    let out = errdex(&["triage", "--unknown", "-"], &log());
    assert_eq!(out.status.code(), Some(0), "{}", support::stderr(&out));
    let stdout = support::stdout(&out);
    let groups: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(groups.len(), 3, "{stdout}");
    assert_eq!(
        groups[0],
        "# 2\tpayment * rejected by ledger shard *\n\
         5\t2024-01-15 10:00:04 ERROR payment 5521 rejected by ledger shard 7\n\
         8\t2024-01-15 10:00:06 ERROR payment 9013 rejected by ledger shard 2"
    );
    assert!(
        groups[1].starts_with("# 1\ttraceback most recent call last\n1\tTraceback"),
        "{stdout}"
    );
    assert!(
        groups[2].starts_with("# 1\tquantum flux capacitor drained\n9\t"),
        "{stdout}"
    );
    // WARN and INFO lines are not error events; the known ones are not listed.
    assert!(!stdout.contains("warm-up") && !stdout.contains("database is locked"));
    let stderr = support::stderr(&out);
    assert!(
        stderr.starts_with(
            "errdex: 2 hits on 1 known error in 11 lines, 4 unknown error events (`errdex triage --unknown` lists them)"
        ),
        "{stderr}"
    );
}

#[test]
fn unknown_as_json_and_nothing_unknown_exits_1() {
    let out = errdex(&["triage", "--unknown", "--json"], &log());
    let groups: Vec<Value> = support::stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(groups.len(), 3);
    assert_eq!(groups[0]["count"], 2);
    assert_eq!(groups[0]["pattern"], "payment * rejected by ledger shard *");
    assert_eq!(groups[0]["events"][1]["line"], 8);
    assert_eq!(groups[1]["events"][0]["lastLine"], 3);
    let none = errdex(&["triage", "--unknown"], &format!("{FINE}{LOCKED}"));
    assert_eq!(none.status.code(), Some(1));
    assert!(none.stdout.is_empty());
}

#[test]
fn markdown_is_an_incident_report() {
    let out = errdex(&["triage", "--markdown"], &log());
    assert_eq!(out.status.code(), Some(0), "{}", support::stderr(&out));
    let md = support::stdout(&out);
    assert!(md.starts_with("# Incident report\n\n11 log lines: 2 events of 1 known error, 4 error events no record knows (3 kinds).\n\n## Known errors\n\n### database is locked\n\n- **Record:** `c2806c2ccae5adc8`\n- **Events:** 2\n- **First:** line 6 (2024-01-15 10:00:02)\n- **Last:** line 11 (2024-01-15 10:00:02)\n- **Timeline:** `█·······················` (2024-01-15 10:00:02–10:00:07)\n"), "{md}");
    assert!(md.contains("- **Severity:** "), "{md}");
    assert!(md.contains("- **First solution:** "), "{md}");
    // Bars over the log's clock: the two `database is locked` lines (6 and 11) were both
    // written at 10:00:02, the earliest time, however far apart they are in the log.
    let unknown = md.find("## Unknown errors").expect("unknown section");
    assert!(md[unknown..].contains("### `payment * rejected by ledger shard *`\n\n- **Events:** 2 (line 5, 8)\n- **First:** 2024-01-15 10:00:04\n- **Timeline:** `·········█·········█····` (2024-01-15 10:00:02–10:00:07)\n\n```\n2024-01-15 10:00:04 ERROR payment 5521"), "{md}");
}
