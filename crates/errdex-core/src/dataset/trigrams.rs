//! Which three-byte sequences occur anywhere in a table's messages and paths (ASCII, case
//! folded): one bit each. A typed word one of whose sequences occurs nowhere cannot occur
//! whole in any record, so it matches only as letters apart, which scores far less; that lets
//! a search rule out most records without reading them (`search::tiers`). A word typed wrong
//! or shortened (`nil` where the messages say `null`) is the usual case.

/// The set's size in 64-bit words: one bit for each sequence of three 7-bit bytes.
pub const WORDS: usize = 1 << (3 * 7 - 6);

/// The bit of a sequence, when all three bytes are ASCII (folded to lower case).
#[inline]
fn bit((a, b, c): (u8, u8, u8)) -> Option<usize> {
    let folded = |x: u8| x.is_ascii().then(|| usize::from(x.to_ascii_lowercase()));
    Some(folded(a)? << 14 | folded(b)? << 7 | folded(c)?)
}

/// A set being built.
pub struct Builder(Vec<u64>);

impl Default for Builder {
    fn default() -> Builder {
        Builder(vec![0; WORDS])
    }
}

impl Builder {
    /// Adds every sequence of one field.
    pub fn add(&mut self, hay: &[u8]) {
        for w in hay.windows(3) {
            if let Some(bit) = bit((w[0], w[1], w[2])) {
                self.0[bit / 64] |= 1 << (bit % 64);
            }
        }
    }

    pub fn finish(self) -> Vec<u64> {
        self.0
    }
}

/// A table's set, as stored.
#[derive(Clone, Copy)]
pub struct Trigrams<'a>(pub &'a [u64]);

impl Trigrams<'_> {
    /// Whether `needle` (ASCII, three bytes or more) may occur whole, case folded, in some
    /// message or path: false when one of its sequences occurs in none. A set of the wrong
    /// size says nothing (true).
    pub fn may_hold(&self, needle: &[u8]) -> bool {
        if self.0.len() != WORDS || needle.len() < 3 {
            return true;
        }
        needle.windows(3).all(|w| {
            bit((w[0], w[1], w[2])).is_none_or(|bit| self.0[bit / 64] & (1 << (bit % 64)) != 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(fields: &[&str]) -> Vec<u64> {
        let mut b = Builder::default();
        for f in fields {
            b.add(f.as_bytes());
        }
        b.finish()
    }

    #[test]
    fn a_word_whose_sequences_all_occur_may_be_there_and_one_missing_rules_it_out() {
        let bits = set(&["Connection refused", "src/net/pool.rs"]);
        let t = Trigrams(&bits);
        assert!(t.may_hold(b"connection"));
        assert!(t.may_hold(b"REFUSED"), "case folded");
        assert!(t.may_hold(b"net/pool"));
        assert!(!t.may_hold(b"nil"));
        assert!(!t.may_hold(b"refusal"), "`usa` occurs nowhere");
        assert!(!t.may_hold(b"ction refused!"));
        // Sequences across two fields are not in the set.
        assert!(!t.may_hold(b"sedsrc"));
    }

    #[test]
    fn sequences_that_occur_apart_still_may_hold_the_word() {
        let bits = set(&["abcd", "cdxy"]);
        assert!(Trigrams(&bits).may_hold(b"abcdxy"));
    }

    #[test]
    fn short_needles_and_sets_of_the_wrong_size_say_nothing() {
        let bits = set(&["abc"]);
        assert!(Trigrams(&bits).may_hold(b"zz"));
        assert!(Trigrams(&bits[..10]).may_hold(b"xyz"));
        assert!(Trigrams(&[]).may_hold(b"xyz"));
    }

    #[test]
    fn bytes_past_ascii_are_left_out_and_never_rule_anything_out() {
        let bits = set(&["caf\u{e9}s"]);
        let t = Trigrams(&bits);
        assert!(t.may_hold(b"caf"));
        assert!(!t.may_hold(b"afs"));
        // A sequence holding a byte past ASCII is not in the set and rules nothing out.
        assert!(t.may_hold("x\u{e9} y".as_bytes()));
        assert!(!t.may_hold("xyz\u{e9}".as_bytes()), "`xyz` occurs nowhere");
    }
}
