//! Both ways of ranking a query and how their results merge. The query's mode (typed words or a
//! pasted line) picks the primary ranking; the other runs only when the primary found nothing
//! confident. When the primary has a confident hit its list is the answer, in its own order (so
//! typed queries rank exactly as the fuzzy matcher says). Otherwise the secondary's confident
//! hits come first, then the primary's weak ones, then the secondary's weak ones.

use super::confidence::Judge;
use super::mode::{Mode, capped, mode_of};
use super::rank::Hit;
use super::{Context, Query};
use crate::dataset::Entries;
use crate::triage::{Link, Row};

/// How a result matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// The query language and the fuzzy matcher.
    Fuzzy,
    /// The triage matcher, reading the query as a log line.
    Line,
}

impl Via {
    pub fn name(self) -> &'static str {
        match self {
            Via::Fuzzy => "fuzzy",
            Via::Line => "line",
        }
    }
}

/// How one result matched and whether to trust it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub via: Via,
    /// Too poor a match to trust (scattered letters, a small word overlap).
    pub weak: bool,
}

/// One result: a record, its score (a line match scores its confidence ×1000; a fuzzy score
/// may dip below zero for a very scattered match, shown as 0), and how it matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranked {
    pub hit: Hit,
    pub mark: Mark,
}

/// The merged results of a query.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Findings {
    pub mode: Mode,
    /// Best first, at most the limit.
    pub hits: Vec<Ranked>,
    /// How many records matched in all (both rankings, when both ran); a floor when
    /// `at_least`.
    pub matched: usize,
    /// The ranked top was settled without finding every match (`search::find_top`): at least
    /// `matched` records match, and `indices` holds only the line side's.
    pub at_least: bool,
    /// Every record either ranking matched (the fuzzy side's whole set), in dataset order.
    pub indices: Vec<u32>,
    /// Malformed parts of a typed query, and a note when the query was cut.
    pub warnings: Vec<String>,
    /// Per line-matched record (by index): its group's other sites and the line's chain.
    pub details: std::collections::BTreeMap<u32, LineDetail>,
}

/// What a pasted line's row says beside its record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineDetail {
    /// The other records of its group (one repository, one messagePattern), dataset order.
    pub sites: Vec<u32>,
    /// Records in the group, the row's own included.
    pub sites_total: usize,
    /// The links of the line that matched records, outer to inner (empty for one link).
    pub chain: Vec<Link>,
}

impl Findings {
    /// At least one result is not weak.
    pub fn confident(&self) -> bool {
        self.hits.iter().any(|r| !r.mark.weak)
    }
}

/// What the fuzzy side returns: the ranked top and every matching record (dataset order).
pub struct FuzzySide {
    pub hits: Vec<Hit>,
    pub matched: Vec<u32>,
    /// Per hit, when known: certainly not weak (every group matched by a term found whole), so
    /// it need not be judged. Empty, or shorter than `hits`: judge the rest.
    pub whole: Vec<bool>,
}

/// Runs the query language over the records (see `find_with`).
pub type FuzzyRun<'a> = dyn FnMut(&Query) -> Option<FuzzySide> + 'a;

/// Hears the first rows of the answer as soon as they are final, before the rest is judged:
/// `(rows, how many records match)`.
pub struct Settled<'a> {
    /// How many rows from the top (the rows on screen).
    pub rows: usize,
    pub report: &'a mut dyn FnMut(&[Ranked], usize),
}

