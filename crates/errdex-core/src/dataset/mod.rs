//! The loaded records: the fields search needs in memory, everything else read on demand
//! from the source bytes.

pub mod blocks;
mod code_sites;
pub mod curated;
mod duplicates;
mod entries;
#[cfg(test)]
mod entries_tests;
mod entry;
pub mod mapped;
pub mod mapped_write;
mod order;
pub mod precedence;
mod read_error;
pub mod starts;
pub mod starts_write;
pub mod trigrams;

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::Value;

pub use code_sites::CodeSite;
pub use entries::{Entries, Part, PartRows, PartView};
pub use entry::{Entry, EntryRef, Tags};
use mapped::Table;
pub use read_error::ReadError;

use crate::record::Record;
use crate::source::Source;
use crate::source::scan::{self, Depth};

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
    pub record: Result<Record, ReadError>,
    pub document: Option<Value>,
}

#[derive(Default)]
pub struct Dataset {
    /// Shared with the partial datasets handed out while loading.
    sources: Vec<Arc<Source>>,
    /// The searched records, in load order: runs of owned entries and mapped tables.
    parts: Vec<Part>,
    /// Records a later one with the same id replaces (`errdex add --replace`): out of search,
    /// still shown beside the record that replaces them.
    shadowed: Vec<Entry>,
    /// Records hidden because a more trusted source holds their id (`precedence`).
    conflicts: Vec<precedence::Conflict>,
    /// Scanned sites hidden behind a record for the same statement: (that record's id, the
    /// site).
    code_sites: Vec<(Box<str>, Entry)>,
}

/// The records read from one source: parsed this run, or an index read in place.
pub enum Rows {
    Owned(Vec<Entry>),
    Mapped(Arc<Table>),
}

impl From<Vec<Entry>> for Rows {
    fn from(v: Vec<Entry>) -> Self {
        Rows::Owned(v)
    }
}

#[cfg(test)]
impl Dataset {
    /// A dataset of `rows` from one source with no bytes behind it (for tests).
    pub(crate) fn of_rows(rows: impl Into<Rows>) -> Dataset {
        let mut ds = Dataset::default();
        let source = Source {
            name: "<test>".into(),
            bytes: crate::source::Bytes::Static(b""),
            extension: None,
        };
        ds.push_source(source, rows);
        ds
    }
}

