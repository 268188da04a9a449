//! Typing narrows exactly: a query typed key by key, each keystroke narrowed from an earlier
//! one's matches as the engine does (the previous one's; after a backspace or a negated word
//! grown, one typed before), gives the same results as the same query searched fresh
//! with narrowing off (neither the previous matches nor the block summaries), for the search
//! tests' and the benchmark's queries on generated corpora of both shapes, parsed and read in
//! place from the index cache. And `errdex search`'s ranking without a count (`find_top`) gives
//! the same rows as the counted one.

use std::sync::{Arc, mpsc};
use std::time::Duration;

use errdex_core::dataset::{Dataset, PartView};
use errdex_core::load::cache::Cache;
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::search::{Engine, Results};

#[path = "../examples/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;
use corpus::Shape;

/// The benchmark's queries, the ranking tests' and the engine tests'.
const QUERIES: &[&str] = &[
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
    "conn refused",
    "lock timeout repo:acme",
    "e",
    "a | b",
];

/// The corpus parsed, or (`cached`) read in place from an index cache built for it first.
fn corpus(records: usize, shape: Shape, cached: bool) -> Arc<Dataset> {
    let mut f = tempfile::NamedTempFile::new().expect("a temp file");
    corpus::write(&mut f, records, 42, shape).expect("written");
    let path = f.path().to_string_lossy().into_owned();
    let specs = [SourceSpec::parse(&path)];
    if !cached {
        return Arc::new(load::load(&specs, Options::default(), &|_| {}).dataset);
    }
    let dir = tempfile::tempdir().expect("a cache folder");
    let cache = Cache::new(dir.path());
    // The load that builds the cache reads the records back from it.
    let ds = load::load_cached(&specs, Options::default(), Some(&cache), &|_| {}).dataset;
    assert!(
        ds.entries()
            .parts()
            .into_iter()
            .all(|(_, p)| matches!(p, PartView::Mapped { .. })),
        "read from the cache"
    );
    Arc::new(ds)
}

struct Typist {
    engine: Engine,
    rx: mpsc::Receiver<Arc<Results>>,
    /// How many searches published their rows on screen before the rest.
    settled_first: std::cell::Cell<usize>,
    /// How many published their ranked list before counting the matches.
    ranked_first: std::cell::Cell<usize>,
}

impl Typist {
    fn new(ds: &Arc<Dataset>, narrowing: bool) -> Typist {
        let (tx, rx) = mpsc::channel();
        let engine = Engine::new(move |r| {
            let _ = tx.send(r);
        });
        engine.set_narrowing(narrowing);
        engine.set_dataset(Arc::clone(ds));
        Typist {
            engine,
            rx,
            settled_first: Default::default(),
            ranked_first: Default::default(),
        }
    }

    /// The finished results of `query`, and every record they match. Rows published as
    /// settled before them must be the finished list's first rows.
    fn search(&self, query: &str) -> (Arc<Results>, Vec<u32>) {
        let g = self.engine.submit(query);
        let mut early: Option<Arc<Results>> = None;
        let mut uncounted: Option<Arc<Results>> = None;
        loop {
            let r = self
                .rx
                .recv_timeout(Duration::from_secs(60))
                .expect("results within a minute");
            if r.generation != g {
                continue;
            }
            if !r.done {
                if r.settled > 0 {
                    early = Some(r);
                }
                continue;
            }
            assert_eq!(r.settled, r.hits.len(), "{query:?}");
            if !r.counted {
                uncounted = Some(r);
                continue;
            }
            if let Some(u) = &uncounted {
                assert_eq!(u.hits, r.hits, "{query:?}: ranked before counted");
                assert_eq!(u.marks, r.marks, "{query:?}: ranked before counted");
                self.ranked_first.set(self.ranked_first.get() + 1);
            }
            if let Some(e) = early {
                let n = e.settled;
                assert_eq!(e.hits[..n], r.hits[..n], "{query:?}: rows on screen first");
                assert_eq!(
                    e.marks[..n],
                    r.marks[..n],
                    "{query:?}: rows on screen first"
                );
                if uncounted.is_none() {
                    assert_eq!(e.matched, r.matched, "{query:?}");
                }
                self.settled_first.set(self.settled_first.get() + 1);
            }
            let m = self.engine.matches().expect("matches of finished results");
            assert_eq!(m.generation, g);
            return (r, m.indices.clone());
        }
    }
}

