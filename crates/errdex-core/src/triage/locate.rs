//! Where a record's literal text sits in a pasted line. The matcher compares normalised
//! tokens — case, quotes and punctuation gone — so two records that differ only there tie;
//! finding the pattern's literal pieces in the line as written tells them apart, says which
//! piece of the line a record explains (a link of a chain), and whether a placeholder stood for
//! nothing.

use std::cmp::Reverse;

/// How faithfully a record's pattern was found in the line, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// Its literal pieces are not in the line in order.
    Absent,
    /// The first pieces are, and the line ends where the next would be (a cut line).
    Cut,
    /// Every piece, some in another case.
    Folded,
    /// Every piece as written.
    Exact,
}

/// A record's pattern in a line: how well, where (bytes), how many of its placeholders
/// stood for no text at all, and how many of its pieces met a value with no space where the
/// pattern has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub fit: Fit,
    pub start: usize,
    pub end: usize,
    pub empty: usize,
    /// `template {} not defined` in `template: t:1: function "x" not defined`: its value
    /// begins with the colon glued to `template`, which the program's own format never
    /// prints; `function {} not defined` is the statement that did.
    pub glued: usize,
}

/// Bytes one placeholder may stand for in a line.
const MAX_VALUE: usize = 256;
/// Pieces of a pattern looked for: a pattern's first ones place it.
const MAX_PIECES: usize = 16;

/// A pattern split once into its literal pieces, for the several questions a ranking asks of
/// it (where it is, whether to trust it, how far it reaches).
#[derive(Debug, Clone)]
pub struct Pieces<'p> {
    pub literal: Vec<&'p str>,
    /// A placeholder opens the pattern.
    pub open_start: bool,
    /// A placeholder ends it.
    pub open_end: bool,
    /// The pattern the pieces are slices of.
    pattern: &'p str,
}

impl<'p> Pieces<'p> {
    pub fn of(pattern: &'p str) -> Self {
        let (literal, open_start, open_end) = pieces(pattern);
        Pieces {
            literal,
            open_start,
            open_end,
            pattern,
        }
    }
}

/// Whether whitespace parts `piece` (a trimmed slice of `pattern`) from a placeholder before
/// it and after it; a pattern's own ends part it from nothing.
fn spaced(pattern: &str, piece: &str) -> (bool, bool) {
    let at = piece.as_ptr() as usize - pattern.as_ptr() as usize;
    let (before, after) = (&pattern[..at], &pattern[at + piece.len()..]);
    let parted = |gap: Option<char>, rest: &str| {
        gap.is_some_and(char::is_whitespace) && !rest.trim().is_empty()
    };
    (
        parted(before.chars().next_back(), before),
        parted(after.chars().next(), after),
    )
}

/// Finds `pattern` (`{}` per placeholder) in `line`. Placeholders at the pattern's ends may
/// take any text; one between two pieces up to `MAX_VALUE` bytes of one line.
pub fn locate(pattern: &str, line: &str) -> Found {
    locate_pieces(&Pieces::of(pattern), line)
}

/// `locate` with the pattern already split.
pub fn locate_pieces(p: &Pieces<'_>, line: &str) -> Found {
    let absent = Found {
        fit: Fit::Absent,
        start: 0,
        end: 0,
        empty: 0,
        glued: 0,
    };
    if p.literal.is_empty() {
        return absent;
    }
    for folded in [false, true] {
        if let Some(found) = walk(p, line, folded) {
            return found;
        }
    }
    absent
}

/// A pattern's literal pieces between its placeholders (`{}`, `{name}`, `%s`, `%(name)d`,
/// `<name>`), at most `MAX_PIECES`, and whether a placeholder opens and ends it.
/// Words that only join values (`{} at {}`, `{} in {}`): a pattern of these alone says
/// nothing another program's sentence would not.
const JOINERS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "into", "is", "of", "on",
    "or", "the", "to", "was", "with",
];

/// Whether a pattern holds a word of its own: `{}`, `{}, {}` and `{} at {}` hold none, so no
/// line's text can tell its record; only where it is can.
pub fn says_something(pattern: &str) -> bool {
    says_something_in(&pieces(pattern).0)
}

