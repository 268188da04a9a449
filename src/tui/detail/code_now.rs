//! Curated meets code in the browser: where the statement of a record that hides a scanned
//! site is in the code today, read on the detail worker with the rest of the record.

use super::snippet::{self, Highlighter, SourceLines};
use errdex_core::dataset::Dataset;
use errdex_core::record::Record;

/// The scanned site behind the record on display.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeNow {
    /// `src/disk.rs:45 (moved from line 42, scanned at …)`, as `errdex show` says it.
    pub place: String,
    /// The statement moved since the record was written.
    pub moved: bool,
    /// The site as scanned: its line and snippet are today's. `None` when it cannot be read.
    pub site: Option<Record>,
}

/// The site behind `record`, and the snippet the Source pane shows: today's when the code
/// moved (with a notice saying so), else `source` (the record's own).
pub fn read(
    dataset: &Dataset,
    record: &Record,
    source: Option<SourceLines>,
    highlighter: Option<&Highlighter>,
) -> (Option<CodeNow>, Option<SourceLines>) {
    let Some(site) = dataset.code_site(&record.id) else {
        return (None, source);
    };
    let moved_to = site.moved(record);
    let moved = moved_to.is_some();
    let now = CodeNow {
        place: site.place(record),
        moved,
        site: site.record.as_ref().ok().cloned(),
    };
    let today = now
        .site
        .as_ref()
        .filter(|_| moved)
        .and_then(|s| snippet::prepare(s, highlighter))
        .map(|mut lines| {
            // Short: the pane is narrow, and the Overview has the whole of `place`.
            let was = record
                .line_number
                .map_or(String::new(), |n| format!(", was {n}"));
            let notice = format!("today's code: line {}{was}", moved_to.unwrap_or(0));
            lines.notice = Some(
                lines
                    .notice
                    .map_or(notice.clone(), |n| format!("{notice}; {n}")),
            );
            lines
        });
    (Some(now), today.or(source))
}
