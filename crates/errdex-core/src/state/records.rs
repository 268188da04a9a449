//! The team's own records file (`write_to`, JSON Lines): opened with the datasets, appended to
//! by `errdex new` and `errdex add` under a lock, so two errdex at once lose nothing.

use std::collections::HashSet;
use std::path::Path;

use serde_json::Value;

use super::file::StateFile;
use crate::load::SourceSpec;

/// Adds the records file to `specs` unless a dataset already names it (the file itself, or a
/// directory it is in). A file not written yet is no source at all.
pub fn add_spec(specs: &mut Vec<SourceSpec>, own: &Path) {
    let Ok(own) = own.canonicalize() else {
        return;
    };
    if !own.is_file() {
        return;
    }
    let included = specs.iter().any(|spec| match spec {
        SourceSpec::Path(p) => p.canonicalize().is_ok_and(|p| own.starts_with(p)),
        _ => false,
    });
    if !included {
        specs.push(SourceSpec::Path(own));
    }
}

/// The id of a document (a record, or a wrapper holding one), if it has one.
pub fn document_id(doc: &Value) -> Option<&str> {
    let record = doc.get("record").filter(|r| r.is_object()).unwrap_or(doc);
    record.get("id")?.as_str()
}

/// Appends documents (each with its id) to the records file at `path`, one compact line each.
/// Under the lock the file is read again: an id that another errdex added meanwhile is an
/// error unless `replace`, and then nothing is written.
pub fn append(path: &Path, docs: &[(String, Value)], replace: bool) -> Result<(), String> {
    let mut lines = String::new();
    for (_, doc) in docs {
        let line = serde_json::to_string(doc).map_err(|e| e.to_string())?;
        lines.push_str(&line);
        lines.push('\n');
    }
    let check = |old: &[u8]| {
        if replace {
            return Ok(());
        }
        let present: HashSet<String> = old
            .split(|&b| b == b'\n')
            .filter_map(|line| serde_json::from_slice::<Value>(line).ok())
            .filter_map(|doc| document_id(&doc).map(str::to_string))
            .collect();
        match docs.iter().find(|(id, _)| present.contains(id)) {
            Some((id, _)) => Err(format!(
                "id `{id}` is already in {} (added meanwhile?); use --replace to shadow it",
                path.display()
            )),
            None => Ok(()),
        }
    };
    StateFile::at(path).append(&lines, check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn appends_lines_and_refuses_an_id_already_there() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("sub/records.jsonl");
        let a = ("a".to_string(), json!({"id": "a", "errorMessage": "x"}));
        append(&path, std::slice::from_ref(&a), false).expect("first");
        let again = append(&path, std::slice::from_ref(&a), false).expect_err("dup");
        assert!(again.contains("already in"), "{again}");
        append(&path, &[a], true).expect("replace");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(text.lines().count(), 2);
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn the_file_is_added_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        let own = dir.path().join("records.jsonl");
        let mut specs = vec![crate::sample::spec()];
        add_spec(&mut specs, &own);
        assert_eq!(specs.len(), 1, "a missing file is no source");
        std::fs::write(&own, "").expect("write");
        add_spec(&mut specs, &own);
        assert_eq!(specs.len(), 2);
        let mut in_dir = vec![SourceSpec::Path(dir.path().to_path_buf())];
        add_spec(&mut in_dir, &own);
        assert_eq!(in_dir.len(), 1, "the dataset folder already holds it");
    }
}
