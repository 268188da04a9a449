//! The one table of the record's fields. Each field is written here once, with its JSON
//! name, its kind, whether the search index keeps it, and what it means; the loader's
//! checks, the setters, the JSON Schema, the draft template and the index pass all read it.

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

/// Declares the `Field` enum and its table from one list, so a field cannot be added to one
/// and forgotten in the other.
macro_rules! fields {
    ($($variant:ident = $name:literal, $kind:ident, $indexed:literal, $description:literal;)*) => {
        /// A field of the schema.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Field {
            $($variant,)*
        }

        impl Field {
            /// Every field, in the order of the seed record.
            pub const ALL: &[Field] = &[$(Field::$variant,)*];

            /// The field's name in JSON (camelCase).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Field::$variant => $name,)*
                }
            }

            pub const fn kind(self) -> FieldKind {
                match self {
                    $(Field::$variant => FieldKind::$kind,)*
                }
            }

            /// Whether the search index keeps the field (the rest is read on demand from the
            /// record's source when a record is shown).
            pub const fn indexed(self) -> bool {
                match self {
                    $(Field::$variant => $indexed,)*
                }
            }

            /// What the field means, for the schema's hover text and the docs.
            pub const fn description(self) -> &'static str {
                match self {
                    $(Field::$variant => $description,)*
                }
            }
        }
    };
}

fields! {
    Id = "id", Text, true, "Stable identifier; derived from the content when missing.";
    Repo = "repo", Text, true, "The repository the error comes from, e.g. `owner/name`.";
    Slug = "slug", Text, false, "A short readable name for the error.";
    ErrorCode = "errorCode", Text, false, "The error's code (`ECONNREFUSED`, `E0502`, …).";
    ErrorMessage = "errorMessage", Text, true, "The error message as it appears in logs. Required.";
    MessagePattern = "messagePattern", Text, true,
        "The message with its variable parts as placeholders (`{}`, `%s`, `{port}`); triage matches log lines with it.";
    ErrorType = "errorType", Text, true, "The kind of error (`runtime`, `network`, …).";
    ErrorClass = "errorClass", Text, false, "The exception or error class (`ValueError`, `io::Error`).";
    HttpStatus = "httpStatus", Integer, false, "The HTTP status the error produces, if any.";
    Severity = "severity", Text, true, "`critical`, `error`, `warning`, `info`.";
    FilePath = "filePath", Text, true, "The source file that raises the error.";
    LineNumber = "lineNumber", Integer, true, "The line in `filePath` that raises it.";
    SourceCode = "sourceCode", Text, false,
        "The source around the error line: lines sourceCodeStart..=sourceCodeEnd.";
    SourceCodeStart = "sourceCodeStart", Integer, false, "Line number of the first line of `sourceCode`.";
    SourceCodeEnd = "sourceCodeEnd", Integer, false, "Line number of the last line of `sourceCode`.";
    GithubUrl = "githubUrl", Text, false, "Where the source can be read on the web.";
    Documentation = "documentation", Text, false, "What the error means.";
    TriggerScenarios = "triggerScenarios", Text, false, "When it happens.";
    CommonSituations = "commonSituations", Text, false, "Situations it is commonly seen in.";
    Solutions = "solutions", List, false, "Ways to fix it, best first.";
    ExampleFix = "exampleFix", Text, false, "Code that fixes it.";
    HandlingStrategy = "handlingStrategy", Text, false, "How code should handle it.";
    ValidationCode = "validationCode", Text, false, "Code that checks for the condition before it fails.";
    TypeGuard = "typeGuard", Text, false, "A type guard that prevents it.";
    TryCatchPattern = "tryCatchPattern", Text, false, "How to catch it.";
    PreventionTips = "preventionTips", List, false, "How to keep it from happening.";
    Tags = "tags", List, true, "Words to find it by (`network`, `db`, `rust`).";
    BackgroundTag = "backgroundTag", Text, false, "Background category.";
    AnalyzedSha = "analyzedSha", Text, false, "The commit the record was written from.";
    AnalyzedAt = "analyzedAt", Text, false, "When the record was written (RFC 3339).";
    ContentChangedAt = "contentChangedAt", Text, false, "When its content last changed (RFC 3339).";
    SchemaVersion = "schemaVersion", Integer, false, "Version of the record schema.";
}

impl Field {
    /// The field of this JSON name, if the schema has one.
    pub fn from_name(name: &str) -> Option<Field> {
        // Looked up for every key of every record loaded: one hash, not a compare per field.
        static BY_NAME: std::sync::LazyLock<foldhash::HashMap<&str, Field>> =
            std::sync::LazyLock::new(|| Field::ALL.iter().map(|&f| (f.name(), f)).collect());
        BY_NAME.get(name).copied()
    }

    /// Whether a number in this field is a line of a file (so it must be one a file can have).
    pub const fn is_line(self) -> bool {
        matches!(
            self,
            Field::LineNumber | Field::SourceCodeStart | Field::SourceCodeEnd
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found_again() {
        for (i, f) in Field::ALL.iter().enumerate() {
            assert_eq!(Field::from_name(f.name()), Some(*f));
            assert!(!f.description().is_empty(), "{f:?} has no description");
            assert!(
                Field::ALL[..i].iter().all(|g| g.name() != f.name()),
                "{} twice",
                f.name()
            );
        }
        assert_eq!(Field::from_name("nope"), None);
    }
}
