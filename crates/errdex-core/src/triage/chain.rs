//! A line is a chain: the log call's own message, the error it logged (`error=`, `err=`,
//! `"error":`), the contexts wrapped around it (`ctx: ctx: cause`, a `Caused by:` list), and
//! for Python the exceptions raised while handling another. Here: the pieces of a line worth
//! matching alone, and from the records found where in the line, the links outer to inner.

use super::Triage;
use super::frames::Frame;
use super::locate::{Fit, Found, locate};
use crate::dataset::Entries;

/// A link's place in a chain, outer to inner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The log call's own message.
    Logged,
    /// A context wrapped around the cause.
    Context,
    /// The innermost error: the row itself.
    Cause,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Logged => "logged",
            Role::Context => "context",
            Role::Cause => "cause",
        }
    }
}

/// One link of a line that matched a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub record: usize,
    pub role: Role,
    /// The piece of the line the record matched.
    pub text: String,
}

/// Pieces of one line matched alone, and links named: a line holds few.
const MAX_SEGMENTS: usize = 24;
const MAX_LINKS: usize = 8;

/// Keys whose value is the logged error.
const ERROR_KEYS: &[&str] = &["error", "err", "exception", "cause", "reason", "exc"];
/// Keys whose value is the log call's own message.
const MESSAGE_KEYS: &[&str] = &["msg", "message"];
/// Python prints chained exceptions innermost first, joined by one of these.
const EXCEPTION_JOINTS: &[&str] = &[
    "During handling of the above exception",
    "The above exception was the direct cause",
];

/// Whether the text says outright that it carries an error inside it: a field of
/// `ERROR_KEYS` (`error=…`, `"err":…`), a `Caused by:` list or a chained traceback. Such a
/// cause may be too short to be found but as a piece of its own.
pub fn holds_cause(text: &str) -> bool {
    // One pass over the few `=` and `"` of the text, each asked whether a key ends before it.
    let b = text.as_bytes();
    let fields = memchr::memchr2_iter(b'=', b'"', b).any(|at| {
        (b[at] == b'=' || b.get(at + 1) == Some(&b':'))
            && ERROR_KEYS.iter().any(|k| b[..at].ends_with(k.as_bytes()))
    });
    fields || text.contains("Caused by:") || EXCEPTION_JOINTS.iter().any(|j| text.contains(j))
}

/// A record the line matched, as the chain finder sees it.
pub struct Seen {
    pub record: usize,
    pub confident: bool,
    pub found: Found,
    /// Its pattern opens with a placeholder (`{} at line {} column {}`).
    pub opens_with_value: bool,
}

/// A link found in the line: its record and the bytes of the text it explains.
#[derive(Debug, Clone, Copy)]
pub struct Placed {
    pub record: usize,
    pub start: usize,
    pub end: usize,
    role: Role,
    /// Its pattern opens with a placeholder (`{} at line {} column {}`): a link just before
    /// it is the value it wraps.
    opens_with_value: bool,
}

/// Byte ranges of `text` that may each be one link's whole text: from the start, after each
/// `: `, ` - `, line break, `key=`, opening quote and flattened JSON value (` ; `), to the next line
/// break, closing quote, JSON value or logfmt field.
pub fn segments(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut starts = vec![0usize];
    for i in 0..b.len() {
        let after = match b[i] {
            b':' | b';' if b.get(i + 1) == Some(&b' ') => i + 2,
            // Python logging's `time - logger - LEVEL - message`.
            b'-' if i > 0 && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ') => i + 2,
            b'\n' => i + 1,
            b'=' if i > 0 && b[i - 1].is_ascii_alphanumeric() => i + 1,
            // Past an unquoted field's value (`req=9e37 index out of range`): what follows
            // is text of its own, often the message after a header's fields.
            b' ' if after_bare_field(&b[..i]) => i + 1,
            // Python logging's default `LEVEL:logger:message`.
            b':' if python_default_head(&b[..i]) => i + 1,
            // An opening quote after a space (`panicked at 'msg'`): the quoted text.
            b'\'' | b'"' if i > 0 && matches!(b[i - 1], b' ' | b'(' | b'[' | b':' | b'=') => i,
            _ => continue,
        };
        // The value of a field saying where the line was written (`"name":"request"` of a
        // span, `logger=db`) is no link, even in a line cut short of whole JSON; nor is the
        // level's (`level=error` is no line of a record whose whole text is `error`).
        if matches!(b[i], b'=' | b'\'' | b'"')
            && key_at(text, i + usize::from(b[i] == b'=')).is_some_and(|k| {
                let named = |keys: &[&str]| keys.iter().any(|w| w.eq_ignore_ascii_case(k));
                named(super::jsonlog::WHERE_KEYS) || named(super::jsonlog::LEVEL_KEYS)
            })
        {
            continue;
        }
        let mut s = after;
        while b.get(s).is_some_and(u8::is_ascii_whitespace) {
            s += 1;
        }
        if s < b.len() && starts.last() != Some(&s) {
            starts.push(s);
        }
        if starts.len() >= MAX_SEGMENTS {
            break;
        }
    }
    let mut out = Vec::with_capacity(starts.len() + 4);
    for s in starts {
        // A quoted value is a link, and so is the text from its opening quote on.
        let quoted = s > 0 && matches!(b[s], b'"' | b'\'');
        // Lazily: an empty text has a start at 0 and no byte there.
        for quote in [None, quoted.then(|| b[s])] {
            if quoted || quote.is_none() {
                out.extend(segment(text, s, quote));
            }
            if !quoted {
                break;
            }
        }
    }
    out
}

