//! Loading the datasets for the browser on a thread of its own: progress now and then, the
//! records loaded so far while a big dataset loads (searched at once), then the whole of it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::inbox::Inbox;
use super::worker::{Job, Take};
use crate::tui::app::msg::{LoadSummary, Msg};
use errdex_core::dataset::Dataset;
use errdex_core::dataset::precedence::Layout;
use errdex_core::load::cache::Cache;
use errdex_core::load::{self, Loaded, Progress, SourceSpec};

/// How often the records loaded so far are searched while a big dataset loads.
const PARTIAL_EVERY: Duration = Duration::from_millis(200);
/// How often load progress is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Load these sources, posting `Msg::Progress`, `Msg::Partial` and finally `Msg::Loaded`.
pub struct Load {
    pub specs: Vec<SourceSpec>,
    /// Where each kind of source lives, from the config the browser started with.
    pub kinds: Layout,
}

impl Job for Load {
    type State = ();
    const TAKE: Take = Take::Each;

    fn run(self, (): &mut (), inbox: &Inbox) {
        let last = Mutex::new(Instant::now());
        let report = |p: Progress| {
            let Ok(mut last) = last.lock() else { return };
            if p.done || last.elapsed() < PROGRESS_EVERY {
                return;
            }
            *last = Instant::now();
            inbox.post(Msg::Progress(p));
        };
        let on_partial = |dataset: Dataset| {
            inbox.post(Msg::Partial(Arc::new(dataset)));
        };
        // The same index cache as the other commands, so a warm start is instant.
        let cache = Cache::open_default();
        let options = load::Options {
            kinds: Some(&self.kinds),
            ..load::Options::default()
        };
        let loaded = load::load_streaming(
            &self.specs,
            options,
            cache.as_ref(),
            &report,
            PARTIAL_EVERY,
            &on_partial,
        );
        let summary = summarize(&loaded);
        let dataset = Arc::new(loaded.dataset);
        inbox.post(Msg::Loaded(dataset, summary));
    }
}

/// Whether the sources can be read a second time: not stdin, nor a pipe named by its path
/// (what was read from those is gone).
pub fn reloadable(specs: &[SourceSpec]) -> bool {
    specs.iter().all(|spec| match spec {
        SourceSpec::Stdin => false,
        SourceSpec::Path(path) => {
            std::fs::metadata(path).map_or(true, |m| m.is_file() || m.is_dir())
        }
        SourceSpec::Embedded { .. } => true,
    })
}

/// How many of the data's problems the overlay lists; `errdex validate` lists any number.
const LISTED_PROBLEMS: usize = 10_000;

fn summarize(loaded: &Loaded) -> LoadSummary {
    LoadSummary {
        records: loaded.dataset.len(),
        errors: loaded.errors(),
        warnings: loaded.warnings(),
        skipped: loaded.skipped,
        first_problem: loaded.diagnostics.first().map(ToString::to_string),
        problems: loaded
            .diagnostics
            .iter()
            .take(LISTED_PROBLEMS)
            .map(ToString::to_string)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_and_pipes_are_not_read_twice() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("a.jsonl");
        std::fs::write(&file, "").expect("write");
        let path = |p: &std::path::Path| SourceSpec::Path(p.to_path_buf());
        assert!(reloadable(&[path(&file), path(dir.path())]));
        assert!(reloadable(&[path(&dir.path().join("missing.jsonl"))]));
        assert!(!reloadable(&[path(&file), SourceSpec::Stdin]));
        #[cfg(unix)]
        assert!(!reloadable(&[path(std::path::Path::new("/dev/null"))]));
    }
}
