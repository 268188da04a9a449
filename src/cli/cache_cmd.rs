//! `errdex cache`: where the index cache is and how big; `--clear` empties it (the dataset
//! indexes and the checkouts found under `repo_roots`).

use super::output::{Failure, Outcome, emit};
use errdex_core::load::cache::Cache;

pub fn run(clear: bool) -> Result<Outcome, Failure> {
    let cache =
        Cache::open_default().ok_or_else(|| Failure::new("no cache folder (is HOME set?)"))?;
    let dir = cache.dir().display().to_string();
    if clear {
        let removed = cache
            .clear()
            .map_err(|e| Failure::new(format!("cannot clear {dir}: {e}")))?;
        let forgot = errdex_core::checkout::forget_checkouts(cache.dir())
            .map_err(|e| Failure::new(format!("cannot clear {dir}: {e}")))?;
        let checkouts = if forgot {
            " and the checkouts found"
        } else {
            ""
        };
        emit(|out| {
            writeln!(
                out,
                "removed {removed} cached indexes{checkouts} from {dir}"
            )
        })?;
        return Ok(Outcome::Found);
    }
    let (files, bytes) = cache
        .usage()
        .map_err(|e| Failure::new(format!("cannot read {dir}: {e}")))?;
    emit(|out| {
        writeln!(
            out,
            "{dir}: {files} cached indexes, {:.1} MiB",
            bytes as f64 / (1024.0 * 1024.0)
        )
    })?;
    Ok(Outcome::Found)
}
