//! Curated meets code: the scanned site a curated or team record hides (same repository,
//! file and message, [`crate::dataset::curated`]) stays at hand, so whoever shows the record can
//! say where that statement is in the code now and show it — the record's own line and
//! snippet are from when it was written, and code moves.

use super::{Dataset, Entry, ReadError};
use crate::record::Record;

/// The scanned site behind a record, read now.
pub struct CodeSite {
    /// `PATH:LINE` of the site's document (a file of `code/`).
    pub at: String,
    /// The site's fields: `lineNumber`, `sourceCode`, `sourceCodeStart` are the code's today
    /// (as of the last scan, `analyzedSha`).
    pub record: Result<Record, ReadError>,
}

impl CodeSite {
    /// The site's line when it is not the one `record` names: the statement moved since the
    /// record was written.
    pub fn moved(&self, record: &Record) -> Option<i64> {
        let site = self.record.as_ref().ok()?;
        let now = site.line_number?;
        (record.line_number != Some(now)).then_some(now)
    }
}

impl Dataset {
    /// Moves each site `behind[j] = Some(i)` (indices) out of the searched entries, kept as
    /// the site behind record `i`.
    pub(crate) fn hide_behind(&mut self, behind: &[Option<usize>]) {
        let ids: Vec<Box<str>> = behind
            .iter()
            .flatten()
            .map(|&i| Box::from(self.entries().at(i).id))
            .collect();
        if ids.is_empty() {
            return;
        }
        let hide: Vec<bool> = behind.iter().map(Option::is_some).collect();
        let before = self.shadowed.len();
        // `shadow` sets the hidden entries aside in index order, as `ids` are.
        self.shadow(&hide);
        let sites: Vec<Entry> = self.shadowed.drain(before..).collect();
        self.code_sites.extend(ids.into_iter().zip(sites));
    }

    /// The scanned site the record with this id hides, if it hides one.
    pub fn code_site(&self, id: &str) -> Option<CodeSite> {
        let (_, e) = self.code_sites.iter().find(|(of, _)| &**of == id)?;
        Some(CodeSite {
            at: format!("{}:{}", self.sources[e.source as usize].name, e.line),
            record: self.read_entry(e.view()),
        })
    }
}
