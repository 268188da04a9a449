//! A finished answer kept beside what it answered, so that a keystroke which leaves the words
//! the same is answered again without a pass, and how an answer is published.

use std::sync::Arc;

use super::{Matches, Results, Shared};
use crate::dataset::Dataset;
use crate::search::Context;
use crate::search::find::Via;
use crate::search::index::Index;
use crate::search::mode::{Mode, capped};

/// A finished answer and what it answered.
pub(super) struct Answered {
    pub(super) dataset: Arc<Dataset>,
    pub(super) context: Context,
    /// The query's text without the spaces around it.
    pub(super) text: String,
    pub(super) results: Results,
    pub(super) matches: Arc<Matches>,
}

impl Answered {
    /// Whether `text` asks what this answered: the same words (a space typed before the next
    /// one), read as typed words and not cut, and no line side that could read the space
    /// (one word, or a confident fuzzy row, so the line side did not run).
    pub(super) fn answers(&self, ds: &Arc<Dataset>, ctx: &Context, text: &str) -> bool {
        let r = &self.results;
        Arc::ptr_eq(&self.dataset, ds)
            && self.context == *ctx
            && self.text == text.trim()
            && r.mode == Mode::Typed
            && r.warnings.is_empty()
            && !capped(text).1
            && (text.split_whitespace().nth(1).is_none()
                || r.marks.iter().any(|m| m.via == Via::Fuzzy && !m.weak))
    }

    /// The same answer to a newer request (its generation and text).
    pub(super) fn renew(&mut self, generation: u64, text: &str) {
        self.matches = Arc::new(Matches {
            generation,
            indices: self.matches.indices.clone(),
        });
        self.results.generation = generation;
        text.clone_into(&mut self.results.query);
    }
}

/// Publishes a finished answer: its matching set, its results, then (unless a newer request
/// comes first) the results again with the counts over its matches, which it keeps for the
/// next time it answers.
pub(super) fn deliver(
    done: &mut Answered,
    shared: &Shared,
    (index, indexed): (&Index, &Option<Arc<Dataset>>),
    (stale, publish): (&dyn Fn() -> bool, &dyn Fn(Results)),
) {
    if !stale() {
        // Before the results, so that whoever is woken by them finds the matching set.
        *shared.matches() = Some(Arc::clone(&done.matches));
    }
    publish(done.results.clone());
    if stale() || done.results.facets.is_some() {
        return;
    }
    let (ds, indices) = (&done.dataset, &done.matches.indices);
    // The index is current unless only the line side ran (a pasted line found its record).
    // A keystroke that comes meanwhile should not wait for a million matches' counts.
    let facets = match indexed {
        Some(of) if Arc::ptr_eq(of, ds) => {
            let Some(f) = index.facets_while(indices, || !stale()) else {
                return;
            };
            f
        }
        _ => crate::search::facets_of(ds, indices),
    };
    done.results.facets = Some(Arc::new(facets));
    publish(done.results.clone());
}
