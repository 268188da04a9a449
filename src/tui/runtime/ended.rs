//! How the browser ended, for the command that started it.

use std::sync::Arc;

/// How the browser ended.
pub enum Ended {
    /// The user quit.
    Quit,
    /// Signal n ended it (the exit code is then 128 + n, as a shell reports a killed command).
    Killed(i32),
    /// `errdex pick` chose this record of this dataset.
    Picked {
        dataset: Arc<errdex_core::dataset::Dataset>,
        index: usize,
    },
    /// `errdex pick` ended without a choice.
    Cancelled,
}
