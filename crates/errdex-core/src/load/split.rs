//! Finds where each JSON document of a source starts and ends, without parsing it, so the
//! documents can be parsed in parallel and a broken one costs only itself.

/// One document: a byte range of the source and the line it starts on (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doc {
    pub start: usize,
    pub end: usize,
    pub line: u32,
}

/// How the documents of a source are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One document a line (JSON Lines).
    Lines,
    /// Documents of any shape one after another, or the elements of a top-level array.
    Structural,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where the content starts: after a UTF-8 byte order mark, if any.
pub fn content_start(bytes: &[u8]) -> usize {
    if bytes.starts_with(BOM) { BOM.len() } else { 0 }
}

/// Whether the bytes look like UTF-16 text (a byte order mark, or ASCII with a zero byte
/// beside every character), which is not JSON any parser here reads.
pub fn is_utf16(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return true;
    }
    let head = &bytes[..bytes.len().min(64) & !1];
    let zeros_at = |parity: usize| {
        head.len() >= 4
            && head
                .iter()
                .enumerate()
                .all(|(i, &b)| (i % 2 == parity) == (b == 0))
    };
    zeros_at(0) || zeros_at(1)
}

/// Decides the layout from the file name and the first lines.
pub fn detect(bytes: &[u8], extension: Option<&str>) -> Layout {
    if matches!(extension, Some("jsonl" | "ndjson")) {
        return Layout::Lines;
    }
    let start = content_start(bytes);
    let mut lines = lines(bytes, start, bytes.len(), 1)
        .take(2)
        .map(|d| &bytes[d.start..d.end]);
    let Some(first) = lines.next() else {
        return Layout::Lines;
    };
    if first.first() != Some(&b'{') {
        return Layout::Structural;
    }
    let is_whole = |line: &[u8]| {
        let docs = structural(line, 0);
        docs.len() == 1 && docs[0].end == line.len() && line.ends_with(b"}")
    };
    // A JSON Lines file whose first line is broken still has whole documents after it.
    if is_whole(first)
        || lines
            .next()
            .is_some_and(|second| second.starts_with(b"{") && is_whole(second))
    {
        Layout::Lines
    } else {
        Layout::Structural
    }
}

/// The non-blank lines of `bytes[start..end]`, trimmed, numbered from `first_line`.
pub fn lines(bytes: &[u8], start: usize, end: usize, first_line: u32) -> Lines<'_> {
    Lines {
        bytes,
        pos: start,
        end,
        line: first_line,
    }
}

pub struct Lines<'a> {
    bytes: &'a [u8],
    pos: usize,
    end: usize,
    line: u32,
}

impl Lines<'_> {
    /// The number the next line would get; after the last, one past the lines read.
    pub fn next_line(&self) -> u32 {
        self.line
    }
}

impl Iterator for Lines<'_> {
    type Item = Doc;

    fn next(&mut self) -> Option<Doc> {
        while self.pos < self.end {
            let rest = &self.bytes[self.pos..self.end];
            let stop = memchr::memchr(b'\n', rest).map_or(self.end, |i| self.pos + i);
            let (a, b) = trim(self.bytes, self.pos, stop);
            let doc = Doc {
                start: a,
                end: b,
                line: self.line,
            };
            self.pos = stop + 1;
            self.line += 1;
            if a < b {
                return Some(doc);
            }
        }
        None
    }
}

fn trim(bytes: &[u8], mut a: usize, mut b: usize) -> (usize, usize) {
    while a < b && bytes[a].is_ascii_whitespace() {
        a += 1;
    }
    while b > a && bytes[b - 1].is_ascii_whitespace() {
        b -= 1;
    }
    (a, b)
}

/// The top-level values of `bytes[start..]`; a top-level array is looked into, so its
/// elements are the documents. A value cut off by the end of the input is returned as it is
/// (its parse then fails and is reported).
pub fn structural(bytes: &[u8], start: usize) -> Vec<Doc> {
    structural_releasing(bytes, start, &mut |_, _| {})
}

/// `structural`, calling `release(from, to)` for each stretch of input it is done with, so a
/// caller reading a memory map can give the pages back as the scan goes.
pub fn structural_releasing(
    bytes: &[u8],
    start: usize,
    release: &mut dyn FnMut(usize, usize),
) -> Vec<Doc> {
    split_structural(bytes, start, bytes.len(), 1, false, release)
}

/// Whether the content is a top-level array (its documents are the elements).
pub fn is_array(bytes: &[u8]) -> bool {
    let start = content_start(bytes);
    bytes[start..]
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'[')
}

