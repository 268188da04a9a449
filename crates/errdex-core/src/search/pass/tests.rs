//! A pass's partial reports, its cancellation, and the hits it drops on the way.

use std::sync::Mutex;

use super::*;
use crate::dataset::Entry;
use crate::record::Record;

/// A dataset of `n` records, every tenth one about a timeout.
fn dataset(n: usize) -> Dataset {
    let entries: Vec<Entry> = (0..n)
        .map(|i| {
            let r = Record {
                id: format!("{i:08}"),
                error_message: if i % 10 == 0 {
                    format!("request {i} timed out")
                } else {
                    format!("record {i} is fine")
                },
                ..Record::default()
            };
            Entry::from_record(r, 0, 0, 0, 1)
        })
        .collect();
    Dataset::of_rows(entries)
}

/// A pass that drops what it cannot rank as it goes, as `Pass::run` does, but cancellable and
/// reporting partial results.
fn run_cancellable(
    pass: &Pass,
    cancelled: &(dyn Fn() -> bool + Sync),
    partial: Option<Partial>,
) -> Option<Outcome> {
    run(pass, cancelled, partial, Keeps::Ranked).map(|(out, _)| out)
}

/// The best five of every record.
fn top_five<'a>(ds: &'a Dataset, index: &'a Index, q: &'a Query, ctx: &'a Context) -> Pass<'a> {
    crate::search::whole_pass(ds, index, q, ctx, 5)
}

#[test]
fn a_long_pass_reports_ranked_partial_results_then_the_whole() {
    let ds = dataset(CHUNK * 2 + 10);
    let index = Index::build(ds.entries());
    let q = Query::parse("timed");
    let reports = Mutex::new(Vec::new());
    let report = |hits: Vec<Hit>, matched: usize, scanned: usize| {
        reports.lock().unwrap().push((hits, matched, scanned));
    };
    let partial = Partial {
        report: &report,
        after: Duration::ZERO,
    };
    let ctx = Context::default();
    let pass = top_five(&ds, &index, &q, &ctx);
    let out = run_cancellable(&pass, &|| false, Some(partial)).expect("not cancelled");
    let reports = reports.into_inner().unwrap();
    // After the first chunk only: the second leaves less than a quarter of the work.
    assert_eq!(reports.len(), 1);
    let (hits, matched, scanned) = &reports[0];
    assert_eq!((*matched, *scanned), (CHUNK / 10 + 1, CHUNK));
    assert_eq!(hits.len(), 5);
    assert!(hits.iter().all(|h| (h.index as usize) < CHUNK));
    assert_eq!(out.matched.len(), (CHUNK * 2 + 10).div_ceil(10));
    assert_eq!(out.hits.len(), 5);
}

