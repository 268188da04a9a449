//! The laid-out index: what was built is what is read, and a buffer that lies is refused or
//! read as empty, never a panic.

use super::*;
use crate::dataset::{Entries, Entry};

fn entry(id: &str, message: &str, path: Option<&str>, line: Option<i64>) -> Entry {
    Entry {
        id: id.into(),
        message: message.into(),
        pattern: None,
        repo: Some("acme/net".into()),
        file_path: path.map(Into::into),
        line_number: line,
        severity: None,
        error_type: None,
        tags: Box::new([]),
        shared: false,
        source: 0,
        start: 0,
        len: 0,
        line: 0,
    }
}

fn sample() -> Vec<Entry> {
    vec![
        entry(
            "b",
            "connection refused by upstream pool 10.0.0.1",
            Some("src/net/pool.rs"),
            Some(12),
        ),
        entry("a", "normal", None, None),
        entry(
            "c",
            "connection refused by upstream pool 10.0.0.2",
            Some("src/net/pool.rs"),
            None,
        ),
        entry("d", "data address: 0x1f", Some("lib/x.go"), Some(7)),
    ]
}

fn index(entries: &[Entry]) -> Index {
    Index::build(Entries::from(entries))
}

#[test]
fn a_forms_words_are_its_distinct_words_without_variables() {
    let es = [entry("a", "retry 17 of retry failed", None, None)];
    let i = index(&es);
    let form = i.form(0);
    assert!(form.tokens.contains(&VAR), "{:?}", form.tokens);
    let mut want: Vec<u32> = ["retry", "of", "failed"].map(|w| i.word(w)).to_vec();
    assert!(!want.contains(&UNKNOWN));
    want.sort_unstable();
    assert_eq!(*form.words(), want);
}

#[test]
fn lookups_find_what_was_built() {
    let i = index(&sample());
    assert_eq!((i.records(), i.form_count()), (4, 3));
    let refused = i.word("refused");
    assert_ne!(refused, UNKNOWN);
    assert_eq!(i.word("nowhere"), UNKNOWN);
    assert_eq!(i.word(""), UNKNOWN);
    assert_eq!(i.postings(refused), [0]);
    assert_eq!(i.records_of(0), [0, 2], "records of a form in id order");
    assert_eq!(i.record_forms(1), [1, NONE]);
    assert_eq!(i.whole(&[i.word("normal")]), [1]);
    assert!(i.is_whole_tail(&[i.word("normal")]));
    assert!(i.whole(&[refused]).is_empty());
    assert_eq!(i.records_in_file("pool.rs"), [0, 2]);
    let mut words: Vec<u32> = ["connection", "refused", "by", "upstream", "pool"]
        .map(|w| i.word(w))
        .to_vec();
    words.sort_unstable();
    assert_eq!(*i.form(0).words(), words, "distinct, sorted, no variables");
    assert_eq!((i.rank(1), i.rank(0)), (0, 1), "ids a < b");
    let group = i.group_of(3).expect("a group");
    assert_eq!(i.group(group), [3]);
    assert!(i.group_of(9).is_none());
    let form = i.form(0);
    assert_eq!(form.word_count, 5);
    assert!(form.weight > 0.0);
    assert!(i.form(99).tokens.is_empty());
}

#[test]
fn the_same_records_lay_out_the_same_bytes() {
    assert_eq!(index(&sample()).bytes(), index(&sample()).bytes());
}

#[test]
fn no_records_index_nothing() {
    let i = index(&[]);
    assert_eq!((i.records(), i.form_count()), (0, 0));
    assert_eq!(i.word("x"), UNKNOWN);
    assert!(i.anchored(gram(&[0])).is_empty());
}

fn read(bytes: &[u8]) -> Option<Index> {
    let mut words = vec![0u64; bytes.len().div_ceil(8)];
    bytemuck::cast_slice_mut::<u64, u8>(&mut words)[..bytes.len()].copy_from_slice(bytes);
    let len = bytes.len();
    struct Cut(Vec<u64>, usize);
    impl AsRef<[u8]> for Cut {
        fn as_ref(&self) -> &[u8] {
            &bytemuck::cast_slice(&self.0)[..self.1]
        }
    }
    Index::read(Arc::new(Cut(words, len)))
}

#[test]
fn a_cut_or_garbled_buffer_is_refused_or_reads_empty() {
    let good = index(&sample()).bytes().to_vec();
    assert!(read(&good).is_some());
    for cut in [0, 7, 8, 100, good.len() / 2, good.len() - 1] {
        assert!(read(&good[..cut]).is_none(), "cut at {cut}");
    }
    // Whatever a byte says, reading and looking up never panics.
    let mut rng = fastrand::Rng::with_seed(26);
    for _ in 0..300 {
        let mut bad = good.clone();
        for _ in 0..4 {
            let at = rng.usize(..bad.len());
            bad[at] = rng.u8(..);
        }
        if let Some(i) = read(&bad) {
            for w in ["connection", "normal", "pool", "x"] {
                let id = i.word(w);
                let _ = (i.postings(id), i.form(id), i.records_of(id), i.whole(&[id]));
            }
            let _ = (i.records_in_file("pool.rs"), i.form(0).words(), i.group(0));
        }
    }
}

#[test]
fn a_full_lookup_table_ends() {
    let full = [0u32, 1, 2, 3];
    assert_eq!(layout::probe(&full, 5, |_| false), None);
    assert_eq!(layout::probe(&full, 5, |id| id == 3), Some(3));
    assert_eq!(
        layout::probe(&[0, 1, 2], 5, |_| true),
        None,
        "not a power of two"
    );
}
