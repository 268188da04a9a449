//! Parsing a run of documents: each one scanned into an entry, a broken one reported where
//! it starts, and the documents it ran over found again and parsed in its place.

use super::split::{self, Doc};
use super::{Counter, Options};
use crate::dataset::Entry;
use crate::diag::Diagnostic;
use crate::source::Bytes;
use crate::source::Source;
use crate::source::scan::{self, Depth};

/// How often a parser reports progress and hands parsed pages back to the kernel.
const REPORT_EVERY_BYTES: usize = 8 << 20;

pub(super) struct PartResult {
    pub(super) entries: Vec<Entry>,
    pub(super) diags: Vec<Diagnostic>,
    /// Lines the part spans, for numbering the parts after it (byte-range parts only).
    pub(super) lines: u32,
}

impl PartResult {
    pub(super) fn failed(name: &str, why: &str) -> Self {
        PartResult {
            entries: Vec::new(),
            diags: vec![Diagnostic::error(name, 0, why)],
            lines: 0,
        }
    }
}

/// The text documents are parsed from: all of a source, or one part of a file read into
/// memory (`base` is where it starts in the source).
#[derive(Clone, Copy)]
pub(super) struct Text<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) base: usize,
    /// Who gives parsed pages back to the kernel (positions in the source).
    pub(super) owner: &'a Bytes,
}

/// Where a run of documents lies, and whether a broken one may hide others (a structural
/// layout, inside a top-level array or not) or stands alone (one a line).
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub(super) first: usize,
    pub(super) end: usize,
    pub(super) recover: Option<bool>,
}

/// Parses documents in order, reporting progress and handing parsed pages back to the
/// kernel as it goes (reading ahead to count lines would make the whole file resident).
pub(super) fn parse_docs(
    source: &Source,
    text: Text,
    docs: impl Iterator<Item = Doc>,
    place: Place,
    options: Options,
    counter: &Counter,
    out: &mut PartResult,
) {
    let mut released = place.first;
    let mut reported_records = 0u64;
    for doc in docs {
        // The documents a broken one ran over, parsed in its place (and so on).
        let mut pending = vec![doc];
        while let Some(doc) = pending.pop() {
            if let Some(hidden) = parse_doc(source, text, doc, place.recover, options, out) {
                pending.extend(hidden.into_iter().rev());
            }
        }
        if doc.end - released >= REPORT_EVERY_BYTES {
            text.owner
                .release(text.base + released, text.base + doc.end);
            let records = out.entries.len() as u64;
            counter.add(records - reported_records, (doc.end - released) as u64);
            reported_records = records;
            released = doc.end;
        }
    }
    text.owner
        .release(text.base + released, text.base + place.end);
    counter.add(
        out.entries.len() as u64 - reported_records,
        place.end.saturating_sub(released) as u64,
    );
}

/// Parses one document into `out`. When its JSON is broken and its range holds the start of
/// further documents (the splitter ran past them), those are returned to be parsed too.
fn parse_doc(
    source: &Source,
    text: Text,
    doc: Doc,
    recover: Option<bool>,
    options: Options,
    out: &mut PartResult,
) -> Option<Vec<Doc>> {
    let bytes = text.bytes;
    let e = match scan::scan(&bytes[doc.start..doc.end], options.depth) {
        Ok(scanned) => {
            let record = scanned.record;
            for w in scanned.warnings {
                out.diags
                    .push(Diagnostic::warning(&source.name, doc.line, w));
            }
            if options.depth == Depth::Full {
                for w in record.consistency_warnings() {
                    out.diags
                        .push(Diagnostic::warning(&source.name, doc.line, w));
                }
            }
            let (start, end) = (text.base + doc.start, text.base + doc.end);
            out.entries
                .push(Entry::from_record(record, 0, start, end, doc.line));
            return None;
        }
        Err(e) => syntax_first(e, &bytes[doc.start..doc.end]),
    };
    // The diagnostic's own line is where the record starts; a second line number is only
    // worth giving when the mistake is further down a pretty-printed record, and a record
    // the file ends inside has no place of its own.
    let message = match e.position {
        _ if e.message.starts_with("EOF while parsing") => {
            format!("invalid JSON: the record is cut short ({})", e.message)
        }
        Some((1, column)) => format!("invalid JSON at column {column}: {}", e.message),
        Some((line, column)) => {
            let at = doc.line as usize + line - 1;
            format!("invalid JSON at line {at}, column {column}: {}", e.message)
        }
        None => e.message,
    };
    out.diags
        .push(Diagnostic::error(&source.name, doc.line, message));
    let in_array = recover?;
    e.position?;
    let resume = split::resume_point(bytes, doc.start, doc.end)?;
    let skipped = memchr::memchr_iter(b'\n', &bytes[doc.start..resume]).count();
    let line = doc.line + u32::try_from(skipped).unwrap_or(u32::MAX - doc.line);
    Some(split::structural_within(
        bytes, resume, doc.end, line, in_array,
    ))
}

