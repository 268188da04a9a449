//! What the results list shows: the query's results or the triage of a log, as rows that say
//! what they stand for. The query's results arrive in their own slot (`Model::results`) even
//! while the triage is shown; the search rows are made from that slot when they are shown.

use std::collections::BTreeMap;

use crate::tui::app::msg::ResultSet;
use errdex_core::search::LineDetail;

/// One row of the results list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// A record: a search hit, or a known error found in the log.
    Record { index: usize, weak: bool },
    /// One message at several sites (records of one repository with one messagePattern).
    Group(Group),
    /// A site of the open group above it.
    Site { index: usize },
    /// The k-th group (most frequent first) of the log's error events no record knows.
    Unknown(usize),
}

impl Row {
    /// The record the row stands for: a group's chosen site; none for an unknown error.
    pub fn record(&self) -> Option<usize> {
        match self {
            Row::Record { index, .. } | Row::Site { index } => Some(*index),
            Row::Group(g) => Some(g.site),
            Row::Unknown(_) => None,
        }
    }
}

/// The records of one message at several sites, shown as one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The record the answer put at the row: the key of its line detail.
    pub answer: usize,
    /// The site shown and picked: the one the line's origin names (else the first), or the
    /// one selected last beneath the open group.
    pub site: usize,
    /// Every site listed, in dataset order, the chosen one included.
    pub sites: Vec<usize>,
    /// Records in the group in all (more than `sites` lists for a message written at
    /// thousands of places).
    pub total: usize,
    pub weak: bool,
    /// Its sites are listed beneath it.
    pub open: bool,
}

/// The rows of the results list and what they come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listing {
    /// The query's results.
    Search(Vec<Row>),
    /// The known and unknown errors of the log being triaged.
    Triage(Vec<Row>),
}

impl Default for Listing {
    fn default() -> Self {
        Listing::Search(Vec::new())
    }
}

impl Listing {
    pub fn rows(&self) -> &[Row] {
        match self {
            Listing::Search(rows) | Listing::Triage(rows) => rows,
        }
    }

    pub fn len(&self) -> usize {
        self.rows().len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows().is_empty()
    }

    pub fn get(&self, pos: usize) -> Option<&Row> {
        self.rows().get(pos)
    }

    /// Whether the row at `pos` is a weak match (a site is as weak as its group).
    pub fn is_weak(&self, pos: usize) -> bool {
        match self.rows().get(pos) {
            Some(Row::Record { weak, .. }) => *weak,
            Some(Row::Group(g)) => g.weak,
            Some(Row::Site { .. }) => self.group_of(pos).is_some_and(|(_, g)| g.weak),
            _ => false,
        }
    }

    /// Where the weak rows at the end of the list start (the divider goes above them).
    pub fn weak_from(&self) -> Option<usize> {
        let len = self.len();
        let confident = (0..len)
            .rev()
            .find(|&p| !self.is_weak(p))
            .map_or(0, |p| p + 1);
        (confident < len).then_some(confident)
    }

    /// The group a row belongs to (itself, or the open group above a site), with its position.
    pub fn group_of(&self, pos: usize) -> Option<(usize, &Group)> {
        let rows = self.rows();
        let at = match rows.get(pos)? {
            Row::Group(_) => pos,
            Row::Site { .. } => rows[..pos]
                .iter()
                .rposition(|r| matches!(r, Row::Group(_)))?,
            _ => return None,
        };
        match &rows[at] {
            Row::Group(g) => Some((at, g)),
            _ => None,
        }
    }

    /// Lists the sites of the group at `pos` (or the one a site there belongs to) beneath it.
    /// False when there is no closed group there.
    pub fn open(&mut self, pos: usize) -> bool {
        let Some((at, g)) = self.group_of(pos) else {
            return false;
        };
        if g.open {
            return false;
        }
        let sites: Vec<Row> = g.sites.iter().map(|&index| Row::Site { index }).collect();
        let rows = self.rows_mut();
        if let Some(Row::Group(g)) = rows.get_mut(at) {
            g.open = true;
        }
        rows.splice((at + 1)..=at, sites);
        true
    }

    /// Folds the open group at `pos` (or the one a site there belongs to) back into one row;
    /// returns that row's position.
    pub fn close(&mut self, pos: usize) -> Option<usize> {
        let (at, g) = self.group_of(pos)?;
        if !g.open {
            return None;
        }
        let rows = self.rows_mut();
        let end = rows[at + 1..]
            .iter()
            .position(|r| !matches!(r, Row::Site { .. }))
            .map_or(rows.len(), |n| at + 1 + n);
        rows.drain(at + 1..end);
        if let Some(Row::Group(g)) = rows.get_mut(at) {
            g.open = false;
        }
        Some(at)
    }

    /// A site selected beneath its group becomes the group's chosen site.
    pub fn follow(&mut self, pos: usize) {
        let Some(&Row::Site { index }) = self.get(pos) else {
            return;
        };
        let Some((at, _)) = self.group_of(pos) else {
            return;
        };
        if let Some(Row::Group(g)) = self.rows_mut().get_mut(at) {
            g.site = index;
        }
    }

