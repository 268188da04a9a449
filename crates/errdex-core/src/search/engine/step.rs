//! One run of the newest request on the worker: the fuzzy pass (narrowed from an earlier
//! pass's matches when the query can only match fewer, `memo`), the line side when the query
//! is a pasted line, the rows on screen published as soon as they are settled, then the whole
//! ranked top and its facets.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::answered::{Answered, deliver};
use super::memo::{Memo, Memos, earlier_sums};
use super::{LIMIT, Matches, Results, SETTLED_FIRST, Shared};
use crate::dataset::Dataset;
use crate::dataset::grew_from;
use crate::search::Query;
use crate::search::find::{FuzzySide, Mark, Ranked, Settled, Via, find_with};
use crate::search::index::Index;
use crate::search::line_index::LineIndex;
use crate::search::mode::Mode;
use crate::search::pass;
use crate::search::rank::Hit;

/// What the worker keeps between passes.
#[derive(Default)]
pub(super) struct Worker {
    /// The latest finished passes, to narrow from.
    memos: Memos,
    /// The packed text of `indexed`'s records.
    index: Index,
    indexed: Option<Arc<Dataset>>,
    /// The triage index, for queries read as pasted lines.
    line: LineIndex,
    /// The newest finished answer, for a keystroke that does not change it.
    answered: Option<Answered>,
}

/// Brings the index up to `ds`: nothing to do, append what loading added, or start over (also
/// when the records parsed so far come back read from the index cache: built again, the index
/// has the cache's postings, which rank a keystroke without reading every record).
fn index_for<'i>(
    index: &'i mut Index,
    indexed: &mut Option<Arc<Dataset>>,
    ds: &Arc<Dataset>,
) -> &'i Index {
    match indexed {
        Some(old) if Arc::ptr_eq(old, ds) => {}
        Some(old) if grew_from(old, ds) && index.extends_whole(ds.entries()) => {
            index.extend(ds.entries());
        }
        _ => *index = Index::build(ds.entries()),
    }
    *indexed = Some(Arc::clone(ds));
    index
}

