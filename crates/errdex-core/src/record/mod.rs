//! The record of the error dataset and the rules for reading its fields tolerantly.
//!
//! Parsing itself lives in `load::scan`; this module owns the schema: which field has which
//! kind, how a wrong-but-obvious value is coerced, and the full `Record` handed to views and
//! exporters.

use serde_json::{Map, Value};

pub mod field;
mod snippet;

pub use field::{Field, FieldKind};
pub use snippet::{Numbering, numbering};

/// The checked value of one known field, as the loader read it. Only the part for the
/// field's kind is set.
#[derive(Debug, Default)]
pub struct FieldValue {
    pub text: Option<String>,
    pub integer: Option<i64>,
    pub list: Vec<String>,
}

/// Reads an integer written as a string (`"428"`, `" 428 "`), the one coercion allowed for integers.
pub fn coerce_integer(text: &str) -> Option<i64> {
    text.trim().parse().ok()
}

/// A stable id for a record that has none: the same content gives the same id on every run
/// and every machine.
pub fn derive_id(
    message: &str,
    repo: Option<&str>,
    path: Option<&str>,
    line: Option<i64>,
) -> String {
    let mut key = Vec::with_capacity(message.len() + 64);
    for part in [message, repo.unwrap_or(""), path.unwrap_or("")] {
        key.extend_from_slice(part.as_bytes());
        key.push(0);
    }
    key.extend_from_slice(line.unwrap_or(-1).to_string().as_bytes());
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&key))
}

/// A field outside the schema that `errdex scan` writes and the index keeps: `true` on a site
/// that makes a value its package shares (Go's package-level `var ErrX = errors.New(…)`),
/// which a group of one message at several sites is shown at (`Entry::shared`).
pub const SHARED_VALUE: &str = "sharedValue";

/// One record with every field, read on demand from its source.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    pub id: String,
    pub error_message: String,
    pub repo: Option<String>,
    pub slug: Option<String>,
    pub error_code: Option<String>,
    pub message_pattern: Option<String>,
    pub error_type: Option<String>,
    pub error_class: Option<String>,
    pub http_status: Option<i64>,
    pub severity: Option<String>,
    pub file_path: Option<String>,
    pub line_number: Option<i64>,
    pub source_code: Option<String>,
    pub source_code_start: Option<i64>,
    pub source_code_end: Option<i64>,
    pub github_url: Option<String>,
    pub documentation: Option<String>,
    pub trigger_scenarios: Option<String>,
    pub common_situations: Option<String>,
    pub solutions: Vec<String>,
    pub example_fix: Option<String>,
    pub handling_strategy: Option<String>,
    pub validation_code: Option<String>,
    pub type_guard: Option<String>,
    pub try_catch_pattern: Option<String>,
    pub prevention_tips: Vec<String>,
    pub tags: Vec<String>,
    pub background_tag: Option<String>,
    pub analyzed_sha: Option<String>,
    pub analyzed_at: Option<String>,
    pub content_changed_at: Option<String>,
    pub schema_version: Option<i64>,
    /// `datasetVersion` of the wrapper the record came in, if any.
    pub dataset_version: Option<String>,
    /// Fields outside the schema, kept as loaded.
    pub extra: Map<String, Value>,
    /// True when `id` was missing and derived from the content.
    pub id_derived: bool,
    /// The team's notes on this record (`errdex note`), oldest first; not part of the record's
    /// document, attached by whoever shows it.
    pub notes: Vec<TeamNote>,
}

/// A note a team member added to a record: one line of `notes.jsonl`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamNote {
    /// The record's id.
    pub id: String,
    pub text: String,
    pub author: String,
    /// When, in RFC 3339 (UTC).
    pub at: String,
}

impl TeamNote {
    /// `2026-12-01 05:12`: the date and minute of `at`, for lists and panes.
    pub fn date(&self) -> &str {
        let end = self.at.len().min(16);
        let date = self.at.get(..end).unwrap_or(&self.at);
        date.strip_suffix('Z').unwrap_or(date)
    }
}