/// [`says_something`] of a pattern's literal pieces.
pub fn says_something_in(literal: &[&str]) -> bool {
    literal
        .iter()
        .flat_map(|p| p.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| w.chars().any(char::is_alphabetic))
        .any(|w| !JOINERS.iter().any(|j| j.eq_ignore_ascii_case(w)))
}

pub fn pieces(pattern: &str) -> (Vec<&str>, bool, bool) {
    let b = pattern.as_bytes();
    let (mut out, mut from, mut i) = (Vec::new(), 0, 0);
    let (mut open, mut last_end) = (false, 0);
    while i < b.len() && out.len() < MAX_PIECES {
        let n = match b[i] {
            b'{' => enclosed_len(&b[i..], b'}', MAX_BRACED),
            b'<' => enclosed_len(&b[i..], b'>', MAX_ANGLED),
            // Any `%` and letter beside printf's own (nginx's `%O`, `%V`; Go's `%q` before a
            // space, which printf's `q` length modifier would swallow).
            b'%' => printf_len(&b[i..]).or(b
                .get(i + 1)
                .is_some_and(u8::is_ascii_alphabetic)
                .then_some(2)),
            _ => None,
        };
        let Some(n) = n.filter(|&n| n > 0) else {
            i += 1;
            continue;
        };
        let piece = pattern[from..i].trim();
        if piece.is_empty() && out.is_empty() {
            open = true;
        } else if !piece.is_empty() {
            out.push(piece);
        }
        i += n;
        from = i;
        last_end = i;
    }
    let tail = pattern.get(from..).unwrap_or("").trim();
    let closed = !tail.is_empty();
    if closed && out.len() < MAX_PIECES {
        out.push(tail);
    }
    (out, open, !closed && last_end > 0)
}

/// Share of a pattern's literal text (bytes) whose pieces occur in the line, in any case and
/// order: how much of a record a word overlap really found.
/// Words holding digits are left out: the normaliser reads them as variables, so a record
/// written with the values of one occurrence (`the len is 3155`) still shares its words.
pub fn share_of(literal: &[&str], line: &str) -> f32 {
    let (mut total, mut found) = (0, 0);
    for piece in literal {
        let words: Vec<&str> = piece.split_whitespace().collect();
        for run in words.split(|w| w.bytes().any(|c| c.is_ascii_digit())) {
            let (Some(first), Some(last)) = (run.first(), run.last()) else {
                continue;
            };
            // The run's words joined by one space, which most often it already is in the
            // piece: then the piece's own bytes are searched, nothing is copied.
            let len = run.iter().map(|w| w.len()).sum::<usize>() + run.len() - 1;
            let start = first.as_ptr() as usize - piece.as_ptr() as usize;
            let end = last.as_ptr() as usize - piece.as_ptr() as usize + last.len();
            let joined;
            let text = match piece.get(start..end) {
                Some(t)
                    if t.len() == len
                        && !t.bytes().any(|b| b != b' ' && b.is_ascii_whitespace()) =>
                {
                    t
                }
                _ => {
                    joined = run.join(" ");
                    &joined
                }
            };
            total += len;
            if find(line, text, 0, true).is_some() {
                found += len;
            }
        }
    }
    found as f32 / total.max(1) as f32
}

