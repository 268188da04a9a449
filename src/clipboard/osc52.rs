//! OSC 52: asking the terminal itself to set its clipboard. The only route that works over
//! SSH, and one that never answers, so it is reported as sent, not as copied.

use std::io::{self, Write};
use std::sync::Arc;

use crossterm::Command;
use crossterm::clipboard::CopyToClipboard;

/// Where the escape sequence goes. By default the controlling terminal; the browser, which
/// owns the terminal, hands in a writer that queues the bytes between frames so they are
/// never interleaved with a frame being drawn.
pub type TerminalWriter = Arc<dyn Fn(&[u8]) -> io::Result<()> + Send + Sync>;

/// The escape sequence that puts `text` on the terminal's clipboard.
pub fn sequence(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 4 / 3 + 16);
    // Writing into a String cannot fail.
    let _ = CopyToClipboard::to_clipboard_from(text.as_bytes()).write_ansi(&mut out);
    out
}

/// Writes to the controlling terminal, even when stdout and stderr are redirected: the
/// sequence is for the terminal, never for a file or a pipe.
pub fn controlling_terminal() -> TerminalWriter {
    Arc::new(|bytes: &[u8]| {
        let mut tty = open_tty()?;
        tty.write_all(bytes)?;
        tty.flush()
    })
}

#[cfg(unix)]
fn open_tty() -> io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/tty")
        .map_err(|e| io::Error::new(e.kind(), "no terminal"))
}

#[cfg(windows)]
fn open_tty() -> io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .open("CONOUT$")
        .map_err(|e| io::Error::new(e.kind(), "no terminal"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_is_osc52_with_base64() {
        assert_eq!(sequence("hello"), "\x1b]52;c;aGVsbG8=\x1b\\");
        // Control characters travel base64-encoded: they cannot reach the terminal raw.
        let s = sequence("a\x1b[2Jb\n");
        assert_eq!(s.matches('\x1b').count(), 2, "{s:?}");
    }
}