#[test]
fn a_pass_that_drops_what_it_cannot_rank_ranks_as_every_match_ranked_at_the_end() {
    let n = CHUNK * 3 + 17;
    // Words that score `re` differently, scattered; ids that put later records first on a
    // tie, so that the best are not simply the first scanned.
    let words = ["are", "re", "fire", "ore", "r e", "Re", "rear"];
    let entries: Vec<Entry> = (0..n)
        .map(|i| {
            let r = Record {
                id: format!("{:08}", n - i),
                error_message: format!("{} {}", words[i * 7919 % words.len()], i % 1000),
                ..Record::default()
            };
            Entry::from_record(r, 0, 0, 0, 1)
        })
        .collect();
    let ds = Dataset::of_rows(entries);
    let index = Index::build(ds.entries());
    let ctx = Context::default();
    // Each matches more than a chunk's worth of records.
    for (text, limit) in [("re", 5), ("re", 1500), ("r e", 20), ("e", 3)] {
        let q = Query::parse(text);
        let pass = Pass {
            limit,
            ..top_five(&ds, &index, &q, &ctx)
        };
        let dropping = pass.run();
        assert!(dropping.matched.len() > CHUNK, "{text}");
        // Keeping the sums for the next keystroke drops the same hits as it goes.
        let (keeping, scores) = pass
            .run_keeping(None, &|| false, None)
            .expect("not cancelled");
        assert_eq!(dropping.hits, keeping.hits, "{text}");
        assert_eq!(dropping.whole, keeping.whole, "{text}");
        assert_eq!(dropping.matched, keeping.matched, "{text}");
        // And both rank as every match's estimate (the sums kept) ranked at the end.
        let scores = scores.expect("a scored query keeps its sums");
        let every: Vec<Hit> = (keeping.matched.iter().zip(scores.whole()))
            .map(|(&index, &score)| Hit {
                index,
                score: i64::from(score),
            })
            .collect();
        let (want, want_whole) = rank((ds.entries(), &index), &q, &ctx, every, limit);
        assert_eq!(dropping.hits, want, "{text}");
        assert_eq!(dropping.whole, want_whole, "{text}");
        assert_eq!(dropping.hits.len(), limit, "{text}");
        // And so does what it reports on the way.
        let reported = |keep: bool| {
            let reports = Mutex::new(Vec::new());
            let report = |hits: Vec<Hit>, matched: usize, scanned: usize| {
                reports.lock().unwrap().push((hits, matched, scanned));
            };
            let partial = Some(Partial {
                report: &report,
                after: Duration::ZERO,
            });
            let out = if keep {
                pass.run_keeping(None, &|| false, partial).map(|(o, _)| o)
            } else {
                run_cancellable(&pass, &|| false, partial)
            };
            assert!(out.is_some());
            reports.into_inner().unwrap()
        };
        let (dropped, kept) = (reported(false), reported(true));
        assert_eq!(
            dropped.len(),
            2,
            "{text}: after two chunks; a third leaves under a quarter"
        );
        assert_eq!(dropped, kept, "{text}");
    }
    let q = Query::parse("!zzz");
    let out = top_five(&ds, &index, &q, &ctx).run();
    let first: Vec<u32> = out.hits.iter().map(|h| h.index).collect();
    assert_eq!((first, out.matched.len()), (vec![0, 1, 2, 3, 4], n));
}

#[test]
fn a_cancelled_pass_returns_nothing() {
    let ds = dataset(100);
    let index = Index::build(ds.entries());
    let q = Query::parse("fine");
    let ctx = Context::default();
    let pass = top_five(&ds, &index, &q, &ctx);
    assert!(run_cancellable(&pass, &|| true, None).is_none());
}

#[test]
fn a_pass_from_the_sums_a_count_kept_equals_a_fresh_one() {
    let ds = dataset(3000);
    let index = Index::build(ds.entries());
    let ctx = Context::default();
    let never = || false;
    // The last word grown (the sums without it), a word added (the sums of all), and both.
    for (first, next) in [("re ti", "re tim"), ("re", "re fi"), ("rec i", "rec is f")] {
        let (q1, q2) = (Query::parse(first), Query::parse(next));
        let count = top_five(&ds, &index, &q1, &ctx);
        let (matched, sums) = count.count_keeping(None, &never).expect("not cancelled");
        assert_eq!(
            matched,
            count.run().matched,
            "{first}: the count finds every match"
        );
        let sums = sums.expect("a scored query keeps its sums");
        assert!(sums.serve(&q2), "{next} starts from the sums of {first}");
        let pass = top_five(&ds, &index, &q2, &ctx);
        let (got, got_sums) = pass
            .run_keeping(Some((&sums, &matched)), &never, None)
            .expect("not cancelled");
        let (want, want_sums) = pass.run_keeping(None, &never, None).expect("not cancelled");
        assert!(!want.hits.is_empty(), "{next}");
        assert_eq!(got.hits, want.hits, "{next}");
        assert_eq!(got.matched, want.matched, "{next}");
        assert_eq!(got.whole, want.whole, "{next}");
        assert_eq!(got_sums, want_sums, "{next}");
    }
}
