//! A pasted line's answer, one ranking for `search`, the browser and triage: the line is split
//! into its links (the log call's message, `error=` fields, `: `-separated contexts, cause
//! lists, chained exceptions), each link matched, and the root cause answered first with the
//! whole chain named. Records of one repository with one messagePattern are one row (a group);
//! what the line says about its origin picks the row's site.

use super::chain::Link;
use super::frames::Frame;
use super::line::{CONFIDENT, LineMatch};
use super::locate::{Fit, Found, Pieces, locate_pieces, says_something_in};
use super::matcher::Via;
use super::traced::{self, Place};
use super::wrapped::{Located, links_before, trust_wrapped};
use super::{Match, Triage, chain, origin, trust};
use crate::dataset::Entries;
use foldhash::HashMap;
use std::cell::OnceCell;
use std::cmp::Reverse;

/// Sites of a group listed with a row; `sites_total` counts them all.
pub const MAX_SITES: usize = 50;
/// Sites of one group weighed to pick the row's (a message written at thousands of places).
const MAX_PICKED: usize = 4096;
/// Records the whole line's ranking returns to pick rows and links from.
pub(super) const CANDIDATES: usize = 200;
/// What one placeholder that stood for no text costs (an exact literal match wins).
const EMPTY_COST: f32 = 0.02;
/// What an answer not to be trusted scores at most.
const UNTRUSTED: f32 = 0.45;

/// One row of an answer: a group of records, shown as the site the line points to.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub record: usize,
    /// 0–1, as triage's scores; below `CONFIDENT` the row is weak.
    pub score: f32,
    pub via: Via,
    pub weak: bool,
    /// The group's other records, dataset order, at most `MAX_SITES`.
    pub sites: Vec<usize>,
    /// Records in the group, the row's own included.
    pub sites_total: usize,
    /// Outer to inner; empty for a line of one link.
    pub chain: Vec<Link>,
}

/// What a line (or a log event of several lines) says: its text as written, the text matched
/// (a JSON line flattened), and the `path:line` frames it and its trace name.
#[derive(Clone, Copy)]
pub(super) struct Evidence<'a> {
    pub line: &'a str,
    pub text: &'a str,
    pub frames: &'a [Frame],
    /// Match each piece of the line alone too (a short cause, a context between two `: `);
    /// the log scanner's whole-event pass has already found what it reads.
    pub pieces: bool,
}

/// A record the line matched, with where its text is.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    record: usize,
    score: f32,
    via: Via,
    found: Found,
    /// Where what the record explains ends: past its literal text, the value its trailing
    /// placeholder took (`Failed to convert {} data {}` explains `data "order_id"`, the same
    /// record without the last placeholder does not).
    reach: usize,
    /// Its pattern opens with a placeholder (`{} at line {} column {}`).
    opens_with_value: bool,
}

impl Candidate {
    fn confident(&self) -> bool {
        self.score >= CONFIDENT
    }

    /// Confident first, then the most faithful fit of its literal text, then the score less
    /// what empty placeholders cost, then the fewest values glued to a piece the pattern
    /// spaces, then the most of the line explained, then the most of it held literally
    /// (`sequence: "{}"` over `sequence: {}` on a line with the quotes).
    fn key(&self) -> (bool, Fit, f32, Reverse<usize>, usize, usize) {
        let cost = EMPTY_COST * self.found.empty as f32;
        let span = self.reach - self.found.start;
        let held = self.found.end - self.found.start;
        (
            self.confident(),
            self.found.fit,
            self.score - cost,
            Reverse(self.found.glued),
            span,
            held,
        )
    }
}

impl Triage {
    /// The records of `record`'s group (one repository, one messagePattern), dataset order.
    pub fn sites_of(&self, record: usize) -> &[u32] {
        self.index
            .group_of(record)
            .map_or(&[][..], |g| self.index.group(g))
    }

    /// The rows `line` names, best first, at most `limit`. `entries` are the records the
    /// triage was built from.
    pub fn answer_line(&self, entries: Entries<'_>, line: &str, limit: usize) -> Vec<Row> {
        let (text, found) = super::line::read_line(line);
        let text = text.as_ref();
        let matches = self.rank_text(entries, text, &found, CANDIDATES);
        let evidence = Evidence {
            line,
            text,
            frames: &found,
            pieces: true,
        };
        self.answer(entries, &evidence, matches, limit)
    }

