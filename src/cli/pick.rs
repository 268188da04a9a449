//! `errdex pick`: the browser as a picker for scripts. It draws on the terminal itself, so
//! `$(errdex pick)` captures only the chosen record's target.

use super::copy::{lacks, print_text};
use super::data::DataArgs;
use super::output::{Failure, Outcome};
use crate::tui::Ended;
use errdex_core::copy::{self, Target};

/// SIGINT's number: a pick that ends without a choice exits 130, as fzf does.
const CANCELLED: i32 = 2;

pub fn pick(data: &DataArgs, what: Target, words: &[String]) -> Result<Outcome, Failure> {
    let mut options = super::browser::options(data, words)?;
    options.pick = true;
    let ended = on_the_terminal(|| crate::tui::run(options))?.map_err(Failure::new)?;
    let (dataset, index) = match ended {
        Ended::Picked { dataset, index } => (dataset, index),
        Ended::Killed(signal) => return Ok(Outcome::Killed(signal)),
        Ended::Quit | Ended::Cancelled => return Ok(Outcome::Killed(CANCELLED)),
    };
    let mut record = dataset.record(index)?;
    record.notes = super::notes::notes_for(&record.id);
    match copy::text_in(&dataset, index, &record, what).map_err(Failure::new)? {
        Some(mut text) => {
            // One line a pick, as a shell's `read` and `$(…)` expect.
            if !text.ends_with('\n') {
                text.push('\n');
            }
            print_text(text)
        }
        None => Ok(lacks(&record, what)),
    }
}

/// Runs `f` with stdout on the controlling terminal, and gives stdout back after: the browser
/// writes to stdout, which in `$(errdex pick)` is the capture.
#[cfg(unix)]
// It moves stdout's file descriptor and flushes it; it writes no text of its own.
#[allow(clippy::disallowed_methods)]
fn on_the_terminal<T>(f: impl FnOnce() -> T) -> Result<T, Failure> {
    use std::io::Write;
    if crate::out::stdout_is_terminal() {
        return Ok(f());
    }
    let tty = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")
        .map_err(|e| Failure::new(format!("pick needs a terminal to draw on: /dev/tty: {e}")))?;
    let _ = std::io::stdout().flush();
    let saved = rustix::io::dup(std::io::stdout())
        .map_err(|e| Failure::new(format!("cannot keep stdout aside: {e}")))?;
    rustix::stdio::dup2_stdout(&tty)
        .map_err(|e| Failure::new(format!("cannot draw on the terminal: {e}")))?;
    let out = f();
    let _ = std::io::stdout().flush();
    rustix::stdio::dup2_stdout(&saved)
        .map_err(|e| Failure::new(format!("cannot give stdout back: {e}")))?;
    Ok(out)
}

#[cfg(not(unix))]
fn on_the_terminal<T>(f: impl FnOnce() -> T) -> Result<T, Failure> {
    if crate::out::stdout_is_terminal() {
        return Ok(f());
    }
    Err(Failure::new(
        "pick draws on the terminal: run it with stdout on one",
    ))
}
