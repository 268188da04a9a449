//! A wrapper whose value comes first (serde_json's `{} at line {} column {}` after `EOF while
//! parsing a value`) ends the link before it, as a `: ` would: what is there is judged again
//! as that whole link.

use super::line::LineMatch;
use super::locate::{Fit, Found, Pieces};
use super::trust;
use crate::dataset::Entries;

/// A record the line matched, located and judged, before its score is settled.
pub(super) struct Located {
    pub(super) m: LineMatch,
    pub(super) found: Found,
    pub(super) trusted: bool,
    /// Its pattern says nothing (`{}`, `{} in {}`) and a frame names its very line: the
    /// traceback says the error was raised there.
    pub(super) pins: bool,
    /// Its pattern opens with a placeholder (`{} at line {} column {}`).
    pub(super) opens_with_value: bool,
    /// Where what the record explains ends (its trailing placeholder's value included).
    pub(super) reach: usize,
}

/// The links that a trusted wrapper whose value comes first (serde_json's `{} at line {}
/// column {}` in `EOF while parsing a value at line 1 column 3`) ends, as a `: ` would: see
/// [`before_wrappers`]. Empty when there is no such wrapper.
pub(super) fn links_before(
    located: &[Located],
    bounds: &[(usize, usize)],
    text: &str,
) -> Vec<(usize, usize)> {
    let starts: Vec<usize> = located
        .iter()
        .filter(|l| l.trusted && l.opens_with_value && l.found.fit != Fit::Absent)
        .map(|l| l.found.start)
        .collect();
    if starts.is_empty() {
        return Vec::new();
    }
    before_wrappers(bounds, text, &starts)
}

/// A short record whose text is a whole link a wrapper ends (`before`, from
/// [`links_before`]: `invalid escape`) is asked again with it.
pub(super) fn trust_wrapped(
    entries: Entries<'_>,
    text: &str,
    before: &[(usize, usize)],
    located: &mut [Located],
) {
    if before.is_empty() || located.iter().all(|l| l.trusted) {
        return;
    }
    for l in located.iter_mut().filter(|l| !l.trusted) {
        let Some(e) = entries.get(l.m.record) else {
            continue;
        };
        let pattern = e.pattern.unwrap_or(e.message);
        let split = Pieces::of(pattern);
        l.trusted = trust::trusted(l.m.via, pattern, &split, text, l.found, || before);
    }
}

/// The links that end where a wrapper whose value comes first starts (each of `starts`):
/// from the start of each of `bounds` before it to the wrapper's first piece, the space
/// between them left out, when that is a message of two words or more; one token there is
/// the wrapper's value (`None` in `None is not a valid Enum instance`), not a link.
fn before_wrappers(bounds: &[(usize, usize)], text: &str, starts: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &(start, end) in bounds {
        for &at in starts.iter().filter(|&&at| start < at && at <= end) {
            let value = text.get(start..at).unwrap_or("").trim_end();
            if value.split_whitespace().nth(1).is_some() {
                out.push((start, start + value.len()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::before_wrappers;

    #[test]
    fn the_link_before_a_wrapper_ends_where_the_wrapper_starts() {
        let text = "Error: invalid escape at line 1 column 3";
        let at = text.find("at line").expect("in the text");
        assert_eq!(before_wrappers(&[(7, text.len())], text, &[at]), [(7, 21)]);
        // A bound that starts after the wrapper, or one token before it, is no link.
        assert!(before_wrappers(&[(at + 3, text.len())], text, &[at]).is_empty());
        let text = "None is not a valid Enum instance";
        assert!(before_wrappers(&[(0, text.len())], text, &[5]).is_empty());
    }
}
