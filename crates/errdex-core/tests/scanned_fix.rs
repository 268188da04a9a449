//! The fix of a scanned site written as a team record (`N` in the browser): the draft is
//! filled in from the site, and once the record is written the site is hidden behind it
//! (same repository, file and message), so the error is listed once, with its fix.

use std::path::Path;

use errdex_core::dataset::Dataset;
use errdex_core::load::{self, SourceSpec};
use errdex_core::state::drafts::{self, Submitted};
use serde_json::{Value, json};

const SCANNED: &str = include_str!("../../../tests/fixtures/code/acme-shop.jsonl");
const SITE: &str = "scan-5f0c1a2b3c4d5e6f";

fn load(specs: &[SourceSpec]) -> Dataset {
    let loaded = load::load(specs, load::Options::default(), &|_| {});
    assert!(
        loaded.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        loaded.diagnostics
    );
    loaded.dataset
}

fn ids(ds: &Dataset) -> Vec<String> {
    ds.entries().iter().map(|e| e.id.to_string()).collect()
}

fn index_of(ds: &Dataset, id: &str) -> usize {
    ds.entries()
        .iter()
        .position(|e| e.id == id)
        .unwrap_or_else(|| panic!("{id} in {:?}", ids(ds)))
}

/// The data folder with a scan's output in `code/`.
fn data_folder(dir: &Path) -> std::path::PathBuf {
    let code = dir.join("code");
    std::fs::create_dir_all(&code).expect("mkdir");
    std::fs::write(code.join("acme-shop.jsonl"), SCANNED).expect("write scan");
    code
}

#[test]
fn the_fix_written_from_a_site_hides_the_site_and_keeps_the_others() {
    let dir = tempfile::tempdir().expect("temp dir");
    let code = data_folder(dir.path());
    let records = dir.path().join("records.jsonl");
    let before = load(&[SourceSpec::Path(code.clone())]);
    let site = before.record(index_of(&before, SITE)).expect("site reads");

    let template = drafts::site_template(&site);
    let draft = dir.path().join("draft.json");
    // Left as it was, the draft adds nothing: the fix is what the user writes.
    std::fs::write(&draft, &template).expect("write draft");
    assert!(matches!(
        drafts::submit(&draft, &template, &before, &records),
        Submitted::Unchanged
    ));
    let mut doc: Value = serde_json::from_str(&template).expect("template is JSON");
    doc["solutions"] = json!(["Create the config file, or point SHOP_CONFIG at it."]);
    std::fs::write(&draft, serde_json::to_string_pretty(&doc).expect("json")).expect("write");
    let Submitted::Added(docs) = drafts::submit(&draft, &template, &before, &records) else {
        panic!("the draft is added");
    };
    let new_id = docs[0].0.clone();
    assert_ne!(new_id, SITE, "the site keeps its id; the fix gets its own");

    let after = load(&[SourceSpec::Path(code), SourceSpec::Path(records)]);
    let listed = ids(&after);
    assert!(!listed.contains(&SITE.to_string()), "{listed:?}");
    assert!(listed.contains(&new_id), "{listed:?}");
    assert!(
        listed.contains(&"scan-9a8b7c6d5e4f3a2b".to_string()),
        "another site of the same repository stays: {listed:?}"
    );
    let fix = after.record(index_of(&after, &new_id)).expect("reads");
    assert_eq!(
        (fix.repo.as_deref(), fix.file_path.as_deref()),
        (Some("acme/shop"), Some("src/config.rs"))
    );
    assert_eq!(fix.message_pattern.as_deref(), Some("failed to open {}"));
    assert_eq!(fix.line_number, Some(3));
    assert_eq!(fix.solutions.len(), 1);
}

#[test]
fn a_record_for_another_file_hides_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let code = data_folder(dir.path());
    let records = dir.path().join("records.jsonl");
    let other = json!({"id": "team-1", "errorMessage": "failed to open {path}",
        "messagePattern": "failed to open {}", "repo": "acme/shop", "filePath": "src/other.rs"});
    std::fs::write(&records, format!("{other}\n")).expect("write");
    let after = load(&[SourceSpec::Path(code), SourceSpec::Path(records)]);
    assert!(ids(&after).contains(&SITE.to_string()));
}