/// Every start of the first piece, then each later piece within reach of the one before.
fn walk(p: &Pieces<'_>, line: &str, folded: bool) -> Option<Found> {
    let (pieces, trailing) = (&p.literal, p.open_end);
    // Where the line's text meets a piece without the space its pattern has there.
    let glued_at = |i: usize, at: usize, end: usize| {
        let (before, after) = spaced(p.pattern, pieces[i]);
        let bytes = line.as_bytes();
        let meets = |b: Option<&u8>| b.is_some_and(|b| !b.is_ascii_whitespace());
        usize::from(before && at > 0 && meets(bytes.get(at - 1)))
            + usize::from(after && meets(bytes.get(end)))
    };
    let mut best: Option<Found> = None;
    let mut from = 0;
    while let Some(at) = find(line, pieces[0], from, folded) {
        from = at + 1;
        let (mut end, mut empty, mut cut) = (at + pieces[0].len(), 0, false);
        let mut glued = glued_at(0, at, end);
        let mut literal = pieces[0].len();
        let total: usize = pieces.iter().map(|p| p.len()).sum();
        for (i, piece) in pieces.iter().enumerate().skip(1) {
            let mut reach = (end + MAX_VALUE + piece.len()).min(line.len());
            // A value stays on its line of the text: a traceback's or a cause list's next
            // line is another link, whose text the record does not explain.
            if !piece.contains('\n')
                && let Some(k) = memchr::memchr(b'\n', &line.as_bytes()[end..reach])
            {
                reach = end + k;
            }
            if let Some(next) = find(&line[..reach], piece, end, folded) {
                empty += usize::from(line[end..next].trim().is_empty());
                end = next + piece.len();
                glued += glued_at(i, next, end);
                literal += piece.len();
            } else {
                // A cut that left less than half of the record's text is not its line:
                // the error's own words were cut away.
                cut = literal * 2 >= total && is_cut(line, end, piece, literal);
                if !cut {
                    end = usize::MAX;
                }
                break;
            }
        }
        if end == usize::MAX {
            continue;
        }
        if trailing && !cut {
            empty += usize::from(line[end..].trim().is_empty());
        }
        let fit = match (cut, folded) {
            (true, _) => Fit::Cut,
            (false, true) => Fit::Folded,
            (false, false) => Fit::Exact,
        };
        let found = Found {
            fit,
            start: at,
            end,
            empty,
            glued,
        };
        // The fullest fit, then the one with fewest empty placeholders, then fewest glued.
        let rank = |f: &Found| (f.fit, Reverse(f.empty), Reverse(f.glued));
        if best.is_none_or(|b| rank(&found) > rank(&b)) {
            best = Some(found);
        }
        if fit != Fit::Cut && empty == 0 && glued == 0 {
            break;
        }
    }
    best
}

use super::spans::{MAX_ANGLED, MAX_BRACED, enclosed_len, printf_len};

/// Lines shorter than this were not cut by an alert.
const MIN_CUT_LINE: usize = 150;

/// Literal bytes a pattern's first pieces must have in a cut line: a quote or a word alone
/// (`'`, `Node`) is found in any long line that ends within a value's reach of it.
const MIN_CUT_FOUND: usize = 8;

/// The line ends where `piece` would be: within a value's reach of `end`, on the same line of
/// the text (an alert cuts one line), its last bytes (or none) the start of the piece. `found`
/// is the length of the literal text before it.
fn is_cut(line: &str, end: usize, piece: &str, found: usize) -> bool {
    if line.len() < MIN_CUT_LINE
        || line.len() > end + MAX_VALUE + piece.len()
        || found < MIN_CUT_FOUND
        || line.as_bytes()[end..].contains(&b'\n')
    {
        return false;
    }
    let tail = line.as_bytes().get(end..).unwrap_or(&[]);
    (0..=tail.len()).any(|k| {
        let rest = &tail[k..];
        rest.len() < piece.len() && piece.as_bytes()[..rest.len()].eq_ignore_ascii_case(rest)
    })
}

/// `needle` in `hay[from..]`, as written or ASCII-case-folded.
fn find(hay: &str, needle: &str, from: usize, folded: bool) -> Option<usize> {
    let h = hay.as_bytes().get(from..)?;
    let n = needle.as_bytes();
    if !folded {
        return memchr::memmem::find(h, n).map(|k| from + k);
    }
    let (Some(&first), Some(last)) = (n.first(), h.len().checked_sub(n.len())) else {
        return (n.len() <= h.len()).then_some(from);
    };
    // Only where the needle's first byte stands, in either case, is the rest compared.
    let (lower, upper) = (first.to_ascii_lowercase(), first.to_ascii_uppercase());
    memchr::memchr2_iter(lower, upper, &h[..=last])
        .find(|&k| h[k..k + n.len()].eq_ignore_ascii_case(n))
        .map(|k| from + k)
}

#[cfg(test)]
#[path = "locate_tests.rs"]
mod tests;
