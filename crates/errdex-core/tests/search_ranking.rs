//! Which record comes first for realistic queries on the embedded sample, determinism, and
//! agreement of the fast path with the SkimMatcherV2-only reference.

use errdex_core::dataset::Dataset;
use errdex_core::load::{self, Options};
use errdex_core::search::{self, Context, Query};

fn sample() -> Dataset {
    load::load(&[errdex_core::sample::spec()], Options::default(), &|_| {}).dataset
}

fn ids(ds: &Dataset, q: &str, limit: usize) -> Vec<String> {
    let found = search::search(ds, &Query::parse(q), &Context::default(), limit);
    found
        .hits
        .iter()
        .map(|h| ds.entries().at(h.index as usize).id.to_string())
        .collect()
}

fn first(ds: &Dataset, q: &str) -> String {
    ids(ds, q, 1).into_iter().next().unwrap_or_default()
}

#[test]
fn a_message_fragment_finds_its_record_first() {
    let ds = sample();
    assert_eq!(first(&ds, "nil map"), "58fe51a091e185cf");
    assert_eq!(first(&ds, "database is locked"), "c2806c2ccae5adc8");
    assert_eq!(first(&ds, "EADDRINUSE"), "7eeee1cdce874420");
}

#[test]
fn a_typo_still_finds_the_record() {
    let ds = sample();
    assert_eq!(first(&ds, "deadlok"), "c247199589bf85e9");
    let top = ids(&ds, "permision denied", 4);
    assert!(top.contains(&"557ea5512f47b335".to_string()), "{top:?}");
}

#[test]
fn a_whole_word_in_the_message_beats_a_scattered_hit_in_a_long_path() {
    let ds = sample();
    // "deadlock" is a word in two messages; many long paths hold d…e…a…d…l…o…c…k scattered.
    let top = ids(&ds, "deadlock", 2);
    assert_eq!(top, ["c247199589bf85e9", "ec052da0c34a06a9"]);
}

#[test]
fn a_tag_scope_only_looks_at_tags() {
    let ds = sample();
    let top = ids(&ds, "tag:borrowck", 10);
    assert_eq!(top.len(), 2, "{top:?}");
    let entries = ds.entries();
    for h in search::search(&ds, &Query::parse("t:deadlock"), &Context::default(), 100).hits {
        let e = entries.at(h.index as usize);
        assert!(e.tags.iter().any(|t| t == "deadlock"), "{}", e.id);
    }
}

#[test]
fn a_path_fragment_and_anchors() {
    let ds = sample();
    let top = ids(&ds, "path:runtime/map", 10);
    assert_eq!(top.len(), 2, "{top:?}");
    assert!(top.contains(&"58fe51a091e185cf".to_string()));
    let entries = ds.entries();
    let found = search::search(&ds, &Query::parse("p:.go$"), &Context::default(), 1000);
    assert!(found.matched > 0);
    for h in found.hits {
        let path = entries.at(h.index as usize).file_path.unwrap_or("");
        assert!(
            std::path::Path::new(path)
                .extension()
                .is_some_and(|e| e == "go"),
            "{path}"
        );
    }
}

#[test]
fn negation_removes_and_or_unites() {
    let ds = sample();
    let entries = ds.entries();
    let all = search::search(&ds, &Query::parse("timeout"), &Context::default(), 1000);
    let without = search::search(
        &ds,
        &Query::parse("timeout !python"),
        &Context::default(),
        1000,
    );
    assert!(without.matched < all.matched);
    for h in &without.hits {
        let e = entries.at(h.index as usize);
        assert!(!e.tags.iter().any(|t| t.contains("python")), "{}", e.id);
        assert!(!e.message.to_lowercase().contains("python"));
    }
    let either = ids(&ds, "'deadlock | EADDRINUSE", 10);
    assert!(
        either.contains(&"7eeee1cdce874420".to_string()),
        "{either:?}"
    );
    assert!(
        either.contains(&"c247199589bf85e9".to_string()),
        "{either:?}"
    );
    assert_eq!(either.len(), 3, "{either:?}");
}

