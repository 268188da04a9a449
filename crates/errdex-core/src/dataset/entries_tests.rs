//! `Entries::location` over owned and mapped parts: what triage reads a record's place from.

use std::sync::Arc;

use super::mapped::Table;
use super::{Dataset, Entry, Rows, mapped_write};
use crate::record::Record;
use crate::source::{Bytes, Source};

fn entry(id: &str, path: Option<&str>, line: Option<i64>) -> Entry {
    let r = Record {
        id: id.into(),
        error_message: format!("message of {id}"),
        file_path: path.map(Into::into),
        line_number: line,
        severity: Some("error".into()),
        ..Record::default()
    };
    Entry::from_record(r, 0, 0, 0, 1)
}

fn source() -> Source {
    Source {
        name: "<test>".into(),
        bytes: Bytes::Static(b""),
        extension: None,
    }
}

#[test]
fn a_records_place_reads_the_same_owned_mapped_and_in_parts() {
    let owned = vec![
        entry("a", Some("src/a.rs"), Some(12)),
        entry("b", None, Some(3)),
        entry("c", Some("src/c.rs"), None),
    ];
    let mapped = vec![
        entry("d", Some("lib/d.go"), Some(7)),
        entry("e", None, None),
        entry("f", Some("f.py"), None),
    ];
    let (layout, bytes) = mapped_write::write(&mapped).expect("laid out");
    let table = Table::new(bytes.into(), layout).expect("a table");
    let mut ds = Dataset::default();
    ds.push_source(source(), Rows::Owned(owned.clone()));
    ds.push_source(source(), Rows::Mapped(Arc::new(table)));
    let all = ds.entries();
    let want = [
        Some(("src/a.rs", Some(12))),
        None,
        Some(("src/c.rs", None)),
        Some(("lib/d.go", Some(7))),
        None,
        Some(("f.py", None)),
    ];
    let got: Vec<_> = (0..6).map(|i| all.location(i)).collect();
    assert_eq!(got, want);
    assert_eq!(all.location(6), None, "past the end");
    let slice = super::Entries::from(&owned);
    let got: Vec<_> = (0..3).map(|i| slice.location(i)).collect();
    assert_eq!(got, want[..3]);
    // The whole view says the same.
    for (i, want) in want.iter().enumerate() {
        let e = all.get(i).expect("a record");
        assert_eq!(e.file_path.map(|p| (p, e.line_number)), *want, "record {i}");
    }
}
