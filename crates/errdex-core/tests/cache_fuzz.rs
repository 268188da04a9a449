//! A damaged index cache is never served: bits flipped at random offsets of a real cache file
//! (its table or its triage line index), and truncations of it, each load exactly what a load
//! without the cache gives — the same records, diagnostics and triage answers — and the file
//! is written again whole.

use std::path::{Path, PathBuf};

use errdex_core::dataset::Entry;
use errdex_core::diag::Diagnostic;
use errdex_core::load::cache::Cache;
use errdex_core::load::{Options, SourceSpec, load_cached};
use errdex_core::triage::{Match, Triage};

const CASES: usize = 300;

/// Log lines the records explain (by message, by location) and one they do not.
const LINES: [&str; 4] = [
    "2024-01-15 ERROR failure 42: connection refused",
    "thread 'main' panicked at src/m3.rs:47:5:",
    "ERROR lock poisoned in acme/r2",
    "",
];

type Loaded = (Vec<Entry>, Vec<Diagnostic>, Vec<Vec<Match>>);

fn load(data: &Path, cache: Option<&Cache>) -> Loaded {
    let spec = SourceSpec::Path(data.to_path_buf());
    let loaded = load_cached(&[spec], Options::default(), cache, &|_| {});
    let report = Triage::new(&loaded.dataset).scan(&loaded.dataset, LINES, 3);
    let answers = report.hits.into_iter().map(|h| h.matches).collect();
    (
        loaded.dataset.entries().to_vec(),
        loaded.diagnostics,
        answers,
    )
}

/// Whether a load from the cache reads the triage line index in place.
fn line_index_cached(data: &Path, cache: &Cache) -> bool {
    let spec = SourceSpec::Path(data.to_path_buf());
    let loaded = load_cached(&[spec], Options::default(), Some(cache), &|_| {});
    Triage::cached(&loaded.dataset).is_some()
}

/// Enough varied records to be cached, and a broken line so diagnostics are cached too.
fn write_data(path: &Path) {
    let mut text = String::new();
    for n in 0..600 {
        text.push_str(&format!(
            "{{\"id\":\"r{n}\",\"errorMessage\":\"failure {n}: connection refused\",\"repo\":\"acme/r{}\",\"filePath\":\"src/m{}.rs\",\"lineNumber\":{n},\"tags\":[\"t{}\",\"net\"]}}\n",
            n % 5,
            n % 11,
            n % 7
        ));
        if n == 300 {
            text.push_str("{\"id\": broken\n");
        }
    }
    std::fs::write(path, text).expect("write dataset");
}

fn the_cache_file(dir: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("cache dir")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "idx"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

#[cfg(unix)]
fn inode(path: &Path) -> u64 {
    std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(path).expect("stat"))
}

#[test]
fn flipped_bits_and_truncations_are_rebuilt_never_served() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("d.jsonl");
    write_data(&data);
    let cache = Cache::new(dir.path().join("cache"));
    let want = load(&data, None);
    assert_eq!(want.0.len(), 600);
    assert_eq!(want.1.len(), 1, "the broken line");
    assert!(want.2.len() >= 2, "lines the records explain: {:?}", want.2);
    assert_eq!(
        load(&data, Some(&cache)),
        want,
        "first load writes the cache"
    );
    let file = the_cache_file(cache.dir());
    let pristine = std::fs::read(&file).expect("read cache");
    #[cfg(unix)]
    {
        // An intact cache is served as it is, not rewritten.
        let before = inode(&file);
        assert_eq!(load(&data, Some(&cache)), want);
        assert_eq!(inode(&file), before, "an intact cache is used");
    }
    assert!(line_index_cached(&data, &cache), "with its line index");
    let mut rng = fastrand::Rng::with_seed(15);
    for case in 0..CASES {
        let mut bytes = pristine.clone();
        let what = if case % 4 == 3 {
            let keep = rng.usize(..bytes.len());
            bytes.truncate(keep);
            format!("truncated to {keep}")
        } else {
            let at = rng.usize(..bytes.len());
            let bit = rng.u8(..8);
            bytes[at] ^= 1 << bit;
            format!("bit {bit} of byte {at} flipped")
        };
        std::fs::write(&file, &bytes).expect("write cache");
        assert!(load(&data, Some(&cache)) == want, "case {case}: {what}");
        let rebuilt = std::fs::read(&file).expect("read cache");
        assert!(rebuilt == pristine, "case {case}: {what}: not rebuilt");
    }
}
