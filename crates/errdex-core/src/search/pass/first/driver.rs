//! Which term drives a walk, the lists it walks in one table, and what the query's other groups
//! can add to each record (read from their own lists when a walk needs it).

use crate::dataset::mapped::Table;
use crate::dataset::starts::Postings;
use crate::search::pass::Pass;
use crate::search::query::{Scope, Term};
use crate::search::scan::Prepared;
use crate::search::tiers::{self, Tier};
use crate::search::{Query, Weights};

/// Terms longer than this are not bounded record by record (their bounds would not fit 16 bits).
const BOUNDED_BYTES: usize = 1000;

/// A term whose lists say where it can score well: one the word-start postings bound, or a
/// tag term (only records with a matching tag match it).
fn listed(t: &Term) -> bool {
    (tiers::drives(t) || (t.scope == Scope::Tags && !t.negated)) && t.text.len() <= BOUNDED_BYTES
}

/// The lists of one listed term in one table, best bound first (with whether each is a tag's
/// list), and the bound of a record on none of them (`i64::MIN`: it cannot match).
fn lists_of(
    (k, t): (usize, &Term),
    (prepared, w): (&Prepared, &Weights),
    table: &Table,
    tag_map: Option<&[u32]>,
) -> (Vec<(Tier, bool)>, i64) {
    let (mut all, rest): (Vec<(Tier, bool)>, i64) = if t.scope == Scope::Tags {
        (Vec::new(), i64::MIN)
    } else {
        let (found, rest) = tiers::word_tiers(t, w, &table.word_postings(), apart(t, table));
        (found.into_iter().map(|t| (t, false)).collect(), rest)
    };
    if let Some(scores) = prepared.tag_scores(k) {
        for (list, &local) in table.tag_postings().keys.iter().enumerate() {
            let id = tag_map.map_or(Some(local), |m| m.get(local as usize).copied());
            if let Some(&Some(bound)) = id.and_then(|id| scores.get(id as usize)) {
                all.push((Tier { bound, list }, true));
            }
        }
    }
    all.sort_by_key(|(t, _)| std::cmp::Reverse(t.bound));
    (all, rest)
}

/// Whether term `t` occurs whole in no message or path of `table`.
pub(super) fn apart(t: &Term, table: &Table) -> bool {
    t.text.len() >= 3 && !table.trigrams().may_hold(t.text.as_bytes())
}

/// The list a tier names.
pub(super) fn list(table: &Table, on_tags: bool) -> Postings<'_> {
    if on_tags {
        table.tag_postings()
    } else {
        table.word_postings()
    }
}

/// The term that drives the walk, and what the other groups add.
pub(super) struct Driver<'a> {
    /// Its position in `Query::terms`.
    k: usize,
    term: &'a Term,
    prepared: &'a Prepared,
    weights: Weights,
    /// What every other group adds at most, whatever the record.
    pub(super) others: i64,
    /// The other groups that are one listed term: (its position, the group's most).
    listed: Vec<(usize, &'a Term, i64)>,
    groups: usize,
}

impl<'a> Driver<'a> {
    /// The longest single listed term of its group, if any.
    pub(super) fn of(pass: &Pass<'a>, prepared: &'a Prepared) -> Option<Driver<'a>> {
        let q: &'a Query = pass.query;
        let w = pass.ctx.weights;
        let tag_best = |k: usize| prepared.tag_scores(k)?.iter().flatten().copied().max();
        let mut k = 0;
        let mut groups = Vec::with_capacity(q.groups.len());
        for group in &q.groups {
            let most = group
                .iter()
                .enumerate()
                .map(|(j, t)| tiers::most(t, &w, tag_best(k + j)))
                .max()
                .unwrap_or(0);
            let single = match group.as_slice() {
                [t] if listed(t) => Some((k, t)),
                _ => None,
            };
            groups.push((single, most));
            k += group.len();
        }
        let (g, (k, term)) = groups
            .iter()
            .enumerate()
            .filter_map(|(g, (single, _))| single.map(|s| (g, s)))
            .rev()
            .max_by_key(|(_, (_, t))| t.text.len())?;
        let others = groups
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != g)
            .try_fold(0i64, |sum, (_, (_, most))| sum.checked_add(*most))?;
        let listed = groups
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != g)
            .filter_map(|(_, (single, most))| single.map(|(k, t)| (k, t, *most)))
            .collect();
        Some(Driver {
            k,
            term,
            prepared,
            weights: w,
            others,
            listed,
            groups: groups.len(),
        })
    }

    /// Whether the query is the driver's group alone.
    pub(super) fn alone(&self) -> bool {
        self.groups == 1
    }

    /// The driver's lists in one table and the bound of a record on none of them.
    pub(super) fn lists(&self, table: &Table, tag_map: Option<&[u32]>) -> (Vec<(Tier, bool)>, i64) {
        lists_of(
            (self.k, self.term),
            (self.prepared, &self.weights),
            table,
            tag_map,
        )
    }

    /// Whether the driver occurs whole in no message or path of `table`.
    pub(super) fn apart(&self, table: &Table) -> bool {
        self.term.scope != Scope::Tags && apart(self.term, table)
    }

    /// What the other groups can add to each record of one table, read from their lists.
    pub(super) fn others_by_rank(&self, table: &Table, tag_map: Option<&[u32]>) -> Others {
        let ranks = table.order().len();
        let mut fixed = self.others;
        let mut per_group = Vec::with_capacity(self.listed.len());
        for &(k, t, most) in &self.listed {
            let (lists, rest) = lists_of((k, t), (self.prepared, &self.weights), table, tag_map);
            let mut best = vec![0u16; ranks];
            for (tier, on_tags) in lists {
                let bound = u16::try_from(tier.bound.max(1)).unwrap_or(u16::MAX);
                for rank in list(table, on_tags).ranks(tier.list) {
                    if let Some(b) = best.get_mut(rank as usize) {
                        *b = (*b).max(bound);
                    }
                }
            }
            fixed -= most;
            per_group.push((best, rest));
        }
        Others { fixed, per_group }
    }
}

/// What the groups other than the driver can add to each record of one table, by rank.
pub(super) struct Others {
    /// What the groups not bounded record by record add at most.
    fixed: i64,
    /// Per group bounded record by record: the best bound of its lists holding each rank (0:
    /// none), and the bound of a match beginning where no list says (`i64::MIN`: none can).
    per_group: Vec<(Vec<u16>, i64)>,
}

impl Others {
    /// The most the other groups add to the record of `rank`; None when one cannot match it.
    pub(super) fn at(&self, rank: u32) -> Option<i64> {
        let mut sum = self.fixed;
        for (best, rest) in &self.per_group {
            let b = best.get(rank as usize).copied().unwrap_or(0);
            // A match may begin where no list says (the rest), in any record.
            sum += if b > 0 {
                i64::from(b).max(*rest)
            } else if *rest == i64::MIN {
                return None;
            } else {
                *rest
            };
        }
        Some(sum)
    }
}
