//! The browser's triage index for line-mode queries. A dataset that is one cached file has it
//! in its index cache, read in place at once. Otherwise it is built on a thread of its own the
//! first time a query needs it, so typing never waits for it; until it is ready a query is
//! ranked without the line side, and it runs again once the index is there.

use std::sync::{Arc, Mutex};

use crate::dataset::{Dataset, grew_from};
use crate::triage::Triage;

type Built = (Arc<Dataset>, Arc<Triage>);

#[derive(Default)]
pub struct LineIndex {
    ready: Option<Built>,
    /// The dataset a build is running for.
    building: Option<Arc<Dataset>>,
    done: Arc<Mutex<Option<Built>>>,
}

impl LineIndex {
    /// The index for `ds`, or for a dataset `ds` grew from (its record numbers still hold).
    /// Starts building one for `ds` when there is none yet; `rerun` is called when it is ready.
    pub fn get(
        &mut self,
        ds: &Arc<Dataset>,
        rerun: impl FnOnce() + Send + 'static,
    ) -> Option<Arc<Triage>> {
        let finished = self
            .done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(built) = finished {
            if self
                .building
                .as_ref()
                .is_some_and(|b| Arc::ptr_eq(b, &built.0))
            {
                self.building = None;
            }
            self.ready = Some(built);
        }
        let fresh = self.ready.as_ref().is_some_and(|(d, _)| Arc::ptr_eq(d, ds));
        let started = self.building.as_ref().is_some_and(|b| Arc::ptr_eq(b, ds));
        if !fresh && !started {
            match Triage::cached(ds) {
                Some(cached) => self.ready = Some((Arc::clone(ds), Arc::new(cached))),
                None => self.start(ds, rerun),
            }
        }
        self.ready
            .as_ref()
            .filter(|(d, _)| grew_from(d, ds))
            .map(|(_, t)| Arc::clone(t))
    }

    fn start(&mut self, ds: &Arc<Dataset>, rerun: impl FnOnce() + Send + 'static) {
        self.building = Some(Arc::clone(ds));
        let (ds, done) = (Arc::clone(ds), Arc::clone(&self.done));
        let build = move || {
            let triage = Arc::new(Triage::new(&ds));
            *done
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((ds, triage));
            rerun();
        };
        let spawned = std::thread::Builder::new()
            .name("errdex-line-index".into())
            .spawn(build);
        if spawned.is_err() {
            // No thread to spare: this query goes without the line side; the next one retries.
            self.building = None;
        }
    }
}
