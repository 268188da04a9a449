//! Counts by severity, repo, error type and tag over a set of records.

use foldhash::HashMap;

use crate::dataset::EntryRef;

/// Each facet lists `(value, count)`, most frequent first, ties by value.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Facets {
    pub by_repo: Vec<(String, usize)>,
    pub by_severity: Vec<(String, usize)>,
    pub by_error_type: Vec<(String, usize)>,
    pub by_tag: Vec<(String, usize)>,
}

/// A record without the field counts under this name.
pub const NONE: &str = "(none)";

impl Facets {
    pub fn count<'a>(entries: impl IntoIterator<Item = EntryRef<'a>>) -> Facets {
        let mut repo: HashMap<&str, usize> = HashMap::default();
        let mut severity: HashMap<&str, usize> = HashMap::default();
        let mut error_type: HashMap<&str, usize> = HashMap::default();
        let mut tag: HashMap<&str, usize> = HashMap::default();
        for e in entries {
            *repo.entry(e.repo.unwrap_or(NONE)).or_default() += 1;
            *severity.entry(e.severity.unwrap_or(NONE)).or_default() += 1;
            *error_type.entry(e.error_type.unwrap_or(NONE)).or_default() += 1;
            for t in e.tags.iter() {
                *tag.entry(t).or_default() += 1;
            }
        }
        Facets {
            by_repo: ranked(repo),
            by_severity: ranked(severity),
            by_error_type: ranked(error_type),
            by_tag: ranked(tag),
        }
    }
}

fn ranked(counts: HashMap<&str, usize>) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = counts
        .into_iter()
        .map(|(k, n)| (k.to_string(), n))
        .collect();
    sort_ranked(&mut v);
    v
}

/// A facet's order: most frequent first, ties by value.
pub fn sort_ranked(v: &mut [(String, usize)]) {
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::{Entries, Entry};
    use crate::record::Record;

    fn entry(repo: Option<&str>, tags: &[&str]) -> Entry {
        let r = Record {
            id: "i".into(),
            error_message: "m".into(),
            repo: repo.map(Into::into),
            tags: tags.iter().map(ToString::to_string).collect(),
            ..Record::default()
        };
        Entry::from_record(r, 0, 0, 0, 1)
    }

    #[test]
    fn counts_most_frequent_first() {
        let es = [
            entry(Some("b"), &["x", "y"]),
            entry(Some("a"), &["y"]),
            entry(None, &[]),
        ];
        let f = Facets::count(Entries::from(&es));
        assert_eq!(f.by_tag, [("y".to_string(), 2), ("x".to_string(), 1)]);
        assert_eq!(f.by_repo[0], (NONE.to_string(), 1));
        assert_eq!(f.by_repo.len(), 3);
        assert_eq!(f.by_severity, [(NONE.to_string(), 3)]);
    }
}
