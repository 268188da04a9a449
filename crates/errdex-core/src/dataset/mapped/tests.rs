use super::*;
use crate::dataset::Entry;
use crate::dataset::entry::TagNames;
use crate::dataset::mapped_write::write;
use crate::record::Record;

fn entry(id: &str, msg: &str, path: Option<&str>, tags: &[&str]) -> Entry {
    let r = Record {
        id: id.into(),
        error_message: msg.into(),
        file_path: path.map(Into::into),
        repo: Some("o/r".into()),
        line_number: id.len().is_multiple_of(2).then_some(7),
        tags: tags.iter().map(ToString::to_string).collect(),
        ..Record::default()
    };
    Entry::from_record(r, 0, 10, 40, 3)
}

fn table(entries: &[Entry]) -> Table {
    let (layout, bytes) = write(entries).expect("fits");
    Table::new(bytes.into(), layout).expect("a table")
}

#[test]
fn every_field_reads_back_as_written() {
    let mut es = [
        entry("a1", "boom", Some("src/a.rs"), &["rust", "io"]),
        entry("b", "bang é", None, &[]),
        entry("a1", "pow", Some(""), &["io", "io"]),
    ];
    // Facets read from the vocabularies: one record has them all, one shares a value.
    es[1].severity = Some("warning".into());
    es[1].error_type = Some("TypeError".into());
    es[2].severity = Some("warning".into());
    let t = table(&es);
    assert_eq!(t.len(), 3);
    assert_eq!(t.to_entries(), es);
    assert_eq!(t.vocabulary(0).collect::<Vec<_>>(), ["rust", "io"]);
    assert_eq!(t.by_id(), [0, 2, 1]);
    assert_eq!(t.duplicates(), [[0, 2]]);
    assert_eq!(t.facet_ids(0)[1], NO_VALUE, "no severity");
    let span = t.spans()[0];
    assert_eq!(t.bytes_of(span.path), b"src/a.rs");
    assert_eq!(span.masks[0], byte_mask(b"boom"));
}

#[test]
fn a_layout_that_does_not_fit_its_bytes_is_refused() {
    let es = [entry("a", "boom", None, &["x"])];
    let (layout, bytes) = write(&es).expect("fits");
    // Cut into the last section (the table is padded after it to a multiple of 8).
    let (offset, len) = *layout.sections.last().expect("sections");
    let short = bytes[..(offset + len) as usize - 1].to_vec();
    assert!(
        Table::new(short.into(), layout.clone()).is_none(),
        "truncated"
    );
    let mut moved = layout.clone();
    moved.sections[1].0 += 4;
    assert!(
        Table::new(bytes.clone().into(), moved).is_none(),
        "misaligned"
    );
    let mut fewer = layout.clone();
    fewer.sections.pop();
    assert!(
        Table::new(bytes.clone().into(), fewer).is_none(),
        "a section missing"
    );
    let mut vocab = layout;
    vocab.vocab[0] += 1;
    assert!(
        Table::new(bytes.into(), vocab).is_none(),
        "vocabulary sizes"
    );
}

#[test]
fn strings_that_lie_read_as_empty_not_a_panic() {
    let es = [entry("a", "boom", None, &["x"])];
    let t = table(&es);
    assert_eq!(
        t.str_of(StrRef {
            off: u32::MAX,
            len: 5
        }),
        ""
    );
    assert_eq!(
        t.str_of(StrRef {
            off: 0,
            len: u32::MAX - 1
        }),
        ""
    );
    assert_eq!(t.tag(9), "");
    assert_eq!(t.vocab_value(7, 0), "");
    assert!(t.entry(1, 0).is_none());
}

#[test]
fn byte_masks_reject_only_what_cannot_match() {
    let hay = byte_mask(b"Connection refused (src/net.rs)");
    for needle in ["conn", "CONN", "refused", "src/", "(", "net.rs"] {
        assert_eq!(byte_mask(needle.as_bytes()) & !hay, 0, "{needle}");
    }
    for needle in ["x", "9", "[", "é"] {
        assert_ne!(byte_mask(needle.as_bytes()) & !hay, 0, "{needle}");
    }
}
