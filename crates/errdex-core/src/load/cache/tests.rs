use std::path::Path;

use super::*;
use crate::diag::Diagnostic;

fn entry(id: &str) -> Entry {
    Entry {
        id: id.into(),
        message: format!("message of {id}").into(),
        pattern: None,
        repo: Some("o/r".into()),
        file_path: Some("src/a.rs".into()),
        line_number: Some(12),
        severity: None,
        error_type: Some("E".into()),
        tags: vec!["rust".into(), "io".into()].into_boxed_slice(),
        // One of each, so the cache keeps the flag, not a constant.
        shared: id == "a",
        source: 0,
        start: 100,
        len: 50,
        line: 3,
    }
}

fn dataset_file(dir: &Path, fill: u8) -> (PathBuf, Vec<u8>) {
    let path = dir.join("data.jsonl");
    let bytes = vec![fill; MIN_CACHED_BYTES + 10];
    fs::write(&path, &bytes).expect("write");
    (path, bytes)
}

/// A cache folder in `dir` and the key of a dataset file beside it.
fn cache_and_key(dir: &Path) -> (Cache, Key) {
    let cache = Cache::new(dir.join("cache"));
    let (path, bytes) = dataset_file(dir, b' ');
    let key = Cache::key(&path, &bytes).expect("key");
    (cache, key)
}

#[test]
fn round_trips_and_renames_diagnostics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (cache, key) = cache_and_key(dir.path());
    let entries = vec![entry("a"), entry("b")];
    let diags = vec![Diagnostic::warning("old/name.jsonl", 4, "coerced")];
    assert!(cache.get(&key, "x").is_none());
    cache.put(&key, &entries, &diags);
    let (got, got_diags) = cache.get(&key, "data.jsonl").expect("hit");
    assert_eq!(got.to_entries(), entries);
    assert_eq!(
        got_diags,
        vec![Diagnostic::warning("data.jsonl", 4, "coerced")]
    );
}

#[test]
fn a_table_written_before_its_header_reads_as_one_written_in_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (cache, key) = cache_and_key(dir.path());
    let entries: Vec<Entry> = (0..40).map(|n| entry(&format!("r{n}"))).collect();
    let few = vec![Diagnostic::warning("d.jsonl", 4, "coerced")];
    // Enough diagnostics that the header would outgrow a room of 4 KiB: written in order;
    // a header that outgrows a room of 100 bytes: the table written there, then all again.
    let many: Vec<Diagnostic> = (0..200)
        .map(|n| Diagnostic::warning("d.jsonl", n, format!("a long warning about line {n}")))
        .collect();
    for (diags, room, at_room) in [(&few, 4096, true), (&many, 4096, false), (&few, 100, false)] {
        let written = |early: u64| {
            cache
                .try_put_early(&key, (&entries, diags), (early, room))
                .expect("written");
            fs::read(cache.file_for(&key)).expect("read")
        };
        let in_order = written(u64::MAX);
        let file = written(0);
        let (got, got_diags) = cache.get(&key, "d.jsonl").expect("hit");
        assert_eq!(got.to_entries(), entries);
        assert_eq!(&got_diags, diags);
        // The table at the room left for the header, or right after it as in order.
        let what = format!("{} diagnostics, room {room}", diags.len());
        assert_eq!(file != in_order, at_room, "{what}");
        assert_eq!(file.len() > in_order.len(), at_room, "{what}");
    }
}

#[test]
fn a_write_left_behind_is_removed_once_it_is_old() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cache = Cache::new(dir.path().join("cache"));
    fs::create_dir_all(cache.dir()).expect("cache dir");
    let (old, young) = (cache.dir().join(".idx.old"), cache.dir().join(".idx.young"));
    for f in [&old, &young] {
        fs::write(f, b"half written").expect("write");
    }
    let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    fs::File::options()
        .write(true)
        .open(&old)
        .and_then(|f| f.set_modified(two_hours_ago))
        .expect("set mtime");
    let (path, bytes) = dataset_file(dir.path(), b' ');
    let key = Cache::key(&path, &bytes).expect("key");
    assert!(cache.put(&key, &[entry("a")], &[]));
    assert!(!old.exists(), "a write a killed run left");
    assert!(young.exists(), "maybe another run's, still being written");
}

#[test]
fn a_changed_file_misses() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (cache, key) = cache_and_key(dir.path());
    cache.put(&key, &[entry("a")], &[]);
    // Same size, and possibly the same mtime on a coarse clock: the fingerprint differs.
    let (path, bytes) = dataset_file(dir.path(), b'\n');
    let changed = Cache::key(&path, &bytes).expect("key");
    assert_ne!(changed, key);
    assert!(cache.get(&changed, "data.jsonl").is_none());
}

#[test]
fn corrupt_or_truncated_files_miss() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (cache, key) = cache_and_key(dir.path());
    cache.put(&key, &[entry("a"), entry("b")], &[]);
    let file = cache.file_for(&key);
    let good = fs::read(&file).expect("read");
    for bad in [
        good[..good.len() - 7].to_vec(),
        b"garbage".to_vec(),
        Vec::new(),
        {
            let mut flipped = good.clone();
            flipped[8] ^= 0xff;
            flipped
        },
    ] {
        fs::write(&file, &bad).expect("write");
        assert!(cache.get(&key, "data.jsonl").is_none());
    }
}

#[test]
fn small_files_are_not_cached_and_clear_removes_only_ours() {
    let dir = tempfile::tempdir().expect("temp dir");
    let small = dir.path().join("small.jsonl");
    fs::write(&small, b"{}").expect("write");
    assert!(Cache::key(&small, &b"{}"[..]).is_none());

    let cache = Cache::new(dir.path().join("cache"));
    assert_eq!(cache.clear().expect("clear missing dir"), 0);
    let (path, bytes) = dataset_file(dir.path(), b' ');
    let key = Cache::key(&path, &bytes).expect("key");
    cache.put(&key, &[entry("a")], &[]);
    fs::write(cache.dir().join("keep.txt"), "mine").expect("write");
    assert_eq!(cache.clear().expect("clear"), 1);
    assert!(cache.get(&key, "x").is_none());
    assert!(cache.dir().join("keep.txt").exists());
}

#[test]
fn the_fingerprint_covers_small_files_whole_and_big_ones_throughout() {
    let differs = |bytes: &[u8], at: usize| {
        let mut edited = bytes.to_vec();
        edited[at] ^= 1;
        fingerprint(&edited) != fingerprint(bytes)
    };
    // Up to SAMPLES blocks of SAMPLE_BYTES the blocks touch or overlap: every byte counts.
    let small = vec![b'x'; SAMPLES * SAMPLE_BYTES];
    assert!((0..small.len()).step_by(997).all(|at| differs(&small, at)));
    // A bigger file: the ends and the sampled blocks in between (block k starts k/SAMPLES of
    // the way in: a half, a third, three quarters).
    let big = vec![b'x'; 8 << 20];
    let n = big.len();
    for at in [
        0,
        n - 1,
        n / 2,
        n / 2 + 100,
        n / 3 + 5,
        n / 4 * 3 + SAMPLE_BYTES - 1,
    ] {
        assert!(differs(&big, at), "{at}");
    }
}
