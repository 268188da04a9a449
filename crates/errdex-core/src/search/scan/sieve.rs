//! The cheapest test a pass makes of a record: the byte masks of its message and path against
//! what each group of the query needs there. It is `estimate_term`'s own first test, made
//! before the record is read at all, so a record it rules out costs one read of its masks
//! rather than the per-record work of a match (a pass over a million records for a path
//! that 13 % of them could hold spent most of its time on the other 87 %).

use super::super::query::{Query, Scope};

/// What one term needs of a record's masks to be worth reading.
struct Need {
    bytes: u64,
    message: bool,
    path: bool,
}

/// Per group of the query (each must hold), its terms' needs (one must hold).
pub struct Sieve {
    groups: Vec<Vec<Need>>,
}

impl Sieve {
    /// The sieve of `q`, or None when every group may hold in any record. `masks` are its
    /// terms' `byte_mask`s; `on_tags` says whether a term can hold in some record's tags.
    pub fn new(q: &Query, masks: &[u64], on_tags: impl Fn(usize) -> bool) -> Option<Sieve> {
        let mut k = 0;
        let mut groups = Vec::new();
        for group in &q.groups {
            let mut needs = Vec::with_capacity(group.len());
            let mut open = false;
            for t in group {
                let (message, path) = match t.scope {
                    Scope::Any => (true, true),
                    Scope::Message => (true, false),
                    Scope::Path => (false, true),
                    Scope::Tags => (false, false),
                    // A field only the record itself holds, or a flag.
                    _ => {
                        open = true;
                        (false, false)
                    }
                };
                // A negated term holds where its text is missing; a tag is not in the masks.
                open |= t.negated || on_tags(k);
                needs.push(Need {
                    bytes: masks.get(k).copied().unwrap_or(0),
                    message,
                    path,
                });
                k += 1;
            }
            if !open {
                groups.push(needs);
            }
        }
        (!groups.is_empty()).then_some(Sieve { groups })
    }

    /// Whether a record with these masks of its message and path may match.
    #[inline]
    pub fn admits(&self, [message, path]: [u64; 2]) -> bool {
        self.groups.iter().all(|group| {
            group
                .iter()
                .any(|n| n.message && n.bytes & !message == 0 || n.path && n.bytes & !path == 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::mapped::byte_mask;

    fn sieve(text: &str, on_tags: bool) -> Option<Sieve> {
        let q = Query::parse(text);
        let masks: Vec<u64> = q.terms().map(|t| byte_mask(t.text.as_bytes())).collect();
        Sieve::new(&q, &masks, |_| on_tags)
    }

    fn masks(message: &str, path: &str) -> [u64; 2] {
        [byte_mask(message.as_bytes()), byte_mask(path.as_bytes())]
    }

    #[test]
    fn a_record_lacking_a_byte_of_every_term_of_a_group_is_ruled_out() {
        let s = sieve("src/net/pool", false).expect("a sieve");
        assert!(s.admits(masks("connection refused", "src/net/pool.rs")));
        assert!(!s.admits(masks("connection refused", "io/manager.cpp")));
        // Only the path: the message never holds a '/'.
        assert!(!s.admits(masks("src net pool", "")));
        let s = sieve("path:pool | msg:refused", false).expect("a sieve");
        assert!(s.admits(masks("refused", "x")));
        assert!(s.admits(masks("x", "pool")));
        assert!(!s.admits(masks("pool", "refused")));
        let s = sieve("pool refused", false).expect("a sieve");
        assert!(!s.admits(masks("pool", "pool")));
        assert!(s.admits(masks("pool", "refused")));
    }

    #[test]
    fn what_the_masks_cannot_tell_is_let_through() {
        for open in ["!pool", "repo:pool", "is:pinned", "sev:error"] {
            assert!(sieve(open, false).is_none(), "{open}");
        }
        assert!(sieve("pool", true).is_none(), "a term some tag holds");
        // An open group lets the others still rule out.
        let s = sieve("!pool refused", false).expect("a sieve");
        assert!(!s.admits(masks("pool", "")));
        assert!(s.admits(masks("refused", "")));
    }

    #[test]
    fn a_tag_term_no_tag_holds_rules_out_every_record() {
        let s = sieve("tag:nosuchtag", false).expect("a sieve");
        assert!(!s.admits([u64::MAX, u64::MAX]));
    }
}
