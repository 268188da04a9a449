//! The lengths of what the normaliser reads as one piece: an escape sequence, a quoted value,
//! a format placeholder (`{port}`, `<name>`, `%5.2f`).

/// A quoted value longer than this is prose, not a value.
const MAX_QUOTED: usize = 80;
/// The longest `{…}` placeholder (and `%(name)s` name).
pub(super) const MAX_BRACED: usize = 48;
/// The longest `<…>` placeholder.
pub(super) const MAX_ANGLED: usize = 32;

/// The length of an escape sequence starting at `b[0] == ESC`: CSI (`ESC [ … final`), OSC
/// (`ESC ] … BEL` or `ESC ] … ESC \\`), or ESC and one byte.
pub(super) fn ansi_len(b: &[u8]) -> usize {
    match b.get(1) {
        Some(b'[') => {
            let body = b[2..].iter().take_while(|c| !(0x40..=0x7e).contains(*c));
            (2 + body.count() + 1).min(b.len())
        }
        Some(b']') => match b[2..].iter().position(|&c| c == 0x07 || c == 0x1b) {
            Some(end) if b[2 + end] == 0x07 => 2 + end + 1,
            Some(end) => (2 + end + 2).min(b.len()),
            None => b.len(),
        },
        Some(_) => 2,
        None => 1,
    }
}

/// A quoted value without whitespace (`'main'`, `"user_id"`, `` `colour` ``, `''`): its length
/// including both quotes. Quoted prose is left to be read word by word.
pub(super) fn quoted_len(b: &[u8]) -> Option<usize> {
    let quote = b[0];
    let inner = b[1..]
        .iter()
        .take(MAX_QUOTED)
        .position(|&c| c == quote || c.is_ascii_whitespace())?;
    (b[1 + inner] == quote).then_some(inner + 2)
}

/// `{port}`, `{}`, `{0:>8}`, `<nil>`, `<name>`: a short placeholder without whitespace or nesting.
pub(super) fn enclosed_len(b: &[u8], close: u8, max: usize) -> Option<usize> {
    let open = b[0];
    let inner = b[1..]
        .iter()
        .take(max)
        .position(|&c| c == close || c == open || c.is_ascii_whitespace())?;
    (b[1 + inner] == close).then_some(inner + 2)
}

/// printf, Go, Python and CPython conversions: `%s`, `%d`, `%v`, `%+v`, `%5.2f`, `%lld`,
/// `%(name)s`, `%R`.
pub(super) fn printf_len(b: &[u8]) -> Option<usize> {
    let mut i = 1;
    if b.get(1) == Some(&b'(') {
        let close = b[2..].iter().take(MAX_BRACED).position(|&c| c == b')')?;
        i = 2 + close + 1;
    }
    while matches!(b.get(i), Some(b'-' | b'+' | b'#' | b'0'..=b'9' | b'.')) {
        i += 1;
    }
    let flags_end = i;
    while matches!(b.get(i), Some(b'l' | b'h' | b'z' | b'j' | b't' | b'q')) && i < 4 {
        i += 1;
    }
    let known = b"sdivqxXfFeEgGuocpTwtbRSUA";
    if b.get(i).is_some_and(|c| known.contains(c)) {
        return Some(i + 1);
    }
    // Go's `%q` and `%t` are conversions as well as C's length modifiers: `%q ` with
    // nothing after the `q` is the conversion itself.
    b.get(flags_end)
        .is_some_and(|c| known.contains(c))
        .then_some(flags_end + 1)
}

#[cfg(test)]
mod tests {
    use super::printf_len;

    #[test]
    fn a_modifier_letter_with_no_conversion_after_it_is_the_conversion() {
        assert_eq!(printf_len(b"%q not found"), Some(2));
        assert_eq!(printf_len(b"%t."), Some(2));
        assert_eq!(printf_len(b"%-8q|"), Some(4));
        assert_eq!(printf_len(b"%lld rows"), Some(4));
        assert_eq!(printf_len(b"%qd"), Some(3));
        assert_eq!(printf_len(b"% done"), None);
        assert_eq!(printf_len(b"%"), None);
    }
}
