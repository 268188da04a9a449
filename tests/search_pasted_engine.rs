//! The browser's engine ranks a pasted line as `errdex search` does: the same record first,
//! the mode and weak marks on the results, and a huge paste cut before it is searched.

mod support;

use std::sync::{Arc, mpsc};
use std::time::Duration;

use errdex::load::{self, Options, SourceSpec};
use errdex::search::{self, Context, Engine, Mode, Results};
use support::{pasted_data, pasted_lines};

fn engine() -> (Engine, mpsc::Receiver<()>) {
    let (tx, rx) = mpsc::channel();
    let e = Engine::new(move || {
        let _ = tx.send(());
    });
    (e, rx)
}

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
    let id = |r: &Results| ds.entries()[r.hits[0].index as usize].id.to_string();
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
        let blocking = search::find(&ds, line, &Context::default(), search::LIMIT);
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
