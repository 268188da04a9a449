//! A new record from its draft: the template an editor opens, the checks `validate` makes, the
//! ids filled in, and where a draft that could not be added is kept. The CLI (`errdex new`,
//! `add`) and the browser (`N`) share all of it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::dataset::Dataset;
use crate::diag::Diagnostic;
use crate::load::{self, Depth, Loaded, Options, SourceSpec};
use crate::record::{Field, FieldKind};
use crate::triage::LogDraft;

/// One record as pretty JSON with every schema field in order, filled from a log line.
pub fn template(draft: Option<&LogDraft>) -> String {
    let mut map = Map::new();
    for field in Field::ALL {
        let empty = match field.kind() {
            FieldKind::List => json!([]),
            _ if *field == Field::ErrorMessage => json!(""),
            _ => Value::Null,
        };
        map.insert(field.name().to_string(), empty);
    }
    if let Some(d) = draft {
        map.insert("errorMessage".into(), json!(d.message));
        if d.pattern != d.message {
            map.insert("messagePattern".into(), json!(d.pattern));
        }
        if let Some(f) = &d.frame {
            map.insert("filePath".into(), json!(f.path));
            map.insert("lineNumber".into(), json!(f.line));
        }
    }
    let mut text = serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_default();
    text.push('\n');
    text
}

/// The fields of a scanned site that a record of its fix keeps: what the site says, where it
/// is and its snippet. Same repository, file and message is what hides the site behind the
/// record once it is written ([`crate::dataset::curated`]).
const FROM_SITE: &[Field] = &[
    Field::ErrorMessage,
    Field::MessagePattern,
    Field::ErrorType,
    Field::Severity,
    Field::Repo,
    Field::FilePath,
    Field::LineNumber,
    Field::SourceCode,
    Field::SourceCodeStart,
    Field::SourceCodeEnd,
    Field::GithubUrl,
    Field::AnalyzedSha,
    Field::Tags,
];

/// The template for the fix of a site `errdex scan` found: [`template`] with the site's
/// fields filled in. The id is left to be derived: the site keeps its own.
pub fn site_template(site: &crate::record::Record) -> String {
    let mut map = match serde_json::from_str::<Value>(&template(None)) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    for field in FROM_SITE {
        let value = site.get(*field);
        let empty = value.is_null() || value.as_array().is_some_and(Vec::is_empty);
        if !empty {
            map.insert(field.name().to_string(), value);
        }
    }
    let mut text = serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_default();
    text.push('\n');
    text
}

/// Records read from `specs` with `validate`'s checks, and the diagnostics worth showing (a
/// missing id is not one: it is filled in).
pub fn check(specs: &[SourceSpec]) -> (Loaded, Vec<Diagnostic>) {
    let options = Options {
        depth: Depth::Full,
        ..Options::default()
    };
    let loaded = load::load(specs, options, &|_| {});
    let shown = loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error() || !d.message.starts_with("no `id`"))
        .cloned()
        .collect();
    (loaded, shown)
}

