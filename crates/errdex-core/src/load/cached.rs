//! The loader's use of the index cache: a dataset file's entries come from the cache when it
//! is current, else from parsing, after which they are cached.

use super::cache::Cache;
use super::parse::parse_source;
use super::partial::Partial;
use super::{Counter, Depth, Options};
use crate::dataset::Rows;
use crate::diag::Diagnostic;
use crate::source::{Source, SourceSpec};

/// A dataset file's index from the cache when it is current; else parsed, and cached.
pub(super) fn cached_or_parsed(
    spec: &SourceSpec,
    source: &Source,
    options: Options,
    cache: Option<&Cache>,
    counter: &Counter,
    partial: &Partial,
) -> (Rows, Vec<Diagnostic>) {
    let cache = cache.filter(|_| options.depth == Depth::Index);
    let key = match (cache, spec) {
        (Some(_), SourceSpec::Path(path)) => Cache::key(path, &source.bytes),
        _ => None,
    };
    if let (Some(cache), Some(key)) = (cache, &key)
        && let Some((table, diags)) = cache.get(key, &source.name)
    {
        counter.add(table.len() as u64, source.bytes.len() as u64);
        return (Rows::Mapped(table), diags);
    }
    let (entries, diags) = parse_source(source, options, counter, partial);
    // From here on the records are read as a warm start reads them, in place from the file
    // just written, with its search index, postings and facets: built again from the parsed
    // entries they cost a cold `errdex stats` of a million records 0.6 s. Only a file this run
    // wrote: a damaged one it could not replace might pass the open's sampled checks.
    if let (Some(cache), Some(key)) = (cache, &key)
        && cache.put(key, &entries, &diags)
        && let Some((table, diags)) = cache.get(key, &source.name)
    {
        // A million records' strings take a while to free: not on the way to the answer.
        drop_aside(entries);
        return (Rows::Mapped(table), diags);
    }
    (Rows::Owned(entries), diags)
}

/// Drops `entries` on a thread of their own; when none can be started, the closure holding
/// them is dropped, and they with it, on the caller's.
fn drop_aside(entries: Vec<crate::dataset::Entry>) {
    let _ = std::thread::Builder::new()
        .name("errdex-free".into())
        .spawn(move || drop(entries));
}