    /// The one ranking behind `answer_line` and the log scanner: from the records a first pass
    /// found (`matches`), the line's links matched alone, each record trusted only when its
    /// own text is in the line, the root cause first with its chain, one row per group at the
    /// site the evidence (frames, origin names) points to.
    pub(super) fn answer(
        &self,
        entries: Entries<'_>,
        evidence: &Evidence<'_>,
        mut matches: Vec<LineMatch>,
        limit: usize,
    ) -> Vec<Row> {
        let Evidence {
            line,
            text,
            frames,
            pieces,
        } = *evidence;
        if pieces {
            self.match_links(entries, text, frames, &mut matches);
        }
        // Where a link may be: asked only by a short record, so read once, when one is.
        let bounds = OnceCell::new();
        let bounds = || bounds.get_or_init(|| link_bounds(text)).as_slice();
        let judge = |m: LineMatch| {
            let e = entries.get(m.record)?;
            let pattern = e.pattern.unwrap_or(e.message);
            let split = Pieces::of(pattern);
            let found = locate_pieces(&split, text);
            let says = says_something_in(&split.literal);
            // A pattern that says nothing (`{} in {}`) is answered by a frame at its line.
            let pins = !says && traced::at_a_frames_line(entries, m.record, frames);
            Some(Located {
                trusted: pins || trust::trusted(m.via, pattern, &split, text, found, bounds),
                pins,
                // `{}, {}` says nothing: no wrapper, whatever comes first.
                opens_with_value: split.open_start && says,
                reach: reach(&split, text, found),
                m,
                found,
            })
        };
        let mut located: Vec<Located> = matches.into_iter().filter_map(judge).collect();
        // The link a wrapper whose value comes first ends is matched alone too, as a piece
        // between two `: ` is (serde_json's ``expected `:` `` before `at line 1 column 6`).
        let before = links_before(&located, bounds(), text);
        if pieces && !before.is_empty() {
            let mut more = Vec::new();
            self.match_segments(entries, text, &before, frames, &mut more);
            more.retain(|m| !located.iter().any(|l| l.m.record == m.record));
            located.extend(more.into_iter().filter_map(judge));
        }
        trust_wrapped(entries, text, &before, &mut located);
        let pinned = located.iter().any(|l| l.pins);
        for l in located.iter_mut().filter(|l| l.trusted) {
            l.trusted = !traced::off_the_trace(entries, l.m.record, frames, pinned);
        }
        let mut cands: Vec<Candidate> = Vec::with_capacity(located.len());
        for Located {
            m,
            found,
            trusted,
            opens_with_value,
            reach,
            ..
        } in located
        {
            let score = if trusted {
                m.score
            } else {
                m.score.min(UNTRUSTED)
            };
            match cands.iter_mut().find(|c| c.record == m.record) {
                Some(c) if c.score >= score => {}
                Some(c) => {
                    c.score = score;
                    c.via = m.via;
                }
                None => cands.push(Candidate {
                    record: m.record,
                    score,
                    via: m.via,
                    found,
                    reach,
                    opens_with_value,
                }),
            }
        }
        cands.sort_by(|a, b| {
            let (x, y) = (a.key(), b.key());
            y.0.cmp(&x.0)
                .then(y.1.cmp(&x.1))
                .then(y.2.total_cmp(&x.2))
                .then(y.3.cmp(&x.3))
                .then(y.4.cmp(&x.4))
                .then(y.5.cmp(&x.5))
                // Equal answers go to the smaller id, as they always did in triage.
                .then(self.index.rank(a.record).cmp(&self.index.rank(b.record)))
        });
        let links = chain::links(self, entries, line, text, &cands_view(&cands), frames);
        let place = Place {
            names: origin::names(line),
            frames,
            line,
            words: OnceCell::new(),
        };
        self.rows(entries, text, &cands, &links, &place, limit)
    }

    /// A log event's records, from those the log scanner's containment pass found (best
    /// first), ranked as `answer` ranks a pasted line's: the record whose own text is in the
    /// event first, the root cause first with its chain, one per group at the site the frames
    /// and origin name. Where the answer trusts none of them (a record's literal number that
    /// the event has another of, a short message inside a longer sentence), the pass's order
    /// stands: `search` shows that record as a weak row, triage still reports the line.
    /// Returns at most `limit` matches and the first one's chain.
    pub(super) fn answer_event(
        &self,
        entries: Entries<'_>,
        evidence: &Evidence<'_>,
        mut found: Vec<Match>,
        limit: usize,
    ) -> (Vec<Match>, Vec<Link>) {
        // One record of a one-site group and no cause to look for inside the event: the
        // answer could only keep it (trusted) or fall back to it (not), so it is not asked.
        let choice = found.len() > 1
            || evidence.pieces
            || found
                .first()
                .is_some_and(|m| self.sites_of(m.record).len() > 1);
        if !choice {
            found.truncate(limit);
            return (found, Vec::new());
        }
        let mut first: Vec<LineMatch> = found
            .iter()
            .map(|m| LineMatch {
                record: m.record,
                score: m.score,
                via: m.via,
            })
            .collect();
        // An event that carries an error inside it is read whole as a pasted line is: a
        // cause cut short by the log's line limit is found only by the words it shares.
        if evidence.pieces {
            first.extend(self.rank_text(entries, evidence.text, evidence.frames, CANDIDATES));
        }
        let mut rows = self.answer(entries, evidence, first, limit);
        rows.retain(|r| !r.weak);
        let Some(chain) = rows.first().map(|r| r.chain.clone()) else {
            found.truncate(limit);
            return (found, Vec::new());
        };
        let matches = rows
            .into_iter()
            .map(|r| Match {
                record: r.record,
                score: r.score,
                via: r.via,
            })
            .collect();
        (matches, chain)
    }