    fn rows_mut(&mut self) -> &mut Vec<Row> {
        match self {
            Listing::Search(rows) | Listing::Triage(rows) => rows,
        }
    }
}

/// The rows of a result set: a record per hit, one group row for a pasted line's hit whose
/// message is at several sites. Groups of `before` (the same query's earlier rows) keep their
/// chosen site and stay open.
pub fn search_rows(set: &ResultSet, before: &[Row]) -> Vec<Row> {
    let kept: BTreeMap<usize, &Group> = before
        .iter()
        .filter_map(|r| match r {
            Row::Group(g) => Some((g.answer, g)),
            _ => None,
        })
        .collect();
    let mut rows = Vec::with_capacity(set.hits.len());
    for (pos, &hit) in set.hits.iter().enumerate() {
        let weak = set.reading.is_weak(pos);
        let index = hit as usize;
        let Some(detail) = set.details.get(&hit).filter(|d| d.sites_total > 1) else {
            rows.push(Row::Record { index, weak });
            continue;
        };
        let mut group = group(index, detail, weak);
        if let Some(old) = kept.get(&index).filter(|o| o.sites == group.sites) {
            group.site = old.site;
            group.open = old.open;
        }
        let sites: Vec<Row> = if group.open {
            group
                .sites
                .iter()
                .map(|&index| Row::Site { index })
                .collect()
        } else {
            Vec::new()
        };
        rows.push(Row::Group(group));
        rows.extend(sites);
    }
    rows
}

fn group(index: usize, detail: &LineDetail, weak: bool) -> Group {
    let mut sites: Vec<usize> = detail.sites.iter().map(|&s| s as usize).collect();
    sites.push(index);
    sites.sort_unstable();
    sites.dedup();
    Group {
        answer: index,
        site: index,
        sites,
        total: detail.sites_total,
        weak,
        open: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(hits: &[u32], groups: &[(u32, &[u32])]) -> ResultSet {
        let mut set = ResultSet {
            query: "q".into(),
            hits: hits.to_vec(),
            ..ResultSet::default()
        };
        let details = groups
            .iter()
            .map(|&(hit, others)| {
                let detail = LineDetail {
                    sites: others.to_vec(),
                    sites_total: others.len() + 1,
                    chain: Vec::new(),
                };
                (hit, detail)
            })
            .collect();
        set.details = std::sync::Arc::new(details);
        set
    }

    #[test]
    fn a_hit_with_several_sites_is_one_group_row_that_opens_and_closes() {
        let set = set(&[7, 2], &[(7, &[9, 3])]);
        let mut listing = Listing::Search(search_rows(&set, &[]));
        assert_eq!(listing.len(), 2);
        let Some(Row::Group(g)) = listing.get(0) else {
            panic!("a group row first: {listing:?}");
        };
        assert_eq!(
            (g.site, g.sites.as_slice(), g.total),
            (7, &[3, 7, 9][..], 3)
        );
        assert_eq!(
            listing.get(1),
            Some(&Row::Record {
                index: 2,
                weak: false
            })
        );
        assert!(listing.open(0));
        assert!(!listing.open(0), "already open");
        let sites: Vec<Option<usize>> = listing.rows().iter().map(Row::record).collect();
        assert_eq!(sites, [Some(7), Some(3), Some(7), Some(9), Some(2)]);
        // Selecting a site beneath makes it the group's.
        listing.follow(1);
        assert_eq!(listing.get(0).and_then(Row::record), Some(3));
        assert_eq!(listing.close(3), Some(0), "a site folds its group");
        assert_eq!(listing.len(), 2);
        assert_eq!(listing.get(0).and_then(Row::record), Some(3));
        assert_eq!(listing.close(0), None, "already closed");
        assert_eq!(listing.close(1), None, "a record is no group");
    }

    #[test]
    fn the_same_querys_new_rows_keep_a_group_open_on_its_site() {
        let set = set(&[7, 2], &[(7, &[9, 3])]);
        let mut listing = Listing::Search(search_rows(&set, &[]));
        listing.open(0);
        listing.follow(3);
        let again = search_rows(&set, listing.rows());
        assert_eq!(again, listing.rows());
    }

    #[test]
    fn sites_are_as_weak_as_their_group_and_the_divider_goes_above_the_weak_tail() {
        let mut set = set(&[2, 7], &[(7, &[9])]);
        set.reading.weak = vec![false, true];
        let mut listing = Listing::Search(search_rows(&set, &[]));
        assert_eq!(listing.weak_from(), Some(1));
        listing.open(1);
        assert!(listing.is_weak(2) && listing.is_weak(3));
        assert_eq!(listing.weak_from(), Some(1));
        let triage = Listing::Triage(vec![Row::Unknown(0)]);
        assert_eq!(triage.weak_from(), None);
    }
}
