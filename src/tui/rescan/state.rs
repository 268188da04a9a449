//! What the browser keeps of the background rescans: the checkouts watched and waiting, and
//! what a rescan answered. No import of the model: the messages and effects carry these.

use std::path::PathBuf;

use errdex_core::scan::output::Summary;

/// A checkout whose sites are in `code/`: what `errdex scan` with no argument would rescan.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Checkout {
    /// `owner-name` (the file's name in `code/`): what the status line calls it.
    pub name: String,
    /// The checkout's root folder.
    pub root: PathBuf,
    /// `code/<name>.jsonl` in the data folder.
    pub output: PathBuf,
}

/// What one checkout's rescan did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rescanned {
    pub name: String,
    /// What changed and whether the file was rewritten; or why the rescan failed.
    pub result: Result<(Summary, bool), String>,
}

/// The checkouts waiting for a rescan, and the rescans that failed.
#[derive(Debug, Default)]
pub struct RescanState {
    /// Moved since the last rescan that was answered: every request rescans all of them, so
    /// an answer dropped as stale loses nothing.
    pub pending: Vec<Checkout>,
    /// One line per failed rescan, for the problems overlay.
    pub problems: Vec<String>,
}
