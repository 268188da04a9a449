//! Triage on logs we did not write: Loghub samples of sixteen systems (tests/fixtures/loghub),
//! one record per message template (`messagePattern` = the template with `{}` for `<*>`). Each
//! line must go to the record of its own template: at least 99.5 % right and at most 0.1 % wrong
//! over all systems, no system below 98 % right.

use std::fs;

use errdex_core::dataset::Entry;
use errdex_core::triage::Triage;

const SYSTEMS: &[&str] = &[
    "Android",
    "Apache",
    "BGL",
    "HDFS",
    "HPC",
    "Hadoop",
    "HealthApp",
    "Linux",
    "Mac",
    "OpenSSH",
    "OpenStack",
    "Proxifier",
    "Spark",
    "Thunderbird",
    "Windows",
    "Zookeeper",
];

fn fixture(name: &str) -> String {
    let path = format!("tests/fixtures/loghub/{name}");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `E12,template` or `E12,"template, with ""quotes"""`.
fn templates(system: &str) -> Vec<(String, String)> {
    fixture(&format!("{system}_templates.csv"))
        .lines()
        .skip(1)
        .map(|row| {
            let (id, rest) = row.split_once(',').expect("EventId,EventTemplate");
            let template = match rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
                Some(quoted) => quoted.replace("\"\"", "\""),
                None => rest.to_string(),
            };
            (id.to_string(), template)
        })
        .collect()
}

fn entry(id: String, pattern: String) -> Entry {
    Entry {
        id: id.into_boxed_str(),
        message: pattern.into_boxed_str(),
        pattern: None,
        repo: None,
        file_path: None,
        line_number: None,
        severity: None,
        error_type: None,
        tags: Box::new([]),
        shared: false,
        source: 0,
        start: 0,
        len: 0,
        line: 0,
    }
}

/// (right, wrong, missed) for one system.
fn score(system: &str) -> (usize, usize, usize) {
    let entries: Vec<Entry> = templates(system)
        .into_iter()
        .map(|(id, t)| entry(format!("{system}-{id}"), t.replace("<*>", "{}")))
        .collect();
    let triage = Triage::from_entries(&entries);
    let log = fixture(&format!("{system}.log"));
    let truth: Vec<String> = fixture(&format!("{system}.truth"))
        .lines()
        .map(|l| format!("{system}-{l}"))
        .collect();
    assert_eq!(
        log.lines().count(),
        truth.len(),
        "{system}: one EventId a line"
    );
    let report = triage.scan(&entries, log.lines(), 1);
    let (mut right, mut wrong) = (0, 0);
    for hits in &report.hits {
        assert_eq!(hits.line, hits.last_line, "{system}: one line an event");
        let got = &entries[hits.matches[0].record].id;
        if **got == *truth[hits.line - 1] {
            right += 1;
        } else {
            wrong += 1;
            eprintln!(
                "{system}:{}: {got} instead of {}: {}",
                hits.line,
                truth[hits.line - 1],
                hits.text
            );
        }
    }
    for (n, line) in log.lines().enumerate() {
        if !report.hits.iter().any(|h| h.line == n + 1) {
            eprintln!("{system}:{}: missed ({}): {line}", n + 1, truth[n]);
        }
    }
    (right, wrong, truth.len() - right - wrong)
}

#[test]
fn lines_go_to_their_own_template() {
    let (mut right, mut wrong, mut total) = (0, 0, 0);
    let mut below = Vec::new();
    for system in SYSTEMS {
        let (r, w, m) = score(system);
        let n = r + w + m;
        println!("{system:<12} {n:>4} lines: {r} right, {w} wrong, {m} missed");
        if (r as f64) < 0.98 * n as f64 {
            below.push(format!("{system}: {r} of {n} right"));
        }
        right += r;
        wrong += w;
        total += n;
    }
    println!("all          {total:>4} lines: {right} right, {wrong} wrong");
    assert!(below.is_empty(), "below 98 %: {below:?}");
    assert!(
        right as f64 >= 0.995 * total as f64,
        "{right} of {total} right"
    );
    assert!(
        wrong as f64 <= 0.001 * total as f64,
        "{wrong} of {total} wrong"
    );
}
