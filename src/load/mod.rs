//! Sources → records + diagnostics. A bad record costs only itself; a file that cannot be
//! read costs only itself.

mod cached;
mod field;
pub mod scan;
pub mod source;
pub mod split;

use std::sync::atomic::{AtomicU64, Ordering};

use crate::cache::Cache;
use crate::dataset::{Dataset, Entry};
use crate::diag::Diagnostic;
pub use scan::Depth;
use source::Source;
pub use source::SourceSpec;
use split::{Doc, Layout};

/// How far loading has come. `total_bytes` is known once all sources are opened.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    pub records: u64,
    pub bytes: u64,
    pub total_bytes: u64,
    pub done: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub depth: Depth,
    /// Parser threads for a large source; 0 picks the number of cores.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: Depth::Index,
            threads: 0,
        }
    }
}

/// What loading produced: the records, and everything that was wrong on the way.
#[derive(Default)]
pub struct Loaded {
    pub dataset: Dataset,
    pub diagnostics: Vec<Diagnostic>,
    /// Records that could not be loaded.
    pub skipped: usize,
    /// Sources that could not be read at all.
    pub unreadable: usize,
}

impl Loaded {
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
}

/// Loads every source, in order, and reports progress along the way.
pub fn load(
    specs: &[SourceSpec],
    options: Options,
    progress: &(dyn Fn(Progress) + Sync),
) -> Loaded {
    load_cached(specs, options, None, progress)
}

/// `load`, taking each dataset file's index from `cache` when it is current and storing it
/// there when not (at `Depth::Index` only: a full check must look at every record).
pub fn load_cached(
    specs: &[SourceSpec],
    options: Options,
    cache: Option<&Cache>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Loaded {
    let mut loaded = Loaded::default();
    let mut files = Vec::new();
    for spec in specs {
        source::expand(spec, &mut files, &mut loaded.diagnostics);
    }
    let mut opened = Vec::with_capacity(files.len());
    for spec in &files {
        match source::open(spec) {
            Ok(s) => opened.push((spec, s)),
            Err(why) => {
                loaded.unreadable += 1;
                loaded
                    .diagnostics
                    .push(Diagnostic::error(spec_name(spec), 0, why));
            }
        }
    }
    let total_bytes = opened
        .iter()
        .map(|(_, s)| s.bytes.as_slice().len() as u64)
        .sum();
    let counter = Counter {
        records: AtomicU64::new(0),
        bytes: AtomicU64::new(0),
        total_bytes,
        progress,
    };
    for (spec, source) in opened {
        let (entries, mut diags) =
            cached::cached_or_parsed(spec, &source, options, cache, &counter);
        loaded.skipped += diags.iter().filter(|d| d.is_error()).count();
        loaded.diagnostics.append(&mut diags);
        loaded.dataset.push_source(source, entries);
    }
    warn_duplicate_ids(&loaded.dataset, &mut loaded.diagnostics);
    progress(Progress {
        done: true,
        ..counter.snapshot()
    });
    loaded
}

fn spec_name(spec: &SourceSpec) -> String {
    match spec {
        SourceSpec::Path(p) => p.display().to_string(),
        SourceSpec::Stdin => "<stdin>".into(),
        SourceSpec::Embedded { name, .. } => (*name).into(),
    }
}

struct Counter<'p> {
    records: AtomicU64,
    bytes: AtomicU64,
    total_bytes: u64,
    progress: &'p (dyn Fn(Progress) + Sync),
}

impl Counter<'_> {
    fn add(&self, records: u64, bytes: u64) {
        self.records.fetch_add(records, Ordering::Relaxed);
        self.bytes.fetch_add(bytes, Ordering::Relaxed);
        (self.progress)(self.snapshot());
    }

    fn snapshot(&self) -> Progress {
        Progress {
            records: self.records.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
            total_bytes: self.total_bytes,
            done: false,
        }
    }
}

/// Below this a source is parsed on the calling thread: threads cost more than they save.
const PARALLEL_MIN_BYTES: usize = 4 << 20;
/// How often a parser reports progress and hands parsed pages back to the kernel.
const REPORT_EVERY_BYTES: usize = 8 << 20;

/// The part of a source one thread parses: a byte range, or a run of documents.
enum Part<'a> {
    Lines { start: usize, end: usize },
    Docs(&'a [Doc]),
}

