//! The record of a site one file could not finish alone ([`super::deferred`],
//! [`super::go_types`]), once the repository says its message: the part its file kept, with
//! the message, id and snippet.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::git::Origin;
use super::message::Message;
use super::record::{FileCx, records, site_id, web_url};
use super::site::{Kind, Site};

/// What a file keeps of a site it cannot finish alone ([`super::deferred::PendingRaise`],
/// [`super::go_types::FieldTemplate`]).
pub(super) struct Kept {
    /// Its record as JSON, without `errorMessage`, `messagePattern`, `id` and `sourceCode`.
    pub record: String,
    pub snippet: Option<String>,
    /// The patterns of the file's own records in the same function, which the ordinal of
    /// the id counts too.
    pub taken: Vec<String>,
}

/// The part of the record its file keeps of a raise of `error_type` at `row` in `function`,
/// whose message the repository says (`sites`: the file's own).
pub(super) fn kept(
    (error_type, row, function): (&str, usize, Option<String>),
    text: &str,
    file: &FileCx,
    sites: &[Site],
) -> Option<Kept> {
    let site = Site {
        kind: Kind::Raise,
        error_type: error_type.to_string(),
        severity: Kind::Raise.severity(),
        message: Message::default(),
        row,
        function,
        logger: None,
        shared: false,
    };
    let taken = sites
        .iter()
        .filter(|s| s.function == site.function)
        .map(|s| s.message.pattern())
        .collect();
    let mut record = records(&[site], text, file).pop()?;
    for field in ["id", "errorMessage", "messagePattern"] {
        record.remove(field);
    }
    let snippet = record
        .remove("sourceCode")
        .and_then(|s| s.as_str().map(str::to_string));
    Some(Kept {
        record: Value::Object(record).to_string(),
        snippet,
        taken,
    })
}

/// The ids of one file's resolved records: which repeat of its pattern in its function each
/// is, counted after the file's own records of that pattern there, so ids survive line moves
/// as the table's do.
#[derive(Default)]
pub(super) struct Ids<'a>(HashMap<(Option<&'a str>, String), usize>);

impl<'a> Ids<'a> {
    /// The id of the next record of `pattern` in `function` of `path`; `taken`: the patterns of
    /// the file's own records in that function.
    pub(super) fn next(
        &mut self,
        (origin, path): (&Origin, &str),
        function: Option<&'a str>,
        pattern: &str,
        taken: &[String],
    ) -> String {
        let ordinal = self
            .0
            .entry((function, pattern.to_string()))
            .or_insert_with(|| taken.iter().filter(|t| *t == pattern).count());
        let id = site_id(
            &origin.repo,
            path,
            function.unwrap_or(""),
            pattern,
            *ordinal,
        );
        *ordinal += 1;
        id
    }
}

/// What a file kept of a site it could not finish alone.
#[derive(Clone, Copy)]
pub(super) struct Stored<'a> {
    /// The record as JSON, without `errorMessage`, `messagePattern`, `id` and `sourceCode`.
    pub record: &'a str,
    /// Its `sourceCode`, when it was kept.
    pub snippet: Option<&'a str>,
    pub path: &'a str,
}

/// The record of a site resolved over the repository: the stored part with its message,
/// id and snippet (kept, or read again from the file); `None` when neither can be had.
pub(super) fn finished(
    stored: Stored,
    message: &Message,
    id: String,
    origin: &Origin,
    root: &Path,
) -> Option<Map<String, Value>> {
    if message.is_blank() {
        return None;
    }
    let mut record = serde_json::from_str::<Map<String, Value>>(stored.record).ok()?;
    let snippet = match stored.snippet {
        Some(snippet) => snippet.to_string(),
        None => snippet_from_file(&root.join(stored.path), &record)?,
    };
    record.insert("sourceCode".into(), snippet.into());
    let line = record
        .get("lineNumber")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    record.insert("id".into(), id.into());
    record.insert("errorMessage".into(), message.message().into());
    record.insert("messagePattern".into(), message.pattern().into());
    // The output is assembled at this HEAD, whatever HEAD the site was read at.
    record.insert(
        "githubUrl".into(),
        json!(web_url(
            origin,
            stored.path,
            usize::try_from(line).unwrap_or(0)
        )),
    );
    record.insert("analyzedSha".into(), json!(origin.sha));
    Some(record)
}

/// `sourceCode` of `record` read again from its file: the lines `sourceCodeStart` to
/// `sourceCodeEnd`.
fn snippet_from_file(file: &Path, record: &Map<String, Value>) -> Option<String> {
    let bytes = std::fs::read(file).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let line = |field: &str| usize::try_from(record.get(field)?.as_u64()?).ok();
    let (start, end) = (line("sourceCodeStart")?, line("sourceCodeEnd")?);
    let lines: Vec<&str> = text
        .split('\n')
        .skip(start.checked_sub(1)?)
        .take(end.checked_sub(start)? + 1)
        .map(|l| l.trim_end_matches('\r'))
        .collect();
    Some(lines.join("\n"))
}
