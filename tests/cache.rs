//! The index cache through the real binary: used when current, rebuilt when the dataset
//! changes or the cache is damaged, emptied by `cache --clear`.

mod support;

use std::path::PathBuf;

use support::{Home, record_count, stderr, stdout, write_dataset};

/// Enough records to pass the size below which files are not cached.
const RECORDS: usize = 1500;

fn cache_files(home: &Home) -> Vec<PathBuf> {
    match std::fs::read_dir(home.cache_dir()) {
        Ok(dir) => dir
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "idx"))
            .collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
fn a_warm_start_uses_the_cache_and_a_change_invalidates_it() {
    let home = Home::new();
    let data = home.path("d.jsonl");
    write_dataset(&data, "rec", RECORDS);
    let arg = data.to_str().expect("utf-8");
    let o = home.run(&["stats", "--json", "--data", arg]);
    assert_eq!(record_count(&o), RECORDS as u64);
    let files = cache_files(&home);
    assert_eq!(files.len(), 1);
    let written = std::fs::read(&files[0]).expect("read cache");

    // Served from the cache: same answer, the cache file is not rewritten.
    let o = home.run(&["show", "--data", arg, "rec-00042"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("failure number 42"));
    assert_eq!(std::fs::read(&files[0]).expect("read cache"), written);

    // The same size, other content: the ids change and the cache must notice.
    write_dataset(&data, "abc", RECORDS);
    let o = home.run(&["show", "--data", arg, "abc-00042"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("failure number 42 in abc"));
    // A longer file.
    write_dataset(&data, "abc", RECORDS + 10);
    let o = home.run(&["stats", "--json", "--data", arg]);
    assert_eq!(record_count(&o), RECORDS as u64 + 10);
    assert_eq!(cache_files(&home).len(), 1, "one index per dataset file");
}

#[test]
fn a_corrupt_cache_is_rebuilt_silently() {
    let home = Home::new();
    let data = home.path("d.jsonl");
    write_dataset(&data, "rec", RECORDS);
    let arg = data.to_str().expect("utf-8");
    home.run(&["stats", "--json", "--data", arg]);
    let files = cache_files(&home);
    std::fs::write(&files[0], b"ERRDEXIX\x01\0\0\0garbage").expect("write");
    let o = home.run(&["stats", "--json", "--data", arg]);
    assert!(o.status.success());
    assert_eq!(record_count(&o), RECORDS as u64);
    assert_eq!(stderr(&o), "");
    assert!(
        std::fs::read(&files[0]).expect("read").len() > 100,
        "rewritten"
    );
}

#[test]
fn diagnostics_come_back_from_the_cache() {
    let home = Home::new();
    let data = home.path("d.jsonl");
    write_dataset(&data, "rec", RECORDS);
    let mut text = std::fs::read_to_string(&data).expect("read");
    text.push_str("{\"id\": \"broken\"}\n");
    std::fs::write(&data, text).expect("write");
    let arg = data.to_str().expect("utf-8");
    let cold = home.run(&["stats", "--data", arg]);
    let warm = home.run(&["stats", "--data", arg]);
    assert!(stderr(&cold).contains(":1501: error:"), "{}", stderr(&cold));
    assert_eq!(stderr(&warm), stderr(&cold));
    assert_eq!(stdout(&warm), stdout(&cold));
}

#[test]
fn the_index_of_a_file_that_is_gone_goes_when_another_is_written() {
    let home = Home::new();
    let (old, new) = (home.path("old.jsonl"), home.path("new.jsonl"));
    write_dataset(&old, "old", RECORDS);
    write_dataset(&new, "new", RECORDS);
    home.run(&["stats", "--data", old.to_str().expect("utf-8")]);
    assert_eq!(cache_files(&home).len(), 1);
    // A synced version replaced by the next one: its folder is deleted.
    std::fs::remove_file(&old).expect("rm");
    let o = home.run(&["stats", "--data", new.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let left = cache_files(&home);
    assert_eq!(left.len(), 1, "{left:?}");
    // The one left is the new file's: a warm start uses it.
    let o = home.run(&["stats", "--json", "--data", new.to_str().expect("utf-8")]);
    assert_eq!(record_count(&o), RECORDS as u64);
    assert_eq!(cache_files(&home), left);
}

#[test]
fn cache_clear_empties_it() {
    let home = Home::new();
    let data = home.path("d.jsonl");
    write_dataset(&data, "rec", RECORDS);
    home.run(&["stats", "--data", data.to_str().expect("utf-8")]);
    assert_eq!(cache_files(&home).len(), 1);
    let o = home.run(&["cache"]);
    assert!(stdout(&o).contains("1 cached indexes"), "{}", stdout(&o));
    let o = home.run(&["cache", "--clear"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).starts_with("removed 1 cached indexes"),
        "{}",
        stdout(&o)
    );
    assert!(cache_files(&home).is_empty());
}

#[test]
fn a_same_size_edit_in_the_middle_with_the_old_mtime_is_not_served_stale() {
    use std::io::{Seek, SeekFrom, Write};
    let home = Home::new();
    let data = home.path("d.jsonl");
    write_dataset(&data, "rec", RECORDS);
    let arg = data.to_str().expect("utf-8");
    home.run(&["stats", "--json", "--data", arg]);
    assert_eq!(cache_files(&home).len(), 1);
    let meta = std::fs::metadata(&data).expect("stat");
    let text = std::fs::read_to_string(&data).expect("read");
    let mid = RECORDS / 2;
    let at = text
        .find(&format!("rec-{mid:05}"))
        .expect("the middle record");
    assert!(
        at > 64 << 10 && at + (64 << 10) < text.len(),
        "past both ends"
    );
    // Rewritten in place, the same size, the modification time set back.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(&data)
        .expect("open");
    file.seek(SeekFrom::Start(at as u64)).expect("seek");
    file.write_all(b"new").expect("write");
    file.set_modified(meta.modified().expect("mtime"))
        .expect("set mtime");
    drop(file);
    let after = std::fs::metadata(&data).expect("stat");
    assert_eq!(after.len(), meta.len());
    assert_eq!(after.modified().ok(), meta.modified().ok());
    let o = home.run(&["show", "--data", arg, &format!("new-{mid:05}")]);
    assert!(o.status.success(), "served stale: {}", stderr(&o));
    assert_eq!(stderr(&o), "");
}
