//! Why a record could not be read back from its source: records are read from their file
//! when shown, and the file may have changed since it was loaded.

/// A record that could not be read now, with the place it was loaded from (`NAME:LINE`).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file changed since it was loaded and no longer holds the record.
    #[error("{at}: the record is no longer there ({why})")]
    Gone { at: String, why: String },
    /// Reading the file failed.
    #[error("{at}: cannot read the record: {error}")]
    Io { at: String, error: std::io::Error },
    /// The bytes are there but are not the record any more (or never parsed whole).
    #[error("{at}: {message}{changed}")]
    Malformed {
        at: String,
        message: String,
        /// ` (the file was rewritten …)` when the file changed, else empty.
        changed: String,
    },
    /// The document is not JSON (a record read as its whole document).
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}
