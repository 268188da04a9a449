//! When a record a pasted line matched is to be trusted. The matcher compares normalised
//! words; a record is an answer only when its own text is in the line as written, and a short
//! one ("failed", "index out of range") only as a whole link, not as a fragment of another
//! program's sentence.

use super::locate::{Fit, Found, Pieces, locate, pieces, says_something_in, share_of};
use super::matcher::Via;

/// A pattern of this many literal words or fewer is short…
const SHORT_WORDS: usize = 3;
/// …when it has fewer letters than this: one long name
/// (`java.util.ConcurrentModificationException`) is specific enough anywhere.
const SHORT_LETTERS: usize = 24;
/// Two words or fewer, without placeholders: the whole link or nothing.
const BARE_WORDS: usize = 2;
/// Share of its literal text a record matched by normalised words must have in the line when
/// its text is not there as written.
const FOUND_SHARE: f32 = 0.6;

/// Whether a match of `pattern` (split as `split`) found at `found` in `text` is an answer.
/// `bounds` gives the pieces of the line a link may be (start, end); they are asked only for
/// a short pattern.
pub fn trusted<'b>(
    via: Via,
    pattern: &str,
    split: &Pieces<'_>,
    text: &str,
    found: Found,
    bounds: impl FnOnce() -> &'b [(usize, usize)],
) -> bool {
    let literal = &split.literal;
    let (open_start, open_end) = (split.open_start, split.open_end);
    let located = found.fit != Fit::Absent;
    let sound = match via {
        Via::Location => true,
        // Words in common, or the same words with other punctuation or quotes around them:
        // much of the record's own text must still be in the line.
        _ => located || share_of(literal, text) >= FOUND_SHARE,
    };
    // Its words (runs of letters and digits holding a letter) counted, with their letters.
    let (words, letters) = literal
        .iter()
        .flat_map(|p| p.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| w.chars().any(char::is_alphabetic))
        .fold((0, 0), |(n, l), w| (n + 1, l + w.len()));
    // A cut line, or words in common without the record's text as written: what the line
    // holds of the record must say something on its own. A generic prefix (`failed to open`)
    // or a few shared words (`does not exist`) survive in many records' lines — most often
    // the log call's own message after the error's text was cut away.
    let says = |found: Found| {
        via == Via::Location || !matches!(found.fit, Fit::Cut | Fit::Absent) || {
            let (held, held_letters) = held(literal, text, found);
            held > SHORT_WORDS || held_letters >= SHORT_LETTERS
        }
    };
    if !sound || words > SHORT_WORDS || letters >= SHORT_LETTERS {
        return sound && says(found);
    }
    // A pattern that is only placeholders (`{}`, `{}: {}`) or joins them (`{} at {}`) says
    // nothing a line could show: only the location the line names can answer it.
    if !says_something_in(literal) {
        return via == Via::Location;
    }
    // Short: in the line's own case, opening a link, its placeholders standing for values.
    // A record written with one occurrence's numbers (`draining:7085`) is the same error as a
    // line with others: its numbers are read as placeholders here.
    let numbered;
    let (pattern, found) = if matches!(found.fit, Fit::Exact | Fit::Cut) {
        (pattern, found)
    } else {
        numbered = numbers_as_holes(pattern);
        (numbered.as_str(), locate(&numbered, text))
    };
    // Its words as whole words: `unrecognized command {}` is not in `unrecognized
    // command-line option`, whose `command` runs on into the value.
    if !matches!(found.fit, Fit::Exact | Fit::Cut) || !says(found) || found.glued > 0 {
        return false;
    }
    let holes = pattern_holes(pattern);
    let bare_edge = words <= BARE_WORDS && holes > 0 && (open_start || open_end);
    bounds().iter().any(|&(start, end)| {
        if bare_edge {
            return whole_link(pattern, literal, holes, text.get(start..end).unwrap_or(""));
        }
        let opens = found.start == start || (open_start && found.start > start);
        if !opens || found.end > end {
            return false;
        }
        let rest = text.get(found.end..end).unwrap_or("");
        let rest = rest
            .trim_start()
            .trim_start_matches(['"', '\''])
            .trim_start();
        // A wrapper (`write error: {}`, `Reader "{}" not found. {}`) ends where the error it
        // wraps, the next link, starts.
        let head = &text[..found.end];
        let wraps = head.ends_with(':') || (open_end && head.ends_with('.'));
        let closes = rest.is_empty() || rest.starts_with(':') || wraps;
        if holes == 0 && words <= BARE_WORDS {
            return closes;
        }
        // What the placeholders took: to the link's end when the pattern ends with one.
        let taken = text.get(found.start..if open_end { end } else { found.end });
        closes && open_end || plain_words(taken.unwrap_or(""), literal, true) <= holes
    })
}

