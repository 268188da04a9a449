//! `where` and `edit`: a record's error line in the user's own checkout, printed or opened in
//! their editor; a record that hides a scanned site goes to the statement's current line.

use super::copy::record_for;
use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit};
use errdex_core::checkout::{self, Located};
use errdex_core::editor::{Editor, Place};
use errdex_core::load::Loaded;
use errdex_core::text::one_line;

/// Follows the record into its checkout; `None` (reason on stderr) when that cannot be done
/// or the line is gone. A record that hides a scanned site goes where the scan last saw the
/// statement (said on stderr, as `show` says it): that is today's code, where following the
/// record's own line through history is a guess.
fn locate(loaded: &Loaded, id: &str) -> Result<Option<(Located, usize)>, Failure> {
    let Some(record) = record_for(loaded, id)? else {
        return Ok(None);
    };
    let site = loaded.dataset.code_site(&record.id);
    if let Some(site) = &site {
        crate::say!(
            "errdex: {}: {}",
            one_line(&record.id),
            one_line(&site.describe(&record))
        );
    }
    let followed = site.as_ref().map_or(&record, |s| s.current(&record));
    let config = errdex_core::config::load().config;
    let cache = errdex_core::paths::cache_dir();
    let located = match checkout::locate(followed, &config.checkouts, cache.as_deref()) {
        Ok(located) => located,
        Err(why) => {
            crate::say!(
                "errdex: {}: {}",
                one_line(&record.id),
                one_line(&why.to_string())
            );
            return Ok(None);
        }
    };
    let note = located.note().map(|n| one_line(&n));
    let Some(line) = located.line.local() else {
        crate::say!(
            "errdex: {}: {}: {}",
            one_line(&record.id),
            one_line(&located.file.display().to_string()),
            note.as_deref().unwrap_or("the error line is gone")
        );
        return Ok(None);
    };
    if let Some(note) = note {
        crate::say!("errdex: {note}");
    }
    Ok(Some((located, line)))
}

/// `errdex where ID`: `PATH:LINE` on stdout.
pub fn where_is(data: &DataArgs, id: &str) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let Some((located, line)) = locate(loaded, id)? else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    let position = format!("{}:{line}", located.file.display());
    emit(|out| writeln!(out, "{}", one_line(&position)))?;
    Ok(Outcome::Found.reading(loaded))
}

/// `errdex edit ID`: the editor at today's line, in this terminal; errdex waits for it.
pub fn edit(data: &DataArgs, id: &str) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let Some((located, line)) = locate(loaded, id)? else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    Editor::from_env()
        .launch_here(Place::Line(&located.file, line))
        .map_err(|e| Failure::new(e.to_string()))?;
    Ok(Outcome::Found.reading(loaded))
}
