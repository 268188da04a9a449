//! Do real programs' error lines find the statement that raised them in a scanned dataset?
//!
//! python3 examples/eval_scanned/python_raises.py CASES ROOT...   (run in an empty folder)
//! errdex scan --out DATASET ROOT...
//! cargo run --release --example eval_scanned -- DATASET CASES... [--show]
//!
//! A case is a line a program printed and the file and lines of the statement that raised it,
//! read off the program's own traceback (see python_raises.py). The line is answered the way
//! `errdex search LINE` answers a pasted line; it is right when the first row, not weak, is a
//! record at that file and within those lines. A first row that is a group (one message at
//! several sites) holding the site is counted apart, and with the exact ones as the pasted-line
//! measurements count: a last line alone (`ValueError: …`) cannot say which of the sites raised
//! it, and the browser shows the group as one row. A case that kept its whole traceback is
//! also answered as that text pasted whole (traceback mode): its frames name the statement,
//! so only the exact record counts there. Of the other statements answered first, those whose
//! row's chain names the labelled statement as an outer link are counted too: the label is the
//! outermost error the program made, and a line's chain is answered root cause first. In
//! traceback mode, another statement first that is the raise of the first exception of a chained
//! traceback is counted apart as the root cause, which is how the pasted-line ranking answers a
//! chain; so is, for a line alone, the root its case names (`rootFile`, `rootLineNumber`: the
//! statement that made the innermost error of a chain the line shows, see go_errors/label.py).

use std::collections::HashMap;

use errdex_core::dataset::Entries;
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::triage::{Row, Triage};
use serde_json::Value;

#[derive(Default)]
struct Tally {
    cases: usize,
    scanned: usize,
    first: usize,
    in_group: usize,
    /// Another statement first, whose row's chain names the statement as an outer link: the
    /// root cause answered first, as a pasted line's chain is.
    in_chain: usize,
    /// Another statement first that is the raise of the first exception of the traceback's
    /// chain (`The above exception was the direct cause…`): the root cause, as the pasted-line
    /// ranking answers a chain.
    root: usize,
    top5: usize,
    wrong: usize,
    unanswered: usize,
}

impl Tally {
    fn count(
        &mut self,
        answer: &[Row],
        at_site: &dyn Fn(usize) -> bool,
        at_root: &dyn Fn(usize) -> bool,
    ) {
        self.scanned += 1;
        let holds = |row: &Row, at: &dyn Fn(usize) -> bool| {
            at(row.record) || row.sites.iter().any(|&s| at(s))
        };
        match answer.first() {
            None => self.unanswered += 1,
            Some(row) if row.weak => self.unanswered += 1,
            Some(row) if at_site(row.record) => self.first += 1,
            Some(row) if row.sites.iter().any(|&s| at_site(s)) => self.in_group += 1,
            Some(row) => {
                self.wrong += 1;
                self.in_chain += usize::from(row.chain.iter().any(|l| at_site(l.record)));
                self.root += usize::from(holds(row, at_root));
            }
        }
        if answer.iter().take(5).any(|r| at_site(r.record)) {
            self.top5 += 1;
        }
    }

