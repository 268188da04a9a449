//! `resolve` against the ranking as first written — every record of every hit kept, repeats
//! found by a linear search, every frame's records read whole, the whole list sorted — on
//! records that share forms, files and scores: the shortcuts must not change one answer.

use super::*;
use crate::dataset::{Entries, Entry};
use crate::record::Record;
use crate::triage::matcher::Scratch;
use crate::triage::normalize::tokenize;

fn entry(id: usize, message: String, path: &str, line: i64) -> Entry {
    Entry {
        id: format!("{id:04}").into(),
        message: message.into(),
        repo: Some("acme/net".into()),
        file_path: Some(path.into()),
        line_number: Some(line),
        ..Entry::default()
    }
}

/// A small generator, so the records and hits are the same every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

const WORDS: &[&str] = &["socket", "lease", "quota", "ledger", "shard", "cursor"];
const FILES: &[&str] = &["src/net/pool.rs", "lib/net/pool.rs", "src/db/shard.go"];

/// The ranking as first written.
fn reference(
    index: &Index,
    entries: Entries<'_>,
    hits: &mut Vec<FormHit>,
    frames: &[Frame],
    location_only: bool,
    limit: usize,
) -> Vec<Match> {
    hits.sort_by(|a, b| a.form.cmp(&b.form).then(b.score.total_cmp(&a.score)));
    hits.dedup_by_key(|h| h.form);
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.form.cmp(&b.form)));
    let mut named: Vec<Named> = Vec::new();
    for frame in frames {
        for &record in index.records_in_file(frame.file_name()) {
            let Some((path, line)) = entries.location(record as usize) else {
                continue;
            };
            let diff = line.map(|l| (l - i64::from(frame.line)).abs());
            let forms = index.record_forms(record as usize);
            if diff != Some(0) && !hits.iter().any(|h| forms.contains(&h.form)) {
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
    named.sort_by(|a, b| a.record.cmp(&b.record).then(b.boost.total_cmp(&a.boost)));
    named.dedup_by_key(|n| n.record);
    let mut out: Vec<Match> = Vec::new();
    for n in named {
        let forms = index.record_forms(n.record as usize);
        let found = match hits.iter().find(|h| forms.contains(&h.form)) {
            Some(h) => Some(((h.score + n.boost).min(1.0), h.via)),
            None if location_only && n.exact => {
                let bonus = if n.components >= 2 {
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
                record: n.record as usize,
                score,
                via,
            });
        }
    }
    for hit in hits.iter() {
        for &record in index.records_of(hit.form).iter().take(limit + out.len()) {
            if out.iter().all(|m| m.record != record as usize) {
                out.push(Match {
                    record: record as usize,
                    score: hit.score,
                    via: hit.via,
                });
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

#[test]
fn the_shortcuts_give_what_the_whole_ranking_gives() {
    let mut rng = Lcg(7);
    let entries: Vec<Entry> = (0..600)
        .map(|i| {
            let (a, b) = (rng.next(6) as usize, rng.next(6) as usize);
            let message = match rng.next(3) {
                0 => format!("{} {} failed at {}", WORDS[a], WORDS[b], rng.next(90)),
                1 => format!("could not open {} for {}", WORDS[a], WORDS[b]),
                _ => format!("{} refused {} {}", WORDS[a], WORDS[b], WORDS[(a + b) % 6]),
            };
            let file = FILES[rng.next(3) as usize];
            entry(i, message, file, 1 + rng.next(40) as i64)
        })
        .collect();
    let index = Index::build(Entries::from(&entries));
    let forms = index.form_count() as u64;
    assert!(forms > 20, "records share some forms and not others");
    let mut compared = 0;
    for round in 0..300 {
        // Few distinct scores, so that ties between forms and between records are common.
        let hits: Vec<FormHit> = (0..=rng.next(40))
            .map(|_| FormHit {
                form: rng.next(forms) as u32,
                score: 0.5 + 0.05 * rng.next(6) as f32,
                via: if rng.next(2) == 0 {
                    Via::Contains
                } else {
                    Via::Overlap
                },
            })
            .collect();
        let frames: Vec<Frame> = (0..rng.next(3))
            .map(|_| Frame {
                path: FILES[rng.next(3) as usize].to_string(),
                line: 1 + rng.next(40) as u32,
            })
            .collect();
        let limit = [1, 2, 4, 16, 200][round % 5];
        let all = Entries::from(&entries);
        let want = reference(&index, all, &mut hits.clone(), &frames, true, limit);
        let got = resolve(&index, all, &mut hits.clone(), &frames, true, limit);
        assert_eq!(got, want, "round {round}: limit {limit}, frames {frames:?}");
        compared += usize::from(!want.is_empty());
    }
    assert!(compared > 250);
}

#[test]
fn listing_by_set_and_stopping_early_answer_as_before() {
    // Few messages at many sites, ids out of dataset order: forms of hundreds of records,
    // equal scores, named locations.
    let templates = [
        "connection to {} refused after {} retries",
        "connection to {} refused",
        "pool {} exhausted while waiting for connection",
        "refused connection from pool {}",
        "timeout waiting for pool {} after {} retries",
    ];
    let entries: Vec<Entry> = (0..3000)
        .map(|i| {
            let t = templates[i % templates.len()];
            let r = Record {
                id: format!("{:08}", (i * 7919) % 3001),
                error_message: t.replacen("{}", &(i % 97).to_string(), 1),
                message_pattern: Some(t.to_string()),
                file_path: Some(format!("src/net/{}.rs", ["pool", "conn", "retry"][i % 3])),
                line_number: Some((i % 50) as i64),
                ..Record::default()
            };
            Entry::from_record(r, 0, 0, 0, 1)
        })
        .collect();
    let index = Index::build(Entries::from(&entries[..]));
    let lines = [
        "ERROR connection to 10.0.0.1 refused after 3 retries",
        "WARN pool 7 exhausted while waiting for connection at src/net/pool.rs:12",
        "refused connection from pool 3: timeout waiting for pool 3 after 9 retries",
        "connection refused pool timeout retries waiting at net/conn.rs:40",
        "nothing here at src/net/retry.rs:7",
    ];
    let mut long = 0;
    for line in lines {
        let mut s = Scratch::default();
        tokenize(line, &mut s.tokens);
        let mut hits = Vec::new();
        index.match_line(&mut s, line, true, &mut hits);
        let mut frames = Vec::new();
        crate::triage::frames::extract(line, &mut frames);
        for limit in [0, 1, 5, 16, 200, 1000, 5000] {
            for place_only in [false, true] {
                let all = Entries::from(&entries[..]);
                let want = reference(&index, all, &mut hits.clone(), &frames, place_only, limit);
                let got = resolve(&index, all, &mut hits.clone(), &frames, place_only, limit);
                assert_eq!(got, want, "{line:?} limit {limit}");
                long += usize::from(limit == 1000 && want.len() > 200);
            }
        }
    }
    // The lines hit forms of hundreds of records: the early stop had something to skip.
    assert!(long >= 4, "{long}");
}
