//! The rescans, on a worker of their own: each checkout rescanned into its `code/` file as
//! `errdex scan` does it (the core's incremental rescan: only changed files are parsed, the
//! file is written atomically), the answer carrying its request's generation.

use std::path::PathBuf;

use super::watch::EVERY;
use super::{Checkout, Rescanned};
use crate::tui::app::generation::Generation;
use crate::tui::app::msg::Msg;
use crate::tui::runtime::dataset_watch::OwnWrites;
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::{Job, Take, Worker};
use errdex_core::config::ScanConfig;
use errdex_core::scan::Filter;
use errdex_core::scan::rescan::rescan;

/// Rescan these checkouts; the answer is `Msg::Rescanned` with this generation.
pub struct Rescan {
    pub generation: Generation,
    pub checkouts: Vec<Checkout>,
}

/// What every rescan uses: the files a scan reads (the config's `[scan]`), and the cache
/// folder that keeps what the last scan saw.
pub struct Setup {
    pub filter: Result<Filter, String>,
    pub cache_dir: Option<PathBuf>,
    /// Told of each file before it is rewritten, so the dataset watch does not take the
    /// rewrite for someone else's (the records are loaded again after it).
    pub own: OwnWrites,
}

impl Setup {
    /// The config's `[scan]` as `errdex scan` with no options reads it.
    pub fn from_config(config: &ScanConfig, own: OwnWrites) -> Setup {
        let filter = Filter::configured(config, Vec::new(), &[], &[], false);
        Setup {
            filter: filter.map_err(|e| format!("[scan] in the config: {e}")),
            cache_dir: errdex_core::paths::cache_dir(),
            own,
        }
    }
}

impl Job for Rescan {
    type State = Setup;
    /// Each request names every checkout still waiting: the newest covers the others.
    const TAKE: Take = Take::Newest;

    fn run(self, setup: &mut Setup, inbox: &Inbox) {
        let answers = self
            .checkouts
            .iter()
            .map(|c| Rescanned {
                name: c.name.clone(),
                result: one(c, setup),
            })
            .collect();
        inbox.post(Msg::Rescanned(self.generation, answers));
    }
}

/// The rescan worker, and the watch of the checkouts scanned into `code_dir` when the
/// scanned code is loaded (`None`: it is not, and nothing is watched).
pub fn start(
    inbox: &Inbox,
    own: OwnWrites,
    code_dir: Option<PathBuf>,
    checkouts: &errdex_core::config::Checkouts,
    scan: ScanConfig,
) -> Worker<Rescan> {
    if let Some(code_dir) = code_dir {
        let head_inbox = inbox.clone();
        let cache_dir = errdex_core::paths::cache_dir();
        let post = move |msg| head_inbox.post(msg);
        super::watch::spawn(checkouts.clone(), code_dir, cache_dir, EVERY, post);
    }
    Worker::spawn("rescan", inbox.clone(), move |_| {
        Setup::from_config(&scan, own)
    })
}

/// One checkout: what changed and whether its file was rewritten, or why not.
pub fn one(
    c: &Checkout,
    setup: &Setup,
) -> Result<(errdex_core::scan::output::Summary, bool), String> {
    let filter = setup.filter.as_ref().map_err(Clone::clone)?;
    if !c.root.is_dir() {
        return Err(format!("{}: the checkout is gone", c.root.display()));
    }
    let name = c.output.display().to_string();
    setup.own.expect(name.clone());
    let cache = setup.cache_dir.as_deref();
    let report = rescan(&c.root, &c.root, filter, &c.output, cache);
    if !report.as_ref().is_ok_and(|r| r.written) {
        setup.own.forget(&name);
    }
    let report = report.map_err(|e| format!("cannot write {}: {e}", c.output.display()))?;
    Ok((report.summary, report.written))
}
