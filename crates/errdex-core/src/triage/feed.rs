//! A log read on its own thread, in batches of lines: a full batch, or what there is when the
//! input is about to wait (a live log), so that the reader of the batches can tell a pause —
//! no batch for `SETTLE` — from a slow read, and settle the pending event.

use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, sync_channel};
use std::time::Duration;

/// Input quiet this long settles the pending event: a live log's last line is reported now,
/// not when the next one comes.
pub const SETTLE: Duration = Duration::from_millis(200);

pub enum Feed {
    Lines(Vec<String>),
    /// The log could not be read further (after the lines before it).
    Failed(io::Error),
}

/// Reads `input` line by line (invalid UTF-8 replaced) on a new thread; the receiver ends when
/// the input does. A few batches are buffered at most.
pub fn read_lines(input: Box<dyn Read + Send>, batch_lines: usize) -> Receiver<Feed> {
    let (tx, rx) = sync_channel(4);
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(256 * 1024, input);
        let mut batch = Vec::with_capacity(batch_lines);
        let mut buf = Vec::with_capacity(4096);
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => batch.push(String::from_utf8_lossy(&buf).into_owned()),
                Err(e) => {
                    let _ = tx.send(Feed::Lines(std::mem::take(&mut batch)));
                    let _ = tx.send(Feed::Failed(e));
                    return;
                }
            }
            if batch.len() >= batch_lines || reader.buffer().is_empty() {
                let full = std::mem::replace(&mut batch, Vec::with_capacity(batch_lines));
                if tx.send(Feed::Lines(full)).is_err() {
                    return;
                }
            }
        }
        if !batch.is_empty() {
            let _ = tx.send(Feed::Lines(batch));
        }
    });
    rx
}