/// The piece of `text` from `s` to the next line break, JSON value or logfmt field — or, for a
/// quoted value (`quote`), from after the quote to its closing one.
fn segment(text: &str, s: usize, quote: Option<u8>) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let from = s + usize::from(quote.is_some());
    let end = (from..b.len())
        .find(|&k| {
            b[k] == b'\n'
                || (b[k] == b' ' && b.get(k + 1) == Some(&b';') && b.get(k + 2) == Some(&b' '))
                || (quote == Some(b[k]) && b[k - 1] != b'\\')
                || (quote.is_none() && b[k] == b' ' && field_at(&b[k + 1..]))
        })
        .unwrap_or(b.len());
    let trimmed = text.get(from..end)?.trim_end();
    (!trimmed.is_empty()).then_some((from, from + trimmed.len()))
}

/// `head` ends with `LEVEL` or `LEVEL:logger` standing alone, as Python logging's default
/// format writes them before the message.
fn python_default_head(head: &[u8]) -> bool {
    let word = head
        .iter()
        .rposition(|&c| c == b' ')
        .map_or(head, |k| &head[k + 1..]);
    let mut parts = word.split(|&c| c == b':');
    let level = parts.next().unwrap_or(&[]);
    let upper = !level.is_empty() && level.iter().all(u8::is_ascii_uppercase);
    let logger = parts.next();
    upper
        && parts.next().is_none()
        && std::str::from_utf8(level)
            .is_ok_and(|l| super::level::Level::from_word(&l.to_ascii_lowercase()).is_some())
        && logger.is_none_or(|l| {
            !l.is_empty()
                && l.iter()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.'))
        })
}

/// `head` ends with an unquoted `key=value` field standing alone (after a space or at the
/// start).
fn after_bare_field(head: &[u8]) -> bool {
    let word = head
        .iter()
        .rposition(|&c| c == b' ')
        .map_or(head, |k| &head[k + 1..]);
    field_at(word)
        && word
            .iter()
            .position(|&c| c == b'=')
            .and_then(|k| word.get(k + 1))
            .is_some_and(|&c| !matches!(c, b'"' | b'\'' | b'{' | b'['))
}

/// A logfmt field starts here: `word=`.
fn field_at(b: &[u8]) -> bool {
    let n = b
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_' || **c == b'.')
        .count();
    n > 0 && b.get(n) == Some(&b'=')
}

/// The links of a line, outer to inner (the last is the root cause): confident records whose
/// literal text is in the line, the most faithful first, each taking bytes no other link has,
/// one per group on each line of the text. `seen` is best first.
pub fn links(
    triage: &Triage,
    entries: Entries<'_>,
    line: &str,
    text: &str,
    seen: &[Seen],
    found: &[Frame],
) -> Vec<Placed> {
    let group_of = |record: usize| triage.index.group_of(record);
    let mut out: Vec<Placed> = Vec::new();
    for s in seen {
        if out.len() >= MAX_LINKS {
            break;
        }
        let f = s.found;
        let Some(e) = entries.get(s.record) else {
            continue;
        };
        if !s.confident || f.fit == Fit::Absent {
            continue;
        }
        let overlaps = out.iter().any(|p| f.start < p.end && p.start < f.end);
        let same = out.iter().any(|p| {
            group_of(p.record) == group_of(s.record)
                && !apart(text, (p.start, p.end), (f.start, f.end))
        });
        if overlaps || same {
            continue;
        }
        let opens_with_value = s.opens_with_value;
        out.push(Placed {
            record: s.record,
            start: f.start,
            end: f.end,
            role: Role::Context,
            opens_with_value,
        });
        // Its text again on a later line of the text is a link of its own: an exception
        // raised again while handling itself, a context repeated in a cause list.
        let mut after = f.end;
        while out.len() < MAX_LINKS
            && let Some(later) = again(e.pattern.unwrap_or(e.message), text, after)
        {
            after = later.end;
            if out
                .iter()
                .any(|p| later.start < p.end && p.start < later.end)
            {
                continue;
            }
            out.push(Placed {
                record: s.record,
                start: later.start,
                end: later.end,
                role: Role::Context,
                opens_with_value,
            });
        }
    }
    let at: Vec<(usize, usize)> = out.iter().map(|p| (p.record, p.start)).collect();
    let unnamed = super::traced::unnamed(entries, found, text, &at);
    let mut drop = unnamed.into_iter();
    out.retain(|_| !drop.next().unwrap_or(false));
    order(&mut out, line, text);
    out
}

