//! Lines pasted from real programs' error sites (datasets and lines written by
//! `examples/gen_pasted.rs` from crates in the cargo registry, Go's standard library and
//! CPython's): the root cause first, the exact site where the line names its origin, every
//! link of a chain named and none invented, other software's lines not answered.

use std::collections::HashMap;
use std::path::Path;

use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::triage::{Role, Triage};
use serde_json::Value;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/pasted_real")
        .join(name)
}

#[derive(Default, Debug)]
struct Figures {
    lines: usize,
    first: usize,
    wrong: usize,
    origin: usize,
    origin_exact: usize,
    chains: usize,
    chains_whole: usize,
    strangers_answered: usize,
}

fn figures(lang: &str) -> Figures {
    let data = fixture(&format!("{lang}.jsonl"));
    let ds = load::load(&[SourceSpec::Path(data)], Options::default(), &|_| {}).dataset;
    let entries = ds.entries();
    let triage = Triage::new(&ds);
    let ids: HashMap<&str, usize> = (0..entries.len()).map(|i| (entries.at(i).id, i)).collect();
    let group = |i: usize| {
        let e = entries.at(i);
        (e.repo, e.pattern.unwrap_or(e.message))
    };
    let text = std::fs::read_to_string(fixture(&format!("{lang}.lines.jsonl"))).expect("lines");
    let mut f = Figures::default();
    for l in text.lines() {
        let v: Value = serde_json::from_str(l).expect("JSON");
        let line = v["line"].as_str().expect("a line");
        let rows = triage.answer_line(entries, line, 5);
        let top = rows.first().filter(|r| !r.weak);
        for link in top.iter().flat_map(|r| &r.chain) {
            assert!(
                line.contains(&link.text),
                "an invented link {:?} in {line}",
                link.text
            );
        }
        if let Some(r) = top
            && r.chain.len() > 1
        {
            assert_eq!(
                r.chain.last().map(|l| (l.record, l.role)),
                Some((r.record, Role::Cause))
            );
        }
        let Some(&want) = v["expect"].as_str().and_then(|id| ids.get(id)) else {
            f.strangers_answered += usize::from(top.is_some() && v["other"] == true);
            continue;
        };
        f.lines += 1;
        match top {
            Some(r) if group(r.record) == group(want) => f.first += 1,
            Some(_) => f.wrong += 1,
            None => {}
        }
        if v["origin"] == true {
            f.origin += 1;
            f.origin_exact += usize::from(top.is_some_and(|r| r.record == want));
        }
        let chain: Vec<usize> = v["chain"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|id| ids.get(id.as_str()?).copied())
            .collect();
        if chain.len() > 1 {
            f.chains += 1;
            let named = top.map_or(&[][..], |r| &r.chain[..]);
            let whole = chain
                .iter()
                .all(|&c| named.iter().any(|l| group(l.record) == group(c)));
            f.chains_whole += usize::from(whole);
        }
    }
    f
}

fn check(lang: &str) {
    let f = figures(lang);
    let share = |a: usize, b: usize| a as f64 / b.max(1) as f64;
    assert!(f.lines >= 50 && f.origin >= 10, "{lang}: {f:?}");
    assert!(share(f.first, f.lines) >= 0.95, "{lang}: {f:?}");
    assert!(share(f.wrong, f.lines) <= 0.02, "{lang}: {f:?}");
    assert!(share(f.origin_exact, f.origin) >= 0.9, "{lang}: {f:?}");
    assert!(
        f.chains == 0 || share(f.chains_whole, f.chains) >= 0.9,
        "{lang}: {f:?}"
    );
    assert!(f.strangers_answered <= 1, "{lang}: {f:?}");
}

#[test]
fn rust_lines_find_their_sites() {
    check("rust");
}

#[test]
fn go_lines_find_their_sites() {
    check("go");
}

#[test]
fn python_lines_find_their_sites() {
    check("python");
}
