//! The browser's engine: newest query wins, results equal the blocking search, a growing
//! dataset and a new context re-run the query, dropping it stops its thread, a pasted line ranks
//! as `errdex search` ranks it.

mod support;

use std::io::Write;
use std::sync::{Arc, mpsc};
use std::time::Duration;

use errdex_core::dataset::Dataset;
use errdex_core::load::{self, Options, SourceSpec};
use errdex_core::search::{self, Context, Engine, LIMIT, Mode, Query, Results};
use support::{pasted_data, pasted_lines};

fn load_bytes(bytes: &[u8]) -> Arc<Dataset> {
    let mut f = tempfile::NamedTempFile::new().expect("a temp file");
    f.write_all(bytes).expect("written");
    let path = f.path().to_string_lossy().into_owned();
    Arc::new(load::load(&[SourceSpec::parse(&path)], Options::default(), &|_| {}).dataset)
}

fn sample() -> Arc<Dataset> {
    load_bytes(errdex_core::sample::SAMPLE_JSONL)
}

fn engine() -> (Engine, mpsc::Receiver<()>) {
    let (tx, rx) = mpsc::channel();
    let e = Engine::new(move |_| {
        let _ = tx.send(());
    });
    (e, rx)
}

/// Waits until the engine publishes results that satisfy `ok`.
fn wait(e: &Engine, rx: &mpsc::Receiver<()>, ok: impl Fn(&Results) -> bool) -> Arc<Results> {
    loop {
        if let Some(r) = e.latest()
            && ok(&r)
        {
            return r;
        }
        rx.recv_timeout(Duration::from_secs(20))
            .expect("results within 20 s");
    }
}

fn expected(ds: &Dataset, q: &str, ctx: &Context) -> search::Found {
    search::search(ds, &Query::parse(q), ctx, LIMIT)
}

#[test]
fn results_equal_the_blocking_search() {
    let ds = sample();
    let (e, rx) = engine();
    e.set_dataset(Arc::clone(&ds));
    let first = wait(&e, &rx, |r| r.done);
    assert_eq!(
        (first.generation, first.matched, first.total),
        (0, ds.len(), ds.len())
    );
    let g = e.submit("conn refused");
    // The rows on screen may come first (not done); the finished list is the blocking search's.
    let r = wait(&e, &rx, |r| r.generation == g && r.done);
    let want = expected(&ds, "conn refused", &Context::default());
    assert_eq!(r.hits, want.hits);
    assert_eq!(r.matched, want.matched);
    assert_eq!(r.query, "conn refused");
    assert!(r.done);
    let m = e.matches().expect("the matching set of finished results");
    assert_eq!((m.generation, m.indices.len()), (g, r.matched));
    let f = search::facets_of(&ds, &m.indices);
    let want = search::facets(&ds, &Query::parse("conn refused"), &Context::default());
    assert_eq!(f, want);
    // The same results come again with the facets, counted off the caller's thread.
    let with = wait(&e, &rx, |r| r.generation == g && r.facets.is_some());
    assert_eq!(with.hits, r.hits);
    assert_eq!(with.facets.as_deref(), Some(&want));
}

#[test]
fn the_newest_query_wins_and_narrowing_changes_nothing() {
    let ds = sample();
    let (e, rx) = engine();
    e.set_dataset(Arc::clone(&ds));
    let typed = "deadline exceeded";
    let mut last = 0;
    for end in 1..=typed.len() {
        let g = e.submit(&typed[..end]);
        assert!(g > last, "generations increase");
        last = g;
    }
    let r = wait(&e, &rx, |r| r.generation == last);
    let want = expected(&ds, typed, &Context::default());
    assert_eq!((r.hits.clone(), r.matched), (want.hits, want.matched));
    // Typed slowly, every keystroke narrows from the previous one: same answers.
    for end in 1..=typed.len() {
        let g = e.submit(&typed[..end]);
        let r = wait(&e, &rx, |r| r.generation == g);
        let want = expected(&ds, &typed[..end], &Context::default());
        assert_eq!(
            (r.hits.clone(), r.matched),
            (want.hits, want.matched),
            "{}",
            &typed[..end]
        );
    }
    // Deleting characters widens the query again.
    let g = e.submit("dead");
    let r = wait(&e, &rx, |r| r.generation == g);
    assert_eq!(
        r.matched,
        expected(&ds, "dead", &Context::default()).matched
    );
}

