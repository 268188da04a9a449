//! Exit codes like grep's, and writing to stdout without dying on a closed pipe.

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use errdex_core::load::Loaded;

/// How a command that ran went: 0 found / clean, 1 nothing found / problems found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Found,
    NotFound,
    /// A source named on the command line (a dataset, a folder to scan) could not be read
    /// while others could: the command printed what they gave, then exits 2, as grep does for
    /// a missing file.
    SourceUnreadable,
    /// Ended by signal n (the browser restores the terminal first): exit 128 + n.
    Killed(i32),
}

impl Outcome {
    pub fn code(self) -> ExitCode {
        match self {
            Outcome::Found => ExitCode::SUCCESS,
            Outcome::NotFound => ExitCode::from(1),
            Outcome::SourceUnreadable => ExitCode::from(2),
            Outcome::Killed(n) => ExitCode::from(u8::try_from(128 + n).unwrap_or(u8::MAX)),
        }
    }

    /// This outcome, unless a source could not be read.
    pub fn unless_unreadable(self, unreadable: bool) -> Outcome {
        if unreadable {
            Outcome::SourceUnreadable
        } else {
            self
        }
    }

    /// This outcome of a command that read `loaded`, unless one of its sources could not be
    /// read (the loader said so on stderr).
    pub fn reading(self, loaded: &Loaded) -> Outcome {
        self.unless_unreadable(loaded.unreadable > 0)
    }
}

/// A usage or I/O error: printed as `errdex: ...`, exit code 2.
#[derive(Debug)]
pub struct Failure(String);

impl Failure {
    pub fn new(message: impl Into<String>) -> Self {
        Failure(message.into())
    }
}

/// A record that could not be read back ends the command with its place named.
impl From<errdex_core::dataset::ReadError> for Failure {
    fn from(e: errdex_core::dataset::ReadError) -> Self {
        Failure(e.to_string())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `1 record`, `2 records`, `0 records`.
pub use errdex_core::text::plural;

/// Writes a command's output to stdout. A reader that goes away (`errdex search x | head`)
/// is not an error.
pub fn emit(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
    finish(
        write,
        BufWriter::with_capacity(64 * 1024, crate::out::stdout()),
    )
}

/// Writes the exact bytes to stdout: only `copy --stdout` into a pipe.
pub fn emit_exact(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
    finish(write, BufWriter::new(crate::out::stdout_exact()))
}

fn finish(
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    mut out: BufWriter<impl Write>,
) -> Result<(), Failure> {
    match write(&mut out).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Failure::new(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}