    fn rows(
        &self,
        entries: Entries<'_>,
        text: &str,
        cands: &[Candidate],
        links: &[chain::Placed],
        place: &Place<'_>,
        limit: usize,
    ) -> Vec<Row> {
        let index = &self.index;
        let root = links.last().map(|l| l.record);
        let order = root
            .into_iter()
            .chain(cands.iter().map(|c| c.record))
            .collect::<Vec<usize>>();
        let scores: HashMap<usize, f32> = cands.iter().map(|c| (c.record, c.score)).collect();
        let mut rows: Vec<Row> = Vec::new();
        let mut groups: foldhash::HashSet<u32> = foldhash::HashSet::default();
        for record in order {
            if rows.len() >= limit {
                break;
            }
            let Some(group) = index.group_of(record) else {
                continue;
            };
            if !groups.insert(group) {
                continue;
            }
            let Some(c) = cands.iter().find(|c| c.record == record) else {
                continue;
            };
            let members = index.group(group);
            let site = match members {
                [one] => *one as usize,
                _ => pick_site(entries, &scores, members, place).unwrap_or(record),
            };
            let score = scores.get(&site).map_or(c.score, |&s| s.max(c.score));
            let chain = if rows.is_empty() && links.len() >= 2 {
                chain::named(links, text, site, record)
            } else {
                Vec::new()
            };
            rows.push(Row {
                record: site,
                score,
                via: c.via,
                weak: score < CONFIDENT,
                sites: members
                    .iter()
                    .map(|&m| m as usize)
                    .filter(|&m| m != site)
                    .take(MAX_SITES)
                    .collect(),
                sites_total: members.len(),
                chain,
            });
        }
        rows
    }
}

/// The end of what a record found at `found` explains: its literal text, and for a pattern
/// ending with a placeholder the value after it, to the end of that line of the text.
fn reach(split: &Pieces<'_>, text: &str, found: Found) -> usize {
    if !split.open_end || found.fit == Fit::Absent || found.empty > 0 {
        return found.end;
    }
    let rest = text.get(found.end..).unwrap_or("");
    found.end + rest.find('\n').unwrap_or(rest.len())
}

/// Byte ranges of `text` a link may be: its segments, and a piece from each place a message
/// may start in one of them to the end.
fn link_bounds(text: &str) -> Vec<(usize, usize)> {
    let mut bounds = chain::segments(text);
    // A header may follow fields a log shipper put first (`host=… pod=… 2025/12/01
    // 22:19:21 file not found`): where a message starts is read from each piece's start.
    let mut starts = Vec::new();
    for from in bounds.iter().map(|b| b.0).collect::<Vec<usize>>() {
        super::header::message_starts(&text[from..], &mut starts);
        bounds.extend(starts.iter().map(|&s| (from + s, text.len())));
    }
    bounds
}

/// What the chain finder needs of a candidate.
fn cands_view(cands: &[Candidate]) -> Vec<chain::Seen> {
    cands
        .iter()
        .map(|c| chain::Seen {
            record: c.record,
            confident: c.confident(),
            found: c.found,
            opens_with_value: c.opens_with_value,
        })
        .collect()
}

/// The group's site the line points to: the one a frame boosted most (its score), then the
/// one its frames and its module, logger or target names point to (`Place::closeness`), then
/// a value its package shares (Go's `io.ErrUnexpectedEOF`, which any caller may return,
/// where a function's own copy of the text is one place), then the first in dataset order. Only the first `MAX_PICKED` sites of a huge group are weighed.
fn pick_site(
    entries: Entries<'_>,
    scores: &HashMap<usize, f32>,
    members: &[u32],
    place: &Place<'_>,
) -> Option<usize> {
    let members = &members[..members.len().min(MAX_PICKED)];
    let best = |m: usize| scores.get(&m).copied().unwrap_or(0.0);
    let top = members
        .iter()
        .map(|&m| best(m as usize))
        .fold(0.0, f32::max);
    members
        .iter()
        .map(|&m| m as usize)
        .filter(|&m| best(m) >= top - f32::EPSILON)
        .map(|m| {
            let near = entries.get(m).map_or_else(Default::default, |e| {
                let close = e
                    .file_path
                    .map_or_else(Default::default, |p| place.closeness(p, e.line_number));
                (close, e.shared)
            });
            (m, near)
        })
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(m, _)| m)
}
