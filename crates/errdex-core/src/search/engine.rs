//! The browser's search engine: one worker thread that always runs the newest request, drops
//! stale passes, and narrows from the previous matches when the query only grew.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use super::find::{FuzzySide, LineDetail, Mark, Via, find_with};
use super::index::Index;
use super::line_index::LineIndex;
use super::mode::Mode;
use super::pass;
use super::rank::Hit;
use super::{Context, Query};
use crate::dataset::Dataset;
use crate::dataset::grew_from;
use crate::facets::Facets;

/// How many ranked hits a result carries (the browser's list never shows more).
pub const LIMIT: usize = 1000;

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
    /// False for the partial results of a long pass that is still running.
    pub done: bool,
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
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn latest(&self) -> MutexGuard<'_, Option<Arc<Results>>> {
        self.latest.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn matches(&self) -> MutexGuard<'_, Option<Arc<Matches>>> {
        self.matches.lock().unwrap_or_else(|e| e.into_inner())
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
    /// `post` is called from the worker thread with each new result, partial ones included
    /// (`latest` keeps the newest too).
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

/// What the worker keeps between passes.
#[derive(Default)]
struct Worker {
    memo: Option<Memo>,
    /// The packed text of `indexed`'s records.
    index: Index,
    indexed: Option<Arc<Dataset>>,
    /// The triage index, for queries read as pasted lines.
    line: LineIndex,
}

/// Brings the index up to `ds`: nothing to do, append what loading added, or start over.
fn index_for<'i>(
    index: &'i mut Index,
    indexed: &mut Option<Arc<Dataset>>,
    ds: &Arc<Dataset>,
) -> &'i Index {
    match indexed {
        Some(old) if Arc::ptr_eq(old, ds) => {}
        Some(old) if grew_from(old, ds) => index.extend(ds.entries()),
        _ => *index = Index::build(ds.entries()),
    }
    *indexed = Some(Arc::clone(ds));
    index
}

/// What the previous finished pass matched, to narrow the next one.
struct Memo {
    query: Query,
    dataset: Arc<Dataset>,
    context: Context,
    matched: Arc<Matches>,
}

fn work(shared: &Arc<Shared>) {
    let mut worker = Worker::default();
    loop {
        {
            let mut st = shared.state();
            while !st.pending && !st.stop {
                st = shared.ready.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            if st.stop {
                return;
            }
        }
        step(shared, &mut worker);
    }
}

/// Runs the newest request once; publishes unless a newer request arrived meanwhile.
fn step(shared: &Arc<Shared>, worker: &mut Worker) {
    let (ds, ctx, text, generation, request, narrowing) = {
        let mut st = shared.state();
        st.pending = false;
        let Some(ds) = st.dataset.clone() else { return };
        (
            ds,
            st.context.clone(),
            st.query.clone(),
            st.generation,
            shared.request.load(Ordering::SeqCst),
            !st.narrowing_off,
        )
    };
    let stale = || shared.request.load(Ordering::SeqCst) != request;
    let publish = |results: Results| {
        if stale() {
            return;
        }
        let results = Arc::new(results);
        *shared.latest() = Some(Arc::clone(&results));
        (shared.post)(results);
    };
    let results =
        |hits: Vec<Hit>, marks: Vec<Mark>, matched: usize, total: usize, done: bool| Results {
            generation,
            query: text.clone(),
            mode: Mode::Typed,
            hits,
            marks,
            warnings: Vec::new(),
            matched,
            total,
            done,
            facets: None,
            details: Arc::default(),
        };
    let Worker {
        memo,
        index,
        indexed,
        line,
    } = worker;
    let mut fuzzy_memo = None;
    let mut fuzzy = |q: &Query| {
        let base = memo
            .as_ref()
            .filter(|_| narrowing)
            .and_then(|m| narrowing_base(m, q, &ds, &ctx));
        // A long pass (a huge dataset) shows its best so far; `total` says how much was searched.
        let searched_before = ds.len() - base.as_ref().map_or(ds.len(), |b| b.len());
        let partial = |hits: Vec<Hit>, matched: usize, scanned: usize| {
            let marks = vec![fuzzy_mark(); hits.len()];
            publish(results(
                hits,
                marks,
                matched,
                searched_before + scanned,
                false,
            ));
        };
        let index = index_for(index, indexed, &ds);
        let request = pass::Pass {
            ds: &ds,
            index,
            query: q,
            ctx: &ctx,
            candidates: base.as_deref(),
            limit: LIMIT,
            narrow: narrowing,
        };
        let partial = pass::Partial {
            report: &partial,
            after: pass::PARTIAL_AFTER,
        };
        let out = request.run_cancellable(&stale, Some(partial))?;
        fuzzy_memo = Some((q.clone(), out.matched.clone()));
        Some(FuzzySide {
            hits: out.hits,
            matched: out.matched,
            whole: out.whole,
        })
    };
    let mut line_side = |t: &str| {
        let shared = Arc::clone(shared);
        let triage = line.get(&ds, move || shared.changed(|_| {}))?;
        Some(triage.answer_line(ds.entries(), t, LIMIT))
    };
    let Some(found) = find_with(ds.entries(), &text, &ctx, LIMIT, &mut fuzzy, &mut line_side)
    else {
        return;
    };
    if let Some((query, matched)) = fuzzy_memo {
        *memo = Some(Memo {
            query,
            dataset: Arc::clone(&ds),
            context: ctx.clone(),
            matched: Arc::new(Matches {
                generation,
                indices: matched,
            }),
        });
    }
    let matches = Arc::new(Matches {
        generation,
        indices: found.indices,
    });
    if !stale() {
        // Before the results, so that whoever is woken by them finds the matching set.
        *shared.matches() = Some(Arc::clone(&matches));
    }
    let finished = Results {
        mode: found.mode,
        warnings: found.warnings,
        details: Arc::new(found.details),
        ..results(
            found.hits.iter().map(|r| r.hit).collect(),
            found.hits.iter().map(|r| r.mark).collect(),
            found.matched,
            ds.len(),
            true,
        )
    };
    publish(finished.clone());
    if !stale() {
        // The index is current unless only the line side ran (a pasted line found its record).
        let facets = match indexed {
            Some(of) if Arc::ptr_eq(of, &ds) => index.facets(&matches.indices),
            _ => super::facets_of(&ds, &matches.indices),
        };
        publish(Results {
            facets: Some(Arc::new(facets)),
            ..finished
        });
    }
}

fn fuzzy_mark() -> Mark {
    Mark {
        via: Via::Fuzzy,
        weak: false,
    }
}

/// The records worth looking at for `q` given the previous pass: its matches plus any records
/// added since, when `q` can only match a subset of what the previous query matched.
fn narrowing_base(m: &Memo, q: &Query, ds: &Arc<Dataset>, ctx: &Context) -> Option<Vec<u32>> {
    if m.context != *ctx || m.query.is_empty() || !q.narrows(&m.query) || !grew_from(&m.dataset, ds)
    {
        return None;
    }
    let old = m.dataset.len() as u32;
    let mut base = Vec::with_capacity(m.matched.indices.len() + ds.len() - old as usize);
    base.extend_from_slice(&m.matched.indices);
    base.extend(old..ds.len() as u32);
    Some(base)
}
