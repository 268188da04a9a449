//! Counting the facets (repo, severity, error type, tags) of a set of matches. The browser does
//! it after every keystroke and `errdex stats` over every record, so the loop reads each
//! segment's arrays once and then walks them, rather than finding the segment and its arrays
//! again for every record.

use super::{Index, Interner, Segment};
use crate::dataset::mapped::{FACETS, NO_VALUE};
use crate::facets::{Facets, sort_ranked};

/// Matches between checks that the counts are still wanted.
const CHECK_EVERY: usize = 16 << 10;

/// The running counts, by the index's ids.
struct Counts {
    tags: Vec<usize>,
    facets: [Vec<usize>; FACETS],
}

impl Counts {
    #[inline]
    fn add(&mut self, ids: [u32; FACETS], tags: &[u32]) {
        for (facet, &id) in ids.iter().enumerate() {
            if let Some(n) = self.facets[facet].get_mut(id as usize) {
                *n += 1;
            }
        }
        for &t in tags {
            if let Some(n) = self.tags.get_mut(t as usize) {
                *n += 1;
            }
        }
    }
}

impl Index {
    /// The facets of the records `indices` (what `Facets::count` gives for their entries).
    pub fn facets(&self, indices: &[u32]) -> Facets {
        self.facets_while(indices, || true).unwrap_or_default()
    }

    /// `facets`, or None as soon as `go_on` says the counts are no longer wanted (a newer
    /// search came while counting a million matches).
    pub fn facets_while(&self, indices: &[u32], go_on: impl Fn() -> bool) -> Option<Facets> {
        let mut counts = Counts {
            tags: vec![0; self.tags.len()],
            facets: self.facet_values.each_ref().map(|v| vec![0; v.len()]),
        };
        let mut at = 0;
        while at < indices.len() {
            if !go_on() {
                return None;
            }
            let upto = (at + CHECK_EVERY).min(indices.len());
            while at < upto {
                at += self.count_run(&indices[at..upto], &mut counts);
            }
        }
        let [repo, severity, error_type] = &self.facet_values;
        Some(Facets {
            by_repo: ranked(repo, &counts.facets[0]),
            by_severity: ranked(severity, &counts.facets[1]),
            by_error_type: ranked(error_type, &counts.facets[2]),
            by_tag: ranked(&self.tags, &counts.tags),
        })
    }

    /// The facets of every record.
    pub fn all_facets(&self) -> Facets {
        let all: Vec<u32> = (0..self.len as u32).collect();
        self.facets(&all)
    }

    /// Counts the leading indices that lie in the segment of the first (at least that one,
    /// which counts nothing past the end), and says how many it took.
    fn count_run(&self, indices: &[u32], counts: &mut Counts) -> usize {
        let Some(&head) = indices.first() else {
            return 0;
        };
        if head as usize >= self.len {
            return 1;
        }
        let k = self
            .firsts
            .partition_point(|&f| f <= head as usize)
            .saturating_sub(1);
        let (Some(segment), Some(&first)) = (self.segments.get(k), self.firsts.get(k)) else {
            return 1;
        };
        let end = self.firsts.get(k + 1).copied().unwrap_or(self.len);
        let run = indices
            .iter()
            .take_while(|&&i| (first..end).contains(&(i as usize)))
            .count();
        let rows = indices[..run].iter().map(|&i| i as usize - first);
        match segment {
            Segment::Packed(p) => {
                for r in rows {
                    let (Some(&ids), Some(s)) = (p.facet_ids.get(r), p.spans.get(r)) else {
                        continue;
                    };
                    let tags = p.tag_ids.get(s.tags.0 as usize..s.tags.1 as usize);
                    counts.add(ids, tags.unwrap_or(&[]));
                }
            }
            Segment::Mapped(m) => {
                let spans = m.table.spans();
                let tag_ids = m.tag_ids.as_deref().unwrap_or(m.table.tag_ids());
                let facet_ids = m.table.all_facet_ids();
                for r in rows.map(|r| m.from + r) {
                    let Some(s) = spans.get(r) else { continue };
                    let mut ids = match facet_ids.get(r * FACETS..r * FACETS + FACETS) {
                        Some(&[a, b, c]) => [a, b, c],
                        _ => [0; FACETS],
                    };
                    for (f, id) in ids.iter_mut().enumerate() {
                        *id = match (*id, &m.facet_maps[f]) {
                            (NO_VALUE, _) => m.none_ids[f],
                            (own, Some(map)) => {
                                map.get(own as usize).copied().unwrap_or(m.none_ids[f])
                            }
                            (own, None) => own,
                        };
                    }
                    let tags = tag_ids.get(s.tags_from as usize..s.tags_to as usize);
                    counts.add(ids, tags.unwrap_or(&[]));
                }
            }
        }
        run.max(1)
    }
}

/// `(value, count)` of the values with a non-zero count, most frequent first, ties by value
/// (as `Facets` lists them).
fn ranked(values: &Interner, counts: &[usize]) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(id, &n)| (values.value(id).to_string(), n))
        .collect();
    sort_ranked(&mut v);
    v
}
