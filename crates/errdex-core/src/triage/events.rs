//! Which lines start a log event and which continue the one before: a stack trace, a
//! traceback or a panic's message belongs to the line it follows.
//!
//! A line with a header (timestamp, syslog date, level, klog prefix, logfmt key, JSON object)
//! or a known crash opening (`thread '…' panicked`, `panic:`, `fatal error:`) starts an event.
//! A line without one continues the current event when it is indented, is a trace marker
//! (`Traceback`, `Caused by:`, `goroutine 1 [running]:` …), follows such a line, looks like an
//! exception header (`ValueError: bad`, `java.lang.IllegalStateException: …`), or follows a
//! line ending in `:` (Rust prints the panic message on the line after the location). Anything
//! else starts an event of its own, so a file of bare messages is one event a line.

use super::normalize::Level;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Head,
    Continuation,
    Blank,
}

/// Streaming classifier: feed lines in order.
#[derive(Debug, Default)]
pub struct Splitter {
    in_event: bool,
    prev_trace: bool,
    prev_colon: bool,
}

const MARKERS: &[&str] = &[
    "Traceback (",
    "Caused by:",
    "Suppressed:",
    "stack backtrace:",
    "goroutine ",
    "[signal ",
    "...",
    "created by ",
    "During handling of the above exception",
    "The above exception was the direct cause",
];

/// Lines that close a trace: they belong to it, but what follows them does not.
const TAIL_MARKERS: &[&str] = &["note: run with", "exit status "];

const CRASH_OPENINGS: &[&str] = &[
    "panic: ",
    "fatal error: ",
    "Exception in thread ",
    "Uncaught ",
];

const EXCEPTION_SUFFIXES: &[&str] = &[
    "Error",
    "Exception",
    "Exit",
    "Interrupt",
    "Warning",
    "Failure",
    "Fault",
    "Throwable",
];

impl Splitter {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn classify(&mut self, line: &str) -> LineKind {
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            return LineKind::Blank;
        }
        let indented = line.starts_with([' ', '\t']);
        let marker = MARKERS.iter().any(|m| trimmed.starts_with(m));
        let tail = TAIL_MARKERS.iter().any(|m| trimmed.starts_with(m));
        let kind = if !self.in_event || (!indented && has_header(trimmed)) {
            LineKind::Head
        } else if indented
            || marker
            || tail
            || self.prev_trace
            || self.prev_colon
            || looks_like_exception(trimmed)
        {
            LineKind::Continuation
        } else {
            LineKind::Head
        };
        self.in_event = true;
        self.prev_trace = kind == LineKind::Continuation && (indented || marker);
        self.prev_colon = trimmed.ends_with(':');
        kind
    }
}

/// Whether a line opens a new log event by its shape.
pub fn has_header(line: &str) -> bool {
    if line.starts_with('{') {
        return true;
    }
    if CRASH_OPENINGS.iter().any(|o| line.starts_with(o))
        || (line.starts_with("thread '") && line.contains("' panicked"))
    {
        return true;
    }
    let mut b = line.as_bytes();
    if b.first() == Some(&b'<') {
        // syslog priority: <34>
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if (1..=3).contains(&digits) && b.get(1 + digits) == Some(&b'>') {
            b = &b[2 + digits..];
        }
    }
    if let Some(rest) = b.strip_prefix(b"[") {
        b = rest;
    }
    if b.first().is_some_and(u8::is_ascii_digit) && starts_with_time(b) {
        return true;
    }
    if b.first().is_some_and(|&c| c.is_ascii_digit() || c == b'-') && columns(line) {
        return true;
    }
    let word_len = b.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let (word, after) = b.split_at(word_len);
    let next = after.first().copied();
    if word_len == 1 && is_klog(b) {
        return true;
    }
    let lower = word.to_ascii_lowercase();
    let Ok(word) = std::str::from_utf8(&lower) else {
        return false;
    };
    let calendar = super::header::is_calendar(word);
    if calendar && next == Some(b' ') {
        return true;
    }
    if Level::from_word(word).is_some() && !next.is_some_and(|c| c.is_ascii_alphanumeric()) {
        return true;
    }
    let logfmt = matches!(
        word,
        "time" | "ts" | "t" | "level" | "lvl" | "msg" | "timestamp" | "date"
    );
    logfmt && next == Some(b'=')
}

/// Columns of ids and times before the message (`081109 203615 148 INFO …`, BGL's `- 1117838570
/// 2005.06.03 R02-M1-N0-C:J12-U11 …`, `2568643 node-70 action start …`,
/// `20171223-22:15:29:606|Step_LSC|…`): at least two header fields.
fn columns(line: &str) -> bool {
    let mut starts = Vec::new();
    super::header::message_starts(line, &mut starts);
    starts.len() > 2
}

/// `2024-01-15…`, `2024/01/15`, `10:23:45`, `15.01.2024`, an epoch `1705314225…`.
fn starts_with_time(b: &[u8]) -> bool {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let next = b.get(digits).copied();
    match digits {
        4 => matches!(next, Some(b'-' | b'/' | b'.')),
        1 | 2 => {
            matches!(next, Some(b':' | b'-' | b'/' | b'.'))
                && b.get(digits + 1).is_some_and(u8::is_ascii_digit)
        }
        10..=19 => !next.is_some_and(|c| c.is_ascii_alphabetic()),
        _ => false,
    }
}

