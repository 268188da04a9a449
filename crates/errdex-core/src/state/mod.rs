//! What errdex remembers between runs, in the data folder: pins, query history, recently
//! viewed records. Every file is written atomically under a lock; a corrupt one is set aside.

pub mod drafts;
mod file;
pub mod history;
pub mod note;
pub mod pins;
pub mod records;
pub mod team_notes;

use std::path::PathBuf;

pub use file::StateFile;
pub use history::Recent;
pub use pins::{Pin, Pins};

/// The data folder, or why there is none.
pub fn data_dir() -> Result<PathBuf, String> {
    crate::paths::data_dir().ok_or_else(|| "no data folder (is HOME set?)".to_string())
}