/// `pattern` found as written (or in another case) on a line of `text` after the one `after`
/// is on.
fn again(pattern: &str, text: &str, after: usize) -> Option<Found> {
    let from = after + text.get(after..)?.find('\n')?;
    let f = locate(pattern, &text[from..]);
    matches!(f.fit, Fit::Exact | Fit::Folded).then(|| Found {
        start: from + f.start,
        end: from + f.end,
        ..f
    })
}

/// Whether a line break separates two ranges of `text`.
fn apart(text: &str, a: (usize, usize), b: (usize, usize)) -> bool {
    let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    text.get(first.1..second.0)
        .is_some_and(|between| between.contains('\n'))
}

/// Outer to inner: the log call's message first, then the rest as written — but Python's
/// chained exceptions, printed innermost first, in reverse.
fn order(links: &mut [Placed], line: &str, text: &str) {
    let keyed: Vec<Option<&str>> = links
        .iter()
        .map(|p| key_before(line, &text[p.start..p.end]))
        .collect();
    // Where the first error field's value starts: a link with no key of its own after it is
    // inside that value (`err="wrapper: cause"`), not the log call's message.
    let errors = links
        .iter()
        .zip(&keyed)
        .filter(|(_, k)| k.is_some_and(|k| ERROR_KEYS.contains(&k)))
        .map(|(p, _)| p.start)
        .min();
    for (p, k) in links.iter_mut().zip(&keyed) {
        let logged = match k {
            Some(k) => MESSAGE_KEYS.contains(k),
            None => errors.is_some_and(|at| p.start < at),
        };
        if logged {
            p.role = Role::Logged;
        }
    }
    let reversed = EXCEPTION_JOINTS.iter().any(|j| text.contains(j));
    // A wrapper whose value comes first (serde_json's `{} at line {} column {}` after `EOF
    // while parsing a value`) is outside the link it follows: it goes just before it.
    let wrapped: Vec<Option<usize>> = links
        .iter()
        .map(|p| {
            let before = links
                .iter()
                .filter(|q| q.end <= p.start)
                .max_by_key(|q| q.end)?;
            let between = text.get(before.end..p.start)?;
            (p.opens_with_value && !reversed && between.trim().is_empty()).then_some(before.start)
        })
        .collect();
    let mut keyed: Vec<(Placed, (bool, usize, bool))> = links
        .iter()
        .zip(&wrapped)
        .map(|(p, w)| {
            let at = match (w, reversed) {
                (Some(at), _) => *at,
                (None, true) => usize::MAX - p.start,
                (None, false) => p.start,
            };
            (*p, (p.role != Role::Logged, at, w.is_none()))
        })
        .collect();
    keyed.sort_by_key(|(_, key)| *key);
    for (slot, (p, _)) in links.iter_mut().zip(keyed) {
        *slot = p;
    }
    let n = links.len();
    for (i, p) in links.iter_mut().enumerate() {
        if i + 1 == n {
            p.role = Role::Cause;
        } else if i > 0 || p.role != Role::Logged {
            p.role = Role::Context;
        }
    }
}

/// The key of the field `piece` is the value of in the line as written (`err="…"`,
/// `"error":"…"`, `error=…`), when the piece is found there.
fn key_before<'a>(line: &'a str, piece: &str) -> Option<&'a str> {
    key_at(line, line.find(piece)?)
}

/// The key of the field whose value starts at byte `at` of `line` (`key=`, `"key":"`,
/// `key: `), the last of a dotted one.
fn key_at(line: &str, at: usize) -> Option<&str> {
    let head = line.get(..at)?.trim_end_matches(['"', ' ']);
    let head = head
        .strip_suffix('=')
        .or_else(|| head.strip_suffix(':').map(|h| h.trim_end_matches('"')))?;
    // Past the last byte of the character before the key: the line may hold any script.
    let start = head
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map_or(0, |(k, c)| k + c.len_utf8());
    let key = &head[start..];
    let key = key.rsplit('.').next().unwrap_or(key);
    (!key.is_empty()).then_some(key)
}

/// The links as an answer names them, the cause as the row's `site` (one of its group).
pub fn named(links: &[Placed], text: &str, site: usize, root: usize) -> Vec<Link> {
    links
        .iter()
        .map(|p| Link {
            record: if p.record == root { site } else { p.record },
            role: p.role,
            text: text.get(p.start..p.end).unwrap_or("").to_string(),
        })
        .collect()
}

#[cfg(test)]
#[path = "chain_tests.rs"]
mod tests;
