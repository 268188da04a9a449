//! A curated or team record for the same repository, file and message as a scanned site is
//! shown instead of it, with the statement's place in the code now when the code moved.

mod support;

use std::fs;

use serde_json::Value;
use support::shop::{LIB_RS, checkout, scan};
use support::{Home, stderr, stdout};

#[test]
fn a_team_record_for_the_same_site_hides_the_scanned_one() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    let out = scan(&home, &[], &repo.dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let team = home.path("team.json");
    fs::write(
        &team,
        r#"{"id":"team-disk","errorMessage":"disk full","repo":"acme/shop","filePath":"src/lib.rs","lineNumber":8,"solutions":["free some space"]}"#,
    )
    .expect("write");
    let added = home.run(&["add", team.to_str().expect("utf-8")]);
    assert_eq!(added.status.code(), Some(0), "{}", stderr(&added));
    let search = home.run(&["search", "--json", "disk full"]);
    let ids: Vec<String> = stdout(&search)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json")["id"].to_string())
        .collect();
    assert_eq!(ids, ["\"team-disk\""], "{}", stdout(&search));
    // The other sites of the scan are still there.
    let other = home.run(&["search", "--json", "cannot load"]);
    assert_eq!(other.status.code(), Some(0), "{}", stderr(&other));
    // `show` says where the statement is in the code.
    let show = home.run(&["show", "team-disk"]);
    assert!(
        stdout(&show).contains("In the code: src/lib.rs:8 (the same line"),
        "{}",
        stdout(&show)
    );
    // The code moves three lines down: the record is still what is shown, with the line and
    // snippet of today's code.
    fs::write(repo.dir.join("src/lib.rs"), format!("//\n//\n//\n{LIB_RS}")).expect("write");
    let out = scan(&home, &[], &repo.dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let show = home.run(&["show", "team-disk"]);
    let text = stdout(&show);
    assert!(
        text.contains("In the code now: src/lib.rs:11 (moved from line 8"),
        "{text}"
    );
    assert!(
        text.contains(
            ">   11 |             return Err(io::Error::new(io::ErrorKind::Other, \"disk full\"));"
        ),
        "{text}"
    );
    let json: Value = serde_json::from_str(&stdout(&home.run(&[
        "show",
        "--format",
        "json",
        "team-disk",
    ])))
    .expect("json");
    assert_eq!(json["id"], "team-disk");
    assert_eq!(json["lineNumber"], 8);
    assert_eq!(json["codeSite"]["lineNumber"], 11);
    assert_eq!(json["codeSite"]["moved"], true);
    assert_eq!(json["codeSite"]["filePath"], "src/lib.rs");
    let search = home.run(&["search", "--json", "disk full"]);
    assert_eq!(stdout(&search).lines().count(), 1, "{}", stdout(&search));
}