impl Record {
    /// Stores a field's value: the part of `value` for the field's kind.
    pub fn set(&mut self, field: Field, value: FieldValue) {
        let FieldValue {
            text,
            integer,
            list,
        } = value;
        // One arm a field, no catch-all: a field added to the table must get its slot here.
        match field {
            Field::Id => self.id = text.unwrap_or_default(),
            Field::ErrorMessage => self.error_message = text.unwrap_or_default(),
            Field::Repo => self.repo = text,
            Field::Slug => self.slug = text,
            Field::ErrorCode => self.error_code = text,
            Field::MessagePattern => self.message_pattern = text,
            Field::ErrorType => self.error_type = text,
            Field::ErrorClass => self.error_class = text,
            Field::HttpStatus => self.http_status = integer,
            Field::Severity => self.severity = text,
            Field::FilePath => self.file_path = text,
            Field::LineNumber => self.line_number = integer,
            Field::SourceCode => self.source_code = text,
            Field::SourceCodeStart => self.source_code_start = integer,
            Field::SourceCodeEnd => self.source_code_end = integer,
            Field::GithubUrl => self.github_url = text,
            Field::Documentation => self.documentation = text,
            Field::TriggerScenarios => self.trigger_scenarios = text,
            Field::CommonSituations => self.common_situations = text,
            Field::Solutions => self.solutions = list,
            Field::ExampleFix => self.example_fix = text,
            Field::HandlingStrategy => self.handling_strategy = text,
            Field::ValidationCode => self.validation_code = text,
            Field::TypeGuard => self.type_guard = text,
            Field::TryCatchPattern => self.try_catch_pattern = text,
            Field::PreventionTips => self.prevention_tips = list,
            Field::Tags => self.tags = list,
            Field::BackgroundTag => self.background_tag = text,
            Field::AnalyzedSha => self.analyzed_sha = text,
            Field::AnalyzedAt => self.analyzed_at = text,
            Field::ContentChangedAt => self.content_changed_at = text,
            Field::SchemaVersion => self.schema_version = integer,
        }
    }

    /// A field's value as JSON (`null` when unset), the form exports and the schema tests use.
    pub fn get(&self, field: Field) -> Value {
        use serde_json::json;
        match field {
            Field::Id => json!(self.id),
            Field::ErrorMessage => json!(self.error_message),
            Field::Repo => json!(self.repo),
            Field::Slug => json!(self.slug),
            Field::ErrorCode => json!(self.error_code),
            Field::MessagePattern => json!(self.message_pattern),
            Field::ErrorType => json!(self.error_type),
            Field::ErrorClass => json!(self.error_class),
            Field::HttpStatus => json!(self.http_status),
            Field::Severity => json!(self.severity),
            Field::FilePath => json!(self.file_path),
            Field::LineNumber => json!(self.line_number),
            Field::SourceCode => json!(self.source_code),
            Field::SourceCodeStart => json!(self.source_code_start),
            Field::SourceCodeEnd => json!(self.source_code_end),
            Field::GithubUrl => json!(self.github_url),
            Field::Documentation => json!(self.documentation),
            Field::TriggerScenarios => json!(self.trigger_scenarios),
            Field::CommonSituations => json!(self.common_situations),
            Field::Solutions => json!(self.solutions),
            Field::ExampleFix => json!(self.example_fix),
            Field::HandlingStrategy => json!(self.handling_strategy),
            Field::ValidationCode => json!(self.validation_code),
            Field::TypeGuard => json!(self.type_guard),
            Field::TryCatchPattern => json!(self.try_catch_pattern),
            Field::PreventionTips => json!(self.prevention_tips),
            Field::Tags => json!(self.tags),
            Field::BackgroundTag => json!(self.background_tag),
            Field::AnalyzedSha => json!(self.analyzed_sha),
            Field::AnalyzedAt => json!(self.analyzed_at),
            Field::ContentChangedAt => json!(self.content_changed_at),
            Field::SchemaVersion => json!(self.schema_version),
        }
    }

    /// `filePath:lineNumber`, or the path alone.
    pub fn location(&self) -> Option<String> {
        let path = self.file_path.as_deref()?;
        Some(match self.line_number {
            Some(line) => format!("{path}:{line}"),
            None => path.to_string(),
        })
    }

    /// The default fix: exampleFix, else the first solution that says something.
    pub fn fix(&self) -> Option<&str> {
        self.example_fix
            .as_deref()
            .filter(|s| !s.trim().is_empty())
            .or_else(|| {
                let mut solutions = self.solutions.iter().map(String::as_str);
                solutions.find(|s| !s.trim().is_empty())
            })
    }