/// Runs the newest request once; publishes unless a newer request arrived meanwhile.
pub(super) fn step(shared: &Arc<Shared>, worker: &mut Worker) {
    let (ds, ctx, text, generation, request, (narrowing, blocks, postings)) = {
        let mut st = shared.state();
        st.pending = false;
        let Some(ds) = st.dataset.clone() else { return };
        (
            ds,
            st.context.clone(),
            st.query.clone(),
            st.generation,
            shared.request.load(Ordering::SeqCst),
            (
                !st.narrowing_off,
                !st.narrowing_off && !st.blocks_off,
                !st.narrowing_off && !st.postings_off,
            ),
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
            settled: if done { hits.len() } else { 0 },
            generation,
            query: text.clone(),
            mode: Mode::Typed,
            hits,
            marks,
            warnings: Vec::new(),
            matched,
            total,
            done,
            counted: false,
            facets: None,
            details: Arc::default(),
        };
    if let Some(done) = worker
        .answered
        .as_mut()
        .filter(|a| a.answers(&ds, &ctx, &text))
    {
        // The same words again: a pass over a million records (`nil ` after `nil`: 70 ms)
        // would find the same rows.
        done.renew(generation, &text);
        deliver(
            done,
            shared,
            (&worker.index, &worker.indexed),
            (&stale, &publish),
        );
        return;
    }
    let Worker {
        memos,
        index,
        indexed,
        line,
        answered,
    } = worker;
    let mut fuzzy_memo = None;
    // When the postings settled the ranked top: the query and the records to count it over.
    let mut uncounted: Option<(Query, Option<Vec<u32>>)> = None;
    let mut fuzzy = |q: &Query| {
        let from = memos.start_from((q, narrowing), &ctx, &ds);
        let base = from
            .filter(|&(_, narrows)| narrows)
            .map(|(m, _)| m.base(&ds));
        let earlier = earlier_sums(from.map(|(m, _)| m), narrowing, &ctx, &ds);
        // A long pass (a huge dataset) shows its best so far; `total` says how much was searched.
        let searched_before = ds.len() - base.as_ref().map_or(ds.len(), Vec::len);
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
            narrow: blocks,
        };
        // When the postings could not settle the previous keystroke, they seldom settle this
        // one, and a pass that starts from its sums estimates one word where the walk would
        // bound them all (a misspelt word: `nil pointr dereference`, 1M records, p50 per
        // keystroke ~100 -> ~50 ms).
        let unsettled = memos.newest().is_some_and(|m| m.unsettled);
        let first = if postings && !(unsettled && earlier.is_some_and(|(s, _)| s.serve(q))) {
            request.run_first(&stale)?
        } else {
            None
        };
        if let Some(top) = first {
            // A walk that knows every match needs no count after it.
            if let pass::Matched::Exactly(all) = &top.matched {
                fuzzy_memo = Some((q.clone(), all.clone(), None, false));
            } else {
                uncounted = Some((q.clone(), base));
            }
            return Some(FuzzySide::from(top));
        }
        let partial = pass::Partial {
            report: &partial,
            after: pass::PARTIAL_AFTER,
        };
        let (out, scores) = request.run_keeping(earlier, &stale, Some(partial))?;
        fuzzy_memo = Some((q.clone(), out.matched.clone(), scores, postings));
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
    // The rows on screen, final before the rest of the top is judged; counts follow.
    let mut on_screen = |rows: &[Ranked], matched: usize| {
        let (hits, marks) = rows.iter().map(|r| (r.hit, r.mark)).unzip();
        // Ranked from the postings, the matches are not counted yet: the rows are a floor.
        let matched = matched.max(rows.len());
        publish(Results {
            settled: rows.len(),
            ..results(hits, marks, matched, ds.len(), false)
        });
    };
    let settled = Settled {
        rows: SETTLED_FIRST,
        report: &mut on_screen,
    };
    let Some(mut found) = find_with(
        ds.entries(),
        &text,
        &ctx,
        LIMIT,
        (&mut fuzzy, Some(settled)),
        &mut line_side,
    ) else {
        return;
    };
    if let Some((query, base)) = uncounted {
        // The ranked list now; its count and facets when every match is found.
        publish(Results {
            mode: found.mode,
            warnings: found.warnings.clone(),
            details: Arc::new(found.details.clone()),
            ..results(
                found.hits.iter().map(|r| r.hit).collect(),
                found.hits.iter().map(|r| r.mark).collect(),
                found.hits.len().max(found.matched),
                ds.len(),
                true,
            )
        });
        // The count estimates every match too, as a ranking pass does, and keeps the sums: the
        // next keystroke (a letter or a word more) starts from them where the walk cannot
        // settle it. Counted only, `connection re` left `connection ref` to estimate both words
        // of every record (1M `--zipf`: 77-110 ms a keystroke, 50-68 with the sums).
        let count = pass::Pass {
            ds: &ds,
            index: index_for(index, indexed, &ds),
            query: &query,
            ctx: &ctx,
            candidates: base.as_deref(),
            limit: LIMIT,
            narrow: blocks,
        };
        let from = memos.start_from((&query, narrowing), &ctx, &ds);
        let earlier = earlier_sums(from.map(|(m, _)| m), narrowing, &ctx, &ds);
        let Some((matched, scores)) = count.count_keeping(earlier, &stale) else {
            return;
        };
        found.indices = union(&found.indices, &matched);
        found.matched = found.indices.len();
        fuzzy_memo = Some((query, matched, scores, false));
    }
    if let Some((query, matched, scores, unsettled)) = fuzzy_memo {
        memos.keep(Memo {
            scores,
            unsettled,
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
    let finished = Results {
        mode: found.mode,
        warnings: found.warnings,
        details: Arc::new(found.details),
        counted: true,
        ..results(
            found.hits.iter().map(|r| r.hit).collect(),
            found.hits.iter().map(|r| r.mark).collect(),
            found.matched,
            ds.len(),
            true,
        )
    };
    let done = answered.insert(Answered {
        dataset: Arc::clone(&ds),
        context: ctx.clone(),
        text: text.trim().to_string(),
        results: finished,
        matches,
    });
    deliver(done, shared, (index, indexed), (&stale, &publish));
}

/// Two ascending lists of record indices merged, without repeats.
fn union(a: &[u32], b: &[u32]) -> Vec<u32> {
    if a.is_empty() {
        return b.to_vec();
    }
    let mut all = [a, b].concat();
    all.sort_unstable();
    all.dedup();
    all
}

fn fuzzy_mark() -> Mark {
    Mark {
        via: Via::Fuzzy,
        weak: false,
    }
}
