//! The first cut of a pass: which blocks of records may hold a match of the query, decided from
//! the block summaries (`dataset::blocks`) alone, so that the scan reads only those blocks.
//! The test is a necessary condition of the scan's own (see `BlockMask`), so a pass that reads
//! only the kept blocks finds exactly what a pass over every record finds.

use super::index::Index;
use super::query::{Query, Scope};
use super::scan::Prepared;
use crate::dataset::blocks::{BlockMask, class, tag_bit};

/// What one term needs of a block.
struct Need {
    /// Its text's classes, in order, and their set; None when the text side cannot match.
    text: Option<(Vec<u8>, u64)>,
    /// `tag_bit` of every tag the term matches (0: none, or it does not look at tags).
    tags: u64,
}

impl Need {
    fn kept_by(&self, m: &BlockMask) -> bool {
        self.text
            .as_ref()
            .is_some_and(|(classes, present)| m.may_hold(classes, *present))
            || m.tags & self.tags != 0
    }
}

/// Per group of the query (all must hold), its terms (one must hold).
pub struct Filter {
    groups: Vec<Vec<Need>>,
}

impl Filter {
    /// The filter of `q`, or None when no group of it can rule a block out (every record must
    /// be read anyway). `prepared` is `q`'s, over `index`.
    pub fn new(q: &Query, prepared: &Prepared, index: &Index) -> Option<Filter> {
        let vocabulary: Vec<&str> = index.vocabulary().collect();
        let mut k = 0;
        let mut groups = Vec::new();
        for group in &q.groups {
            let mut needs = Vec::with_capacity(group.len());
            for t in group {
                needs.push(need(t, prepared.tag_scores(k), &vocabulary));
                k += 1;
            }
            // A term that can hold anywhere makes its whole group hold anywhere.
            if let Some(needs) = needs.into_iter().collect::<Option<Vec<Need>>>() {
                groups.push(needs);
            }
        }
        (!groups.is_empty()).then_some(Filter { groups })
    }

    /// Whether the block may hold a record matching the query.
    pub fn keeps(&self, m: &BlockMask) -> bool {
        self.groups
            .iter()
            .all(|group| group.iter().any(|need| need.kept_by(m)))
    }
}

/// What a term needs, or None when the summaries cannot tell (a negated term, a scope they do
/// not summarise, text whose case folding is not ASCII's).
fn need(t: &super::Term, tag_scores: Option<&[Option<i64>]>, vocabulary: &[&str]) -> Option<Need> {
    if t.negated {
        return None;
    }
    let text_side = match t.scope {
        Scope::Any | Scope::Message | Scope::Path => true,
        Scope::Tags => false,
        _ => return None,
    };
    let text = if text_side {
        if !t.text.is_ascii() {
            return None;
        }
        let classes: Vec<u8> = t.text.bytes().map(class).collect();
        let present = classes.iter().fold(0u64, |m, &c| m | 1 << c);
        Some((classes, present))
    } else {
        None
    };
    let mut tags = 0;
    if let Some(scores) = tag_scores {
        for (score, tag) in scores.iter().zip(vocabulary) {
            if score.is_some() {
                tags |= tag_bit(tag);
            }
        }
    }
    Some(Need { text, tags })
}

#[cfg(test)]
mod tests;