/// Words (and their letters) of the record's literal text the line holds: for a cut fit, the
/// pieces found before the cut; else each run of the pieces' words found anywhere in the line,
/// words holding digits left out as one occurrence's values.
fn held(literal: &[&str], text: &str, found: Found) -> (usize, usize) {
    let line = if found.fit == Fit::Cut {
        text.get(found.start..found.end).unwrap_or("")
    } else {
        text
    };
    let line = line.to_lowercase();
    let (mut words, mut letters) = (0, 0);
    for piece in literal {
        let piece = piece.to_lowercase();
        let plain: Vec<&str> = piece.split_whitespace().collect();
        for run in plain.split(|w| w.bytes().any(|c| c.is_ascii_digit())) {
            let run = run.join(" ");
            if run.is_empty() || !line.contains(&run) {
                continue;
            }
            for w in run.split(|c: char| !c.is_alphanumeric()) {
                if w.chars().any(char::is_alphabetic) {
                    words += 1;
                    letters += w.len();
                }
            }
        }
    }
    (words, letters)
}

/// One or two words with a placeholder at an edge (`{} in {}`, `write error: {}`) answer only
/// a whole link: found there at word edges, no more plain words around them than placeholders,
/// never a fragment of a longer sentence. A wrapper's last placeholder holds the next link.
fn whole_link(pattern: &str, literal: &[&str], holes: usize, link: &str) -> bool {
    let (_, open_start, open_end) = pieces(pattern);
    let f = locate(pattern, link);
    if !matches!(f.fit, Fit::Exact | Fit::Cut) || !(open_start || f.start == 0) {
        return false;
    }
    let wraps = link[..f.end].ends_with(':');
    let rest = link[f.end..].trim_start().trim_start_matches(['"', '\'']);
    let rest = rest.trim_start();
    let closes = open_end || wraps || rest.is_empty() || rest.starts_with(':');
    let values = if wraps { &link[..f.end] } else { link };
    // `{i} {e}` is one run between literal pieces but two values.
    let holes = holes.max(pattern.matches('{').count());
    closes && whole_words(link, f.start, f.end) && plain_words(values, literal, false) <= holes
}

/// `pattern` with each number standing alone (not glued to a letter: `http2` stays) as `{}`.
fn numbers_as_holes(pattern: &str) -> String {
    let b = pattern.as_bytes();
    let mut out = String::with_capacity(pattern.len());
    let mut i = 0;
    while i < b.len() {
        let glued = i > 0 && b[i - 1].is_ascii_alphabetic();
        let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n > 0 && !glued && !b.get(i + n).is_some_and(u8::is_ascii_alphabetic) {
            out.push_str("{}");
            i += n;
            continue;
        }
        let len = pattern[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&pattern[i..i + len.max(n)]);
        i += len.max(n);
    }
    out
}

/// Whether `text[start..end]` neither starts nor ends inside a word (`in` is not the start of
/// `internal`).
fn whole_words(text: &str, start: usize, end: usize) -> bool {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let (Some(head), Some(tail)) = (text.get(..start), text.get(end..)) else {
        return false;
    };
    let piece = text.get(start..end).unwrap_or("");
    let starts_inside = word(head.chars().next_back()) && word(piece.chars().next());
    let ends_inside = word(piece.chars().next_back()) && word(tail.chars().next());
    !(starts_inside || ends_inside)
}