/// After a document that failed to parse, where the next one plausibly starts inside its
/// range: a `{` that opens a line (not after a key or `[`), or follows `},`. A broken
/// element (an unclosed string or brace) makes the splitter run on past the documents after
/// it; resuming there loses only the broken one.
pub fn resume_point(bytes: &[u8], start: usize, end: usize) -> Option<usize> {
    let mut p = start + 1;
    while p < end {
        let at = p + memchr::memchr(b'{', &bytes[p..end])?;
        let before = &bytes[start..at];
        let mut back = before.iter().rev();
        let mut newline = false;
        let prev = back.find(|&&b| {
            newline |= b == b'\n';
            !b.is_ascii_whitespace()
        });
        let prev2 = back.find(|b| !b.is_ascii_whitespace());
        // Pretty-printed JSON opens a nested object on the line of its key or after `[`.
        let plausible = match (prev, prev2) {
            (Some(b','), Some(b'}')) => true,
            (Some(b'[' | b':') | None, _) => false,
            _ => newline,
        };
        if plausible {
            return Some(at);
        }
        p = at + 1;
    }
    None
}

/// The documents of `bytes[start..end]`, numbered from `first_line`, as `structural` finds
/// them; `in_array` when the range lies inside a top-level array.
pub fn structural_within(
    bytes: &[u8],
    start: usize,
    end: usize,
    first_line: u32,
    in_array: bool,
) -> Vec<Doc> {
    split_structural(bytes, start, end, first_line, in_array, &mut |_, _| {})
}

fn split_structural(
    bytes: &[u8],
    start: usize,
    end: usize,
    first_line: u32,
    in_array: bool,
    release: &mut dyn FnMut(usize, usize),
) -> Vec<Doc> {
    const RELEASE_EVERY: usize = 8 << 20;
    let bytes = &bytes[..end];
    let mut released = start;
    let mut docs = Vec::new();
    let mut line: u32 = first_line;
    // Depth at which documents start: 1 inside a top-level array.
    let mut base = usize::from(in_array);
    let mut depth = base;
    let mut in_string = false;
    let mut escaped = false;
    let mut open: Option<(usize, u32)> = None;
    let mut scalar = false;
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            line += 1;
            if i - released >= RELEASE_EVERY {
                release(released, i);
                released = i;
            }
        }
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            } else {
                // Most bytes of a document are inside strings: jump to the next quote or
                // backslash, counting the (invalid, but possible) raw newlines on the way.
                let rest = &bytes[i..];
                let skip = memchr::memchr2(b'"', b'\\', rest).unwrap_or(rest.len());
                let newlines = memchr::memchr_iter(b'\n', &rest[1..skip]).count();
                line += u32::try_from(newlines).unwrap_or(u32::MAX);
                i += skip;
                continue;
            }
            i += 1;
            continue;
        }
        if let Some((s, l)) = open {
            let closes_scalar = scalar && depth == base && matches!(b, b',' | b'\n' | b']' | b'}');
            if closes_scalar {
                // The delimiter is read again below, at the top level.
                let (a, e) = trim(bytes, s, i);
                docs.push(Doc {
                    start: a,
                    end: e,
                    line: l,
                });
                open = None;
            } else {
                match b {
                    b'"' => in_string = true,
                    b'{' | b'[' if !scalar => depth += 1,
                    b'}' | b']' if !scalar => {
                        depth = depth.saturating_sub(1);
                        if depth == base && !scalar {
                            docs.push(Doc {
                                start: s,
                                end: i + 1,
                                line: l,
                            });
                            open = None;
                        }
                    }
                    _ => {}
                }
                i += 1;
                continue;
            }
        }
        match b {
            b' ' | b'\t' | b'\r' | b'\n' | b',' => {}
            b'[' if base == 0 => {
                base = 1;
                depth = 1;
            }
            b']' if base == 1 => {
                base = 0;
                depth = 0;
            }
            b'{' | b'[' => {
                open = Some((i, line));
                scalar = false;
                depth += 1;
            }
            b'"' => {
                open = Some((i, line));
                scalar = true;
                in_string = true;
            }
            _ => {
                open = Some((i, line));
                scalar = true;
            }
        }
        i += 1;
    }
    if let Some((s, l)) = open {
        let (a, e) = trim(bytes, s, bytes.len());
        docs.push(Doc {
            start: a,
            end: e,
            line: l,
        });
    }
    docs
}

#[cfg(test)]
#[path = "split_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "split_props.rs"]
mod props;
