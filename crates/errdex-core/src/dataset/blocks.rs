//! A summary of each block of `BLOCK` consecutive records that a search can test instead of
//! reading the records: which byte classes (`byte_bit`) their searched text holds, which
//! ordered pairs of classes occur in one field (`x` somewhere before `y`, not necessarily next
//! to it), and a 64-bit hash set of their tags.
//!
//! Ordered pairs, not adjacent ones, because a fuzzy term matches its characters in order with
//! gaps: each consecutive pair of the term's characters is an ordered pair of the field it
//! matches, so a block lacking one holds no match. Contiguous and prefix/suffix matches are
//! fuzzy matches too, so the same test holds for them. The classes fold ASCII case, as the
//! matcher does, so the test holds for case-sensitive terms as well.
//!
//! Built with the mapped table (`mapped_write`, read in place from the index cache) and for
//! records parsed this run (`search::index`), by the one function here.

use bytemuck::{Pod, Zeroable};

use super::entry::EntryRef;

/// Records per block. Smaller blocks narrow more finely and cost more bytes (528 a block):
/// about 8 a record here, so that the word-start postings fit in the index cache beside them.
pub const BLOCK: usize = 64;

/// One block's summary.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
pub struct BlockMask {
    /// `follows[y]` has bit `x` when class `x` occurs before class `y` in one field.
    pub follows: [u64; 64],
    /// The classes present.
    pub present: u64,
    /// `tag_bit` of each tag.
    pub tags: u64,
}

impl Default for BlockMask {
    fn default() -> BlockMask {
        BlockMask::zeroed()
    }
}

/// `byte_bit` of every byte, looked up rather than computed in the build's inner loop.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = class_of(b as u8);
        b += 1;
    }
    t
};

const fn class_of(b: u8) -> u8 {
    // `byte_bit`, spelled out for a constant table (a test holds them equal).
    let c = b.to_ascii_lowercase();
    if c.is_ascii_lowercase() {
        c - b'a'
    } else if c.is_ascii_digit() {
        26 + (c - b'0')
    } else if c.is_ascii() {
        36 + c % 27
    } else {
        63
    }
}

/// The class of a byte (`byte_bit`).
pub fn class(b: u8) -> u8 {
    CLASS[b as usize]
}

/// The bit a tag sets in `BlockMask::tags`: the same for the same text whatever the
/// vocabulary it is interned in.
pub fn tag_bit(tag: &str) -> u64 {
    1 << (xxhash_rust::xxh3::xxh3_64(tag.as_bytes()) % 64)
}

impl BlockMask {
    /// Adds one searched field of a record.
    pub fn add_field(&mut self, text: &[u8]) {
        let mut seen = 0u64;
        for &b in text {
            let c = CLASS[b as usize] as usize;
            self.follows[c] |= seen;
            seen |= 1 << c;
        }
        self.present |= seen;
    }

    /// Adds a record: its message, its path and its tags. The whole of each field, though
    /// search reads only its first `FIELD_PREFIX` bytes: a summary of more text still holds
    /// everything the search could find.
    pub fn add_record(&mut self, e: EntryRef<'_>) {
        self.add_field(e.message.as_bytes());
        self.add_field(e.file_path.unwrap_or("").as_bytes());
        for t in e.tags.iter() {
            self.tags |= tag_bit(t);
        }
    }

    /// Whether some field of the block may hold `classes` in this order (each consecutive pair
    /// as an ordered pair, and every class present).
    pub fn may_hold(&self, classes: &[u8], present: u64) -> bool {
        self.present & present == present
            && classes
                .windows(2)
                .all(|w| self.follows[w[1] as usize] >> w[0] & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::mapped::byte_bit;

    #[test]
    fn classes_are_byte_bits() {
        for b in 0..=255u8 {
            assert_eq!(u32::from(class(b)), byte_bit(b), "{b}");
        }
    }

    fn classes(s: &str) -> (Vec<u8>, u64) {
        let c: Vec<u8> = s.bytes().map(class).collect();
        let present = c.iter().fold(0, |m, &c| m | 1 << c);
        (c, present)
    }

    #[test]
    fn holds_what_a_field_holds_in_order_and_only_within_one_field() {
        let mut m = BlockMask::default();
        m.add_field(b"Connection refused");
        m.add_field(b"src/net/pool.rs");
        for yes in ["conn", "cnrf", "CONREF", "refused", "snp", "pool.rs", "c"] {
            let (c, p) = classes(yes);
            assert!(m.may_hold(&c, p), "{yes}");
        }
        // "fc": f only after c; "dc": no c after the d.
        for no in ["fc", "zq", "dc", "sx"] {
            let (c, p) = classes(no);
            assert!(!m.may_hold(&c, p), "{no}");
        }
        let (c, p) = classes("ooo");
        assert!(m.may_hold(&c, p), "two o's in order, in 'pool'");
        let mut single = BlockMask::default();
        single.add_field(b"o");
        let (c, p) = classes("oo");
        assert!(!single.may_hold(&c, p), "one o is not two");
    }
}
