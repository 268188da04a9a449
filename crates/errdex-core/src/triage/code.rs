//! Errors found only in code: a log event matched by a site `errdex scan` found, with no
//! curated or team record behind it (a site with one is hidden behind it,
//! [`crate::dataset::curated`]). The statement that printed the line is known; a fix is not
//! written yet. `errdex triage` marks such hits, `--unknown` lists them under "no curated
//! record" and the incident report gives them a section of their own.

use std::fmt::Write as _;

use super::incident::{Incident, Seen, cite, timeline};
use super::report::Group;
use super::timeline::Axis;
use crate::dataset::Dataset;
use crate::export::{fence, language_for};
use crate::markdown as md;
use crate::record::Record;
use crate::text::sanitize;

/// The statement at a record's line: that line of its snippet, trimmed.
pub fn statement(record: &Record) -> Option<String> {
    let code = record.source_code.as_deref()?;
    let at = usize::try_from(record.line_number? - record.source_code_start?).ok()?;
    let line = code.lines().nth(at)?.trim();
    (!line.is_empty()).then(|| line.to_string())
}

/// One error found only in code, as `--unknown` and the report list it.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeGroup {
    /// Index of the scanned site in the dataset.
    pub record: usize,
    /// How many log events matched it.
    pub count: usize,
    /// The events (the first [`super::incident::LISTED_EVENTS`]), in log order.
    pub events: Vec<Seen>,
}

impl Incident {
    /// The known errors that are scanned sites: no curated record, no fix yet. Most
    /// frequent first.
    pub fn only_in_code(&self, ds: &Dataset) -> Vec<CodeGroup> {
        self.known()
            .into_iter()
            .filter(|g| ds.is_scanned(g.record))
            .map(|g| CodeGroup {
                record: g.record,
                count: g.count,
                events: self.events_of(g.record).to_vec(),
            })
            .collect()
    }

    /// Events of the errors found only in code.
    pub fn code_events(&self, ds: &Dataset) -> usize {
        self.only_in_code(ds).iter().map(|g| g.count).sum()
    }

    /// A report's section for a known error found only in code: where it is raised, the
    /// statement, and that no fix is written yet.
    pub(super) fn code_section(&self, out: &mut String, ds: &Dataset, group: &Group, axis: &Axis) {
        let entry = ds.entries().at(group.record);
        let record = ds.record(group.record).ok();
        let title = entry.message.lines().next().unwrap_or("").trim();
        let _ = writeln!(out, "### {}\n", md::inline(&sanitize(title)));
        let mut facts = vec![format!("- **Site:** {}", md::code(&sanitize(entry.id)))];
        facts.push(format!("- **Events:** {}", group.count));
        if let Some((first, last)) = self.seen(group.record) {
            facts.push(format!("- **First:** {}", cite(first)));
            facts.push(format!("- **Last:** {}", cite(last)));
        }
        facts.push(timeline(self.moments(group.record).iter().copied(), axis));
        if let Some(location) = entry.location() {
            let function = record
                .as_ref()
                .and_then(|r| r.extra.get("function"))
                .and_then(|f| f.as_str())
                .map(|f| format!(" in {}", md::code(&sanitize(f))))
                .unwrap_or_default();
            let repo = entry
                .repo
                .map(|r| format!(" ({})", md::inline(&sanitize(r))))
                .unwrap_or_default();
            facts.push(format!(
                "- **Raised at:** {}{function}{repo}",
                md::code(&sanitize(&location))
            ));
        }
        facts.push(
            "- **Fix:** none yet — no curated record (write one: `N` in the browser, or `errdex new`)"
                .to_string(),
        );
        let _ = writeln!(out, "{}\n", facts.join("\n"));
        if let Some(statement) = record.as_ref().and_then(statement) {
            let lang = entry.file_path.and_then(language_for).unwrap_or("");
            let _ = writeln!(out, "Statement:\n\n{}", fence(lang, &sanitize(&statement)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_is_the_snippet_s_line_of_the_record() {
        let record = Record {
            source_code: Some("fn f() {\n    bail!(\"disk full\");\n}\n".into()),
            source_code_start: Some(10),
            line_number: Some(11),
            ..Record::default()
        };
        assert_eq!(statement(&record).as_deref(), Some("bail!(\"disk full\");"));
        let outside = Record {
            line_number: Some(9),
            ..record.clone()
        };
        assert_eq!(statement(&outside), None);
        assert_eq!(statement(&Record::default()), None);
    }
}