/// Runs a query through both rankings as its mode says. `fuzzy` runs the query language (None:
/// cancelled, and so is the search); `line` ranks by the triage matcher (None: no line index).
/// `settled` hears the top rows first when they can be known before the rest (typed words
/// whose top rows hold a confident one, or one word: the line side will not run).
pub fn find_with(
    entries: Entries<'_>,
    text: &str,
    ctx: &Context,
    limit: usize,
    (fuzzy, settled): (&mut FuzzyRun, Option<Settled<'_>>),
    line: &mut dyn FnMut(&str) -> Option<Vec<Row>>,
) -> Option<Findings> {
    let (text, cut) = capped(text);
    let mode = mode_of(text);
    let q = Query::parse(text);
    let mut warnings = Vec::new();
    if cut {
        warnings.push(format!(
            "the query is longer than {} KB; only its start is searched",
            super::mode::MAX_QUERY_BYTES / 1024
        ));
    }
    if mode == Mode::Typed {
        warnings.extend(q.warnings().iter().cloned());
    }
    // One typed word cannot be a line: the triage matcher needs words to compare.
    let words = text.split_whitespace().nth(1).is_some();
    let run_fuzzy = |fuzzy: &mut dyn FnMut(&Query) -> Option<FuzzySide>,
                     settled: Option<Settled>| {
        let side = fuzzy(&q)?;
        let judge = Judge::new(&q);
        let n = settled
            .as_ref()
            .map_or(0, |s| s.rows.min(limit).min(side.hits.len()));
        let (head, rest) = side.split(n);
        let mut ranked = fuzzy_rows(&head.hits, &judge_all(&judge, entries, &head, ctx));
        if let Some(s) = settled
            && n > 0
            && (!words || any_confident(&ranked))
        {
            (s.report)(&ranked, side.matched.len());
        }
        let weak = judge_all(&judge, entries, &rest, ctx);
        ranked.extend(fuzzy_rows(&rest.hits, &weak));
        Some((ranked, side.matched))
    };
    let mut details = std::collections::BTreeMap::new();
    let mut run_line = |line: &mut dyn FnMut(&str) -> Option<Vec<Row>>| {
        let found = if q.is_empty() { None } else { line(text) };
        let found = found.unwrap_or_default();
        for row in &found {
            details.insert(row.record as u32, detail(row));
        }
        let ranked: Vec<Ranked> = found.iter().map(from_line).collect();
        let mut indices: Vec<u32> = ranked.iter().map(|r| r.hit.index).collect();
        indices.sort_unstable();
        (ranked, indices)
    };
    let ((primary, mut indices), secondary) = match mode {
        Mode::Typed => {
            let first = run_fuzzy(fuzzy, settled)?;
            let second = (!any_confident(&first.0) && words).then(|| run_line(line));
            (first, second)
        }
        Mode::Line => {
            let first = run_line(line);
            let second = if any_confident(&first.0) {
                None
            } else {
                Some(run_fuzzy(fuzzy, None)?)
            };
            (first, second)
        }
    };
    let hits = match secondary {
        None => primary,
        Some((second, more)) => {
            indices.extend(more);
            indices.sort_unstable();
            indices.dedup();
            merge(primary, second)
        }
    };
    let mut hits = hits;
    hits.truncate(limit);
    Some(Findings {
        mode,
        hits,
        matched: indices.len(),
        at_least: false,
        indices,
        warnings,
        details,
    })
}

impl From<super::pass::FirstTop> for FuzzySide {
    /// The ranked top the postings settled, with its matches when the walk knows them all.
    fn from(top: super::pass::FirstTop) -> FuzzySide {
        let matched = match top.matched {
            super::pass::Matched::Exactly(all) => all,
            super::pass::Matched::AtLeast(_) => Vec::new(),
        };
        FuzzySide {
            hits: top.hits,
            matched,
            whole: top.whole,
        }
    }
}

impl FuzzySide {
    /// The first `n` hits and the rest, each with its `whole` flags (nothing matched).
    fn split(&self, n: usize) -> (FuzzySide, FuzzySide) {
        let part = |hits: &[Hit], from: usize| FuzzySide {
            hits: hits.to_vec(),
            matched: Vec::new(),
            whole: self
                .whole
                .get(from..(from + hits.len()).min(self.whole.len()))
                .unwrap_or(&[])
                .to_vec(),
        };
        let (a, b) = self.hits.split_at(n);
        (part(a, 0), part(b, n))
    }
}

/// Fuzzy hits as rows, with whether each is weak.
fn fuzzy_rows(hits: &[Hit], weak: &[bool]) -> Vec<Ranked> {
    hits.iter()
        .zip(weak)
        .map(|(&h, &weak)| Ranked {
            hit: h,
            mark: Mark {
                via: Via::Fuzzy,
                weak,
            },
        })
        .collect()
}

fn detail(row: &Row) -> LineDetail {
    LineDetail {
        sites: row.sites.iter().map(|&s| s as u32).collect(),
        sites_total: row.sites_total,
        chain: row.chain.clone(),
    }
}

/// Below this many hits to judge one thread judges them all; above it the two halves go to two
/// threads (the browser judges its top 1000 on every keystroke, after the parallel pass).
const JUDGED_ON_ONE_THREAD: usize = 256;

/// Whether each hit is weak, in order. Hits the pass already knows to be whole are not judged.
fn judge_all(judge: &Judge, entries: Entries<'_>, side: &FuzzySide, ctx: &Context) -> Vec<bool> {
    let known = |i: usize| side.whole.get(i).copied().unwrap_or(false);
    let one = |(i, h): (usize, &Hit)| !known(i) && judge.weak(entries.at(h.index as usize), ctx);
    let hits = &side.hits;
    if judge.is_empty() {
        return vec![false; hits.len()];
    }
    let unknown = (0..hits.len()).filter(|&i| !known(i)).count();
    if unknown < JUDGED_ON_ONE_THREAD {
        return hits.iter().enumerate().map(one).collect();
    }
    let half = hits.len() / 2;
    let (front, back) = hits.split_at(half);
    let (rest, front) = super::halves::both(
        || {
            back.iter()
                .enumerate()
                .map(|(i, h)| one((half + i, h)))
                .collect::<Vec<bool>>()
        },
        || front.iter().enumerate().map(one).collect::<Vec<bool>>(),
    );
    let mut all = front.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    all.extend(rest);
    all
}

fn any_confident(hits: &[Ranked]) -> bool {
    hits.iter().any(|r| !r.mark.weak)
}

fn from_line(m: &Row) -> Ranked {
    Ranked {
        hit: Hit {
            index: m.record as u32,
            score: (m.score.clamp(0.0, 1.0) * 1000.0).round() as i64,
        },
        mark: Mark {
            via: Via::Line,
            weak: m.weak,
        },
    }
}

/// The primary found nothing confident: the secondary's confident hits, then the primary's
/// (all weak), then the secondary's weak ones; each record once, where it first appears.
fn merge(primary: Vec<Ranked>, secondary: Vec<Ranked>) -> Vec<Ranked> {
    let (sure, unsure): (Vec<Ranked>, Vec<Ranked>) =
        secondary.into_iter().partition(|r| !r.mark.weak);
    let mut seen = std::collections::HashSet::new();
    sure.into_iter()
        .chain(primary)
        .chain(unsure)
        .filter(|r| seen.insert(r.hit.index))
        .collect()
}
