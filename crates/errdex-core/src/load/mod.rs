//! Sources → records + diagnostics. A bad record costs only itself; a file that cannot be
//! read costs only itself.

pub mod cache;
mod cached;
mod docs;
mod parse;
mod partial;
pub mod split;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::dataset::{Dataset, precedence};
use crate::diag::Diagnostic;
use crate::source;
pub use crate::source::SourceSpec;
pub use crate::source::scan::Depth;
use cache::Cache;
use partial::Stream;

/// How far loading has come. `total_bytes` is known once all sources are opened.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    pub records: u64,
    pub bytes: u64,
    pub total_bytes: u64,
    pub done: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    pub depth: Depth,
    /// Parser threads for a large source; 0 picks the number of cores.
    pub threads: usize,
    /// Where the kinds of source live (the data folder, the team's file), which decides
    /// which record wins when two sources hold one id. The caller knows its config; without
    /// it every file counts as one the user named.
    pub kinds: Option<&'a precedence::Layout>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            depth: Depth::Index,
            threads: 0,
            kinds: None,
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
    load_into(
        specs,
        options,
        cache,
        progress,
        &Stream::new(None, Duration::MAX),
    )
}

/// `load_cached`, handing the records loaded so far to `on_partial` while the load goes on:
/// at most once per `every` (none for a quicker load), when a source or the front of a big
/// source is done, each twice the size of the one before at least, and none once three
/// quarters of the bytes are read. Each is a prefix of the final dataset, in its order.
pub fn load_streaming(
    specs: &[SourceSpec],
    options: Options,
    cache: Option<&Cache>,
    progress: &(dyn Fn(Progress) + Sync),
    every: Duration,
    on_partial: &(dyn Fn(Dataset) + Sync),
) -> Loaded {
    let stream = Stream::new(Some(on_partial), every);
    load_into(specs, options, cache, progress, &stream)
}

fn load_into(
    specs: &[SourceSpec],
    options: Options,
    cache: Option<&Cache>,
    progress: &(dyn Fn(Progress) + Sync),
    stream: &Stream,
) -> Loaded {
    let mut loaded = Loaded::default();
    let mut files = Vec::new();
    for spec in specs {
        source::expand(spec, &mut files, &mut loaded.diagnostics);
    }
    let mut opened = Vec::with_capacity(files.len());
    for spec in &files {
        match source::open(spec) {
            Ok((s, mut problems)) => {
                loaded.diagnostics.append(&mut problems);
                opened.push((spec, Arc::new(s)));
            }
            Err(why) => {
                loaded.unreadable += 1;
                loaded
                    .diagnostics
                    .push(Diagnostic::error(spec_name(spec), 0, why));
            }
        }
    }
    let total_bytes = opened.iter().map(|(_, s)| s.bytes.len() as u64).sum();
    let counter = Counter {
        records: AtomicU64::new(0),
        bytes: AtomicU64::new(0),
        total_bytes,
        progress,
    };
    let sources = opened.len();
    for (k, (spec, source)) in opened.into_iter().enumerate() {
        let partial = stream.within(&loaded.dataset, &source);
        let (entries, mut diags) =
            cached::cached_or_parsed(spec, &source, options, cache, &counter, &partial);
        loaded.skipped += diags.iter().filter(|d| d.is_error()).count();
        loaded.diagnostics.append(&mut diags);
        loaded.dataset.push_source(source, entries);
        if k + 1 < sources {
            stream.offer(&loaded.dataset, counter.read());
        }
    }
    crate::dataset::curated::hide_sites_with_records(&mut loaded.dataset);
    let mut pairs = loaded.dataset.duplicate_ids();
    // Replacing shifts the records after the ones it hides: their pairs are found again.
    if apply_replacements(&mut loaded.dataset, &pairs) {
        pairs = loaded.dataset.duplicate_ids();
    }
    if !pairs.is_empty() && loaded.dataset.source_count() > 1 {
        let named = precedence::Layout::default();
        let layout = options.kinds.unwrap_or(&named);
        let hidden = precedence::apply(&mut loaded.dataset, &pairs, layout);
        if !hidden.is_empty() {
            loaded.diagnostics.extend(hidden);
            pairs = loaded.dataset.duplicate_ids();
        }
    }
    warn_duplicate_ids(&loaded.dataset, &pairs, &mut loaded.diagnostics);
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

    /// The share of all bytes read so far (0 when there are none).
    fn read(&self) -> f64 {
        let p = self.snapshot();
        if p.total_bytes == 0 {
            return 0.0;
        }
        p.bytes as f64 / p.total_bytes as f64
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

/// A record marked `"replaces": true` (written by `errdex add --replace`) hides the earlier
/// records with its id from search. Only records whose id came before are read, so this costs
/// nothing on a dataset without duplicates. Whether any record was hidden.
fn apply_replacements(dataset: &mut Dataset, pairs: &[(usize, usize)]) -> bool {
    if pairs.is_empty() {
        return false;
    }
    let mut earlier: foldhash::HashMap<usize, Vec<usize>> = foldhash::HashMap::default();
    let mut hide = vec![false; dataset.len()];
    let mut any = false;
    for &(first, later) in pairs {
        let before = earlier.entry(first).or_default();
        if dataset.raw(later).is_ok_and(|raw| is_replacement(&raw)) {
            hide[first] = true;
            for &j in before.iter() {
                hide[j] = true;
            }
            any = true;
        }
        before.push(later);
    }
    if any {
        dataset.shadow(&hide);
    }
    any
}

fn is_replacement(raw: &[u8]) -> bool {
    let Ok(doc) = serde_json::from_slice::<serde_json::Value>(raw) else {
        return false;
    };
    let record = doc.get("record").filter(|r| r.is_object()).unwrap_or(&doc);
    record.get("replaces") == Some(&serde_json::Value::Bool(true))
}

fn warn_duplicate_ids(dataset: &Dataset, pairs: &[(usize, usize)], diags: &mut Vec<Diagnostic>) {
    let entries = dataset.entries();
    for &(j, i) in pairs {
        let (e, other) = (entries.at(i), entries.at(j));
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
    }
}
