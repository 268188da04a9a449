//! A rescan reuses a file's records only when the same rules found them: a `log_functions`
//! added to the config (or a new release of the scanner) finds the new sites in files that
//! did not change.

mod support;

use std::fs;

use support::shop::{UTIL_C, checkout, records, scan};
use support::{Home, stderr};

#[test]
fn a_logging_function_added_to_the_config_is_found_in_unchanged_files() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    fs::write(repo.dir.join("src/util.c"), UTIL_C).expect("write");
    let first = scan(&home, &[], &repo.dir);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let output = home.path("data/errdex/code/acme-shop.jsonl");
    let before = records(&fs::read_to_string(&output).expect("code/ written"));
    assert!(
        before.iter().all(|r| r["errorType"] != "app_die"),
        "{before:#?}"
    );

    home.write_config("[scan]\nlog_functions = [\"app_die\"]\n");
    let again = scan(&home, &[], &repo.dir);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(stderr(&again).contains("+1 new"), "{}", stderr(&again));
    let after = records(&fs::read_to_string(&output).expect("code/ written"));
    assert!(
        after
            .iter()
            .any(|r| r["errorMessage"] == "config {path} missing"),
        "{after:#?}"
    );
    assert_eq!(after.len(), before.len() + 1);

    // The same rules again: nothing new, nothing gone.
    let same = scan(&home, &[], &repo.dir);
    assert!(
        stderr(&same).contains("+0 new, 0 moved, 0 gone"),
        "{}",
        stderr(&same)
    );
}
