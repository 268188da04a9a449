//! Typing narrows exactly: a query typed key by key, each keystroke narrowed from the previous
//! one's matches as the engine does, gives the same results as the same query searched fresh
//! with narrowing off, for the search tests' and the benchmark's queries on generated corpora
//! of both shapes.

use std::sync::{Arc, mpsc};
use std::time::Duration;

use errdex_core::dataset::Dataset;
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::search::{Engine, Results};

#[path = "../examples/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;

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

fn corpus(records: usize, zipf: bool) -> Arc<Dataset> {
    let mut f = tempfile::NamedTempFile::new().expect("a temp file");
    corpus::write(&mut f, records, 42, zipf).expect("written");
    let path = f.path().to_string_lossy().into_owned();
    Arc::new(load::load(&[SourceSpec::parse(&path)], Options::default(), &|_| {}).dataset)
}

struct Typist {
    engine: Engine,
    rx: mpsc::Receiver<()>,
}

impl Typist {
    fn new(ds: &Arc<Dataset>, narrowing: bool) -> Typist {
        let (tx, rx) = mpsc::channel();
        let engine = Engine::new(move |_| {
            let _ = tx.send(());
        });
        engine.set_narrowing(narrowing);
        engine.set_dataset(Arc::clone(ds));
        Typist { engine, rx }
    }

    /// The finished results of `query`, and every record they match.
    fn search(&self, query: &str) -> (Arc<Results>, Vec<u32>) {
        let g = self.engine.submit(query);
        loop {
            if let Some(r) = self.engine.latest()
                && r.generation == g
                && r.done
            {
                let m = self.engine.matches().expect("matches of finished results");
                assert_eq!(m.generation, g);
                return (r, m.indices.clone());
            }
            self.rx
                .recv_timeout(Duration::from_secs(60))
                .expect("results within a minute");
        }
    }
}

fn typed_equals_fresh(zipf: bool) {
    let ds = corpus(4000, zipf);
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
            let what = format!("{text:?} (zipf: {zipf})");
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
}

#[test]
fn typing_key_by_key_equals_a_fresh_search() {
    typed_equals_fresh(false);
}

#[test]
fn typing_key_by_key_equals_a_fresh_search_on_a_small_vocabulary() {
    typed_equals_fresh(true);
}
