use super::*;
use crate::dataset::Entry;
use crate::facets::Facets;
use crate::record::Record;

fn entry(msg: &str, path: Option<&str>, tags: &[&str]) -> Entry {
    let r = Record {
        id: "i".into(),
        error_message: msg.into(),
        file_path: path.map(Into::into),
        tags: tags.iter().map(ToString::to_string).collect(),
        ..Record::default()
    };
    Entry::from_record(r, 0, 0, 0, 1)
}

#[test]
fn gives_back_each_field_of_each_record() {
    let es = [
        entry("boom", Some("src/a.rs"), &["rust", "io"]),
        entry("bang", None, &[]),
        entry("pow", None, &["io"]),
    ];
    let mut index = Index::build(&es[..1]);
    index.extend(&es);
    assert_eq!(index.len(), 3);
    assert_eq!(
        index.reader().searched(2).tags,
        [1],
        "a tag seen before keeps its id"
    );
    assert_eq!(index.vocabulary().count(), 2);
    let mut seen = Vec::new();
    for i in 0..2 {
        for (f, v, _) in index.reader().searched(i).fields(true, true) {
            seen.push((i, f, String::from_utf8_lossy(v).into_owned()));
        }
        for &t in index.reader().searched(i).tags {
            let tag = index.vocabulary().nth(t as usize).unwrap().to_string();
            seen.push((i, Field::Tag(t as usize), tag));
        }
    }
    let want = [
        (0, Field::Message, "boom"),
        (0, Field::Path, "src/a.rs"),
        (0, Field::Tag(0), "rust"),
        (0, Field::Tag(1), "io"),
        (1, Field::Message, "bang"),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|(i, f, v)| (*i, *f, v.to_string()))
        .collect();
    assert_eq!(seen, want);
}

#[test]
fn counts_facets_as_the_entries_would() {
    let ds = crate::load::load(
        &[crate::sample::spec()],
        crate::load::Options::default(),
        &|_| {},
    )
    .dataset;
    let index = Index::build(ds.entries());
    let all: Vec<u32> = (0..ds.len() as u32).collect();
    let some: Vec<u32> = all.iter().copied().filter(|i| i % 3 == 1).collect();
    let backwards: Vec<u32> = some.iter().rev().copied().collect();
    for indices in [&all[..], &some[..], &backwards[..], &[][..]] {
        let entries = indices.iter().map(|&i| ds.entries().at(i as usize));
        let want = Facets::count(entries);
        assert_eq!(index.facets(indices), want);
    }
    let whole = index.facets(&all);
    assert!(
        whole.by_tag.len() > 5 && whole.by_repo.len() > 1,
        "{whole:?}"
    );
}

#[test]
fn records_parsed_then_read_from_the_cache_are_not_extended_row_by_row() {
    use crate::dataset::mapped::Table;
    use crate::dataset::{Dataset, Rows, mapped_write};
    let es = [
        entry("boom", Some("src/a.rs"), &["rust"]),
        entry("bang", None, &[]),
        entry("pow", None, &["io"]),
    ];
    let (layout, bytes) = mapped_write::write(&es).expect("laid out");
    let table = Table::new(bytes.into(), layout).expect("a table");
    let mapped = Dataset::of_rows(Rows::Mapped(Arc::new(table)));
    let parsed_so_far = Index::build(&es[..2]);
    assert!(!parsed_so_far.extends_whole(mapped.entries()));
    assert!(Index::build(&es[..0]).extends_whole(mapped.entries()));
    assert!(Index::build(mapped.entries()).extends_whole(mapped.entries()));
    assert!(
        parsed_so_far.extends_whole(&es[..]),
        "parsed records grow row by row"
    );
}