/// The scanner stops at the first field it cannot use, which in a document whose JSON is
/// also broken may come before the syntax error (`"errorMessage":[1,2,}` is an array first):
/// the syntax error is then the one reported, with its position, so the documents the
/// splitter ran past are found again. Read only for a document that already failed.
fn syntax_first(e: scan::ScanError, doc: &[u8]) -> scan::ScanError {
    if e.position.is_some() {
        return e;
    }
    match serde_json::from_slice::<serde::de::IgnoredAny>(doc) {
        Err(syntax) if syntax.is_syntax() || syntax.is_eof() => {
            let message = syntax.to_string();
            // serde_json ends its message with the position, which the caller words itself.
            let message = message
                .rsplit_once(" at line ")
                .map_or(&*message, |(m, _)| m);
            scan::ScanError {
                message: message.to_string(),
                position: Some((syntax.line(), syntax.column())),
            }
        }
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids_and_errors(bytes: &[u8]) -> (Vec<String>, Vec<String>) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.json");
        std::fs::write(&path, bytes).expect("write");
        let spec = crate::load::SourceSpec::Path(path);
        let loaded = crate::load::load(&[spec], Options::default(), &|_| {});
        let entries = loaded.dataset.entries();
        let ids = (0..entries.len()).map(|i| entries.at(i).id.to_string());
        let errors = loaded.diagnostics.iter().filter(|d| d.is_error());
        (ids.collect(), errors.map(ToString::to_string).collect())
    }

    #[test]
    fn an_array_element_broken_after_a_wrong_type_loses_only_itself() {
        for bytes in [
            &b"[\n{\"id\":\"a\",\"errorMessage\":\"one\"},\n{\"id\":\"b\",\"errorMessage\":[1,2,},\n{\"id\":\"c\",\"errorMessage\":\"three\"},\n{\"id\":\"d\",\"errorMessage\":\"four\"}\n]\n"[..],
            b"[{\"id\":\"a\",\"errorMessage\":\"one\"},{\"id\":\"b\",\"errorMessage\":[1,2,},{\"id\":\"c\",\"errorMessage\":\"three\"},{\"id\":\"d\",\"errorMessage\":\"four\"}]",
        ] {
            let (ids, errors) = ids_and_errors(bytes);
            assert_eq!(ids, ["a", "c", "d"], "{errors:?}");
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert!(errors[0].contains("invalid JSON"), "{errors:?}");
        }
    }

    #[test]
    fn a_wrong_type_in_valid_json_does_not_split_the_record() {
        let bytes = b"[\n{\"id\":\"a\",\"errorMessage\":[\n{\"x\":1}\n]},\n{\"id\":\"b\",\"errorMessage\":\"two\"}\n]\n";
        let (ids, errors) = ids_and_errors(bytes);
        assert_eq!(ids, ["b"], "{errors:?}");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("expected a string"), "{errors:?}");
    }
}
