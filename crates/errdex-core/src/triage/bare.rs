//! Records whose text holds no word the index can key. An identifier with digits
//! (`base64_decode`, `ip_v4_interface`) reads as one value, so such a record's form has no
//! word to anchor on and no whole-message key of its own, and no match of the line finds it.
//! Python raises such names as the whole message (`KeyError: base64_decode`), often as the
//! root of a chained traceback. They are found by their whole literal text instead; the trust
//! rules still decide whether the link they stand in is theirs.

use super::index::{Index, NONE};
use super::locate::pieces;
use crate::dataset::Entries;
use foldhash::HashMap;

/// Letters in a row that make a name.
const MIN_NAME: usize = 3;
/// What a found word-less record scores: as a contained form of no words does.
pub const SCORE: f32 = 0.8;

/// Literal texts of the word-less records, each to its records (dataset order).
#[derive(Debug, Default)]
pub struct Bare(HashMap<Box<str>, Vec<u32>>);

impl Bare {
    /// The table of `entries`, whose index is `index`: the records without a form, whose
    /// text has a name in it and no placeholder (a value's text is not known).
    pub fn build(index: &Index, entries: Entries<'_>) -> Self {
        let mut out: HashMap<Box<str>, Vec<u32>> = HashMap::default();
        // Only the records without a form are read: reading every record's text (a million
        // of them mapped from the cache) is what made the first pasted line slow.
        for r in 0..entries.len() {
            // A text of values alone gets no form.
            if index.record_forms(r) != [NONE; 2] {
                continue;
            }
            let Some(e) = entries.get(r) else { continue };
            let text = e.pattern.unwrap_or(e.message).trim();
            let (literal, open_start, open_end) = pieces(text);
            let plain = literal.len() == 1 && !open_start && !open_end && literal[0] == text;
            if plain && has_name(text) {
                out.entry(text.into()).or_default().push(r as u32);
            }
        }
        Bare(out)
    }

    /// The records whose whole text is `link`.
    #[must_use]
    pub fn records(&self, link: &str) -> &[u32] {
        self.0.get(link.trim()).map_or(&[], Vec::as_slice)
    }
}

/// Whether `text` holds a run of letters long enough to be a name (`decode`), not only a
/// value's (`0x1f`, `v4`).
fn has_name(text: &str) -> bool {
    let mut run = 0;
    text.chars().any(|c| {
        run = if c.is_alphabetic() { run + 1 } else { 0 };
        run >= MIN_NAME
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::Entry;

    fn entry(message: &str) -> Entry {
        Entry {
            id: message.into(),
            message: message.into(),
            ..Entry::default()
        }
    }

    #[test]
    fn only_word_less_literal_records_are_listed_by_their_text() {
        let entries = [
            entry("base64_decode"),
            entry("{}"),
            entry("x86_64 {}"),
            entry("unknown encoding"),
            entry("0x1f"),
        ];
        let es = Entries::from(&entries[..]);
        let bare = Bare::build(&Index::build(es), es);
        assert_eq!(bare.records("base64_decode"), &[0]);
        assert!(bare.records("{}").is_empty());
        assert!(bare.records("x86_64 {}").is_empty());
        assert!(
            bare.records("unknown encoding").is_empty(),
            "the index finds words"
        );
        assert!(bare.records("0x1f").is_empty(), "no letters: a value");
        assert!(bare.records("base64").is_empty());
    }
}