/// klog: `E0115 10:23:45.123456 …`
fn is_klog(b: &[u8]) -> bool {
    b.len() > 5
        && matches!(b[0], b'I' | b'W' | b'E' | b'F')
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5] == b' '
}

/// Whether an event is an error worth a record: ERROR or FATAL, a trace under anything but an
/// ordinary line, or (without a level) a panic, a crash, an exception or a traceback.
pub fn is_error_event(head: &str, level: Option<Level>, has_frames: bool) -> bool {
    if let Some(level) = level {
        level >= Level::Error || (level == Level::Warn && has_frames)
    } else {
        let head = head.trim_start();
        has_frames
            || CRASH_OPENINGS.iter().any(|o| head.starts_with(o))
            || (head.starts_with("thread '") && head.contains("' panicked"))
            || head.starts_with("Traceback (")
            || looks_like_exception(head)
    }
}

/// `ValueError: bad`, `KeyboardInterrupt`, `java.lang.IllegalStateException: pool exhausted`.
fn looks_like_exception(line: &str) -> bool {
    let name_len = line
        .bytes()
        .take_while(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
        .count();
    let (name, rest) = line.split_at(name_len);
    if name.is_empty() || !(rest.is_empty() || rest.starts_with(':')) {
        return false;
    }
    let qualified_class = name.matches('.').count() >= 2
        && name
            .rsplit('.')
            .next()
            .is_some_and(|last| last.starts_with(|c: char| c.is_ascii_uppercase()));
    qualified_class || EXCEPTION_SUFFIXES.iter().any(|s| name.ends_with(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use LineKind::*;

    fn kinds(log: &str) -> Vec<LineKind> {
        let mut s = Splitter::new();
        log.lines().map(|l| s.classify(l)).collect()
    }

    #[test]
    fn headers_are_recognised() {
        for line in [
            "2024-01-15T10:23:45Z something",
            "[2024-01-15 10:23:45] x",
            "10:23:45.123 x",
            "15.01.2024 x",
            "1705314225 x",
            "<34>Jan 15 10:23:45 host app[1]: x",
            "Jan 15 10:23:45 host app[1]: x",
            "E0115 10:23:45.123456 1 reflector.go:138] x",
            "ERROR: x",
            "[warn] x",
            "level=error msg=x",
            r#"{"level":"error"}"#,
            "thread 'main' panicked at src/main.rs:2:5:",
            "panic: runtime error",
            "081109 203615 148 INFO dfs.FSNamesystem: x",
            "20171223-22:15:29:606|Step_LSC|30002312|x",
            "- 1117838570 2005.06.03 R02-M1-N0-C:J12-U11 x",
            "2568643 node-70 action start 1074119817 1 x",
        ] {
            assert!(has_header(line), "{line}");
        }
        for line in [
            "connection refused",
            "ValueError: bad",
            "errors found",
            "12 items",
        ] {
            assert!(!has_header(line), "{line}");
        }
    }

    #[test]
    fn java_trace_belongs_to_the_log_line() {
        let log = "2024-01-15 10:23:45 ERROR [main] App - request failed\n\
                   java.lang.IllegalStateException: pool exhausted\n\
                   \tat com.x.Pool.get(Pool.java:197)\n\
                   Caused by: java.net.SocketTimeoutException: timed out\n\
                   \t... 12 more\n\
                   2024-01-15 10:23:46 INFO [main] App - next";
        assert_eq!(
            kinds(log),
            [
                Head,
                Continuation,
                Continuation,
                Continuation,
                Continuation,
                Head
            ]
        );
    }

    #[test]
    fn python_traceback_ends_with_the_exception_line() {
        let log = "Traceback (most recent call last):\n  File \"x.py\", line 7, in <module>\n    foo()\nValueError: bad\nnext message";
        assert_eq!(
            kinds(log),
            [Head, Continuation, Continuation, Continuation, Head]
        );
    }

    #[test]
    fn rust_panic_message_follows_the_location() {
        let log = "thread 'main' panicked at src/main.rs:2:5:\nshould not happen\nnote: run with `RUST_BACKTRACE=1`\nother";
        assert_eq!(kinds(log), [Head, Continuation, Continuation, Head]);
    }

    #[test]
    fn go_panic_with_blank_lines() {
        let log = "panic: runtime error: invalid memory address\n[signal SIGSEGV: segmentation violation]\n\ngoroutine 1 [running]:\nmain.handle(0xc000010000)\n\t/app/server.go:42 +0x1d\nmain.main()\n\t/app/main.go:12 +0x25\nexit status 2";
        assert_eq!(
            kinds(log),
            [
                Head,
                Continuation,
                Blank,
                Continuation,
                Continuation,
                Continuation,
                Continuation,
                Continuation,
                Continuation
            ]
        );
    }

    #[test]
    fn bare_messages_are_one_event_each() {
        assert_eq!(
            kinds("connection refused\ndisk full\nconfig.yaml not found"),
            [Head, Head, Head]
        );
    }
}
