//! A new dataset for the browser: the model's, the engine's and the triage worker's.

use std::sync::Arc;

use super::effect::{Effect, Handoff};
use super::model::Model;
use super::step::Step;
use errdex_core::dataset::Dataset;

/// The loader's records so far (or all of them) become the model's; the engine and the triage
/// worker get them through an effect, and the query is searched again.
pub(crate) fn use_dataset(m: &mut Model, dataset: Arc<Dataset>, complete: bool) -> Step {
    let replaced = m.dataset.replace(Arc::clone(&dataset));
    Step::redraw()
        .with(Effect::UseDataset(Handoff {
            dataset,
            complete,
            replaced,
        }))
        .with(Effect::Search(m.query.to_string()))
}
