//! How well pasted lines find their records: the figures of the "Done when" list, beside the
//! baseline of grepping the message by hand.
//!
//! cargo run --release --example eval_pasted -- DATASET LINES [--show]
//!
//! DATASET and LINES as `gen_pasted` writes them. A row is right when it is the expected
//! record or a group row holding it (one repository, one messagePattern); `--show` prints
//! the lines that went wrong, the chains not named whole and the sites not picked.

// The line writer is shared with gen_pasted; this side reads its records and pieces only.
#[allow(dead_code, unused_imports)]
#[path = "support/pasted_lines.rs"]
mod pasted_lines;

use std::collections::HashMap;

use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::triage::Triage;
use serde_json::Value;

#[derive(Default)]
struct Tally {
    lines: usize,
    first: usize,
    top5: usize,
    wrong: usize,
    origin: usize,
    origin_first: usize,
    chains: usize,
    chain_whole: usize,
    invented: usize,
    cut_away: usize,
    cut_away_confident: usize,
    strangers: usize,
    strangers_confident: usize,
    grep_first: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(data), Some(lines)) = (args.first(), args.get(1)) else {
        eprintln!("usage: eval_pasted DATASET LINES [--show]");
        std::process::exit(2);
    };
    let show = args.iter().any(|a| a == "--show");
    let loaded = load::load(
        &[SourceSpec::Path(data.into())],
        Options::default(),
        &|_| {},
    );
    let ds = loaded.dataset;
    let recs = pasted_lines::read_records(&std::fs::read_to_string(data).expect("dataset"));
    let entries = ds.entries();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    for i in 0..entries.len() {
        by_id.insert(entries.at(i).id.to_string(), i);
    }
    let group_of = |i: usize| {
        let e = entries.at(i);
        (e.repo.unwrap_or(""), e.pattern.unwrap_or(e.message))
    };
    let triage = Triage::new(&ds);
    let mut t = Tally::default();
    let text = std::fs::read_to_string(lines).expect("lines");
    for l in text.lines() {
        let v: Value = serde_json::from_str(l).expect("a labelled line");
        let line = v["line"].as_str().unwrap_or("");
        let answer = triage.answer_line(entries, line, 5);
        let confident = answer.first().is_some_and(|r| !r.weak);
        if v["other"] == true || v["expect"].is_null() {
            let (n, c) = if v["other"] == true {
                (&mut t.strangers, &mut t.strangers_confident)
            } else {
                (&mut t.cut_away, &mut t.cut_away_confident)
            };
            *n += 1;
            *c += usize::from(confident);
            if confident && show {
                println!(
                    "STRANGER {line:?} -> {}",
                    entries.at(answer[0].record).message
                );
            }
            continue;
        }
        let Some(&want) = v["expect"].as_str().and_then(|id| by_id.get(id)) else {
            continue;
        };
        t.lines += 1;
        let holds = |row: &errdex_core::triage::Row| group_of(row.record) == group_of(want);
        let first_right = answer.first().is_some_and(&holds);
        if first_right && confident {
            t.first += 1;
        } else if confident {
            t.wrong += 1;
        }
        if answer.iter().take(5).any(holds) {
            t.top5 += 1;
        }
        if v["origin"] == true {
            t.origin += 1;
            let exact = answer.first().is_some_and(|r| r.record == want);
            t.origin_first += usize::from(exact);
            if show && !exact && first_right {
                let at = |i: usize| {
                    let e = entries.at(i);
                    format!(
                        "{}:{}",
                        e.file_path.unwrap_or(""),
                        e.line_number.unwrap_or(0)
                    )
                };
                let got = answer.first().map_or(String::new(), |r| at(r.record));
                println!("SITE {line:?}\n  want {}\n  got  {got}", at(want));
            }
        }
        let chain: Vec<usize> = v["chain"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|id| by_id.get(id.as_str()?).copied())
                    .collect()
            })
            .unwrap_or_default();
        let named: Vec<usize> = answer
            .first()
            .map(|r| r.chain.iter().map(|l| l.record).collect())
            .unwrap_or_default();
        if chain.len() >= 2 {
            t.chains += 1;
            let all = chain
                .iter()
                .all(|&c| named.iter().any(|&n| group_of(n) == group_of(c)));
            t.chain_whole += usize::from(all);
            if show && !all {
                let texts = |ids: &[usize]| -> Vec<&str> {
                    ids.iter()
                        .map(|&i| entries.at(i).pattern.unwrap_or(entries.at(i).message))
                        .collect()
                };
                println!(
                    "CHAIN {line:?}\n  want {:?}\n  named {:?}",
                    texts(&chain),
                    texts(&named)
                );
            }
        }
        // A link is invented when no literal piece of its record's pattern is in the line.
        // A JSON line holds its text escaped (`\n`): the link's text is in its values.
        let readable = serde_json::from_str::<Value>(line).map_or(line.to_string(), |v| {
            let mut all = String::new();
            json_strings(&v, &mut all);
            all
        });
        for &n in &named {
            let e = entries.at(n);
            let p = e.pattern.unwrap_or(e.message);
            if pasted_lines::longest_piece(p).is_none_or(|piece| !readable.contains(piece)) {
                t.invented += 1;
                if show {
                    println!("INVENTED {p:?} in {line:?}");
                }
            }
        }
        if grep_first(&recs, line).is_some_and(|g| {
            by_id
                .get(&g)
                .is_some_and(|&i| group_of(i) == group_of(want))
        }) {
            t.grep_first += 1;
        }
        if show && !(first_right && confident) {
            let got = answer.first().map_or("(none)".to_string(), |r| {
                format!(
                    "{}{}",
                    if r.weak { "~" } else { "" },
                    entries.at(r.record).message
                )
            });
            println!(
                "MISS {line:?}\n  want {}\n  got  {got}",
                entries.at(want).message
            );
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "records {}  lines {}  (+{} cut away, +{} other software)",
        entries.len(),
        t.lines,
        t.cut_away,
        t.strangers
    );
    println!(
        "right record first (not weak)  {:5.1} %",
        pct(t.first, t.lines)
    );
    println!(
        "right record in the top 5      {:5.1} %",
        pct(t.top5, t.lines)
    );
    println!(
        "confident wrong first          {:5.1} %",
        pct(t.wrong, t.lines)
    );
    println!(
        "origin named: exact site first {:5.1} %  ({} lines)",
        pct(t.origin_first, t.origin),
        t.origin
    );
    println!(
        "chains: every link named       {:5.1} %  ({} lines)",
        pct(t.chain_whole, t.chains),
        t.chains
    );
    println!("invented links                 {}", t.invented);
    println!(
        "cut-away lines confident       {} / {}",
        t.cut_away_confident, t.cut_away
    );
    println!(
        "other software confident       {} / {}",
        t.strangers_confident, t.strangers
    );
    println!(
        "baseline grep first            {:5.1} %",
        pct(t.grep_first, t.lines)
    );
}

/// Grepping the message by hand: the record whose longest literal piece found in the line is
/// longest (ties to the first in the dataset).
fn grep_first(recs: &[pasted_lines::Rec], line: &str) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for r in recs {
        let Some(piece) = pasted_lines::longest_piece(&r.pattern) else {
            continue;
        };
        if line.contains(piece) && best.is_none_or(|(n, _)| piece.len() > n) {
            best = Some((piece.len(), &r.id));
        }
    }
    best.map(|(_, id)| id.to_string())
}

/// Every string value of a JSON document, each followed by a newline.
fn json_strings(v: &Value, out: &mut String) {
    match v {
        Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        Value::Array(a) => a.iter().for_each(|x| json_strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| json_strings(x, out)),
        _ => {}
    }
}
