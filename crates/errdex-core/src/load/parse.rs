//! Parsing one source: split into parts (byte ranges of JSON Lines, or runs of documents),
//! parsed by a few threads that take the next part as they finish one, and merged in order.
//! Each time the finished parts at the front grow, the records so far can be handed out as a
//! partial dataset, so a browser fills while a big file loads.

use std::borrow::Cow;
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::docs::{PartResult, Place, Text, parse_docs};
use super::partial::Partial;
use super::split::{self, Doc, Layout};
use super::{Counter, Options};
use crate::dataset::Entry;
use crate::diag::Diagnostic;
use crate::source::{Bytes, Source};

/// Below this a source is parsed on the calling thread: threads cost more than they save.
const PARALLEL_MIN_BYTES: usize = 4 << 20;
/// How often a parser reports progress and hands parsed pages back to the kernel.
/// About how much of a big source one part holds: small enough that the front of the file is
/// ready (and shown) long before the end, large enough that a part costs nothing to start.
const PART_BYTES: usize = 16 << 20;
/// How much of a part of JSON Lines is read at a time: well within a core's L2 cache.
const WINDOW_BYTES: usize = 512 << 10;

/// The part of a source one thread parses: a byte range, or a run of documents.
#[derive(Clone, Copy)]
enum Part<'a> {
    Lines { start: usize, end: usize },
    Docs(&'a [Doc]),
}

pub(super) fn parse_source(
    source: &Source,
    options: Options,
    counter: &Counter,
    partial: &Partial,
) -> (Vec<Entry>, Vec<Diagnostic>) {
    let len = source.bytes.len();
    let head = match head(&source.bytes) {
        Ok(head) => head,
        Err(e) => return unreadable(source, counter, &e.to_string()),
    };
    if split::is_utf16(&head) {
        counter.add(0, len as u64);
        let why = "UTF-16 text is not supported; convert it to UTF-8 (e.g. `iconv -f UTF-16 -t UTF-8 FILE > NEW`)";
        return (Vec::new(), vec![Diagnostic::error(&source.name, 0, why)]);
    }
    let begin = split::content_start(&head);
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        n => n,
    };
    let small = len < PARALLEL_MIN_BYTES;
    let threads = if small { 1 } else { threads.clamp(1, 16) };
    // More parts than threads: a thread that finishes early takes the next part, and the front
    // of the file is done (and can be shown) well before its end.
    let count = if small {
        1
    } else {
        (threads * 2).max(len.div_ceil(PART_BYTES))
    };
    let layout = split::detect(&head, source.extension.as_deref());
    let in_array = layout == Layout::Structural && split::is_array(&head);
    drop(head);
    // Documents not one a line are split by a scan of the whole text, which a file others
    // may write is never mapped for: the scan reads errdex's own copy of it.
    let snapshot;
    let whole = match (layout, source.bytes.in_memory()) {
        (Layout::Lines, _) => None,
        (Layout::Structural, Some(bytes)) => Some((bytes, &source.bytes)),
        (Layout::Structural, None) => match crate::source::snapshot(&source.bytes) {
            Ok(copy) => {
                snapshot = copy;
                snapshot.in_memory().map(|bytes| (bytes, &snapshot))
            }
            Err(why) => return unreadable(source, counter, &why),
        },
    };
    let docs;
    let parts: Vec<Part> = match whole {
        None => match line_parts(&source.bytes, begin, count) {
            Ok(parts) => parts,
            Err(e) => return unreadable(source, counter, &e.to_string()),
        },
        Some((bytes, owner)) => {
            docs = split::structural_releasing(bytes, begin, &mut |a, b| owner.release(a, b));
            let size = docs.len().div_ceil(count).max(1);
            docs.chunks(size).map(Part::Docs).collect()
        }
    };
    let merged = Mutex::new(Merged::new(parts.len()));
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut buf = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&part) = parts.get(k) else { break };
            // A bug in the parser costs this part, not the load.
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
                parse_part(source, whole, part, in_array, options, counter, &mut buf)
            }))
            .unwrap_or_else(|_| PartResult::failed(&source.name, INTERNAL));
            let mut m = merged
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // The whole source is offered by the loader, with the sources after it.
            if m.put(k, result) && m.next < m.waiting.len() {
                partial.offer(&m.entries, counter.read());
            }
        }
    };
    if parts.len() <= 1 || threads == 1 {
        worker();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads.min(parts.len()) {
                scope.spawn(worker);
            }
        });
    }
    let Merged {
        entries, mut diags, ..
    } = merged
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if entries.is_empty() && diags.is_empty() {
        diags.push(Diagnostic::warning(
            &source.name,
            0,
            "no records in this source",
        ));
    }
    (entries, diags)
}

