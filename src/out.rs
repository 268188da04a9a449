//! The one path from errdex to stdout and stderr. Every byte of text a command writes for a
//! person goes through [`Safe`], which applies the core's terminal-safety rule
//! (`errdex_core::text`): characters that would act on a terminal become visible stand-ins,
//! tab and newline stay. Doing it here, below every message, means a new message cannot
//! forget it, whatever stream it writes to and whether or not that stream is a terminal.
//!
//! Exempt, and only here or where noted: `copy --stdout` into a pipe (the exact bytes, see
//! [`emit_exact`]), the sequences errdex itself writes to draw a progress line
//! ([`progress`]), the OSC 52 sequence of the clipboard route, and the browser, which draws
//! through ratatui from text its views make safe. `clippy::print_stdout`, `print_stderr` and
//! the `disallowed-methods` list in `clippy.toml` keep any other path out of the binary.
#![allow(clippy::disallowed_methods)]

use std::fmt;
use std::io::{self, IsTerminal, Write};

use errdex_core::text;

/// A writer that lets through only what the terminal-safety rule allows. Bytes that are not
/// UTF-8 become U+FFFD; a character split across two writes is held until it is whole.
pub struct Safe<W: Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: Write> Safe<W> {
    pub fn new(inner: W) -> Self {
        Safe {
            inner,
            pending: Vec::new(),
        }
    }
}

impl<W: Write> Write for Safe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let mut shown = String::with_capacity(self.pending.len());
        let mut rest: &[u8] = &self.pending;
        loop {
            match std::str::from_utf8(rest) {
                Ok(whole) => {
                    shown.push_str(&text::sanitize(whole));
                    rest = &[];
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    if let Ok(good) = std::str::from_utf8(good) {
                        shown.push_str(&text::sanitize(good));
                    }
                    if let Some(n) = e.error_len() {
                        shown.push('\u{fffd}');
                        rest = &bad[n..];
                    } else {
                        // A character cut at the end of this write: the next one ends it.
                        rest = bad;
                        break;
                    }
                }
            }
        }
        self.pending = rest.to_vec();
        self.inner.write_all(shown.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// stderr, made safe; locked for as long as the writer lives.
pub fn stderr() -> Safe<io::StderrLock<'static>> {
    Safe::new(io::stderr().lock())
}

/// stdout, made safe; locked for as long as the writer lives.
pub fn stdout() -> Safe<io::StdoutLock<'static>> {
    Safe::new(io::stdout().lock())
}

/// The exact bytes on stdout: only for `copy --stdout` into a pipe, where a script asked for
/// the record's text as it is. Never for a terminal.
pub fn stdout_exact() -> io::StdoutLock<'static> {
    io::stdout().lock()
}

pub fn stdout_is_terminal() -> bool {
    io::stdout().is_terminal()
}

pub fn stderr_is_terminal() -> bool {
    io::stderr().is_terminal()
}

/// One message line on stderr. A stderr that cannot be written is not worth failing over.
pub fn err_line(args: fmt::Arguments<'_>) {
    let mut err = stderr();
    let _ = err.write_fmt(args);
    let _ = err.write_all(b"\n");
    let _ = err.flush();
}

/// A prompt or part of a line on stderr, flushed, with no newline.
pub fn err_part(args: fmt::Arguments<'_>) {
    let mut err = stderr();
    let _ = err.write_fmt(args);
    let _ = err.flush();
}

/// Carriage return and erase-line: errdex's own control sequence for a progress line.
const CLEAR_LINE: &str = "\r\x1b[K";

/// Redraws the progress line on a terminal's stderr: errdex's own erase sequence, then the
/// text made safe and kept on one line.
pub fn progress(line: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(CLEAR_LINE.as_bytes());
    let _ = err.write_all(text::one_line(line).as_bytes());
    let _ = err.flush();
}

/// Erases the progress line.
pub fn progress_end() {
    let mut err = io::stderr().lock();
    let _ = err.write_all(CLEAR_LINE.as_bytes());
    let _ = err.flush();
}

/// `say!(...)`: one message line on stderr through the safe writer (what `eprintln!` was).
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::out::err_line(format_args!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(chunks: &[&[u8]]) -> String {
        let mut safe = Safe::new(Vec::new());
        for c in chunks {
            safe.write_all(c).expect("a Vec takes every write");
        }
        String::from_utf8(safe.inner).expect("the writer writes UTF-8")
    }

    #[test]
    fn controls_become_visible_and_lines_stay() {
        let shown = through(&["a\u{1b}]0;t\u{7}\tb\n\u{9b}c\u{202e}\r\n".as_bytes()]);
        assert_eq!(shown, "a^[]0;t^G\tb\n<U+009B>c<U+202E>^M\n");
    }

    #[test]
    fn a_character_split_between_writes_is_kept_whole() {
        let bytes = "x\u{202e}y".as_bytes();
        assert_eq!(through(&[&bytes[..2], &bytes[2..]]), "x<U+202E>y");
        assert_eq!(through(&[b"a\xff\xfeb"]), "a\u{fffd}\u{fffd}b");
    }
}