impl Dataset {
    pub fn entries(&self) -> Entries<'_> {
        Entries::Parts(&self.parts)
    }

    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn source_count(&self) -> usize {
        self.sources.len()
    }

    /// The dataset files that changed since they were loaded, each with how (its records
    /// may no longer read back as they were indexed).
    pub fn changed_sources(&self) -> Vec<(String, String)> {
        self.sources
            .iter()
            .filter_map(|s| Some((s.name.clone(), s.bytes.changed()?)))
            .collect()
    }

    /// The names of the sources, in load order.
    pub fn source_names(&self) -> impl Iterator<Item = &str> {
        self.sources.iter().map(|s| s.name.as_str())
    }

    /// Adds a source and the entries read from it (their `source` is set here).
    pub fn push_source(&mut self, source: impl Into<Arc<Source>>, rows: impl Into<Rows>) {
        let index = u32::try_from(self.sources.len()).expect("fewer than 4 billion sources");
        self.sources.push(source.into());
        match rows.into() {
            Rows::Owned(mut entries) => {
                for e in &mut entries {
                    e.source = index;
                }
                self.push_owned(entries);
            }
            Rows::Mapped(table) => {
                let to = u32::try_from(table.len()).expect("a table holds fewer than 4G rows");
                self.push_part(PartRows::Mapped {
                    table,
                    source: index,
                    from: 0,
                    to,
                });
            }
        }
    }

    /// Owned entries join the last part when it is owned too: most datasets are one part.
    fn push_owned(&mut self, entries: Vec<Entry>) {
        if let Some(Part {
            rows: PartRows::Owned(last),
            ..
        }) = self.parts.last_mut()
        {
            last.extend(entries);
        } else if !entries.is_empty() {
            self.push_part(PartRows::Owned(entries));
        }
    }

    fn push_part(&mut self, rows: PartRows) {
        let first = self.len();
        self.parts.push(Part { rows, first });
    }

    /// A copy of this dataset (the sources shared, owned entries copied, mapped tables
    /// shared), and the first records of one more source if given: a partial dataset while
    /// that source is still loading.
    pub fn snapshot(&self, more: Option<(&Arc<Source>, &[Entry])>) -> Dataset {
        let mut out = Dataset {
            sources: self.sources.clone(),
            parts: self.parts.clone(),
            shadowed: self.shadowed.clone(),
            conflicts: self.conflicts.clone(),
            code_sites: self.code_sites.clone(),
        };
        if let Some((source, more)) = more {
            out.push_source(Arc::clone(source), more.to_vec());
        }
        out
    }

    /// This dataset with the sources and records of `more` after its own: records added while
    /// the browser runs join without reloading the rest.
    pub fn extended(&self, more: Dataset) -> Dataset {
        let mut out = self.snapshot(None);
        let offset = u32::try_from(out.sources.len()).expect("fewer than 4 billion sources");
        out.sources.extend(more.sources);
        for part in more.parts {
            match part.rows {
                PartRows::Owned(mut v) => {
                    for e in &mut v {
                        e.source += offset;
                    }
                    out.push_owned(v);
                }
                PartRows::Mapped {
                    table,
                    source,
                    from,
                    to,
                } => out.push_part(PartRows::Mapped {
                    table,
                    source: source + offset,
                    from,
                    to,
                }),
            }
        }
        out.conflicts.extend(more.conflicts);
        out.code_sites
            .extend(more.code_sites.into_iter().map(|(id, mut e)| {
                e.source += offset;
                (id, e)
            }));
        out.shadowed.extend(more.shadowed.into_iter().map(|mut e| {
            e.source += offset;
            e
        }));
        out
    }

    /// Moves the records marked in `hide` (by index) out of the searched entries. A mapped
    /// part keeps the rest in place, as the runs of rows between the hidden ones.
    pub fn shadow(&mut self, hide: &[bool]) {
        let hidden = |i: usize| hide.get(i).copied().unwrap_or(false);
        let parts = std::mem::take(&mut self.parts);
        for part in parts {
            let first = part.first;
            if !(first..first + part.len()).any(hidden) {
                match part.rows {
                    PartRows::Owned(v) => self.push_owned(v),
                    rows @ PartRows::Mapped { .. } => self.push_part(rows),
                }
                continue;
            }
            for k in (0..part.len()).filter(|&k| hidden(first + k)) {
                if let Some(e) = part.get(k) {
                    self.shadowed.push(e.to_owned());
                }
            }
            match part.rows {
                PartRows::Owned(v) => {
                    let kept = v.into_iter().enumerate();
                    let kept = kept.filter(|(k, _)| !hidden(first + k)).map(|(_, e)| e);
                    self.push_owned(kept.collect());
                }
                PartRows::Mapped {
                    table,
                    source,
                    from,
                    to,
                } => {
                    let mut run = from;
                    for row in from..=to {
                        let gone = row == to || hidden(first + (row - from) as usize);
                        if gone && run < row {
                            let table = Arc::clone(&table);
                            let (from, to) = (run, row);
                            self.push_part(PartRows::Mapped {
                                table,
                                source,
                                from,
                                to,
                            });
                        }
                        if gone {
                            run = row + 1;
                        }
                    }
                }
            }
        }
    }

    /// The records of less trusted sources that this id hides (the precedence rule).
    pub fn conflicts(&self, id: &str) -> Vec<&precedence::Conflict> {
        self.conflicts.iter().filter(|c| c.id == id).collect()
    }

    /// The records a record with this id replaced: where each came from (`PATH:LINE`), and
    /// its fields and document read now.
    pub fn replaced(&self, id: &str) -> Vec<Replaced> {
        self.shadowed
            .iter()
            .filter(|e| &*e.id == id)
            .map(|e| Replaced {
                at: format!("{}:{}", self.sources[e.source as usize].name, e.line),
                record: self.read_entry(e.view()),
                document: self
                    .raw_entry(e.view())
                    .ok()
                    .and_then(|raw| serde_json::from_slice(&raw).ok()),
            })
            .collect()
    }

    /// The record's bytes, read now: an error naming the place when its file changed since
    /// it was loaded and no longer holds them.
    fn raw_entry(&self, e: EntryRef<'_>) -> Result<Cow<'_, [u8]>, ReadError> {
        let Some(source) = self.sources.get(e.source as usize) else {
            return Ok(Cow::Borrowed(&[]));
        };
        let start = usize::try_from(e.start).unwrap_or(usize::MAX);
        let end = start.saturating_add(e.len as usize);
        match source.bytes.read(start, end) {
            Ok(bytes) if bytes.len() == end - start.min(end) => Ok(bytes),
            Ok(_) => Err(ReadError::Gone {
                at: format!("{}:{}", source.name, e.line),
                why: source
                    .bytes
                    .changed()
                    .unwrap_or_else(|| "the file is shorter".into()),
            }),
            Err(error) => Err(ReadError::Io {
                at: format!("{}:{}", source.name, e.line),
                error,
            }),
        }
    }

    fn read_entry(&self, e: EntryRef<'_>) -> Result<Record, ReadError> {
        let raw = self.raw_entry(e)?;
        scan::scan(&raw, Depth::Full)
            .map(|s| s.record)
            .map_err(|err| {
                let name = self.sources.get(e.source as usize).map_or("", |s| &s.name);
                let changed = self
                    .sources
                    .get(e.source as usize)
                    .and_then(|s| s.bytes.changed())
                    .map_or(String::new(), |c| format!(" ({c})"));
                ReadError::Malformed {
                    at: format!("{name}:{}", e.line),
                    message: err.message,
                    changed,
                }
            })
    }

    /// The name of the source a record came from, as diagnostics print it.
    pub fn source_name(&self, index: usize) -> &str {
        &self.sources[self.entries().at(index).source as usize].name
    }

    /// The record's document exactly as it stands in its source, read now.
    pub fn raw(&self, index: usize) -> Result<Cow<'_, [u8]>, ReadError> {
        self.raw_entry(self.entries().at(index))
    }

    /// Every field of a record, read from its source now.
    pub fn record(&self, index: usize) -> Result<Record, ReadError> {
        self.read_entry(self.entries().at(index))
    }

    /// The record's document as loaded (wrapper, unknown fields and key order included).
    pub fn document(&self, index: usize) -> Result<Value, ReadError> {
        Ok(serde_json::from_slice(&self.raw(index)?)?)
    }

    /// `(first, later)` for each record whose id an earlier record has: the first record with
    /// that id and the later one (dataset indices, in order of the later).
    pub fn duplicate_ids(&self) -> Vec<(usize, usize)> {
        duplicates::pairs(&self.parts)
    }

    /// Finds a record by its id, or by a prefix of it that only one record has.
    pub fn lookup(&self, id: &str) -> Lookup {
        if id.is_empty() {
            return Lookup::Missing;
        }
        let mut exact = None;
        let mut prefixed = Vec::new();
        for part in &self.parts {
            let (e, mut p) = part.find(id, 6);
            exact = exact.or(e);
            prefixed.append(&mut p);
        }
        if let Some(i) = exact {
            return Lookup::Found(i);
        }
        prefixed.sort_unstable();
        match prefixed[..] {
            [] => Lookup::Missing,
            [i] => Lookup::Found(i),
            _ => {
                let ids = prefixed.iter().take(5);
                Lookup::Ambiguous(ids.map(|&i| self.entries().at(i).id.to_string()).collect())
            }
        }
    }
}

/// Whether `new` is `old` with records appended (as a growing load hands them over): same
/// first and last old entry, same or more records.
pub fn grew_from(old: &Arc<Dataset>, new: &Arc<Dataset>) -> bool {
    if Arc::ptr_eq(old, new) {
        return true;
    }
    let (o, n) = (old.entries(), new.entries());
    n.len() >= o.len()
        && o.first() == n.first()
        && o.last() == o.len().checked_sub(1).and_then(|i| n.get(i))
}

impl<'a> From<&'a Dataset> for Entries<'a> {
    fn from(ds: &'a Dataset) -> Self {
        ds.entries()
    }
}