const INTERNAL: &str = "internal error while parsing; part of this source was skipped";

/// A source that could not be read after it was opened (it shrank, say): one error.
fn unreadable(source: &Source, counter: &Counter, why: &str) -> (Vec<Entry>, Vec<Diagnostic>) {
    counter.add(0, source.bytes.len() as u64);
    let message = format!("cannot read: {why}");
    (
        Vec::new(),
        vec![Diagnostic::error(&source.name, 0, message)],
    )
}

/// The first bytes of a source, enough to tell its layout: its first two lines, within a
/// bound (a longer first line is read as documents one after another, which holds too).
fn head(bytes: &Bytes) -> std::io::Result<Cow<'_, [u8]>> {
    if let Some(all) = bytes.in_memory() {
        return Ok(Cow::Borrowed(all));
    }
    let mut want = HEAD_BYTES;
    loop {
        let head = bytes.read(0, want)?;
        let lines = memchr::memchr_iter(b'\n', &head).take(2).count();
        if lines == 2 || head.len() < want || want >= HEAD_MAX_BYTES {
            return Ok(head);
        }
        want *= 4;
    }
}

const HEAD_BYTES: usize = 64 << 10;
const HEAD_MAX_BYTES: usize = 16 << 20;

/// The parts finished so far, merged in source order as soon as every part before them is.
struct Merged {
    entries: Vec<Entry>,
    diags: Vec<Diagnostic>,
    /// Lines of the merged parts, to number the next one's records (byte-range parts count
    /// their lines from their own start).
    lines_before: u32,
    /// The first part not merged yet.
    next: usize,
    waiting: Vec<Option<PartResult>>,
}

impl Merged {
    fn new(parts: usize) -> Merged {
        Merged {
            entries: Vec::new(),
            diags: Vec::new(),
            lines_before: 0,
            next: 0,
            waiting: (0..parts).map(|_| None).collect(),
        }
    }

    /// Takes part `k`'s result; true when the merged front grew.
    fn put(&mut self, k: usize, result: PartResult) -> bool {
        if let Some(slot) = self.waiting.get_mut(k) {
            *slot = Some(result);
        }
        let before = self.next;
        while let Some(mut r) = self.waiting.get_mut(self.next).and_then(Option::take) {
            for e in &mut r.entries {
                e.line += self.lines_before;
            }
            for d in &mut r.diags {
                d.line += self.lines_before;
            }
            self.lines_before += r.lines;
            if self.next == 0 {
                // Parts are about the same size: room for all the records at once, so that a
                // million of them are not copied and faulted in again each time the list
                // doubles (a wrong guess only costs the doubling it would have had anyway).
                let parts = self.waiting.len();
                self.entries
                    .reserve(r.entries.len().saturating_mul(parts) / 16 * 17);
            }
            self.entries.append(&mut r.entries);
            self.diags.append(&mut r.diags);
            self.next += 1;
        }
        self.next > before
    }
}

/// Splits a JSON Lines source into `n` byte ranges that end at line ends.
fn line_parts(bytes: &Bytes, begin: usize, n: usize) -> std::io::Result<Vec<Part<'static>>> {
    let len = bytes.len();
    let mut parts = Vec::with_capacity(n);
    let mut start = begin;
    for k in 1..=n {
        let end = if k == n {
            len
        } else {
            line_end(bytes, begin + (len - begin) * k / n)?
        };
        let end = end.max(start);
        parts.push(Part::Lines { start, end });
        start = end;
    }
    Ok(parts)
}

