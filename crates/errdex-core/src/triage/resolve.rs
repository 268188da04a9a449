//! From the forms an event matched and the locations it named to ranked records: a record
//! whose filePath and lineNumber the log names is boosted, and may match on its location alone
//! when the event is an error or a trace.

use super::Match;
use super::frames::Frame;
use super::index::Index;
use super::matcher::{FormHit, Via};
use crate::dataset::Entries;

const EXACT_LINE_BOOST: f32 = 0.10;
const NEAR_LINE_BOOST: f32 = 0.05;
const SAME_FILE_BOOST: f32 = 0.02;
/// Lines of drift between the analysed source and the running build still count as "near".
pub(super) const NEAR_LINES: i64 = 25;
const LOCATION_ONLY: f32 = 0.5;
const LOCATION_PATH_BONUS: f32 = 0.05;

/// What the log says about a record's location.
#[derive(Debug, Clone, Copy)]
struct Named {
    record: u32,
    boost: f32,
    exact: bool,
    components: usize,
}

/// Ranks the records of an event's hits, best first, at most `limit`.
pub fn resolve(
    index: &Index,
    entries: Entries<'_>,
    hits: &mut Vec<FormHit>,
    frames: &[Frame],
    location_only: bool,
    limit: usize,
) -> Vec<Match> {
    // Best hit per form, best forms first.
    hits.sort_by(|a, b| a.form.cmp(&b.form).then(b.score.total_cmp(&a.score)));
    hits.dedup_by_key(|h| h.form);
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.form.cmp(&b.form)));

    let mut out: Vec<Match> = Vec::new();
    for named in named_records(index, entries, frames, hits) {
        let forms = index.record_forms(named.record as usize);
        let best = hits.iter().find(|h| forms.contains(&h.form));
        let found = match best {
            Some(h) => Some(((h.score + named.boost).min(1.0), h.via)),
            None if location_only && named.exact => {
                let bonus = if named.components >= 2 {
                    LOCATION_PATH_BONUS
                } else {
                    0.0
                };
                Some((LOCATION_ONLY + bonus, Via::Location))
            }
            None => None,
        };
        if let Some((score, via)) = found {
            out.push(Match {
                record: named.record as usize,
                score,
                via,
            });
        }
    }
    // Each hit's records, best hit first, each record once at its best; a hit lists at most
    // `limit` more than are listed before it. A set answers "listed yet?": the forms of a big
    // dataset hold thousands of records each, and scanning the list for each was quadratic.
    let mut listed: foldhash::HashSet<usize> = out.iter().map(|m| m.record).collect();
    let named: Vec<f32> = out.iter().map(|m| m.score).collect();
    // Records listed from hits, and how many of them score above the current hit.
    let (mut from_hits, mut above) = (0, 0);
    for (k, hit) in hits.iter().enumerate() {
        if k > 0 && hits[k - 1].score.total_cmp(&hit.score).is_gt() {
            above = from_hits;
        }
        // Once `limit` records score above this hit, none of its records (nor any later hit's:
        // they score no more) can be among the best `limit`, which is all that is returned.
        let named_above = named.iter().filter(|s| s.total_cmp(&hit.score).is_gt());
        if above + named_above.count() >= limit {
            break;
        }
        for &record in index.records_of(hit.form).iter().take(limit + out.len()) {
            if listed.insert(record as usize) {
                out.push(Match {
                    record: record as usize,
                    score: hit.score,
                    via: hit.via,
                });
                from_hits += 1;
            }
        }
    }
    out.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(index.rank(a.record).cmp(&index.rank(b.record)))
    });
    out.truncate(limit);
    out
}

/// Records whose location the frames name and that either matched by message or sit at the
/// very line named, each once with its strongest boost. A common file name (`executor.rs`)
/// names hundreds of records; only those few are looked at closely.
fn named_records(
    index: &Index,
    entries: Entries<'_>,
    frames: &[Frame],
    hits: &[FormHit],
) -> Vec<Named> {
    let mut named: Vec<Named> = Vec::new();
    if frames.is_empty() {
        return named;
    }
    // A common file name names thousands of records: each is first asked the cheap questions
    // (its line, whether the event matched its forms), its path compared only for the few left.
    let hit_forms: Option<foldhash::HashSet<u32>> =
        (hits.len() > 32).then(|| hits.iter().map(|h| h.form).collect());
    let matched = |forms: [u32; 2]| match &hit_forms {
        Some(set) => forms.iter().any(|f| set.contains(f)),
        None => hits.iter().any(|h| forms.contains(&h.form)),
    };
    for frame in frames {
        for &record in index.records_in_file(frame.file_name()) {
            let Some((path, line)) = entries.location(record as usize) else {
                continue;
            };
            let diff = line.map(|l| (l - i64::from(frame.line)).abs());
            let forms = index.record_forms(record as usize);
            if diff != Some(0) && !matched(forms) {
                continue;
            }
            let Some(components) = shared_suffix(path, &frame.path) else {
                continue;
            };
            let (boost, exact) = frame_boost(diff);
            named.push(Named {
                record,
                boost,
                exact,
                components,
            });
        }
    }
    // Strongest first, then one per record.
    named.sort_by(|a, b| a.record.cmp(&b.record).then(b.boost.total_cmp(&a.boost)));
    named.dedup_by_key(|n| n.record);
    named
}

/// What a frame at `diff` lines from a record adds to its score, and whether it names the
/// record's own line.
pub(super) fn frame_boost(diff: Option<i64>) -> (f32, bool) {
    match diff {
        Some(0) => (EXACT_LINE_BOOST, true),
        Some(d) if d <= NEAR_LINES => (NEAR_LINE_BOOST, false),
        _ => (SAME_FILE_BOOST, false),
    }
}

/// How many trailing path components two paths share, when one is a suffix of the other
/// (`/home/app/src/x.rs` and `src/x.rs`; `Pool.java` and `src/main/java/Pool.java`) or they
/// agree on at least the file and its directory (`tokio-1.35.1/src/x.rs` and `tokio/src/x.rs`:
/// a crate or package directory named differently where it was installed).
pub(super) fn shared_suffix(a: &str, b: &str) -> Option<usize> {
    let mut x = a.rsplit(['/', '\\']).filter(|c| !c.is_empty() && *c != ".");
    let mut y = b.rsplit(['/', '\\']).filter(|c| !c.is_empty() && *c != ".");
    let mut shared = 0;
    loop {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) if p == q => shared += 1,
            (Some(_), Some(_)) => return (shared >= 2).then_some(shared),
            _ => return (shared > 0).then_some(shared),
        }
    }
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod exact;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_share_components() {
        assert_eq!(shared_suffix("/home/app/src/x.rs", "src/x.rs"), Some(2));
        assert_eq!(
            shared_suffix("Pool.java", "src/main/java/Pool.java"),
            Some(1)
        );
        assert_eq!(shared_suffix("./src/x.rs", "src/x.rs"), Some(2));
        assert_eq!(shared_suffix("lib/x.rs", "src/x.rs"), None);
        assert_eq!(
            shared_suffix("/cargo/tokio-1.35.1/src/rt/mod.rs", "tokio/src/rt/mod.rs"),
            Some(3)
        );
        assert_eq!(shared_suffix("", "src/x.rs"), None);
    }
}