    fn print(&self, mode: &str) {
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "{mode}: cases {}  site in the dataset {} ({:.1} %)",
            self.cases,
            self.scanned,
            pct(self.scanned, self.cases)
        );
        println!("  of the cases whose site was scanned:             of all cases:");
        let rows = [
            ("raising statement first (not weak)", self.first),
            ("first row a group holding it", self.in_group),
            ("statement or its group first", self.first + self.in_group),
            ("raising statement in the top 5", self.top5),
            ("another statement first, confident", self.wrong),
            ("  of those: its chain names it", self.in_chain),
            ("  of those: the chain's root cause", self.root),
            (
                "statement, group or root cause first",
                self.first + self.in_group + self.root,
            ),
            ("weak or no answer", self.unanswered),
        ];
        for (what, n) in rows {
            println!(
                "  {what:<36} {:5.1} %  ({n:4})      {:5.1} %",
                pct(n, self.scanned),
                pct(n, self.cases)
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let show = args.iter().any(|a| a == "--show");
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let Some((data, cases)) = files.split_first().filter(|(_, c)| !c.is_empty()) else {
        eprintln!("usage: eval_scanned DATASET CASES... [--show]");
        std::process::exit(2);
    };
    let loaded = load::load(
        &[SourceSpec::Path((*data).into())],
        Options::default(),
        &|_| {},
    );
    let ds = loaded.dataset;
    let entries = ds.entries();
    // Records by file, to find a case's site whatever folder the scan counted paths from.
    let mut by_file: HashMap<&str, Vec<(i64, usize)>> = HashMap::new();
    for i in 0..entries.len() {
        let e = entries.at(i);
        if let (Some(file), Some(line)) = (e.file_path, e.line_number) {
            by_file.entry(file).or_default().push((line, i));
        }
    }
    let triage = Triage::new(&ds);
    let (mut lines, mut tracebacks) = (Tally::default(), Tally::default());
    for path in cases {
        let text = std::fs::read_to_string(path).expect("cases");
        for l in text.lines() {
            let v: Value = serde_json::from_str(l).expect("a case");
            let line = v["line"].as_str().unwrap_or("");
            let full = format!(
                "{}/{}",
                v["root"].as_str().unwrap_or(""),
                v["file"].as_str().unwrap_or("")
            );
            let first_line = v["lineNumber"].as_i64().unwrap_or(0);
            let last_line = v["endLineNumber"].as_i64().unwrap_or(first_line);
            let site: Vec<usize> = suffixes(&full)
                .filter_map(|s| by_file.get(s))
                .flatten()
                .filter(|(n, _)| (first_line..=last_line).contains(n))
                .map(|&(_, i)| i)
                .collect();
            let traceback = v["traceback"].as_str();
            lines.cases += 1;
            tracebacks.cases += usize::from(traceback.is_some());
            if site.is_empty() {
                if show {
                    println!("NOT SCANNED {full}:{first_line} {line:?}");
                }
                continue;
            }
            let at_site = |r: usize| site.contains(&r);
            // The records at a file's line, whatever folder the scan counted paths from.
            let records_at = |(file, line): (&str, i64)| -> Vec<usize> {
                suffixes(file)
                    .filter_map(|s| by_file.get(s))
                    .flatten()
                    .filter(|(n, _)| *n == line)
                    .map(|&(_, i)| i)
                    .collect()
            };
            let root_site: Vec<usize> = v["traceback"]
                .as_str()
                .and_then(root_raise)
                .map(records_at)
                .unwrap_or_default();
            let at_root = |r: usize| root_site.contains(&r);
            // A chain the line itself shows (Go's `gif: reading header: unexpected EOF`), its
            // root labelled by the program that printed it.
            let root_file = v["rootFile"]
                .as_str()
                .map(|f| format!("{}/{f}", v["root"].as_str().unwrap_or("")));
            let line_root: Vec<usize> = root_file
                .as_deref()
                .zip(v["rootLineNumber"].as_i64())
                .map(records_at)
                .unwrap_or_default();
            let at_line_root = |r: usize| line_root.contains(&r);
            let queries = [("line", Some(line)), ("traceback", traceback)];
            for (mode, query) in queries {
                let Some(query) = query else { continue };
                let answer = triage.answer_line(entries, query, 5);
                match mode {
                    "line" => lines.count(&answer, &at_site, &at_line_root),
                    _ => tracebacks.count(&answer, &at_site, &at_root),
                }
                let right = answer.first().is_some_and(|r| !r.weak && at_site(r.record));
                if show && !right {
                    let want = entries.at(site[0]);
                    println!(
                        "MISS {mode} {line:?}\n  want {full}:{first_line} {}\n  got  {}",
                        want.pattern.unwrap_or(want.message),
                        got(entries, answer.first())
                    );
                }
            }
        }
    }
    println!("records {}", entries.len());
    lines.print("last line alone");
    tracebacks.print("whole traceback");
}

/// The first row as `~file:line pattern (+N sites)`.
fn got(entries: Entries<'_>, row: Option<&Row>) -> String {
    row.map_or("(none)".to_string(), |r| {
        let e = entries.at(r.record);
        format!(
            "{}{}:{} {}{}",
            if r.weak { "~" } else { "" },
            e.file_path.unwrap_or("?"),
            e.line_number.unwrap_or(0),
            e.pattern.unwrap_or(e.message),
            if r.sites_total > 1 {
                format!(" (+{} sites)", r.sites_total - 1)
            } else {
                String::new()
            }
        )
    })
}

/// Where the first exception of a chained traceback was raised: the last frame before the
/// first `The above exception was…` or `During handling of the above exception…`. `None` for a
/// traceback of one exception.
fn root_raise(traceback: &str) -> Option<(&str, i64)> {
    let first = [
        "The above exception was",
        "During handling of the above exception",
    ]
    .iter()
    .filter_map(|m| traceback.find(m))
    .min()?;
    traceback[..first].lines().rev().find_map(|l| {
        let rest = l.trim_start().strip_prefix("File \"")?;
        let (file, rest) = rest.split_once('"')?;
        let line = rest.strip_prefix(", line ")?;
        let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
        Some((file, digits.parse().ok()?))
    })
}

/// `a/b/c.py`, `b/c.py`, `c.py`: the path and each tail of it at a folder boundary.
fn suffixes(path: &str) -> impl Iterator<Item = &str> {
    std::iter::once(path).chain(path.match_indices('/').map(move |(i, _)| &path[i + 1..]))
}
