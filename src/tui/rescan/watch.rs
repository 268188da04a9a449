//! Which checkouts are watched, and the thread that notices their HEAD move. Reading HEAD is
//! a few small file reads (no `git` is run), so looking every few seconds costs nothing.

use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

use super::Checkout;
use crate::tui::app::msg::Msg;
use errdex_core::config::Checkouts;
use errdex_core::scan::{self, git::head_commit, output::checkout_root, state};

/// How often HEADs are read.
pub const EVERY: Duration = Duration::from_secs(3);

/// The configured checkouts (`[repos]`, `repo_roots`) whose sites a scan wrote into
/// `code_dir`; each with the commit its last scan saw, when the scan state in `cache_dir`
/// says (a checkout moved since then is rescanned at once).
pub fn discover(
    checkouts: &Checkouts,
    code_dir: &Path,
    cache_dir: Option<&Path>,
) -> Vec<(Checkout, Option<String>)> {
    let mut out: Vec<(Checkout, Option<String>)> = Vec::new();
    for dir in errdex_core::checkout::configured_checkouts(checkouts) {
        let Ok(start) = dir.canonicalize() else {
            continue;
        };
        let root = checkout_root(&start);
        let name = scan::output_name(&scan::git::origin(&root).repo);
        let output = code_dir.join(format!("{name}.jsonl"));
        if !output.is_file() || out.iter().any(|(c, _)| c.root == root) {
            continue;
        }
        let scanned = cache_dir
            .and_then(|cache| state::scanned_sha(&state::path(cache, &root, &output), &output));
        out.push((Checkout { name, root, output }, scanned));
    }
    out
}

/// What the watch compares HEAD with, per checkout.
pub struct Watched {
    checkout: Checkout,
    /// The commit last rescanned (or seen); `None`: not a git checkout, or HEAD unreadable.
    seen: Option<String>,
}

impl Watched {
    /// Watches `checkout`; `scanned` is the commit its last scan saw, if known, else HEAD now
    /// is the starting point.
    pub fn new(checkout: Checkout, scanned: Option<String>) -> Watched {
        let seen = scanned.or_else(|| head_commit(&checkout.root));
        Watched { checkout, seen }
    }
}

/// The checkouts whose HEAD is not the one seen last; from now on their HEAD is the one seen.
/// A HEAD that cannot be read (a rebase in progress) is not a move.
pub fn moved(watched: &mut [Watched]) -> Vec<Checkout> {
    let mut out = Vec::new();
    for w in watched {
        let Some(head) = head_commit(&w.checkout.root) else {
            continue;
        };
        if w.seen.as_deref() != Some(head.as_str()) {
            w.seen = Some(head);
            out.push(w.checkout.clone());
        }
    }
    out
}

/// Finds the watched checkouts on a thread of its own (searching `repo_roots` can take a
/// moment), then reads their HEADs every `every` and posts `Msg::HeadMoved` for those that
/// moved. Ends when `post` finds the browser gone, or when nothing is watched.
pub fn spawn(
    checkouts: Checkouts,
    code_dir: PathBuf,
    cache_dir: Option<PathBuf>,
    every: Duration,
    post: impl Fn(Msg) -> bool + Send + 'static,
) {
    let _ = thread::Builder::new()
        .name("errdex-head-watch".into())
        .spawn(move || {
            let found = discover(&checkouts, &code_dir, cache_dir.as_deref());
            let mut watched: Vec<Watched> = found
                .into_iter()
                .map(|(c, scanned)| Watched::new(c, scanned))
                .collect();
            if watched.is_empty() {
                return;
            }
            loop {
                let moved = moved(&mut watched);
                if !moved.is_empty() && !post(Msg::HeadMoved(moved)) {
                    return;
                }
                thread::sleep(every);
            }
        });
}
