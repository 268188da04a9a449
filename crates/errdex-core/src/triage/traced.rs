//! What a traceback's frames say about a chain. A traceback prints, for every exception, the
//! frames down to where it was raised; so where a link's record sits at a line a frame names,
//! the traceback has said where its message came from, and a record of another file that
//! merely reads like a piece of that message (a value after its last `: `, an exception the
//! interpreter raised while it was handled) is not a link of it.

use std::borrow::Cow;
use std::cell::OnceCell;

use super::frames::{self, Frame};
use super::resolve::{NEAR_LINES, shared_suffix};
use crate::dataset::Entries;

/// Which of a chain's links (each its record and where it starts in `text`) to drop: those
/// after the text's first line whose records sit in no file a frame names, when another link
/// sits at, or within `NEAR_LINES` of, a line a frame names. The first line is the log call's
/// own (or the outermost exception's), whatever file it is in.
pub(super) fn unnamed(
    entries: Entries<'_>,
    found: &[Frame],
    text: &str,
    links: &[(usize, usize)],
) -> Vec<bool> {
    let keep_all = vec![false; links.len()];
    if found.is_empty() {
        return keep_all;
    }
    // The frame lines are out of the text by now (`messages`).
    let Some(trace) = text.find('\n') else {
        return keep_all;
    };
    let named: Vec<Named> = links
        .iter()
        .map(|&(record, _)| named_by(entries, record, found))
        .collect();
    if !named.contains(&Named::AtLine) {
        return keep_all;
    }
    links
        .iter()
        .zip(&named)
        .map(|(&(_, start), n)| start >= trace && *n == Named::No)
        .collect()
}

/// Whether `record` is of a file no frame names, where a frame has `pinned` a record whose
/// pattern says nothing (a `raise AttributeError(attr)`) to its line. A
/// traceback lists every frame down to each raise: a record elsewhere that shares words with
/// the line did not raise it.
pub(super) fn off_the_trace(
    entries: Entries<'_>,
    record: usize,
    found: &[Frame],
    pinned: bool,
) -> bool {
    pinned && named_by(entries, record, found) == Named::No
}

/// Whether a frame names `record`'s very line.
pub(super) fn at_a_frames_line(entries: Entries<'_>, record: usize, found: &[Frame]) -> bool {
    let Some((path, Some(line))) = entries.location(record) else {
        return false;
    };
    found
        .iter()
        .any(|f| i64::from(f.line) == line && shared_suffix(path, &f.path).is_some())
}

#[derive(Debug, PartialEq, Eq)]
enum Named {
    No,
    File,
    AtLine,
}

/// How closely the frames name a record's place: not at all, its file, or its line.
fn named_by(entries: Entries<'_>, record: usize, found: &[Frame]) -> Named {
    let Some((path, line)) = entries.location(record) else {
        return Named::No;
    };
    let mut best = Named::No;
    for frame in found {
        if shared_suffix(path, &frame.path).is_none() {
            continue;
        }
        let near = line.is_some_and(|l| (l - i64::from(frame.line)).abs() <= NEAR_LINES);
        if near {
            return Named::AtLine;
        }
        best = Named::File;
    }
    best
}

/// The text of a pasted trace without the lines that only say where (an indented frame:
/// `  File "x.py", line 7, in f`, `\tat a.B.c(B.java:3)`, `\t/src/x.go:42 +0x1d`) and the
/// source Python prints under a frame: a raise statement's own literal there would otherwise
/// be read as the error it raises, and a long trace's messages come after all of them.
pub(super) fn messages(text: &str) -> Cow<'_, str> {
    if !text.contains('\n') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut under: Option<usize> = None;
    let mut dropped = false;
    let mut found = Vec::new();
    for line in text.split('\n') {
        let indent = line.len() - line.trim_start().len();
        if under.is_some_and(|frame| indent > frame && !line.trim().is_empty()) {
            dropped = true;
            continue;
        }
        under = None;
        found.clear();
        frames::extract(line, &mut found);
        if indent > 0 && is_frame_line(line.trim_start(), &found) {
            under = Some(indent);
            dropped = true;
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    if dropped {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// What a line says about where it came from: the frames it prints, the module, logger or
/// target names it holds and its words that name a folder. It picks a group's site.
pub(super) struct Place<'a> {
    pub names: Vec<Vec<&'a str>>,
    pub frames: &'a [Frame],
    pub line: &'a str,
    /// The line's words, read only when a group's site is picked.
    pub words: OnceCell<Vec<&'a str>>,
}

impl Place<'_> {
    /// How closely the line names `path` (a site at `line`), higher closer: a frame at its
    /// line, then near it, then in its file — each by how many trailing folders the paths
    /// share, so a package's own file wins over a vendored copy of it — then the names, then
    /// the folders the line's words name, then whether the file is built for this system.
    pub fn closeness(&self, path: &str, line: Option<i64>) -> (u8, usize, usize, usize, bool) {
        let mut framed = (0, 0);
        for frame in self.frames {
            let Some(shared) = shared_suffix(path, &frame.path) else {
                continue;
            };
            let diff = line.map(|l| (l - i64::from(frame.line)).abs());
            let at = match diff {
                Some(0) => 3,
                Some(d) if d <= NEAR_LINES => 2,
                _ => 1,
            };
            framed = framed.max((at, shared));
        }
        let named = if self.names.is_empty() {
            0
        } else {
            super::origin::closeness(&self.names, path)
        };
        let words = self.words.get_or_init(|| super::origin::words(self.line));
        let folders = super::origin::folders_named(words, path);
        let host = super::origin::for_host(path, std::env::consts::OS);
        (framed.0, framed.1, named, folders, host)
    }
}

/// A line that is only a frame: Python's `File "…", line N`, `at …` of Java, Node, .NET and
/// Rust backtraces, or a Go frame's path opening it. Not a message that ends naming its place.
fn is_frame_line(trimmed: &str, found: &[Frame]) -> bool {
    !found.is_empty()
        && (trimmed.starts_with("File \"")
            || trimmed.starts_with("at ")
            || found.iter().any(|f| trimmed.starts_with(f.path.as_str())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traces_frames_and_source_lines_are_taken_out() {
        let python = "Traceback (most recent call last):\n  File \"/a/x.py\", line 3, in f\n    raise ValueError(\"bad {}\".format(v))\n    ^^^^^^^^^^^^^^^\nValueError: bad 7";
        assert_eq!(
            messages(python),
            "Traceback (most recent call last):\nValueError: bad 7"
        );
        let java = "java.lang.IllegalStateException: closed\n\tat a.b.C.run(C.java:9)\nCaused by: java.io.IOException: reset\n\tat a.b.D.read(D.java:4)";
        assert_eq!(
            messages(java),
            "java.lang.IllegalStateException: closed\nCaused by: java.io.IOException: reset"
        );
        // A panic's own line names a place and holds the message: it stays.
        let panic = "thread 'main' panicked at src/x.rs:12:5:\nindex out of bounds";
        assert_eq!(messages(panic), panic);
        let wrapped =
            "thread 'w' panicked at 'Lazy panicked,\n      poisoning it', src/lazy.rs:331:5";
        assert_eq!(messages(wrapped), wrapped);
        let go = "goroutine 1 [running]:\nmain.main()\n\t/src/app/main.go:42 +0x1d";
        assert_eq!(messages(go), "goroutine 1 [running]:\nmain.main()");
        assert!(matches!(messages("one line at x.rs:3"), Cow::Borrowed(_)));
    }
}