#[test]
fn a_space_before_the_next_word_answers_at_once_with_the_same_rows() {
    let ds = sample();
    let (tx, rx) = mpsc::channel();
    let e = Engine::new(move |r: Arc<Results>| {
        let _ = tx.send(r);
    });
    e.set_dataset(Arc::clone(&ds));
    let next = || rx.recv_timeout(Duration::from_secs(20)).expect("results");
    let g = e.submit("conn refused");
    let before = loop {
        let r = next();
        if r.generation == g && r.facets.is_some() {
            break r;
        }
    };
    let g = e.submit("conn refused ");
    // One message, finished and counted: no pass ran again.
    let r = next();
    assert_eq!((r.generation, r.query.as_str()), (g, "conn refused "));
    assert!(r.done && r.counted && r.settled == r.hits.len());
    assert_eq!(
        (&r.hits, &r.marks, r.matched, &r.facets),
        (&before.hits, &before.marks, before.matched, &before.facets)
    );
    let want = expected(&ds, "conn refused ", &Context::default());
    assert_eq!((&r.hits, r.matched), (&want.hits, want.matched));
    let m = e.matches().expect("the matching set");
    assert_eq!((m.generation, m.indices.len()), (g, r.matched));
    // A word more is searched again.
    let g = e.submit("conn refused x");
    let r = loop {
        let r = next();
        if r.generation == g && r.done && r.counted {
            break r;
        }
    };
    let want = expected(&ds, "conn refused x", &Context::default());
    assert_eq!((&r.hits, r.matched), (&want.hits, want.matched));
}

#[test]
fn a_growing_dataset_reruns_the_query() {
    let all = errdex_core::sample::SAMPLE_JSONL;
    let cut = all
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(39)
        .map(|(i, _)| i + 1)
        .expect("the sample has more than 40 lines");
    let (part, full) = (load_bytes(&all[..cut]), load_bytes(all));
    assert!(part.len() < full.len());
    let (e, rx) = engine();
    e.set_dataset(Arc::clone(&part));
    let g = e.submit("co");
    wait(&e, &rx, |r| r.generation == g && r.total == part.len());
    let g = e.submit("conn");
    e.set_dataset(Arc::clone(&full));
    let r = wait(&e, &rx, |r| r.generation == g && r.total == full.len());
    let want = expected(&full, "conn", &Context::default());
    assert_eq!((r.hits.clone(), r.matched), (want.hits, want.matched));
}

#[test]
fn a_new_context_reruns_the_query() {
    let ds = sample();
    let (e, rx) = engine();
    e.set_dataset(Arc::clone(&ds));
    let g = e.submit("is:pinned");
    let r = wait(&e, &rx, |r| r.generation == g);
    assert_eq!(r.matched, 0);
    let mut ctx = Context::default();
    ctx.pinned.insert(ds.entries().at(3).id.to_string());
    e.set_context(ctx);
    let r = wait(&e, &rx, |r| r.generation == g && r.matched == 1);
    assert_eq!(r.hits[0].index, 3);
}

#[test]
fn dropping_the_engine_stops_its_thread() {
    let witness = Arc::new(());
    let held = Arc::clone(&witness);
    let e = Engine::new(move |_| {
        let _ = &held;
    });
    e.set_dataset(sample());
    e.submit("timeout");
    drop(e);
    // The wake closure lives in the worker's shared state: it is gone once the thread has ended.
    assert_eq!(Arc::strong_count(&witness), 1);
}

/// The browser ranks a pasted line as `errdex search` does: the same record first, the mode
/// and weak marks on the results, and a huge paste cut before it is searched.
#[test]
fn the_engine_ranks_pasted_lines_like_search() {
    let specs: Vec<SourceSpec> = pasted_data()
        .iter()
        .map(|p| SourceSpec::parse(&p.to_string_lossy()))
        .collect();
    let ds = Arc::new(load::load(&specs, Options::default(), &|_| {}).dataset);
    let (e, rx) = engine();
    e.set_dataset(Arc::clone(&ds));
    wait(&e, &rx, |r| r.done);
    let id = |r: &Results| ds.entries().at(r.hits[0].index as usize).id.to_string();
    // The line index is built on first use; the query runs again when it is ready.
    let lines = pasted_lines();
    let (first_id, first_line) = lines.iter().find(|(id, _)| id.is_some()).expect("a line");
    let g = e.submit(first_line);
    let r = wait(&e, &rx, |r| {
        r.generation == g && r.done && r.marks.iter().any(|m| m.via == search::Via::Line)
    });
    assert_eq!(Some(id(&r)), first_id.clone());
    for (want, line) in &lines {
        let g = e.submit(line);
        let r = wait(&e, &rx, |r| r.generation == g && r.facets.is_some());
        let blocking = search::find(&ds, line, &Context::default(), LIMIT);
        assert_eq!(r.mode, blocking.mode, "{line}");
        let hits: Vec<_> = blocking.hits.iter().map(|h| h.hit).collect();
        let marks: Vec<_> = blocking.hits.iter().map(|h| h.mark).collect();
        assert_eq!((&r.hits, &r.marks), (&hits, &marks), "{line}");
        let confident = r.marks.iter().any(|m| !m.weak);
        match want {
            Some(want) => assert!(confident && &id(&r) == want, "{want} <- {line}"),
            None => assert!(!confident, "nothing confident <- {line}"),
        }
    }
    let g = e.submit(&format!("ERROR deadlock detected {}", "x".repeat(300_000)));
    let r = wait(&e, &rx, |r| r.generation == g && r.done);
    assert_eq!(r.mode, Mode::Line);
    assert!(
        r.warnings.iter().any(|w| w.contains("only its start")),
        "{:?}",
        r.warnings
    );
    assert_eq!(id(&r), "c247199589bf85e9");
}