fn parse_source(
    source: &Source,
    options: Options,
    counter: &Counter,
) -> (Vec<Entry>, Vec<Diagnostic>) {
    let bytes = source.bytes.as_slice();
    let begin = split::content_start(bytes);
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let threads = if bytes.len() < PARALLEL_MIN_BYTES {
        1
    } else {
        threads.clamp(1, 16)
    };
    let layout = split::detect(bytes, source.extension.as_deref());
    let docs;
    let parts: Vec<Part> = match layout {
        Layout::Lines => line_parts(bytes, begin, threads),
        Layout::Structural => {
            docs =
                split::structural_releasing(bytes, begin, &mut |a, b| source.bytes.release(a, b));
            let size = docs.len().div_ceil(threads).max(1);
            docs.chunks(size).map(Part::Docs).collect()
        }
    };
    let results: Vec<PartResult> = if parts.len() <= 1 {
        parts
            .into_iter()
            .map(|p| parse_part(source, p, options, counter))
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .into_iter()
                .map(|p| scope.spawn(move || parse_part(source, p, options, counter)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| PartResult::failed(&source.name))
                })
                .collect()
        })
    };
    let mut entries = Vec::with_capacity(results.iter().map(|r| r.entries.len()).sum());
    let mut diags = Vec::new();
    // Line numbers of a byte-range part count from its start; shift them by the lines before.
    let mut lines_before = 0u32;
    for mut r in results {
        for e in &mut r.entries {
            e.line += lines_before;
        }
        for d in &mut r.diags {
            d.line += lines_before;
        }
        lines_before += r.lines;
        entries.append(&mut r.entries);
        diags.append(&mut r.diags);
    }
    if entries.is_empty() && diags.is_empty() {
        diags.push(Diagnostic::warning(
            &source.name,
            0,
            "no records in this source",
        ));
    }
    (entries, diags)
}

/// Splits a JSON Lines source into `n` byte ranges that end at line ends.
fn line_parts(bytes: &[u8], begin: usize, n: usize) -> Vec<Part<'static>> {
    let mut parts = Vec::with_capacity(n);
    let mut start = begin;
    for k in 1..=n {
        let mut end = if k == n {
            bytes.len()
        } else {
            begin + (bytes.len() - begin) * k / n
        };
        if end < bytes.len() {
            end = memchr::memchr(b'\n', &bytes[end..]).map_or(bytes.len(), |i| end + i + 1);
        }
        let end = end.max(start);
        parts.push(Part::Lines { start, end });
        start = end;
    }
    parts
}

struct PartResult {
    entries: Vec<Entry>,
    diags: Vec<Diagnostic>,
    /// Lines the part spans, for numbering the parts after it (byte-range parts only).
    lines: u32,
}

impl PartResult {
    fn failed(name: &str) -> Self {
        PartResult {
            entries: Vec::new(),
            diags: vec![Diagnostic::error(
                name,
                0,
                "internal error while parsing; part of this source was skipped",
            )],
            lines: 0,
        }
    }
}

fn parse_part(source: &Source, part: Part, options: Options, counter: &Counter) -> PartResult {
    let mut out = PartResult {
        entries: Vec::new(),
        diags: Vec::new(),
        lines: 0,
    };
    match part {
        Part::Lines { start, end } => {
            let mut lines = split::lines(source.bytes.as_slice(), start, end, 1);
            parse_docs(source, &mut lines, start, end, options, counter, &mut out);
            out.lines = lines.next_line() - 1;
        }
        Part::Docs(docs) => {
            let first = docs.first().map_or(0, |d| d.start);
            let end = docs.last().map_or(first, |d| d.end);
            parse_docs(
                source,
                docs.iter().copied(),
                first,
                end,
                options,
                counter,
                &mut out,
            );
        }
    }
    out
}

/// Parses documents in order, reporting progress and handing parsed pages back to the
/// kernel as it goes (reading ahead to count lines would make the whole file resident).
fn parse_docs(
    source: &Source,
    docs: impl Iterator<Item = Doc>,
    first: usize,
    end: usize,
    options: Options,
    counter: &Counter,
    out: &mut PartResult,
) {
    let bytes = source.bytes.as_slice();
    let mut released = first;
    let mut reported_records = 0u64;
    for doc in docs {
        match scan::scan(&bytes[doc.start..doc.end], options.depth) {
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
                out.entries
                    .push(Entry::from_record(record, 0, doc.start, doc.end, doc.line));
            }
            Err(e) => {
                let message = match e.position {
                    Some((line, column)) => {
                        let at = doc.line as usize + line - 1;
                        format!("invalid JSON at line {at}, column {column}: {}", e.message)
                    }
                    None => e.message,
                };
                out.diags
                    .push(Diagnostic::error(&source.name, doc.line, message));
            }
        }
        if doc.end - released >= REPORT_EVERY_BYTES {
            source.bytes.release(released, doc.end);
            let records = out.entries.len() as u64;
            counter.add(records - reported_records, (doc.end - released) as u64);
            reported_records = records;
            released = doc.end;
        }
    }
    source.bytes.release(released, end);
    counter.add(
        out.entries.len() as u64 - reported_records,
        end.saturating_sub(released) as u64,
    );
}

fn warn_duplicate_ids(dataset: &Dataset, diags: &mut Vec<Diagnostic>) {
    let mut first: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    first.reserve(dataset.len());
    for (i, e) in dataset.entries().iter().enumerate() {
        if let Some(&j) = first.get(&*e.id) {
            let other = &dataset.entries()[j];
            diags.push(Diagnostic::warning(
                dataset.source_name(i),
                e.line,
                format!(
                    "duplicate id `{}` (also at {}:{}); both kept",
                    e.id,
                    dataset.source_name(j),
                    other.line
                ),
            ));
        } else {
            first.insert(&e.id, i);
        }
    }
}
