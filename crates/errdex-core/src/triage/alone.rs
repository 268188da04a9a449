//! Pieces of a pasted line matched alone: its segments (between `: `, the fields of a log
//! line) and the links a wrapper ends, so a short cause (`error=EOF`) is found where it
//! stands, not only inside the whole line.

use super::frames::Frame;
use super::line::LineMatch;
use super::matcher::{Scratch, Via};
use super::{Triage, bare, chain, normalize, resolve};
use crate::dataset::Entries;

impl Triage {
    /// Each segment of the line matched alone (containment and whole-message forms), so a
    /// short cause (`error=EOF`) or a context between two `: ` is found where it stands.
    pub(super) fn match_links(
        &self,
        entries: Entries<'_>,
        text: &str,
        found: &[Frame],
        out: &mut Vec<LineMatch>,
    ) {
        self.match_segments(entries, text, &chain::segments(text), found, out);
    }

    /// Each of `segments` (byte ranges of `text`) matched alone.
    pub(super) fn match_segments(
        &self,
        entries: Entries<'_>,
        text: &str,
        segments: &[(usize, usize)],
        found: &[Frame],
        out: &mut Vec<LineMatch>,
    ) {
        let bare = self
            .bare
            .get_or_init(|| bare::Bare::build(&self.index, entries));
        let mut scratch = Scratch::default();
        let mut hits = Vec::new();
        for &(start, end) in segments {
            let seg = &text[start..end];
            normalize::tokenize(seg, &mut scratch.tokens);
            hits.clear();
            self.index.match_line(&mut scratch, seg, false, &mut hits);
            for m in resolve::resolve(&self.index, entries, &mut hits, found, false, 16) {
                out.push(LineMatch {
                    record: m.record,
                    score: m.score,
                    via: m.via,
                });
            }
            out.extend(bare.records(seg).iter().map(|&r| LineMatch {
                record: r as usize,
                score: bare::SCORE,
                via: Via::Contains,
            }));
        }
    }
}
