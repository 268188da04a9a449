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

    /// The record to follow into the checkout, or to open on the web: the site, whose line
    /// and snippet the scan keeps current, when it can be read; else `record`, followed through
    /// git history from the line it was written for.
    pub fn current<'a>(&'a self, record: &'a Record) -> &'a Record {
        self.record.as_ref().unwrap_or(record)
    }

    /// One line on where the statement is now, as `show` words it: `In the code now:
    /// src/disk.rs:45 (moved from line 42, scanned at 1a2b3c4d5e6f)` or `In the code:
    /// src/disk.rs:42 (the same line, scanned at …)`.
    pub fn describe(&self, record: &Record) -> String {
        let now = self.moved(record).is_some() && record.line_number.is_some();
        let head = if now {
            "In the code now:"
        } else {
            "In the code:"
        };
        format!("{head} {}", self.place(record))
    }

    /// [`CodeSite::describe`] without its head: `src/disk.rs:45 (moved from line 42, scanned
    /// at …)`.
    pub fn place(&self, record: &Record) -> String {
        let Ok(now) = &self.record else {
            return format!("{} (cannot be read)", self.at);
        };
        let place = format!(
            "{}:{}",
            now.file_path.as_deref().unwrap_or("?"),
            now.line_number.unwrap_or(0)
        );
        // Twelve characters, not bytes: a hand-edited file may hold any text here, and a cut
        // inside a character would panic.
        let sha = now
            .analyzed_sha
            .as_deref()
            .map(|s| s.char_indices().nth(12).map_or(s, |(end, _)| &s[..end]));
        let scanned = sha.map_or(String::new(), |s| format!(", scanned at {s}"));
        match (self.moved(record), record.line_number) {
            (Some(_), Some(old)) => format!("{place} (moved from line {old}{scanned})"),
            _ => format!("{place} (the same line{scanned})"),
        }
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

    /// Whether record `index` is a scanned site (it was written by `errdex scan`).
    pub fn is_scanned(&self, index: usize) -> bool {
        self.raw(index)
            .is_ok_and(|raw| crate::record::is_scanned(&raw))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn site(line: i64) -> CodeSite {
        CodeSite {
            at: "code/acme-shop.jsonl:3".into(),
            record: Ok(Record {
                id: "site".into(),
                file_path: Some("src/lib.rs".into()),
                line_number: Some(line),
                analyzed_sha: Some("0123456789abcdef0123".into()),
                ..Record::default()
            }),
        }
    }

    fn curated(line: i64) -> Record {
        Record {
            id: "team".into(),
            line_number: Some(line),
            ..Record::default()
        }
    }

    #[test]
    fn the_site_is_followed_and_says_whether_the_statement_moved() {
        let (moved, team) = (site(11), curated(8));
        assert_eq!(moved.current(&team).id, "site");
        assert_eq!(moved.moved(&team), Some(11));
        assert_eq!(
            moved.describe(&team),
            "In the code now: src/lib.rs:11 (moved from line 8, scanned at 0123456789ab)"
        );
        let same = site(8);
        assert_eq!(same.moved(&team), None);
        assert_eq!(
            same.describe(&team),
            "In the code: src/lib.rs:8 (the same line, scanned at 0123456789ab)"
        );
    }

    #[test]
    fn a_sha_of_any_text_is_shortened_without_a_cut_inside_a_character() {
        let mut odd = site(11);
        if let Ok(r) = &mut odd.record {
            r.analyzed_sha = Some("é".repeat(13));
        }
        let said = odd.describe(&curated(8));
        assert!(
            said.ends_with(&format!("scanned at {})", "é".repeat(12))),
            "{said}"
        );
    }

    #[test]
    fn an_unreadable_site_leaves_the_record_to_be_followed() {
        let broken = CodeSite {
            at: "code/acme-shop.jsonl:3".into(),
            record: Err(ReadError::Gone {
                at: "code/acme-shop.jsonl:3".into(),
                why: "rewritten".into(),
            }),
        };
        let team = curated(8);
        assert_eq!(broken.current(&team).id, "team");
        assert_eq!(
            broken.describe(&team),
            "In the code: code/acme-shop.jsonl:3 (cannot be read)"
        );
    }
}
