//! The loaded records: the fields search needs in memory, everything else read on demand
//! from the source bytes.

use std::sync::Arc;

use serde_json::Value;

use crate::record::Record;
use crate::source::Source;
use crate::source::scan::{self, Depth};

/// What search, triage and the result list need of a record, kept in memory (and in the
/// index cache, hence the bitcode derives).
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
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
            source,
            start: start as u64,
            len: u32::try_from(end - start).unwrap_or(u32::MAX),
            line,
        }
    }

    /// `filePath:lineNumber`, or the path alone, or nothing.
    pub fn location(&self) -> Option<String> {
        let path = self.file_path.as_deref()?;
        Some(match self.line_number {
            Some(n) => format!("{path}:{n}"),
            None => path.to_string(),
        })
    }
}

/// How an id given on the command line resolves.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    Found(usize),
    /// No record has this id or an id starting with it.
    Missing,
    /// Several records start with this prefix (their ids, a few of them).
    Ambiguous(Vec<String>),
}

/// A record another one replaced (`errdex add --replace`).
pub struct Replaced {
    /// `PATH:LINE` of its document.
    pub at: String,
    pub record: Result<Record, String>,
    pub document: Option<Value>,
}

#[derive(Default)]
pub struct Dataset {
    /// Shared with the partial datasets handed out while loading.
    sources: Vec<Arc<Source>>,
    entries: Vec<Entry>,
    /// Records a later one with the same id replaces (`errdex add --replace`): out of search,
    /// still shown beside the record that replaces them.
    shadowed: Vec<Entry>,
}

impl Dataset {
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn source_count(&self) -> usize {
        self.sources.len()
    }

    /// Adds a source and the entries read from it (their `source` is set here).
    pub fn push_source(&mut self, source: impl Into<Arc<Source>>, mut entries: Vec<Entry>) {
        let index = u32::try_from(self.sources.len()).expect("fewer than 4 billion sources");
        for e in &mut entries {
            e.source = index;
        }
        self.sources.push(source.into());
        self.entries.extend(entries);
    }

    /// A copy of this dataset (the sources shared, the entries copied), and the first records
    /// of one more source if given: a partial dataset while that source is still loading.
    pub fn snapshot(&self, more: Option<(&Arc<Source>, &[Entry])>) -> Dataset {
        let extra = more.map_or(0, |(_, e)| e.len());
        let mut entries = Vec::with_capacity(self.entries.len() + extra);
        entries.extend_from_slice(&self.entries);
        let mut sources = self.sources.clone();
        if let Some((source, more)) = more {
            let index = u32::try_from(sources.len()).expect("fewer than 4 billion sources");
            entries.extend(more.iter().cloned().map(|mut e| {
                e.source = index;
                e
            }));
            sources.push(Arc::clone(source));
        }
        Dataset {
            sources,
            entries,
            shadowed: self.shadowed.clone(),
        }
    }

    /// This dataset with the sources and records of `more` after its own: records added while
    /// the browser runs join without reloading the rest.
    pub fn extended(&self, more: Dataset) -> Dataset {
        let mut out = self.snapshot(None);
        let offset = u32::try_from(out.sources.len()).expect("fewer than 4 billion sources");
        out.sources.extend(more.sources);
        out.entries.extend(more.entries.into_iter().map(|mut e| {
            e.source += offset;
            e
        }));
        out.shadowed.extend(more.shadowed.into_iter().map(|mut e| {
            e.source += offset;
            e
        }));
        out
    }

    /// Moves the records marked in `hide` (by index) out of the searched entries.
    pub fn shadow(&mut self, hide: &[bool]) {
        let mut k = 0;
        let shadowed = &mut self.shadowed;
        self.entries.retain(|e| {
            let keep = !hide.get(k).copied().unwrap_or(false);
            k += 1;
            if !keep {
                shadowed.push(e.clone());
            }
            keep
        });
    }

    /// The records a record with this id replaced: where each came from (`PATH:LINE`), and
    /// its fields and document read now.
    pub fn replaced(&self, id: &str) -> Vec<Replaced> {
        self.shadowed
            .iter()
            .filter(|e| &*e.id == id)
            .map(|e| Replaced {
                at: format!("{}:{}", self.sources[e.source as usize].name, e.line),
                record: self.read_entry(e),
                document: serde_json::from_slice(self.raw_entry(e)).ok(),
            })
            .collect()
    }

    fn raw_entry(&self, e: &Entry) -> &[u8] {
        let bytes = self.sources[e.source as usize].bytes.as_slice();
        let start = e.start as usize;
        bytes.get(start..start + e.len as usize).unwrap_or(&[])
    }

    fn read_entry(&self, e: &Entry) -> Result<Record, String> {
        scan::scan(self.raw_entry(e), Depth::Full)
            .map(|s| s.record)
            .map_err(|err| {
                let name = &self.sources[e.source as usize].name;
                format!("{name}:{}: {}", e.line, err.message)
            })
    }

    /// The name of the source a record came from, as diagnostics print it.
    pub fn source_name(&self, index: usize) -> &str {
        &self.sources[self.entries[index].source as usize].name
    }

    /// The record's document exactly as it stands in its source.
    pub fn raw(&self, index: usize) -> &[u8] {
        self.raw_entry(&self.entries[index])
    }

    /// Every field of a record, read from its source now.
    pub fn record(&self, index: usize) -> Result<Record, String> {
        self.read_entry(&self.entries[index])
    }

    /// The record's document as loaded (wrapper, unknown fields and key order included).
    pub fn document(&self, index: usize) -> Result<Value, String> {
        serde_json::from_slice(self.raw(index)).map_err(|e| e.to_string())
    }

    /// Finds a record by its id, or by a prefix of it that only one record has.
    pub fn lookup(&self, id: &str) -> Lookup {
        if id.is_empty() {
            return Lookup::Missing;
        }
        if let Some(i) = self.entries.iter().position(|e| &*e.id == id) {
            return Lookup::Found(i);
        }
        let mut hits = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.id.starts_with(id));
        match (hits.next(), hits.next()) {
            (None, _) => Lookup::Missing,
            (Some((i, _)), None) => Lookup::Found(i),
            (Some(a), Some(b)) => {
                let ids = [a, b]
                    .into_iter()
                    .chain(hits)
                    .take(5)
                    .map(|(_, e)| e.id.to_string());
                Lookup::Ambiguous(ids.collect())
            }
        }
    }
}

/// Whether `new` is `old` with records appended (as a growing load hands them over): same
/// first and last old entry, same or more records.
pub fn grew_from(old: &std::sync::Arc<Dataset>, new: &std::sync::Arc<Dataset>) -> bool {
    if std::sync::Arc::ptr_eq(old, new) {
        return true;
    }
    let (o, n) = (old.entries(), new.entries());
    n.len() >= o.len() && o.first() == n.first() && o.last() == n.get(o.len().wrapping_sub(1))
}
