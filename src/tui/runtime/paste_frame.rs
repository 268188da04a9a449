//! The terminal's bytes as the browser's input: bracketed pastes framed here, everything else
//! decoded by `terminput` into crossterm's events.
//!
//! crossterm's own reader buffers every byte after a paste start until the paste ends, so a
//! start that never ends (a broken terminal or multiplexer, data echoed into the tty) swallows
//! every key, Ctrl-c included. Framing pastes ourselves lets an unterminated paste be closed:
//! after a quiet spell or a longest time, or at once by a Ctrl-c typed on its own.
//!
//! Pure: time comes in as arguments, so every case is tested without waiting.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent};

const START: &[u8] = b"\x1b[200~";
const END: &[u8] = b"\x1b[201~";
const ESC: u8 = 0x1b;
const CTRL_C: u8 = 0x03;
/// Longer than any key or mouse report: a sequence still incomplete at this length is junk.
const SEQ_MAX: usize = 128;

/// A paste that nothing was added to for this long is closed: a terminal writes a paste in
/// one go, so a pause this long means its end is not coming.
pub const PASTE_QUIET: Duration = Duration::from_secs(1);
/// A paste that keeps trickling in (keys typed into a stray one) is closed after this long.
pub const PASTE_LONGEST: Duration = Duration::from_secs(10);
/// An ESC at the end of a read waits this long for the rest of its sequence (a paste start
/// split across reads), then is the Esc key. As tmux's escape-time: too short to notice.
pub const ESC_WAIT: Duration = Duration::from_millis(20);
/// A terminal writes a key or mouse report at once: one still incomplete after this long is
/// junk, dropped so that it does not swallow the next key (tmux's `escape-time` default).
pub const SEQ_WAIT: Duration = Duration::from_millis(500);
/// A Ctrl-c read on its own this long after the paste's last bytes was typed, not pasted: it
/// quits. Pasted text arrives in bursts with no such pause.
pub const KEY_GAP: Duration = Duration::from_millis(50);
/// The most of a paste that is kept (the rest is dropped and the user told): a pasted log is
/// triaged whole up to this size; a pasted line is cut further, to 4 KB, by the search box.
pub const PASTE_CAP: usize = 16 * 1024 * 1024;
// The search box's own cut of a pasted line, and its notice, still come after this one.
const _: () = assert!(PASTE_CAP > errdex_core::search::MAX_QUERY_BYTES);

/// What the bytes meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key, a mouse report or another event the parser knows.
    Event(Event),
    Paste(Pasted),
    /// Ctrl-c typed while a paste was open: the user wants out, and the paste is dropped.
    Interrupt,
}

/// A paste and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pasted {
    pub text: String,
    pub closed: Closed,
    /// Bytes past `PASTE_CAP`, dropped.
    pub dropped: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// The terminal's end-of-paste marker: the normal case.
    Marker,
    /// Nothing came for `PASTE_QUIET`.
    Quiet,
    /// Still going after `PASTE_LONGEST`.
    Overlong,
}

impl Pasted {
    /// What the status line says about a paste that did not end normally or was cut.
    pub fn notice(&self) -> Option<String> {
        let ended = match self.closed {
            Closed::Marker => None,
            Closed::Quiet => Some(format!(
                "the terminal started a paste and never ended it: closed after {} s of quiet",
                PASTE_QUIET.as_secs()
            )),
            Closed::Overlong => Some(format!(
                "a paste did not end within {} s: closed",
                PASTE_LONGEST.as_secs()
            )),
        };
        let cut = (self.dropped > 0).then(|| {
            format!(
                "paste cut to {} MB: {} bytes after it dropped",
                PASTE_CAP / (1024 * 1024),
                self.dropped
            )
        });
        match (ended, cut) {
            (Some(a), Some(b)) => Some(format!("{a}; {b}")),
            (a, b) => a.or(b),
        }
    }
}

/// An open paste.
struct Open {
    text: Vec<u8>,
    /// The end of what came so far when it could be the start of the end marker: kept apart
    /// until the next bytes say whether it is.
    held: Vec<u8>,
    dropped: usize,
    opened: Instant,
    last: Instant,
}

impl Open {
    fn new(now: Instant) -> Open {
        Open {
            text: Vec::new(),
            held: Vec::new(),
            dropped: 0,
            opened: now,
            last: now,
        }
    }

    fn deadline(&self) -> Instant {
        (self.last + PASTE_QUIET).min(self.opened + PASTE_LONGEST)
    }

    /// Takes `bytes` into the paste; `Some(n)` when the end marker finished at `bytes[n]`.
    fn take(&mut self, bytes: &[u8]) -> Option<usize> {
        let held = self.held.len();
        let mut window = std::mem::take(&mut self.held);
        window.extend_from_slice(bytes);
        if let Some(at) = memchr::memmem::find(&window, END) {
            self.keep(&window[..at]);
            // The marker ends past the held bytes: they are shorter than it.
            return Some(at + END.len() - held);
        }
        let tail = (1..END.len())
            .rev()
            .find(|&k| window.len() >= k && window.ends_with(&END[..k]))
            .unwrap_or(0);
        let split = window.len() - tail;
        self.keep(&window[..split]);
        self.held = window[split..].to_vec();
        None
    }

    fn keep(&mut self, bytes: &[u8]) {
        let room = PASTE_CAP.saturating_sub(self.text.len()).min(bytes.len());
        self.text.extend_from_slice(&bytes[..room]);
        self.dropped += bytes.len() - room;
    }

