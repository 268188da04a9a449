//! Loading the datasets for the browser on a thread of its own: progress now and then, the
//! records loaded so far while a big dataset loads (searched at once), then the whole of it.

use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::tui::app::msg::{LoadSummary, Msg};
use errdex_core::dataset::Dataset;
use errdex_core::load::cache::Cache;
use errdex_core::load::{self, Loaded, Progress, SourceSpec};

/// How often the records loaded so far are searched while a big dataset loads.
const PARTIAL_EVERY: Duration = Duration::from_millis(200);
/// How often load progress is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Loads `specs`, handing `Msg::Progress`, `Msg::Partial` and finally `Msg::Loaded` to `send`.
pub fn spawn(specs: Vec<SourceSpec>, send: impl Fn(Msg) + Send + Sync + 'static) {
    thread::spawn(move || {
        let last = Mutex::new(Instant::now());
        let report = |p: Progress| {
            let Ok(mut last) = last.lock() else { return };
            if p.done || last.elapsed() < PROGRESS_EVERY {
                return;
            }
            *last = Instant::now();
            send(Msg::Progress(p));
        };
        let on_partial = |dataset: Dataset| send(Msg::Partial(Arc::new(dataset)));
        // The same index cache as the other commands, so a warm start is instant.
        let cache = Cache::open_default();
        // Which record wins when two sources hold one id depends on where each lives.
        let kinds = errdex_core::dataset::precedence::Layout::current();
        let options = load::Options {
            kinds: Some(&kinds),
            ..load::Options::default()
        };
        let loaded = load::load_streaming(
            &specs,
            options,
            cache.as_ref(),
            &report,
            PARTIAL_EVERY,
            &on_partial,
        );
        let summary = summarize(&loaded);
        let dataset = Arc::new(loaded.dataset);
        send(Msg::Loaded(dataset, summary));
    });
}

/// How many of the data's problems the overlay lists; `errdex validate` lists any number.
const LISTED_PROBLEMS: usize = 10_000;

fn summarize(loaded: &Loaded) -> LoadSummary {
    LoadSummary {
        records: loaded.dataset.len(),
        errors: loaded.errors(),
        warnings: loaded.warnings(),
        skipped: loaded.skipped,
        first_problem: loaded.diagnostics.first().map(|d| d.to_string()),
        problems: loaded
            .diagnostics
            .iter()
            .take(LISTED_PROBLEMS)
            .map(|d| d.to_string())
            .collect(),
    }
}