fn typed_equals_fresh(shape: Shape, cached: bool) {
    // Long messages are slow to rank in a debug build: fewer of them, but more than the 2,000
    // candidates a walk keeps (one that keeps fewer knows every match and counts nothing after).
    let records = if shape == Shape::Dense { 2500 } else { 4000 };
    let ds = corpus(records, shape, cached);
    let typing = Typist::new(&ds, true);
    let fresh = Typist::new(&ds, false);
    let mut narrowed = 0;
    for q in QUERIES {
        typing.search("");
        let mut previous = ds.len();
        let ends = (1..=q.len()).filter(|&e| q.is_char_boundary(e));
        // Typed on, then one key deleted (the query widens again).
        for text in ends.map(|e| &q[..e]).chain([&q[..q.len() - 1]]) {
            let (got, got_set) = typing.search(text);
            let (want, want_set) = fresh.search(text);
            let what = format!("{text:?} ({shape:?}, cached: {cached})");
            assert_eq!(got.hits, want.hits, "{what}");
            assert_eq!(got.marks, want.marks, "{what}");
            assert_eq!((got.matched, got.mode), (want.matched, want.mode), "{what}");
            assert_eq!(got_set, want_set, "{what}");
            narrowed += usize::from(got.matched < previous);
            previous = got.matched;
        }
    }
    // Typing narrowed the matches often: the comparison is of narrowed passes.
    assert!(narrowed > 50, "{narrowed}");
    // And the rows on screen often came first.
    let first = typing.settled_first.get();
    assert!(first > 50, "{first}");
    // Read from the cache, the postings settled many ranked lists before their count.
    let ranked = typing.ranked_first.get();
    eprintln!("{shape:?}, cached {cached}: {ranked} ranked before counted");
    assert!(!cached || ranked > 5, "{ranked}");
}

#[test]
fn typing_key_by_key_equals_a_fresh_search() {
    typed_equals_fresh(Shape::Phrases, false);
}

#[test]
fn typing_key_by_key_equals_a_fresh_search_on_a_small_vocabulary() {
    typed_equals_fresh(Shape::Zipf, false);
}

#[test]
fn typing_key_by_key_equals_a_fresh_search_read_from_the_cache() {
    typed_equals_fresh(Shape::Phrases, true);
}

#[test]
fn typing_key_by_key_equals_a_fresh_search_on_long_messages_of_few_words_read_from_the_cache() {
    typed_equals_fresh(Shape::Dense, true);
}

/// `find_top` ranks every query and each of its prefixes as `find` does; where it did not count
/// every match its count is a floor of `find`'s, at least the candidates the walk keeps.
fn top_equals_counted(shape: Shape) {
    use errdex_core::search::{self, Context};
    let ds = corpus(4000, shape, true);
    let ctx = Context::default();
    let mut floors = 0;
    for q in QUERIES {
        let ends = (1..=q.len()).filter(|&e| q.is_char_boundary(e));
        for text in ends.map(|e| &q[..e]) {
            for limit in [1, 20, 1000] {
                let top = search::find_top(&ds, text, &ctx, limit);
                let all = search::find(&ds, text, &ctx, limit);
                let what = format!("{text:?} ({shape:?}, limit {limit})");
                assert_eq!(top.hits, all.hits, "{what}");
                assert_eq!((top.mode, &top.details), (all.mode, &all.details), "{what}");
                assert!(!all.at_least, "{what}");
                if top.at_least {
                    floors += 1;
                    assert!(top.matched >= 2000 && top.matched <= all.matched, "{what}");
                    assert!(top.matched > top.hits.len(), "{what}");
                } else {
                    assert_eq!(top.indices, all.indices, "{what}");
                    assert_eq!(top.matched, all.matched, "{what}");
                }
            }
        }
    }
    // The walk settled many of them: the comparison is of rankings that skipped the count.
    eprintln!("{shape:?}: {floors} ranked without a count");
    assert!(floors > 20, "{floors}");
}

#[test]
fn ranking_without_a_count_equals_ranking_with_one() {
    top_equals_counted(Shape::Phrases);
}

#[test]
fn ranking_without_a_count_equals_ranking_with_one_on_a_small_vocabulary() {
    top_equals_counted(Shape::Zipf);
}
