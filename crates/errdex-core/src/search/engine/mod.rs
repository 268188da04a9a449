//! The browser's search engine: one worker thread that always runs the newest request, drops
//! stale passes, and narrows from the previous matches when the query only grew.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use super::Context;
use super::find::{LineDetail, Mark};
use super::mode::Mode;
use super::rank::Hit;
use crate::dataset::Dataset;
use crate::facets::Facets;

mod answered;
mod memo;
mod step;
use step::{Worker, step};

/// How many ranked hits a result carries (the browser's list never shows more).
pub const LIMIT: usize = 1000;

/// How many rows from the top are published as soon as they are final, before the rest of
/// the top `LIMIT` is judged: more than a terminal shows.
pub const SETTLED_FIRST: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Results {
    /// The `submit` these results answer.
    pub generation: u64,
    pub query: String,
    /// How the query was read: typed words or a pasted line.
    pub mode: Mode,
    /// Best first, at most `LIMIT`.
    pub hits: Vec<Hit>,
    /// How each hit matched and whether it is weak (same length as `hits`).
    pub marks: Vec<Mark>,
    /// Malformed parts of a typed query, and a note when a pasted query was cut.
    pub warnings: Vec<String>,
    /// How many records match in all.
    pub matched: usize,
    /// How many records were searched (the dataset may still be growing).
    pub total: usize,
    /// False for the partial results of a long pass that is still running, and for the rows on
    /// screen published before the rest.
    pub done: bool,
    /// Whether `matched` and `facets` are final. A ranked list settled from the word-start
    /// postings is published done before every match is counted (`matched` then counts the
    /// hits only), and again counted.
    pub counted: bool,
    /// How many of `hits`, from the top, are final: all of them when `done`; the rows on
    /// screen when they come first (`SETTLED_FIRST`); none in a long pass's partial results.
    pub settled: usize,
    /// Counts over every matched record. A finished pass publishes its results first and
    /// again with these, so counting never delays the ranked list.
    pub facets: Option<Arc<Facets>>,
    /// Per line-matched hit (by record index): its group's other sites and the line's chain
    /// (finished results of a pasted line only).
    pub details: Arc<BTreeMap<u32, LineDetail>>,
}

/// Every record the newest finished pass matched, for facets and anything else that needs the
/// whole result set rather than the ranked top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matches {
    /// The `submit` these answer (as in `Results`).
    pub generation: u64,
    /// Indices into `dataset.entries()`, in dataset order.
    pub indices: Vec<u32>,
}

#[derive(Default)]
struct State {
    dataset: Option<Arc<Dataset>>,
    context: Context,
    query: String,
    generation: u64,
    pending: bool,
    stop: bool,
    /// Every pass looks at every record (for tests comparing narrowed passes with this).
    narrowing_off: bool,
    /// The block summaries rule nothing out (for benchmarks against the scan of every record).
    blocks_off: bool,
    /// The ranked top is never settled from the word-start postings (for benchmarks).
    postings_off: bool,
}

struct Shared {
    state: Mutex<State>,
    ready: Condvar,
    /// Bumped by every request; a pass started under an older value is stale.
    request: AtomicU64,
    latest: Mutex<Option<Arc<Results>>>,
    matches: Mutex<Option<Arc<Matches>>>,
    /// Hands each published result to whoever shows them.
    post: Box<dyn Fn(Arc<Results>) + Send + Sync>,
}

impl Shared {
    // A panic while holding these locks would already have been reported by the panic hook; the
    // data behind them stays consistent (plain values swapped whole), so keep going.
    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn latest(&self) -> MutexGuard<'_, Option<Arc<Results>>> {
        self.latest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn matches(&self) -> MutexGuard<'_, Option<Arc<Matches>>> {
        self.matches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn changed(&self, f: impl FnOnce(&mut State)) {
        let mut st = self.state();
        f(&mut st);
        st.pending = true;
        self.request.fetch_add(1, Ordering::SeqCst);
        drop(st);
        self.ready.notify_one();
    }
}

/// Background search for the browser: no method blocks on a search.
pub struct Engine {
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

impl Engine {
    /// `post` is called with each new result, partial ones included (`latest` keeps the newest
    /// too): from the worker thread, and a long pass's partial results from a thread of the
    /// search's pool.
    pub fn new(post: impl Fn(Arc<Results>) + Send + Sync + 'static) -> Engine {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            ready: Condvar::new(),
            request: AtomicU64::new(0),
            latest: Mutex::new(None),
            matches: Mutex::new(None),
            post: Box::new(post),
        });
        let worker = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("errdex-search".into())
                .spawn(move || work(&shared))
                .ok()
        };
        if worker.is_none() {
            eprintln!("errdex: cannot start the search thread; searching on demand");
        }
        Engine { shared, worker }
    }

    /// Searches this dataset from now on (called again as loading grows it); re-runs the query.
    pub fn set_dataset(&self, ds: Arc<Dataset>) {
        self.shared.changed(|st| st.dataset = Some(ds));
        self.run_inline_without_worker();
    }

    /// Re-runs the current query with new context (pinned records).
    pub fn set_context(&self, ctx: Context) {
        self.shared.changed(|st| st.context = ctx);
        self.run_inline_without_worker();
    }

    /// Whether a pass may look only at the previous pass's matches when the query only grew
    /// (on by default; off, every pass reads every record, the reference narrowing must equal).
    pub fn set_narrowing(&self, on: bool) {
        self.shared.changed(|st| st.narrowing_off = !on);
        self.run_inline_without_worker();
    }

    /// Whether the block summaries may rule records out before the scan (on by default; off,
    /// the previous matches still narrow: a benchmark's "before").
    pub fn set_block_summaries(&self, on: bool) {
        self.shared.changed(|st| st.blocks_off = !on);
        self.run_inline_without_worker();
    }

    /// Whether the ranked top may be settled from the word-start postings before the matches
    /// are counted (on by default; off: every pass ranks from the full scan, a benchmark's
    /// "before").
    pub fn set_postings(&self, on: bool) {
        self.shared.changed(|st| st.postings_off = !on);
        self.run_inline_without_worker();
    }

    /// Starts searching for `query`; returns its generation. Older searches are abandoned.
    pub fn submit(&self, query: &str) -> u64 {
        let mut generation = 0;
        self.shared.changed(|st| {
            st.generation += 1;
            generation = st.generation;
            st.query = query.to_string();
        });
        self.run_inline_without_worker();
        generation
    }

    /// The newest finished results, if any.
    pub fn latest(&self) -> Option<Arc<Results>> {
        self.shared.latest().clone()
    }

    /// Every record the newest finished results match (see `search::facets_of`).
    pub fn matches(&self) -> Option<Arc<Matches>> {
        self.shared.matches().clone()
    }

    /// Without a worker thread (the OS refused one) searches run on the caller: slower, still correct.
    fn run_inline_without_worker(&self) {
        if self.worker.is_none() {
            step(&self.shared, &mut Worker::default());
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.shared.changed(|st| st.stop = true);
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn work(shared: &Arc<Shared>) {
    let mut worker = Worker::default();
    loop {
        {
            let mut st = shared.state();
            while !st.pending && !st.stop {
                st = shared
                    .ready
                    .wait(st)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
            if st.stop {
                return;
            }
        }
        step(shared, &mut worker);
    }
}
