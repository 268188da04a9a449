//! The record of the error dataset and the rules for reading its fields tolerantly.
//!
//! Parsing itself lives in `load::scan`; this module owns the schema: which field has which
//! kind, how a wrong-but-obvious value is coerced, and the full `Record` handed to views and
//! exporters.

use serde_json::{Map, Value};

/// What a known field holds. The loader checks every field against this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// string or null
    Text,
    /// integer or null; an integer written as a string is coerced with a warning
    Integer,
    /// array of strings or null; a lone string is coerced with a warning
    List,
}

/// Every field of the schema, in the order of the seed record.
pub const FIELDS: &[(&str, FieldKind)] = &[
    ("id", FieldKind::Text),
    ("repo", FieldKind::Text),
    ("slug", FieldKind::Text),
    ("errorCode", FieldKind::Text),
    ("errorMessage", FieldKind::Text),
    ("messagePattern", FieldKind::Text),
    ("errorType", FieldKind::Text),
    ("errorClass", FieldKind::Text),
    ("httpStatus", FieldKind::Integer),
    ("severity", FieldKind::Text),
    ("filePath", FieldKind::Text),
    ("lineNumber", FieldKind::Integer),
    ("sourceCode", FieldKind::Text),
    ("sourceCodeStart", FieldKind::Integer),
    ("sourceCodeEnd", FieldKind::Integer),
    ("githubUrl", FieldKind::Text),
    ("documentation", FieldKind::Text),
    ("triggerScenarios", FieldKind::Text),
    ("commonSituations", FieldKind::Text),
    ("solutions", FieldKind::List),
    ("exampleFix", FieldKind::Text),
    ("handlingStrategy", FieldKind::Text),
    ("validationCode", FieldKind::Text),
    ("typeGuard", FieldKind::Text),
    ("tryCatchPattern", FieldKind::Text),
    ("preventionTips", FieldKind::List),
    ("tags", FieldKind::List),
    ("backgroundTag", FieldKind::Text),
    ("analyzedSha", FieldKind::Text),
    ("analyzedAt", FieldKind::Text),
    ("contentChangedAt", FieldKind::Text),
    ("schemaVersion", FieldKind::Integer),
];

pub fn field_kind(name: &str) -> Option<FieldKind> {
    FIELDS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
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
    /// Stores a text field by its JSON name. Returns false for a name that is not a text field.
    pub fn set_text(&mut self, name: &str, value: Option<String>) -> bool {
        let slot = match name {
            "id" => {
                self.id = value.unwrap_or_default();
                return true;
            }
            "errorMessage" => {
                self.error_message = value.unwrap_or_default();
                return true;
            }
            "repo" => &mut self.repo,
            "slug" => &mut self.slug,
            "errorCode" => &mut self.error_code,
            "messagePattern" => &mut self.message_pattern,
            "errorType" => &mut self.error_type,
            "errorClass" => &mut self.error_class,
            "severity" => &mut self.severity,
            "filePath" => &mut self.file_path,
            "sourceCode" => &mut self.source_code,
            "githubUrl" => &mut self.github_url,
            "documentation" => &mut self.documentation,
            "triggerScenarios" => &mut self.trigger_scenarios,
            "commonSituations" => &mut self.common_situations,
            "exampleFix" => &mut self.example_fix,
            "handlingStrategy" => &mut self.handling_strategy,
            "validationCode" => &mut self.validation_code,
            "typeGuard" => &mut self.type_guard,
            "tryCatchPattern" => &mut self.try_catch_pattern,
            "backgroundTag" => &mut self.background_tag,
            "analyzedSha" => &mut self.analyzed_sha,
            "analyzedAt" => &mut self.analyzed_at,
            "contentChangedAt" => &mut self.content_changed_at,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// Stores an integer field by its JSON name. Returns false for a name that is not one.
    pub fn set_integer(&mut self, name: &str, value: Option<i64>) -> bool {
        let slot = match name {
            "httpStatus" => &mut self.http_status,
            "lineNumber" => &mut self.line_number,
            "sourceCodeStart" => &mut self.source_code_start,
            "sourceCodeEnd" => &mut self.source_code_end,
            "schemaVersion" => &mut self.schema_version,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// Stores a list field by its JSON name. Returns false for a name that is not one.
    pub fn set_list(&mut self, name: &str, value: Vec<String>) -> bool {
        let slot = match name {
            "solutions" => &mut self.solutions,
            "preventionTips" => &mut self.prevention_tips,
            "tags" => &mut self.tags,
            _ => return false,
        };
        *slot = value;
        true
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_a_setter() {
        let mut r = Record::default();
        for (name, kind) in FIELDS {
            let ok = match kind {
                FieldKind::Text => r.set_text(name, Some("x".into())),
                FieldKind::Integer => r.set_integer(name, Some(1)),
                FieldKind::List => r.set_list(name, vec!["x".into()]),
            };
            assert!(ok, "no setter for {name}");
        }
        assert!(!r.set_text("nope", None));
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
