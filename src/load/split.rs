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
            (Some(b'[' | b':'), _) | (None, _) => false,
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
mod tests {
    use super::*;

    fn texts<'a>(bytes: &'a [u8], docs: &[Doc]) -> Vec<(&'a str, u32)> {
        docs.iter()
            .map(|d| (std::str::from_utf8(&bytes[d.start..d.end]).unwrap(), d.line))
            .collect()
    }

    #[test]
    fn lines_skip_blanks_and_trim_crlf() {
        let b = b"{\"a\":1}\r\n\r\n  \n{\"b\":2}\r\n";
        let docs: Vec<_> = lines(b, 0, b.len(), 1).collect();
        assert_eq!(texts(b, &docs), [("{\"a\":1}", 1), ("{\"b\":2}", 4)]);
    }

    #[test]
    fn structural_finds_pretty_documents_and_array_elements() {
        let b = b"{\n \"a\": \"}\\\"{\"\n}\n{\"b\":[1,{}]}\n";
        assert_eq!(
            texts(b, &structural(b, 0)),
            [("{\n \"a\": \"}\\\"{\"\n}", 1), ("{\"b\":[1,{}]}", 4)]
        );
        let b = b"[\n  {\"a\":1},\n  42,\n  {\"b\":2}\n]\n";
        assert_eq!(
            texts(b, &structural(b, 0)),
            [("{\"a\":1}", 2), ("42", 3), ("{\"b\":2}", 4)]
        );
    }

    #[test]
    fn raw_newlines_inside_strings_still_count_for_line_numbers() {
        let b = b"{\"a\": \"x\ny\n\"}\n{\"b\": 1}\n";
        assert_eq!(texts(b, &structural(b, 0))[1], ("{\"b\": 1}", 4));
    }

    #[test]
    fn structural_keeps_a_truncated_tail() {
        let b = b"{\"a\":1}\n{\"b\":\n";
        assert_eq!(
            texts(b, &structural(b, 0)),
            [("{\"a\":1}", 1), ("{\"b\":", 2)]
        );
    }

    #[test]
    fn resumes_after_a_broken_element_at_the_next_one() {
        // An unclosed string: the next element's start is inside the broken one's string.
        let b = br#"[{"id":"a"},{"id":"b,"m":1},{"id":"c"},{"id":"d"}]"#;
        let docs = structural(b, 0);
        assert_eq!(docs.len(), 2, "{:?}", texts(b, &docs));
        let r = resume_point(b, docs[1].start, docs[1].end).unwrap();
        let rest = structural_within(b, r, docs[1].end, docs[1].line, true);
        assert_eq!(texts(b, &rest)[0], (r#"{"id":"c"}"#, 1));
        // An unclosed brace, pretty-printed: the next line that opens a document.
        let b = b"{\n \"id\": \"b\",\n{\n \"id\": \"c\"\n}\n";
        let docs = structural(b, 0);
        assert_eq!(docs.len(), 1);
        let r = resume_point(b, docs[0].start, docs[0].end).unwrap();
        let rest = structural_within(b, r, docs[0].end, 3, false);
        assert_eq!(texts(b, &rest), [("{\n \"id\": \"c\"\n}", 3)]);
        let nested = b"{\"a\": {\"b\": 1}}";
        assert_eq!(resume_point(nested, 0, nested.len()), None);
    }

    #[test]
    fn recognises_utf16() {
        assert!(is_utf16(b"\xFF\xFE{\0\"\0"));
        assert!(is_utf16(b"{\0\"\0i\0d\0\"\0"));
        assert!(is_utf16(b"\0{\0\"\0i\0d"));
        assert!(!is_utf16(b"{\"id\":1}"));
        assert!(!is_utf16(b"\xEF\xBB\xBF{\"id\":1}"));
        assert!(!is_utf16(b"{}"));
    }

    #[test]
    fn detects_layouts() {
        assert_eq!(detect(b"{\"a\":1}\n{\"a\":2}\n", None), Layout::Lines);
        assert_eq!(detect(b"{\n\"a\":1\n}\n", None), Layout::Structural);
        assert_eq!(detect(b"[{\"a\":1}]", None), Layout::Structural);
        assert_eq!(detect(b"{\"a\":\n{\"a\":2}\n", None), Layout::Lines);
        assert_eq!(detect(b"{\n\"a\":1\n}\n", Some("jsonl")), Layout::Lines);
        assert_eq!(detect(b"\xEF\xBB\xBF{\"a\":1}\r\n", None), Layout::Lines);
    }
}