    fn close(mut self, closed: Closed) -> Pasted {
        let held = std::mem::take(&mut self.held);
        self.keep(&held);
        if self.dropped > 0 {
            // A character cut in two by the cap is dropped whole, not shown as U+FFFD.
            if let Err(e) = std::str::from_utf8(&self.text)
                && e.error_len().is_none()
            {
                self.dropped += self.text.len() - e.valid_up_to();
                self.text.truncate(e.valid_up_to());
            }
        }
        Pasted {
            text: String::from_utf8_lossy(&self.text).into_owned(),
            closed,
            dropped: self.dropped,
        }
    }
}

/// Turns the terminal's bytes into inputs, read after read.
#[derive(Default)]
pub struct Framer {
    /// The bytes of a key or mouse report not complete yet.
    seq: Vec<u8>,
    /// When `seq`, a lone ESC, was read.
    esc_read: Option<Instant>,
    /// When the first byte of `seq` was read.
    seq_since: Option<Instant>,
    /// Skipping the rest of an overlong control sequence, up to its final byte.
    skipping: bool,
    paste: Option<Open>,
}

impl Framer {
    pub fn new() -> Framer {
        Framer::default()
    }

    /// When `tick` must be called if no bytes come before: an open paste's deadline, a lone
    /// ESC's, or an incomplete sequence's.
    pub fn deadline(&self) -> Option<Instant> {
        let esc = self.esc_read.map(|at| at + ESC_WAIT);
        let seq = self.seq_since.map(|at| at + SEQ_WAIT);
        self.paste.as_ref().map(Open::deadline).or(esc).or(seq)
    }

    /// Closes a paste whose deadline has passed; a lone ESC whose wait is over is Esc.
    pub fn tick(&mut self, now: Instant) -> Vec<Input> {
        let mut out = Vec::new();
        self.close_if_due(now, &mut out);
        out
    }

    /// The inputs in `bytes`, read at `now`.
    pub fn feed(&mut self, bytes: &[u8], now: Instant) -> Vec<Input> {
        let mut out = Vec::new();
        self.close_if_due(now, &mut out);
        if let Some(open) = &self.paste
            && !bytes.is_empty()
            && bytes.iter().all(|&b| b == CTRL_C)
            && now.saturating_duration_since(open.last) >= KEY_GAP
        {
            self.paste = None;
            out.push(Input::Interrupt);
            return out;
        }
        let mut i = 0;
        while i < bytes.len() {
            if let Some(open) = &mut self.paste {
                open.last = now;
                match open.take(&bytes[i..]) {
                    Some(used) => {
                        i += used;
                        if let Some(open) = self.paste.take() {
                            out.push(Input::Paste(open.close(Closed::Marker)));
                        }
                    }
                    None => i = bytes.len(),
                }
                continue;
            }
            let byte = bytes[i];
            i += 1;
            if self.skipping {
                // A control sequence ends at a byte in @..~; an ESC starts a new one.
                self.skipping = !(0x40..=0x7e).contains(&byte) && byte != ESC;
                if byte != ESC {
                    continue;
                }
            }
            if self.seq.is_empty() {
                self.seq_since = Some(now);
            }
            self.seq.push(byte);
            if self.seq == START {
                self.seq.clear();
                self.paste = Some(Open::new(now));
                continue;
            }
            self.decode(&mut out);
        }
        if self.seq == [ESC] {
            self.esc_read = Some(now);
        }
        if self.seq.is_empty() {
            self.seq_since = None;
        }
        out
    }

    fn close_if_due(&mut self, now: Instant, out: &mut Vec<Input>) {
        if let Some(at) = self.esc_read
            && now >= at + ESC_WAIT
        {
            self.esc_read = None;
            self.seq_since = None;
            self.seq.clear();
            out.push(Input::Event(Event::Key(KeyEvent::from(KeyCode::Esc))));
        }
        if let Some(at) = self.seq_since
            && now >= at + SEQ_WAIT
        {
            self.seq_since = None;
            self.seq.clear();
        }
        let Some(open) = &self.paste else { return };
        if now < open.deadline() {
            return;
        }
        let closed = if now >= open.opened + PASTE_LONGEST {
            Closed::Overlong
        } else {
            Closed::Quiet
        };
        if let Some(open) = self.paste.take() {
            out.push(Input::Paste(open.close(closed)));
        }
    }

    /// Decodes the sequence so far if it is complete; an incomplete one waits for more bytes,
    /// one that cannot be read is dropped (as crossterm does).
    fn decode(&mut self, out: &mut Vec<Input>) {
        self.esc_read = None;
        match self.seq.as_slice() {
            // A lone ESC starts a sequence (Alt-x, an arrow, a paste) or is Esc: the next
            // bytes say which, or `ESC_WAIT` without any.
            [ESC] => return,
            // Two: Esc, as crossterm reads them (terminput would say Alt-Esc, bound to nothing).
            [ESC, ESC] => {
                self.seq.clear();
                out.push(Input::Event(Event::Key(KeyEvent::from(KeyCode::Esc))));
                return;
            }
            _ => {}
        }
        match terminput::Event::parse_from(&self.seq) {
            Ok(None) if self.seq.len() >= SEQ_MAX => {
                // Bounded: each byte re-reads the sequence, and junk must not grow it forever.
                self.seq.clear();
                self.skipping = true;
            }
            Ok(None) => {}
            Ok(Some(event)) => {
                self.seq.clear();
                if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                    out.push(Input::Event(event));
                }
            }
            Err(_) => self.seq.clear(),
        }
    }
}

#[cfg(test)]
#[path = "paste_frame_tests.rs"]
mod tests;