    /// Problems a record can have while every field has the right type: a snippet whose
    /// line range disagrees with its text, a marked line outside the snippet.
    pub fn consistency_warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        let (Some(code), Some(start)) = (self.source_code.as_deref(), self.source_code_start)
        else {
            return out;
        };
        let lines = i64::try_from(code.lines().count()).unwrap_or(i64::MAX);
        if let Some(end) = self.source_code_end {
            if end < start {
                out.push(format!(
                    "field `sourceCodeEnd`: {end} is before sourceCodeStart {start}"
                ));
            } else if end - start + 1 != lines {
                out.push(format!(
                    "field `sourceCode`: has {lines} lines but sourceCodeStart..=sourceCodeEnd is {start}..={end} ({} lines)",
                    end - start + 1
                ));
            }
        }
        if let Some(line) = self.line_number {
            let end = start + lines - 1;
            if line < start || line > end {
                out.push(format!(
                    "field `lineNumber`: {line} is outside the snippet's lines {start}..={end}"
                ));
            }
        }
        out
    }
}

/// Whether a record's document (as loaded) was made by `errdex scan`: it has `scanKind`.
/// Inside a JSON string a quote is escaped, so the key's spelling can only be a key.
pub fn is_scanned(document: &[u8]) -> bool {
    memchr::memmem::find(document, b"\"scanKind\":").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_set_and_read_back_through_the_table() {
        let mut r = Record::default();
        for (i, field) in Field::ALL.iter().enumerate() {
            let value = match field.kind() {
                FieldKind::Text => FieldValue {
                    text: Some(format!("v{i}")),
                    ..FieldValue::default()
                },
                FieldKind::Integer => FieldValue {
                    integer: Some(i as i64),
                    ..FieldValue::default()
                },
                FieldKind::List => FieldValue {
                    list: vec![format!("v{i}")],
                    ..FieldValue::default()
                },
            };
            r.set(*field, value);
        }
        for (i, field) in Field::ALL.iter().enumerate() {
            let expected = match field.kind() {
                FieldKind::Text => serde_json::json!(format!("v{i}")),
                FieldKind::Integer => serde_json::json!(i),
                FieldKind::List => serde_json::json!([format!("v{i}")]),
            };
            assert_eq!(r.get(*field), expected, "{}", field.name());
        }
    }

    #[test]
    fn derived_ids_are_stable_and_content_sensitive() {
        let a = derive_id("boom", Some("o/r"), Some("a.rs"), Some(3));
        assert_eq!(a, derive_id("boom", Some("o/r"), Some("a.rs"), Some(3)));
        assert_eq!(a.len(), 16);
        assert_ne!(a, derive_id("boom", Some("o/r"), Some("a.rs"), Some(4)));
        assert_ne!(
            derive_id("ab", None, Some("c"), None),
            derive_id("a", None, Some("bc"), None)
        );
    }

    #[test]
    fn integer_coercion_accepts_only_whole_numbers() {
        assert_eq!(coerce_integer(" 428 "), Some(428));
        assert_eq!(coerce_integer("4.5"), None);
        assert_eq!(coerce_integer("four"), None);
    }

    #[test]
    fn consistency_catches_bad_ranges() {
        let r = Record {
            source_code: Some("a\nb\nc".into()),
            source_code_start: Some(10),
            source_code_end: Some(13),
            line_number: Some(20),
            ..Record::default()
        };
        let w = r.consistency_warnings();
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w[0].contains("has 3 lines"));
        assert!(w[1].contains("outside"));
    }

    #[test]
    fn fix_prefers_example_fix() {
        let mut r = Record {
            solutions: vec!["first".into()],
            ..Record::default()
        };
        assert_eq!(r.fix(), Some("first"));
        r.solutions.insert(0, " ".into());
        assert_eq!(r.fix(), Some("first"), "an empty solution is no fix");
        r.example_fix = Some("code".into());
        assert_eq!(r.fix(), Some("code"));
    }
}

#[cfg(test)]
mod marker_tests {
    #[test]
    fn only_a_scan_kind_key_marks_a_scanned_record() {
        assert!(super::is_scanned(br#"{"id":"scan-1","scanKind":"raise"}"#));
        assert!(!super::is_scanned(
            br#"{"id":"a","errorMessage":"\"scanKind\": x"}"#
        ));
        assert!(!super::is_scanned(br#"{"id":"a"}"#));
    }
}
