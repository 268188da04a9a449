//! The best candidates without reading every record. One term of the query (the *driver*)
//! says where a record can score well: the word-start postings (`dataset::starts`) list, per
//! key, the records holding it in the result order's tie-break, and `tiers` bounds what a
//! record on each list can score. Lists are walked best bound first; a list is left as soon as
//! the candidates kept so far all beat its bound at the next record (that record and every
//! later one lose the tie-break too), and a list whose bound is below them all is not read.
//! A match may also begin where no list says; `tiers::rest_bound` bounds that (lower for a
//! term that occurs whole in no message or path of the table, which matches only with a gap:
//! then every field start of its first letter is listed too), and when the candidates beat
//! it, every record is settled.
//!
//! When they do not, the walk reads the other groups' lists too, bounds each record by what
//! every group can add to it, walks again estimating only the records whose bound reaches the
//! candidates, then sweeps every record the same way. A term alone whose best records hold it
//! where no list says (`ni` inside `denied`) is swept to fill the candidates, in rank order,
//! up to the point where later records lose the tie-break. Past a budget of estimates it gives
//! up and the caller runs the full pass.
//!
//! Every record is estimated, or bounded below the candidates by a list it is on or by the
//! rest, so the candidates are exactly the full pass's: the same best `cap` by estimate.

use super::Pass;
use crate::dataset::mapped::Table;
use crate::search::index::Part;
use crate::search::rank::Hit;
use crate::search::scan::Prepared;
use crate::search::tiers::Tier;

mod best;
mod driver;
use best::Best;
use driver::{Driver, Others, list};

/// What the walk found.
pub(super) enum First {
    /// The best `cap` candidates by estimate (fewer when fewer match), in no particular order.
    Settled(Vec<Hit>),
    /// The postings cannot settle this query: run the full pass.
    Unsure,
    Cancelled,
}

/// Records parsed this run (no postings) read in full beside the walk; more, and the full pass
/// (on two threads) is quicker.
const PACKED_MAX: usize = 20_000;

/// Estimates the first walk may make, in candidates to keep, before reading the other groups'
/// lists; and the second, in records, before leaving it to the full pass.
const FIRST_BUDGET: usize = 4;
const SECOND_BUDGET: usize = 32;

/// Records estimated together (on two threads); the bar rises between batches.
const BATCH: usize = 1024;

/// How a walk of one table ended.
enum Walked {
    Settled,
    /// The rest is not settled, or the budget is spent.
    Short,
    /// The lists cannot fill the candidates: only the second walk's sweep of every record
    /// can (a short word inside longer ones).
    Unlisted,
    Cancelled,
}

/// The walk for `pass`, keeping the best `cap` candidates.
pub(super) fn best(
    pass: &Pass,
    prepared: &Prepared,
    cap: usize,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> First {
    let budgets = [cap * FIRST_BUDGET, pass.index.len() / SECOND_BUDGET];
    best_within(pass, prepared, (cap, budgets), cancelled)
}

/// `best` with the budgets of the first walk and the second (in estimates).
fn best_within(
    pass: &Pass,
    prepared: &Prepared,
    (cap, budgets): (usize, [usize; 2]),
    cancelled: &(dyn Fn() -> bool + Sync),
) -> First {
    let Some(driver) = Driver::of(pass, prepared) else {
        return First::Unsure;
    };
    let (mut packed, mut mapped) = (0, 0);
    for part in pass.index.parts() {
        match part {
            Part::Packed { len, .. } => packed += len,
            Part::Mapped { len, .. } => mapped += len,
        }
    }
    if packed > PACKED_MAX || mapped == 0 || cap == 0 {
        return First::Unsure;
    }
    let mut best = Best::new(pass, prepared, cap);
    'parts: for part in pass.index.parts() {
        match part {
            Part::Packed { first, len } => {
                let all: Vec<u32> = (first as u32..(first + len) as u32).collect();
                if !best.offer(&all, cancelled) {
                    return First::Cancelled;
                }
            }
            Part::Mapped {
                first,
                len,
                from,
                table,
                tag_map,
            } => {
                let order = table.order();
                if order.len() != table.len() {
                    return First::Unsure;
                }
                let rows = (first, from, len);
                let lists = driver.lists(table, tag_map);
                let mut others = None;
                for (attempt, budget) in budgets.into_iter().enumerate() {
                    let budget = best.offered.saturating_add(budget);
                    let walk = Walk {
                        driver: &driver,
                        table,
                        order,
                        lists: &lists,
                        rows,
                        others: others.as_ref(),
                        budget,
                    };
                    match walk.run(&mut best, cancelled) {
                        Walked::Settled => continue 'parts,
                        Walked::Cancelled => return First::Cancelled,
                        // Only a sweep can fill the candidates: straight to the second walk.
                        Walked::Unlisted => others = Some(driver.others_by_rank(table, tag_map)),
                        Walked::Short if attempt == 0 => {
                            // With other groups the second walk reads their lists too and
                            // skips the records they rule out, so the first walk says nothing.
                            let apart_rest = driver.apart(table).then_some(lists.1);
                            if driver.alone() && !hopeful(&best, budgets[1], apart_rest) {
                                return First::Unsure;
                            }
                            others = Some(driver.others_by_rank(table, tag_map));
                        }
                        Walked::Short => {}
                    }
                }
                return First::Unsure;
            }
        }
    }
    First::Settled(best.finish())
}

