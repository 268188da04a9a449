//! The one-line inputs (the search box, the note being written) keep their cursor in chars;
//! editing the string needs bytes.

/// The byte offset of char `n` of `s` (its length past the end).
pub fn byte_at(s: &str, n: usize) -> usize {
    s.char_indices().nth(n).map_or(s.len(), |(i, _)| i)
}