/// The documents to append, each with its id (a derived one written into it when it had
/// none). An id already in `existing` (or twice in the batch) is an error unless `replace`,
/// which marks the new record as replacing the old.
pub fn documents(
    batch: &Dataset,
    existing: &Dataset,
    replace: bool,
) -> Result<Vec<(String, Value)>, Vec<Diagnostic>> {
    let known: HashSet<&str> = existing.entries().iter().map(|e| e.id).collect();
    let mut seen = HashSet::new();
    let mut errors = Vec::new();
    let mut out = Vec::new();
    for (i, e) in batch.entries().iter().enumerate() {
        let at = |why: String| Diagnostic::error(batch.source_name(i), e.line, why);
        let mut doc = match batch.document(i) {
            Ok(doc) => doc,
            Err(why) => {
                errors.push(at(why.to_string()));
                continue;
            }
        };
        let id = e.id.to_string();
        if !seen.insert(id.clone()) {
            errors.push(at(format!("id `{id}` is given twice")));
            continue;
        }
        let clash = known.contains(id.as_str());
        if clash && !replace {
            errors.push(at(format!(
                "id `{id}` already exists in the loaded data; `errdex add --replace` replaces it"
            )));
            continue;
        }
        let record = match doc.get_mut("record") {
            Some(r) if r.is_object() => r,
            _ => &mut doc,
        };
        if let Value::Object(fields) = record {
            if fields.get("id").is_none_or(Value::is_null) {
                let mut with_id = Map::new();
                with_id.insert("id".into(), json!(id));
                with_id.extend(
                    std::mem::take(fields)
                        .into_iter()
                        .filter(|(k, _)| k != "id"),
                );
                *fields = with_id;
            }
            if clash {
                fields.insert("replaces".into(), json!(true));
            }
        }
        out.push((id, doc));
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// What became of a draft after the editor closed.
#[derive(Debug)]
pub enum Submitted {
    /// Appended: the ids and documents, in order.
    Added(Vec<(String, Value)>),
    /// Left as the template or emptied: nothing to add.
    Unchanged,
    /// Problems with the draft, and why the records file could not be written.
    Rejected(Rejection),
}

/// Why a draft was not added. Its problems are at lines of the draft file, which is a
/// temporary one: `lines` names the copy that is kept (`keep`), the file the user opens.
#[derive(Debug, Default)]
pub struct Rejection {
    /// The draft's path as the diagnostics name it.
    draft: String,
    in_draft: Vec<Diagnostic>,
    /// Problems that are not in the draft (the records file cannot be written).
    other: Vec<String>,
}

impl Rejection {
    fn new(draft: &Path) -> Rejection {
        Rejection {
            draft: draft.display().to_string(),
            ..Rejection::default()
        }
    }

    /// `FILE:LINE: error: …` lines, the draft's problems naming `draft_at` as their file.
    pub fn lines(&self, draft_at: &Path) -> Vec<String> {
        let named = draft_at.display().to_string();
        self.in_draft
            .iter()
            .map(|d| {
                let mut d = d.clone();
                if d.path == self.draft {
                    d.path.clone_from(&named);
                }
                d.to_string()
            })
            .chain(self.other.iter().cloned())
            .collect()
    }
}

/// Checks the draft at `draft` against `existing` and appends it to `write_to`. `template` is
/// what the editor was given, so an untouched draft adds nothing.
pub fn submit(draft: &Path, template: &str, existing: &Dataset, write_to: &Path) -> Submitted {
    let text = std::fs::read_to_string(draft).unwrap_or_default();
    if text.trim().is_empty() || text == template {
        return Submitted::Unchanged;
    }
    let mut rejection = Rejection::new(draft);
    // One document: a syntax error is reported where it is, not where the record starts.
    let trimmed = text.trim_start_matches('\u{feff}');
    if trimmed.trim_start().starts_with('{')
        && let Err(e) = serde_json::from_str::<Value>(trimmed)
        && e.is_syntax()
    {
        let why = e.to_string();
        let why = match (why.split(" at line ").next(), e.column()) {
            (Some(what), 0) => format!("invalid JSON: {what}"),
            (Some(what), column) => format!("invalid JSON (column {column}): {what}"),
            (None, _) => why.clone(),
        };
        let line = u32::try_from(e.line()).unwrap_or(0);
        rejection
            .in_draft
            .push(Diagnostic::error(&rejection.draft, line, why));
        return Submitted::Rejected(rejection);
    }
    let (batch, diags) = check(&[SourceSpec::Path(draft.to_path_buf())]);
    rejection
        .in_draft
        .extend(diags.into_iter().map(|d| at_field_line(d, &text)));
    if batch.errors() > 0 {
        return Submitted::Rejected(rejection);
    }
    if batch.dataset.is_empty() {
        let none = Diagnostic::error(&rejection.draft, 0, "no record in the draft");
        rejection.in_draft.push(none);
        return Submitted::Rejected(rejection);
    }
    let docs = match documents(&batch.dataset, existing, false) {
        Ok(docs) => docs,
        Err(errors) => {
            rejection.in_draft.extend(errors);
            return Submitted::Rejected(rejection);
        }
    };
    match super::records::append(write_to, &docs, false) {
        Ok(()) => Submitted::Added(docs),
        Err(why) => {
            rejection.other.push(format!("errdex: {why}"));
            Submitted::Rejected(rejection)
        }
    }
}

/// A draft is one pretty record a person edits: a problem with a field is reported at the
/// field's own line rather than where the record starts.
fn at_field_line(mut d: Diagnostic, text: &str) -> Diagnostic {
    let field = d
        .message
        .strip_prefix("field `")
        .and_then(|rest| rest.split_once('`'))
        .map(|(name, _)| format!("\"{name}\""));
    let found = field.and_then(|key| {
        let skip = d.line.saturating_sub(1) as usize;
        let at = text
            .lines()
            .skip(skip)
            .position(|l| l.trim_start().starts_with(&key))?;
        u32::try_from(skip + at + 1).ok()
    });
    if let Some(line) = found {
        d.line = line;
    }
    d
}

/// A fresh draft file holding `template`, in the temporary folder.
pub fn create(template: &str) -> Result<tempfile::NamedTempFile, String> {
    let file = tempfile::Builder::new()
        .prefix("errdex-new-")
        .suffix(".json")
        .tempfile()
        .map_err(|e| format!("cannot create a draft file: {e}"))?;
    std::fs::write(file.path(), template).map_err(|e| format!("cannot write the draft: {e}"))?;
    Ok(file)
}

/// Copies a draft that could not be added to `drafts/` in the data folder and returns where;
/// if that fails, next to the temporary draft.
pub fn keep(draft: &Path) -> Result<PathBuf, String> {
    let kept = super::data_dir().and_then(|dir| {
        let dir = dir.join("drafts");
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let stamp = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
            .to_string()
            .replace(':', "-");
        let mut target = dir.join(format!("new-{stamp}.json"));
        let mut n = 1;
        while target.exists() {
            target = dir.join(format!("new-{stamp}-{n}.json"));
            n += 1;
        }
        std::fs::copy(draft, &target).map_err(|e| format!("cannot copy the draft: {e}"))?;
        Ok(target)
    });
    kept.or_else(|why| {
        let beside = draft.with_extension("kept.json");
        std::fs::copy(draft, &beside)
            .map(|_| beside)
            .map_err(|e| format!("{why}; cannot keep the draft either: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rejected_drafts_problems_name_the_kept_copy_at_the_fields_line() {
        let dir = tempfile::tempdir().expect("temp dir");
        let draft = dir.path().join("errdex-new-x.json");
        let text = template(None).replace("\"lineNumber\": null", "\"lineNumber\": [1]");
        let text = text.replace("\"errorMessage\": \"\"", "\"errorMessage\": \"boom\"");
        std::fs::write(&draft, &text).expect("write draft");
        let existing = Dataset::default();
        let Submitted::Rejected(rejection) =
            submit(&draft, "", &existing, &dir.path().join("records.jsonl"))
        else {
            panic!("a wrong type is rejected");
        };
        let kept = dir.path().join("drafts/new-1.json");
        let lines = rejection.lines(&kept);
        let field_line = text
            .lines()
            .position(|l| l.contains("\"lineNumber\""))
            .expect("the field")
            + 1;
        let want = format!("{}:{field_line}: error: field `lineNumber`", kept.display());
        assert!(lines[0].starts_with(&want), "{lines:?}");
        assert!(
            !lines.iter().any(|l| l.contains("errdex-new-x")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_template_has_every_field_in_order() {
        let t = template(None);
        let v: Value = serde_json::from_str(&t).expect("json");
        let keys: Vec<&str> = v
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        let fields: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(keys, fields);
        let d = crate::triage::draft_from_line("ERROR pool timed out after 30s at src/db.rs:12");
        let v: Value = serde_json::from_str(&template(Some(&d))).expect("json");
        assert_eq!(
            v["messagePattern"],
            "pool timed out after {} at src/db.rs:{}"
        );
        assert_eq!(
            (v["filePath"].as_str(), v["lineNumber"].as_i64()),
            (Some("src/db.rs"), Some(12))
        );
    }
}
