//! Byte-level text tests with smart case: ASCII letters fold unless the term is case-sensitive,
//! everything else compares exactly — the same rule SkimMatcherV2 applies, so the fast pass
//! and the final ranking agree on what matches.

use super::query::Kind;

#[inline]
pub fn eq_byte(a: u8, b: u8, case_sensitive: bool) -> bool {
    if case_sensitive {
        a == b
    } else {
        a.eq_ignore_ascii_case(&b)
    }
}

pub(crate) use crate::text::{BONUS_BREAK, in_place};

fn eq_slice(a: &[u8], b: &[u8], case_sensitive: bool) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(&x, &y)| eq_byte(x, y, case_sensitive))
}

/// Byte offset of the first occurrence of `needle` in `hay`. UTF-8 is self-synchronising, so a
/// byte match of valid UTF-8 always starts on a character boundary.
pub fn find(hay: &[u8], needle: &[u8], case_sensitive: bool) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    if case_sensitive {
        return memchr::memmem::find(hay, needle);
    }
    let first = needle[0];
    let (lo, up) = (first.to_ascii_lowercase(), first.to_ascii_uppercase());
    let last_start = hay.len().checked_sub(needle.len())?;
    let mut at = 0;
    while at <= last_start {
        let rel = memchr::memchr2(lo, up, &hay[at..=last_start])?;
        let start = at + rel;
        if eq_slice(&hay[start..start + needle.len()], needle, false) {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

/// Where an anchored or exact term occurs in a field (byte range), if it does.
pub fn locate(hay: &str, needle: &str, kind: Kind, case_sensitive: bool) -> Option<(usize, usize)> {
    locate_bytes(hay.as_bytes(), needle.as_bytes(), kind, case_sensitive)
}

pub fn locate_bytes(
    h: &[u8],
    n: &[u8],
    kind: Kind,
    case_sensitive: bool,
) -> Option<(usize, usize)> {
    let start = match kind {
        Kind::Prefix => {
            (h.len() >= n.len() && eq_slice(&h[..n.len()], n, case_sensitive)).then_some(0)?
        }
        Kind::Suffix => {
            let s = h.len().checked_sub(n.len())?;
            eq_slice(&h[s..], n, case_sensitive).then_some(s)?
        }
        Kind::Equal => eq_slice(h, n, case_sensitive).then_some(0)?,
        Kind::Exact | Kind::Fuzzy => find(h, n, case_sensitive)?,
    };
    Some((start, start + n.len()))
}

/// Whether the characters of `needle` occur in `hay` in order.
pub fn is_subsequence(hay: &[u8], needle: &[u8], case_sensitive: bool) -> bool {
    if needle.is_ascii() {
        let mut it = needle.iter().peekable();
        for &b in hay {
            match it.peek() {
                Some(&&n) if eq_byte(b, n, case_sensitive) => {
                    it.next();
                }
                Some(_) => {}
                None => return true,
            }
        }
        return it.peek().is_none();
    }
    // A multi-byte character must match as a whole, not byte by byte across characters.
    let (Ok(h), Ok(n)) = (std::str::from_utf8(hay), std::str::from_utf8(needle)) else {
        return false;
    };
    let mut hc = h.chars();
    n.chars().all(|c| {
        hc.any(|x| {
            if case_sensitive {
                x == c
            } else {
                x.eq_ignore_ascii_case(&c)
            }
        })
    })
}

/// Whether the byte range is a whole word: no letter or digit on either side.
pub fn is_whole_word(hay: &[u8], start: usize, end: usize) -> bool {
    let word = crate::text::is_word_byte;
    (start == 0 || !word(hay[start - 1])) && (end >= hay.len() || !word(hay[end]))
}

/// Converts a byte range of valid UTF-8 into char indices.
pub fn char_range(hay: &str, start: usize, end: usize) -> std::ops::Range<usize> {
    let first = hay[..start].chars().count();
    first..first + hay[start..end].chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_folds_ascii_only_when_insensitive() {
        assert_eq!(find(b"Connection Refused", b"refused", false), Some(11));
        assert_eq!(find(b"Connection Refused", b"refused", true), None);
        assert_eq!(find(b"ab", b"abc", false), None);
        assert_eq!(
            find("Ünïcode ünïcode".as_bytes(), "ünï".as_bytes(), false),
            Some(10)
        );
    }

    #[test]
    fn locate_anchors() {
        assert_eq!(
            locate("src/main.rs", "src", Kind::Prefix, false),
            Some((0, 3))
        );
        assert_eq!(locate("src/main.rs", ".RS", Kind::Suffix, true), None);
        assert_eq!(
            locate("src/main.rs", ".rs", Kind::Suffix, false),
            Some((8, 11))
        );
        assert_eq!(locate("error", "ERROR", Kind::Equal, false), Some((0, 5)));
        assert_eq!(locate("errors", "error", Kind::Equal, false), None);
    }

    #[test]
    fn subsequence_respects_multibyte_chars() {
        assert!(is_subsequence(b"connection refused", b"cnrf", false));
        assert!(!is_subsequence(b"connection refused", b"fc", false));
        assert!(is_subsequence("a é b".as_bytes(), "éb".as_bytes(), false));
        // 'é' is C3 A9 and 'ê' is C3 AA: bytes from different chars must not combine.
        assert!(!is_subsequence("ê ©".as_bytes(), "é".as_bytes(), false));
    }

    #[test]
    fn whole_words_and_char_ranges() {
        assert!(is_whole_word(b"a timeout here", 2, 9));
        assert!(!is_whole_word(b"timeouts", 0, 7));
        assert_eq!(char_range("héllo wörld", 7, 13), 6..11);
    }
}
