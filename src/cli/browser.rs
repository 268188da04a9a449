//! Starting the browser from the command line: its options, and whether stdin is a log.

use super::data::DataArgs;
use super::output::Failure;

/// The browser's options: the data, the config, and the words that pre-fill the search.
pub(super) fn options(data: &DataArgs, words: &[String]) -> Result<crate::tui::Options, Failure> {
    let words = words.join(" ");
    let query = errdex_core::search::capped(&words).0.to_string();
    let resolved = data.resolve();
    let problems = resolved
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    crate::tui::Options::configured(resolved.specs, query, &resolved.config, problems)
        .map_err(Failure::new)
}

/// Whether the browser triages a log piped into it: stdin is not a terminal. Stdin cannot be
/// both that log and the dataset.
pub(super) fn log_on_stdin(data: &DataArgs) -> Result<bool, Failure> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        return Ok(false);
    }
    if data.data.iter().any(|d| d == "-") {
        return Err(Failure::new(
            "stdin cannot be both the dataset (`--data -`) and a log to triage: give the dataset as a file (`--data PATH`), or run `errdex triage --data - LOGFILE`",
        ));
    }
    Ok(true)
}