/// Whether a second walk of a term alone may settle after the first did not: when `more`
/// estimates, at the rate the first found matches, may fill the candidates (with room to
/// spare: the rate is a guess), and for a term that occurs whole nowhere (`apart_rest`: the
/// bound where no list says) when the candidates already all reach that bound.
///
/// The second walk reads the same lists further (`src/net/pool` at a million records has
/// 296 matches; without the second walk it takes 14–19 ms, not 21–24). A term found whole
/// nowhere settles only once its best records all beat the rest; below it after the first
/// walk, the lists left did not lift them over it (a million `--zipf` records: `dea` 69
/// against 68 settles in the second walk; `nil` 54, `tag` 33, `dead` 78 against 92 never did).
fn hopeful(best: &Best, more: usize, apart_rest: Option<i64>) -> bool {
    let (found, tried) = (best.found(), best.offered.max(1));
    let filling = found + found.saturating_mul(more).saturating_mul(2) / tried >= best.cap();
    filling && apart_rest.is_none_or(|rest| best.above(rest.saturating_sub(1)))
}

/// One walk of a table's lists and then of all its records.
#[derive(Clone, Copy)]
struct Walk<'w> {
    driver: &'w Driver<'w>,
    table: &'w Table,
    /// The table's row of each rank.
    order: &'w [u32],
    /// The driver's lists in this table, and the bound of a record on none.
    lists: &'w (Vec<(Tier, bool)>, i64),
    /// The part: its first record, and the table's rows `from..from + len` it holds.
    rows: (usize, usize, usize),
    /// What the other groups add to each record; None: what they add at most, to every record.
    others: Option<&'w Others>,
    /// Stop once this many records were estimated in all.
    budget: usize,
}

impl Walk<'_> {
    /// The record (its index in the dataset) of a rank, when the part holds it.
    fn record(&self, rank: u32) -> Option<u32> {
        let (first, from, len) = self.rows;
        let row = *self.order.get(rank as usize)? as usize;
        (from..from + len)
            .contains(&row)
            .then(|| (first + row - from) as u32)
    }

    /// What the other groups add to the record of `rank` at most; None: it cannot match.
    fn others_at(&self, rank: u32) -> Option<i64> {
        match self.others {
            Some(o) => o.at(rank),
            None => Some(self.driver.others),
        }
    }

    fn run(&self, best: &mut Best, cancelled: &(dyn Fn() -> bool + Sync)) -> Walked {
        let (lists, rest) = (&self.lists.0, self.lists.1);
        if self.others.is_none() && self.driver.alone() && rest != i64::MIN {
            // Alone, the first walk settles only if `cap` records on its lists reach the
            // rest's bound, and only lists bounded at least as high hold such records (a list
            // of n records takes at least n bytes).
            let reach: usize = lists
                .iter()
                .filter(|(t, _)| t.bound >= rest)
                .map(|&(t, on_tags)| list(self.table, on_tags).bytes(t.list))
                .sum();
            if reach < best.cap() {
                return Walked::Unlisted;
            }
        }
        for &(tier, on_tags) in lists {
            let most = tier.bound + self.driver.others;
            if best.above(most) {
                continue;
            }
            let ranks = list(self.table, on_tags).ranks(tier.list);
            match self.visit(best, ranks, (tier.bound, most), (None, cancelled)) {
                Walked::Settled => {}
                other => return other,
            }
        }
        if rest == i64::MIN {
            return Walked::Settled;
        }
        best.compact();
        let most = rest + self.driver.others;
        if best.above(most) {
            return Walked::Settled;
        }
        // The rest reaches the candidates: read every record, in rank order, when the
        // candidates bound the rest already (the first walk) or at least are full (the second).
        // The second walk of a term alone also sweeps to fill them, as a short word whose best
        // records hold it where no list says needs (`ni` inside `denied`), and gives up once
        // that cannot end within its own budget; with other groups, whose bounds let it skip
        // records without estimating them, a sweep that may not end would read every rank.
        let all = 0..self.order.len() as u32;
        if self.others.is_some() && self.driver.alone() {
            let sweep = Sweep::new(best, most);
            let budget = best.offered.saturating_add(all.len() / SWEEP_SHARE);
            let walk = Walk {
                budget: budget.max(self.budget),
                ..*self
            };
            return walk.visit(best, all, (rest, most), (Some(sweep), cancelled));
        }
        if !best.full() || self.others.is_none() && !best.above(most - 1) {
            return Walked::Short;
        }
        self.visit(best, all, (rest, most), (None, cancelled))
    }

    /// Estimates the records of `ranks` (ascending) whose bound (`own` plus what the other
    /// groups add) reaches the candidates; stops where even `most` cannot. A sweep of every
    /// rank gives up when it cannot end within the budget.
    fn visit(
        &self,
        best: &mut Best,
        ranks: impl Iterator<Item = u32>,
        (own, most): (i64, i64),
        (sweep, cancelled): (Option<Sweep>, &(dyn Fn() -> bool + Sync)),
    ) -> Walked {
        let mut batch = Vec::with_capacity(BATCH);
        for rank in ranks {
            let Some(i) = self.record(rank) else { continue };
            if best.seen(i) {
                continue;
            }
            if best.beats(most, i) {
                break;
            }
            let Some(others) = self.others_at(rank) else {
                continue;
            };
            // Where the record's bound is `most`, the test above has answered already.
            let bound = own + others;
            if bound < most && best.beats(bound, i) {
                continue;
            }
            if best.offered + batch.len() >= self.budget {
                // What is batched may yet fill the candidates: offered before giving up.
                if !best.offer(&batch, cancelled) {
                    return Walked::Cancelled;
                }
                batch.clear();
                if best.beats(most, i) {
                    break;
                }
                return Walked::Short;
            }
            batch.push(i);
            if batch.len() == BATCH {
                if !best.offer(&batch, cancelled) {
                    return Walked::Cancelled;
                }
                batch.clear();
                let ranks = (rank as usize + 1, self.order.len());
                if let Some(s) = &sweep
                    && !s.may_end(best, ranks, self.budget)
                {
                    return Walked::Short;
                }
            }
        }
        if !best.offer(&batch, cancelled) {
            return Walked::Cancelled;
        }
        Walked::Settled
    }
}

