//! The fast pass's estimate against SkimMatcherV2, and what a query prepares once.

use super::*;
use fuzzy_matcher::FuzzyMatcher;

#[test]
fn decides_like_skim_and_estimates_close_to_it() {
    let skim = fuzzy_matcher::skim::SkimMatcherV2::default();
    let cases = [
        ("connection refused", "conn"),
        ("connection refused", "cnrf"),
        ("src/net/conn_pool.rs", "conn"),
        ("ConnectionRefused", "Refused"),
        ("ConnectionRefused", "refused"),
        ("timeout waiting for lock", "tmo"),
        ("a/b/c", "xyz"),
        ("Tokio runtime", "TOKIO"),
    ];
    for (hay, needle) in cases {
        let cs = needle.chars().any(|c| c.is_ascii_uppercase());
        let ours =
            fuzzy::estimate(hay.as_bytes(), &Needle::new(needle.as_bytes(), cs)).map(|(s, _)| s);
        let theirs = skim.fuzzy_match(hay, needle);
        assert_eq!(ours.is_some(), theirs.is_some(), "{hay} / {needle}");
        if let (Some(o), Some(t)) = (ours, theirs) {
            assert!((o - t).abs() <= t / 3 + 8, "{hay} / {needle}: {o} vs {t}");
        }
    }
}

#[test]
fn a_term_no_tag_holds_reads_no_tags() {
    use crate::dataset::{Dataset, Entry};
    use crate::record::Record;
    use crate::search::pass::Pass;
    use crate::search::{Context, Query};
    let entries: Vec<Entry> = (0..300)
        .map(|i| {
            let r = Record {
                id: format!("{i:04}"),
                error_message: format!("pool {i} timed out"),
                tags: vec![["deadlock", "pool", "db"][i % 3].to_string()],
                file_path: Some(format!("src/net/pool{}.rs", i % 7)),
                ..Record::default()
            };
            Entry::from_record(r, 0, 0, 0, 1)
        })
        .collect();
    let ds = Dataset::of_rows(entries);
    let index = Index::build(ds.entries());
    let ctx = Context::default();
    let q = Query::parse("src/net/pool | deadlk tag:db");
    let prepared = Prepared::new(&index, &q, ctx.weights);
    // `src/net/pool` is in no tag; `deadlk` is in `deadlock` alone; `db` is one.
    assert!(prepared.tag_scores(0).is_none());
    assert!(
        prepared
            .tag_scores(1)
            .is_some_and(|s| s.iter().flatten().count() == 1)
    );
    assert!(prepared.tag_scores(2).is_some());
    // Tags are still read for the terms some tag holds (`deadlk` is in no message or path),
    // and a negated term no tag holds is still decided by the text.
    let cases = [
        ("deadlk", 100),
        ("!deadl", 200),
        ("tag:db", 100),
        ("tag:dbz", 0),
        ("!tag:dbz", 300),
        ("src/net/pool", 300),
        ("!src/net/pool", 0),
    ];
    for (text, count) in cases {
        let q = Query::parse(text);
        let out = Pass {
            narrow: false,
            ..crate::search::whole_pass(&ds, &index, &q, &ctx, 50)
        }
        .run();
        assert_eq!(out.matched.len(), count, "{text}");
    }
}