/// Where the line holding `at` ends (after its newline), or the end of the source.
fn line_end(bytes: &Bytes, mut at: usize) -> std::io::Result<usize> {
    const WINDOW: usize = 64 << 10;
    while at < bytes.len() {
        let window = bytes.read(at, at + WINDOW)?;
        if let Some(i) = memchr::memchr(b'\n', &window) {
            return Ok(at + i + 1);
        }
        at += window.len().max(1);
    }
    Ok(bytes.len())
}

fn parse_part(
    source: &Source,
    whole: Option<(&[u8], &Bytes)>,
    part: Part,
    in_array: bool,
    options: Options,
    counter: &Counter,
    buf: &mut Vec<u8>,
) -> PartResult {
    let mut out = PartResult {
        entries: Vec::new(),
        diags: Vec::new(),
        lines: 0,
    };
    match part {
        Part::Lines { start, end } => {
            // A window of whole lines at a time, read and parsed while it is still in the
            // core's cache (a whole part went out to memory and was read back).
            let (mut at, mut line, mut want) = (start, 1, WINDOW_BYTES);
            while at < end {
                let stop = (at + want).min(end);
                let read = match source.bytes.read_with(at, stop, buf) {
                    Ok(read) if read.len() == stop - at => read,
                    Ok(_) => {
                        return PartResult::failed(
                            &source.name,
                            "cannot read: the file is shorter now",
                        );
                    }
                    Err(e) => {
                        return PartResult::failed(&source.name, &format!("cannot read: {e}"));
                    }
                };
                let cut = match memchr::memrchr(b'\n', read) {
                    _ if stop == end => read.len(),
                    Some(i) => i + 1,
                    None => {
                        // A line longer than the window: read it whole.
                        want *= 2;
                        continue;
                    }
                };
                let text = Text {
                    bytes: &read[..cut],
                    base: at,
                    owner: &source.bytes,
                };
                let mut lines = split::lines(text.bytes, 0, cut, line);
                let place = Place {
                    first: 0,
                    end: cut,
                    recover: None,
                };
                parse_docs(source, text, &mut lines, place, options, counter, &mut out);
                (at, line, want) = (at + cut, lines.next_line(), WINDOW_BYTES);
            }
            out.lines = line - 1;
        }
        Part::Docs(docs) => {
            let Some((bytes, owner)) = whole else {
                return PartResult::failed(&source.name, INTERNAL);
            };
            let text = Text {
                bytes,
                base: 0,
                owner,
            };
            let first = docs.first().map_or(0, |d| d.start);
            let end = docs.last().map_or(first, |d| d.end);
            let place = Place {
                first,
                end,
                recover: Some(in_array),
            };
            parse_docs(
                source,
                text,
                docs.iter().copied(),
                place,
                options,
                counter,
                &mut out,
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(ids: &[&str], lines: u32) -> PartResult {
        PartResult {
            entries: ids
                .iter()
                .enumerate()
                .map(|(i, id)| {
                    let r = crate::record::Record {
                        id: (*id).to_string(),
                        error_message: format!("message {id}"),
                        ..Default::default()
                    };
                    Entry::from_record(r, 0, 0, 1, i as u32 + 1)
                })
                .collect(),
            diags: vec![Diagnostic::warning("x", 1, "w")],
            lines,
        }
    }

    #[test]
    fn parts_merge_in_order_once_every_part_before_them_is_done() {
        let mut m = Merged::new(3);
        assert!(!m.put(2, part(&["e"], 1)), "part 2 waits for 0 and 1");
        assert!(!m.put(1, part(&["c", "d"], 4)));
        assert!(m.entries.is_empty());
        assert!(m.put(0, part(&["a", "b"], 2)), "the front grew");
        let ids: Vec<&str> = m.entries.iter().map(|e| &*e.id).collect();
        assert_eq!(ids, ["a", "b", "c", "d", "e"]);
        let lines: Vec<u32> = m.entries.iter().map(|e| e.line).collect();
        assert_eq!(
            lines,
            [1, 2, 3, 4, 7],
            "lines count on from the parts before"
        );
        let diag_lines: Vec<u32> = m.diags.iter().map(|d| d.line).collect();
        assert_eq!(diag_lines, [1, 3, 7]);
        assert_eq!(m.next, 3);
    }
}