/// Where a sweep of every rank stood when it began, to tell whether it can end within the
/// budget: by reaching the end of the ranks, or by filling the candidates with records that
/// score what a record where no list says can (then every later rank loses the tie-break).
struct Sweep {
    most: i64,
    offered: usize,
    matched: usize,
    reaching: usize,
}

/// Matches a sweep finds (or twice as many estimates) before it judges its own rate,
/// and how far past the budget the rate may point and the sweep still go on: records that
/// score the rest's bound come in clusters of the rank order (`ni` at a million `--zipf`
/// records: 1.7 % of the first 4,096 swept, 2.6 % of the first 58,000), and a sweep that does
/// give up has cost at most its budget.
const SWEEP_SAMPLE: usize = 4 * BATCH;
const SWEEP_SLACK: usize = 2;

/// The share of a table's records a sweep may estimate: `ni` at a million `--zipf` records
/// settles after 73,728 estimates (its 2,000 best are among the first 77,000 ranks), and a
/// sweep that gives up late costs the full pass that follows an eighth more.
const SWEEP_SHARE: usize = 8;

impl Sweep {
    fn new(best: &Best, most: i64) -> Sweep {
        Sweep {
            most,
            offered: best.offered,
            matched: best.matched,
            reaching: best.reaching(most),
        }
    }

    /// Whether, at the rates so far (with room to spare: they are a guess), the sweep can end
    /// within `budget` estimates; `ranks` is (ranks read, all ranks).
    fn may_end(&self, best: &Best, (read, all): (usize, usize), budget: usize) -> bool {
        let spent = best.offered - self.offered;
        // The first ranks are the shortest messages, where a word inside longer ones is rare
        // (`rr` over a million real sites: 1,959 of the first 4,096 records match it and none
        // reaches the bound; 186 of the first 8,192 do): the rate is judged over matches.
        let matched = best.matched - self.matched;
        if matched < SWEEP_SAMPLE && spent < 2 * SWEEP_SAMPLE {
            return true;
        }
        let reaching = best.reaching(self.most);
        let gained = reaching.saturating_sub(self.reaching);
        let left = budget
            .saturating_sub(best.offered)
            .saturating_mul(SWEEP_SLACK);
        let to_the_end = spent.saturating_mul(all.saturating_sub(read)) / read.max(1);
        let to_fill = match gained {
            0 => usize::MAX,
            _ => best.cap().saturating_sub(reaching).saturating_mul(spent) / gained,
        };
        to_the_end.min(to_fill) <= left
    }
}

#[cfg(test)]
mod tests;