/// Placeholders in a pattern.
fn pattern_holes(pattern: &str) -> usize {
    let (literal, open_start, open_end) = pieces(pattern);
    (literal.len() + usize::from(open_start) + usize::from(open_end)).saturating_sub(1)
}

/// Plain words (letters only) of `taken` outside the pattern's literal pieces: what its
/// placeholders stood for. A value is one token — a number, a name, a path, a quoted string —
/// so more plain words than placeholders means the pattern took a sentence it does not hold.
/// With `messages`, a placeholder after a `:` between literal pieces is a wrapped message,
/// which is a sentence (`error parsing regexp: {}: `{}``), and its words are not counted.
fn plain_words(taken: &str, literal: &[&str], messages: bool) -> usize {
    let mut values = String::with_capacity(taken.len());
    let mut at = 0;
    let mut message = false;
    for piece in literal {
        let Some(found) = taken.get(at..).and_then(|rest| rest.find(piece)) else {
            continue;
        };
        if !message {
            values.push_str(&taken[at..at + found]);
            values.push(' ');
        }
        at += found + piece.len();
        message = messages && piece.trim_end().ends_with(':');
    }
    values.push_str(taken.get(at..).unwrap_or(""));
    values
        .split_whitespace()
        .filter(|w| w.len() > 1 && w.chars().all(char::is_alphabetic))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triage::chain::segments;

    /// `trusted` with the pattern split here and the bounds given.
    fn trusted_in(
        via: Via,
        pattern: &str,
        line: &str,
        found: Found,
        bounds: &[(usize, usize)],
    ) -> bool {
        trusted(via, pattern, &Pieces::of(pattern), line, found, || bounds)
    }

    fn trusts(pattern: &str, line: &str) -> bool {
        let found = locate(pattern, line);
        trusted_in(Via::Contains, pattern, line, found, &segments(line))
    }

    #[test]
    fn a_placeholder_after_a_colon_inside_a_short_pattern_is_a_message() {
        let pattern = "error parsing regexp: {}: `{}`";
        assert!(trusts(
            pattern,
            "error parsing regexp: invalid or unsupported Perl syntax: `(?P`"
        ));
        assert!(trusts(pattern, "error parsing regexp: bad: `x`"));
        // The value that is no wrapped message still holds one token.
        assert!(trusts(
            "bad {} in config: {}.",
            "bad key in config: no such section."
        ));
        assert!(!trusts(
            "bad {} in config: {}.",
            "bad luck with this key in config: no such section."
        ));
    }

    #[test]
    fn short_patterns_answer_only_as_a_whole_link() {
        assert!(trusts("failed", "Error: failed"));
        assert!(!trusts(
            "failed",
            "sshd[1]: failed password for invalid user admin"
        ));
        assert!(!trusts(
            "out of range",
            "error=\"runtime error: index out of range [7]\""
        ));
        assert!(!trusts("Connection refused", "dial: connection refused"));
        assert!(trusts(
            "missing field `{}`",
            "Error: missing field `email` at line 4 column 1"
        ));
        assert!(!trusts(
            "no such {} {}",
            "Error: no such file or directory, open '/x'"
        ));
        assert!(trusts(
            "write error: {}",
            "err=\"write error: mail: empty group\""
        ));
        // A short pattern's words are whole words of the line, not a prefix of a longer one.
        assert!(trusts(
            "unrecognized command {}",
            "error: unrecognized command 'x'"
        ));
        assert!(!trusts(
            "unrecognized command {}",
            "gcc: error: unrecognized command-line option '-mavx8168'"
        ));
        // Words that only join values say nothing alone: only a frame at the record's line
        // answers such a pattern (see `answer`).
        assert!(!trusts("{} in {}", "Error: foo in bar"));
        assert!(!trusts(
            "{} in {}",
            "panicked at x.rs:9:5:\n-1 in /var/lib/segment-0007.db"
        ));
        assert!(trusted_in(
            Via::Location,
            "{} in {}",
            "Error: foo in bar",
            locate("{} in {}", "Error: foo in bar"),
            &segments("Error: foo in bar"),
        ));
        assert!(!trusts(
            "{} in {}",
            "Segmentation fault (core dumped) in worker 2088"
        ));
        assert!(!trusts(
            "{} in {}",
            "thread 'w' panicked at 'Invalid hex escape sequence in strin"
        ));
        assert!(!trusts(
            "{} in {}",
            "host=ip-10-0-88-17.eu-west-1.compute.internal panicked at 'seconds overflow"
        ));
        assert!(trusts(
            "java.util.ConcurrentModificationException",
            "in thread \"main\" java.util.ConcurrentModificationException"
        ));
    }

    #[test]
    fn a_pattern_of_placeholders_alone_is_answered_only_by_a_location() {
        let line = "ValueError: malformed node or string: None";
        let found = locate("{}", line);
        assert!(!trusted_in(
            Via::Contains,
            "{}",
            line,
            found,
            &segments(line)
        ));
        assert!(!trusted_in(
            Via::Overlap,
            "{}: {}",
            line,
            found,
            &segments(line)
        ));
        assert!(trusted_in(
            Via::Location,
            "{}",
            line,
            found,
            &segments(line)
        ));
    }

    #[test]
    fn a_short_record_written_with_other_numbers_is_the_same_error() {
        assert_eq!(
            numbers_as_holes("ECONNREFUSED draining:7085"),
            "ECONNREFUSED draining:{}"
        );
        assert_eq!(numbers_as_holes("http2 a1 500 x"), "http2 a1 {} x");
        assert!(trusts(
            "ECONNREFUSED draining:7085",
            "ERROR req=7a27 ECONNREFUSED draining:1951"
        ));
        assert!(!trusts(
            "ECONNREFUSED draining:7085",
            "ERROR draining:1951 ECONNREFUSED"
        ));
    }

    #[test]
    fn a_cut_line_is_trusted_by_the_records_text_it_holds() {
        let pad = "host=ip-10-0-88-17.eu-west-1.compute.internal pod=worker-7d9f6c5b8-x2x7k \
                   trace_id=4a1f1c0e9b2d4c7a8e6f5d3c2b1a0f9e span_id=9e8d7c6b5a4f3e2d";
        let generic = format!("{pad} ERROR write failed: failed to open /var/lib/a.db fo");
        let pattern = "failed to open {} for writing: {}";
        assert_eq!(locate(pattern, &generic).fit, Fit::Cut);
        assert!(
            !trusts(pattern, &generic),
            "a generic prefix is no evidence"
        );
        let specific =
            format!("{pad} ERROR could not create the aws credentials provider chain for /x bec");
        let pattern = "could not create the aws credentials provider chain for {} because {}";
        assert_eq!(locate(pattern, &specific).fit, Fit::Cut);
        assert!(
            trusts(pattern, &specific),
            "the record's own first words survive"
        );
    }

    #[test]
    fn a_few_words_in_common_are_no_answer() {
        let line = "ERROR:app.clean:'/var/tmp/build' does not exist -- ";
        let pattern = "file '{}' does not exist";
        let found = locate(pattern, line);
        assert_eq!(found.fit, Fit::Absent);
        assert!(!trusted_in(
            Via::Overlap,
            pattern,
            line,
            found,
            &segments(line)
        ));
    }

    #[test]
    fn words_in_common_need_the_records_text() {
        let line = "ERROR failed to connect to kafka broker b-2:9092: connection refused";
        let found = locate("failed to connect socket", line);
        assert!(!trusted_in(
            Via::Overlap,
            "failed to connect socket",
            line,
            found,
            &segments(line)
        ));
    }
}
