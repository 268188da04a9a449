//! A record's searched fields: `Entry` owns them (a freshly parsed record), `EntryRef` borrows
//! them from an `Entry` or from a mapped index (`mapped::Table`) — every reader takes the view,
//! so a record read in place and one parsed this run are used alike.

use crate::record::{Field, Record};

/// What search, triage and the result list need of a record, owned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    pub id: Box<str>,
    pub message: Box<str>,
    /// messagePattern, when it says something the message does not.
    pub pattern: Option<Box<str>>,
    pub repo: Option<Box<str>>,
    pub file_path: Option<Box<str>>,
    pub line_number: Option<i64>,
    pub severity: Option<Box<str>>,
    pub error_type: Option<Box<str>>,
    pub tags: Box<[Box<str>]>,
    /// A scanned site that makes a value its package shares (`"sharedValue": true`, Go's
    /// package-level `var ErrUnexpectedEOF = errors.New(…)`), which any caller may return.
    pub shared: bool,
    /// Where the record's document is: which source, which bytes, which line.
    pub source: u32,
    pub start: u64,
    pub len: u32,
    pub line: u32,
}

impl Entry {
    pub fn from_record(r: Record, source: u32, start: usize, end: usize, line: u32) -> Self {
        let boxed = |s: Option<String>| s.filter(|s| !s.is_empty()).map(String::into_boxed_str);
        let pattern = r.message_pattern.filter(|p| *p != r.error_message);
        let shared = r.extra.get(crate::record::SHARED_VALUE) == Some(&true.into());
        Entry {
            id: r.id.into_boxed_str(),
            message: r.error_message.into_boxed_str(),
            pattern: boxed(pattern),
            repo: boxed(r.repo),
            file_path: boxed(r.file_path),
            line_number: r.line_number,
            severity: boxed(r.severity),
            error_type: boxed(r.error_type),
            tags: r.tags.into_iter().map(String::into_boxed_str).collect(),
            shared,
            source,
            start: start as u64,
            len: u32::try_from(end - start).unwrap_or(u32::MAX),
            line,
        }
    }

    /// Its filePath and lineNumber; None when it has no path.
    pub fn location_parts(&self) -> Option<(&str, Option<i64>)> {
        Some((self.file_path.as_deref()?, self.line_number))
    }

    pub fn view(&self) -> EntryRef<'_> {
        EntryRef {
            id: &self.id,
            message: &self.message,
            pattern: self.pattern.as_deref(),
            repo: self.repo.as_deref(),
            file_path: self.file_path.as_deref(),
            line_number: self.line_number,
            severity: self.severity.as_deref(),
            error_type: self.error_type.as_deref(),
            tags: Tags::Owned(&self.tags),
            shared: self.shared,
            source: self.source,
            start: self.start,
            len: self.len,
            line: self.line,
        }
    }
}

/// A record's searched fields, borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryRef<'a> {
    pub id: &'a str,
    pub message: &'a str,
    pub pattern: Option<&'a str>,
    pub repo: Option<&'a str>,
    pub file_path: Option<&'a str>,
    pub line_number: Option<i64>,
    pub severity: Option<&'a str>,
    pub error_type: Option<&'a str>,
    pub tags: Tags<'a>,
    pub shared: bool,
    pub source: u32,
    pub start: u64,
    pub len: u32,
    pub line: u32,
}

impl EntryRef<'_> {
    /// The value the index keeps of `field`, as JSON (`null` when the record has none), or
    /// `None` for a field the index does not keep. The field table's `indexed` flag and this
    /// match must agree; a test holds both the parsed and the mapped entry to it.
    pub fn field(&self, field: Field) -> Option<serde_json::Value> {
        use serde_json::json;
        Some(match field {
            Field::Id => json!(self.id),
            Field::ErrorMessage => json!(self.message),
            Field::MessagePattern => json!(self.pattern),
            Field::Repo => json!(self.repo),
            Field::FilePath => json!(self.file_path),
            Field::LineNumber => json!(self.line_number),
            Field::Severity => json!(self.severity),
            Field::ErrorType => json!(self.error_type),
            Field::Tags => json!(self.tags),
            Field::Slug
            | Field::ErrorCode
            | Field::ErrorClass
            | Field::HttpStatus
            | Field::SourceCode
            | Field::SourceCodeStart
            | Field::SourceCodeEnd
            | Field::GithubUrl
            | Field::Documentation
            | Field::TriggerScenarios
            | Field::CommonSituations
            | Field::Solutions
            | Field::ExampleFix
            | Field::HandlingStrategy
            | Field::ValidationCode
            | Field::TypeGuard
            | Field::TryCatchPattern
            | Field::PreventionTips
            | Field::BackgroundTag
            | Field::AnalyzedSha
            | Field::AnalyzedAt
            | Field::ContentChangedAt
            | Field::SchemaVersion => return None,
        })
    }

    /// `filePath:lineNumber`, or the path alone, or nothing.
    pub fn location(&self) -> Option<String> {
        let path = self.file_path?;
        Some(match self.line_number {
            Some(n) => format!("{path}:{n}"),
            None => path.to_string(),
        })
    }

    pub fn to_owned(&self) -> Entry {
        let boxed = |s: Option<&str>| s.map(Into::into);
        Entry {
            id: self.id.into(),
            message: self.message.into(),
            pattern: boxed(self.pattern),
            repo: boxed(self.repo),
            file_path: boxed(self.file_path),
            line_number: self.line_number,
            severity: boxed(self.severity),
            error_type: boxed(self.error_type),
            tags: self.tags.iter().map(Into::into).collect(),
            shared: self.shared,
            source: self.source,
            start: self.start,
            len: self.len,
            line: self.line,
        }
    }
}

/// A record's tags, in its order: owned, or ids into a vocabulary (a mapped table's).
#[derive(Clone, Copy)]
pub enum Tags<'a> {
    Owned(&'a [Box<str>]),
    Mapped {
        ids: &'a [u32],
        names: &'a dyn TagNames,
    },
}

/// Where a mapped record's tag ids get their names.
pub trait TagNames: Sync {
    fn tag(&self, id: u32) -> &str;
}

impl<'a> Tags<'a> {
    pub fn len(&self) -> usize {
        match self {
            Tags::Owned(t) => t.len(),
            Tags::Mapped { ids, .. } => ids.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn iter(&self) -> TagIter<'a> {
        TagIter { tags: *self, at: 0 }
    }

    pub fn get(&self, k: usize) -> Option<&'a str> {
        match *self {
            Tags::Owned(t) => t.get(k).map(|t| &**t),
            Tags::Mapped { ids, names } => ids.get(k).map(|&id| names.tag(id)),
        }
    }
}

impl<'a> IntoIterator for Tags<'a> {
    type Item = &'a str;
    type IntoIter = TagIter<'a>;
    fn into_iter(self) -> TagIter<'a> {
        self.iter()
    }
}

pub struct TagIter<'a> {
    tags: Tags<'a>,
    at: usize,
}

impl<'a> Iterator for TagIter<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let t = self.tags.get(self.at)?;
        self.at += 1;
        Some(t)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.tags.len().saturating_sub(self.at);
        (n, Some(n))
    }
}

impl ExactSizeIterator for TagIter<'_> {}

/// As a JSON array of strings, like the record's `tags`.
impl serde::Serialize for Tags<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl PartialEq for Tags<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Tags<'_> {}

impl std::fmt::Debug for Tags<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