#[test]
fn pinned_records_only_with_is_pinned() {
    let ds = sample();
    let mut ctx = Context::default();
    ctx.pinned.insert("c2806c2ccae5adc8".into());
    ctx.pinned.insert("58fe51a091e185cf".into());
    let q = Query::parse("is:pinned");
    let found = search::search(&ds, &q, &ctx, 10);
    assert_eq!(found.matched, 2);
    let q = Query::parse("is:pinned map");
    assert_eq!(search::search(&ds, &q, &ctx, 10).matched, 1);
    let q = Query::parse("!is:pinned");
    assert_eq!(search::search(&ds, &q, &ctx, 1000).matched, ds.len() - 2);
}

#[test]
fn the_empty_query_lists_everything_in_dataset_order() {
    let ds = sample();
    let found = search::search(&ds, &Query::parse(""), &Context::default(), 5);
    assert_eq!(found.matched, ds.len());
    let order: Vec<u32> = found.hits.iter().map(|h| h.index).collect();
    assert_eq!(order, [0, 1, 2, 3, 4]);
}

#[test]
fn the_same_query_gives_the_same_order() {
    let ds = sample();
    for q in ["e", "conn", "tag:rust", "a | b"] {
        let a = ids(&ds, q, 100);
        let b = ids(&ds, q, 100);
        assert_eq!(a, b, "{q}");
    }
}

/// Every prefix of the benchmark queries and the sample queries, as typed.
const TYPED: &[&str] = &[
    "connection refused",
    "tag:timeout",
    "src/net/pool",
    "nil pointr dereference",
    "qqzzxxjj",
    "deadline exceeded tag:go",
    "permission denied !test",
    "borrow moved",
    "path:runtime/map",
    "Cannot find module",
    "'deadlock | EADDRINUSE",
];

#[test]
fn the_fast_path_agrees_with_skim_alone_on_the_top_20() {
    // Thirty copies of the sample: more matches than the fast path hands to SkimMatcherV2, and
    // whole groups of equal scores, so both the candidate cut and the tie order are tested.
    let specs = vec![errdex_core::sample::spec(); 30];
    let ds = load::load(&specs, Options::default(), &|_| {}).dataset;
    let ctx = Context::default();
    for q in TYPED {
        for end in (1..=q.len()).filter(|&e| q.is_char_boundary(e)) {
            let parsed = Query::parse(&q[..end]);
            let fast = search::search(&ds, &parsed, &ctx, 20);
            let reference = search::search_exhaustive(&ds, &parsed, &ctx, 20);
            assert_eq!(fast, reference, "{:?}", &q[..end]);
        }
    }
}

#[test]
fn facets_count_the_whole_result_set() {
    let ds = sample();
    let f = search::facets(&ds, &Query::parse("tag:postgres"), &Context::default());
    let total: usize = f.by_repo.iter().map(|(_, n)| n).sum();
    let matched =
        search::search(&ds, &Query::parse("tag:postgres"), &Context::default(), 1).matched;
    assert_eq!(total, matched);
    assert_eq!(f.by_repo[0].0, "postgres/postgres");
}

#[test]
fn positions_mark_the_matched_characters() {
    let ds = sample();
    let e = ds
        .entries()
        .iter()
        .find(|e| e.id == "58fe51a091e185cf")
        .expect("in the sample");
    let p = search::positions(e, &Query::parse("'nil tag:go"));
    let message: Vec<char> = e.message.chars().collect();
    let marked: String = p.message.iter().map(|&i| message[i]).collect();
    assert_eq!(marked, "nil");
    let tags: Vec<&str> = p
        .tags
        .iter()
        .map(|(i, _)| e.tags.get(*i).unwrap())
        .collect();
    assert_eq!(tags, ["go", "nil"], "{p:?}");
    assert!(search::positions(e, &Query::parse("!nil")).is_empty());
}
