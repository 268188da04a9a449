use std::sync::Arc;

use crate::dataset::mapped::Table;
use crate::dataset::mapped_write;
use crate::dataset::{Dataset, Entry, Rows};
use crate::record::Record;
use crate::search::pass::Pass;
use crate::search::{Context, Query, index::Index, scan::Prepared};

use super::Filter;

const WORDS: &[&str] = &[
    "connection",
    "refused",
    "Timeout",
    "nil",
    "pointer",
    "dereference",
    "EADDRINUSE",
    "lock",
    "deadline",
    "exceeded",
    "permission",
    "denied",
    "café",
    "naïve",
    "x",
    "q",
    "a-b",
    "run_time",
];
const DIRS: &[&str] = &["src", "net", "pool", "runtime", "map", "lib", "Ü"];
const TAGS: &[&str] = &["go", "rust", "timeout", "io", "test", "db"];

/// Records of a few words each, paths and tags from small lists, seeded.
fn entries(n: usize, seed: u64) -> Vec<Entry> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n)
        .map(|i| {
            let words = 1 + rng.usize(..5);
            let msg: Vec<&str> = (0..words)
                .map(|_| WORDS[rng.usize(..WORDS.len())])
                .collect();
            let path = rng.bool().then(|| {
                let d: Vec<&str> = (0..=rng.usize(..3))
                    .map(|_| DIRS[rng.usize(..DIRS.len())])
                    .collect();
                format!("{}/f{}.rs", d.join("/"), rng.usize(..9))
            });
            let tags = (0..rng.usize(..3))
                .map(|_| TAGS[rng.usize(..TAGS.len())].to_string())
                .collect();
            let r = Record {
                id: format!("{i:06}"),
                error_message: msg.join(if rng.bool() { " " } else { ": " }),
                file_path: path,
                tags,
                ..Record::default()
            };
            Entry::from_record(r, 0, 0, 0, 1)
        })
        .collect()
}

fn dataset(rows: impl Into<Rows>) -> Dataset {
    Dataset::of_rows(rows)
}

/// The same records parsed, and as a mapped table (as read from the index cache).
fn both(n: usize, seed: u64) -> [Dataset; 2] {
    let es = entries(n, seed);
    let (layout, bytes) = mapped_write::write(&es).expect("laid out");
    let table = Table::new(bytes.into(), layout).expect("a table");
    [dataset(es), dataset(Rows::Mapped(Arc::new(table)))]
}

const QUERIES: &[&str] = &[
    "conn",
    "cnrf",
    "CONN",
    "Timeout",
    "timeout",
    "tmo",
    "nil pointr",
    "'lock",
    "^dead",
    "ied$",
    "^x$",
    "tag:go",
    "tag:timeout",
    "tag:zz",
    "path:runtime/map",
    "path:pool",
    "caf",
    "café",
    "naïve",
    "Ü",
    "!lock",
    "conn !refused",
    "conn | lock",
    "deadline | tag:io",
    "repo:acme",
    "zzz",
    "q",
    "a-b",
    "run_time",
    "rntm",
    "e",
    "ee",
    "xx",
    "eaddr",
    "x/f",
    "s/f1",
];

#[test]
fn a_narrowed_pass_finds_exactly_what_a_whole_pass_finds() {
    let ctx = Context::default();
    let mut ruled_out = 0;
    for seed in 0..4 {
        for ds in both(700, seed) {
            let index = Index::build(ds.entries());
            for text in QUERIES {
                let q = Query::parse(text);
                let pass = |narrow| Pass {
                    narrow,
                    ..crate::search::whole_pass(&ds, &index, &q, &ctx, 50)
                };
                let (on, off) = (pass(true).run(), pass(false).run());
                assert_eq!(on.hits, off.hits, "{text:?}, seed {seed}");
                assert_eq!(on.matched, off.matched, "{text:?}, seed {seed}");
                assert_eq!(on.whole, off.whole, "{text:?}, seed {seed}");
                let prepared = Prepared::new(&index, &q, ctx.weights);
                if let Some(f) = Filter::new(&q, &prepared, &index) {
                    let kept: usize = index
                        .records_kept(|m| f.keeps(m))
                        .iter()
                        .map(ExactSizeIterator::len)
                        .sum();
                    ruled_out += usize::from(kept < ds.len());
                }
            }
        }
    }
    // The comparison is of passes that read fewer records.
    assert!(ruled_out > 20, "{ruled_out}");
}

#[test]
fn narrowing_within_the_previous_matches_keeps_their_order() {
    let [ds, _] = both(300, 9);
    let index = Index::build(ds.entries());
    let ctx = Context::default();
    let q = Query::parse("conn");
    let previous: Vec<u32> = (0..300).step_by(3).collect();
    let pass = |narrow| Pass {
        candidates: Some(&previous),
        narrow,
        ..crate::search::whole_pass(&ds, &index, &q, &ctx, 20)
    };
    let (on, off) = (pass(true).run(), pass(false).run());
    assert_eq!((on.hits, on.matched), (off.hits, off.matched));
}

#[test]
fn a_query_no_block_can_hold_reads_no_record() {
    let [ds, _] = both(200, 1);
    let index = Index::build(ds.entries());
    let q = Query::parse("zzz");
    let prepared = Prepared::new(&index, &q, crate::search::Weights::default());
    let f = Filter::new(&q, &prepared, &index).expect("a text term narrows");
    assert!(index.records_kept(|m| f.keeps(m)).is_empty());
    let negated = Query::parse("!zzz");
    let prepared = Prepared::new(&index, &negated, crate::search::Weights::default());
    assert!(
        Filter::new(&negated, &prepared, &index).is_none(),
        "a negated term rules nothing out"
    );
}
