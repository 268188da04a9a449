//! `errdex scan` on a throw-away checkout: records on stdout, `code/` in the data folder
//! read by every command, ids that survive line moves, the summary, and bad input that is
//! reported on one line while the rest is scanned.

mod support;

use std::fs;

use serde_json::Value;
use support::shop::{LIB_RS, MAIN_GO, UTIL_C, by_message, checkout, records, scan};
use support::{Home, stderr, stdout};

#[test]
fn stdout_gives_one_record_per_site_with_its_place_in_the_checkout() {
    let home = Home::new();
    let (repo, sha) = checkout(&home);
    let out = scan(&home, &["--stdout"], &repo.dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let recs = records(&stdout(&out));
    assert_eq!(recs.len(), 4, "{recs:#?}");
    let disk = by_message(&recs, "disk full");
    assert_eq!(disk["repo"], "acme/shop");
    assert_eq!(disk["filePath"], "src/lib.rs");
    assert_eq!(disk["lineNumber"], 8);
    assert_eq!(disk["function"], "Disk::write");
    assert_eq!(disk["module"], "shop_core");
    assert_eq!(disk["scanKind"], "raise");
    assert_eq!(disk["analyzedSha"], sha.as_str());
    assert_eq!(
        disk["githubUrl"],
        format!("https://github.com/Acme/Shop/blob/{sha}/src/lib.rs#L8").as_str()
    );
    assert_eq!(disk["sourceCodeStart"], 1);
    assert!(
        disk["sourceCode"]
            .as_str()
            .is_some_and(|s| s.contains("\"disk full\""))
    );
    let warn = by_message(&recs, "only {free} bytes left");
    assert_eq!(warn["logger"], "shop::disk");
    assert_eq!(warn["severity"], "warning");
    let go = by_message(&recs, "cannot load {path}: {err}");
    assert_eq!(go["messagePattern"], "cannot load {}: {}");
    assert_eq!(go["function"], "main.load");
    assert_eq!(go["module"], "example.com/shop");
    let py = by_message(&recs, "connection to {host} refused");
    assert_eq!(py["logger"], "app.db");
    assert_eq!(py["tags"], serde_json::json!(["python", "app"]));
    assert!(
        stderr(&out).contains("acme/shop: 4 sites in 3 files"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_scan_lands_in_code_and_every_command_reads_it() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    let out = scan(&home, &[], &repo.dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("+4 new (errdex search is:new), 0 moved, 0 gone"),
        "{}",
        stderr(&out)
    );
    let file = home.data_dir().join("code/acme-shop.jsonl");
    let first = records(&fs::read_to_string(&file).expect("code/ written"));
    let search = home.run(&["search", "--json", "disk full"]);
    assert_eq!(search.status.code(), Some(0), "{}", stderr(&search));
    let hit: Value =
        serde_json::from_str(stdout(&search).lines().next().expect("a hit")).expect("json");
    assert_eq!(hit["id"], by_message(&first, "disk full")["id"]);

    // Two lines above every Rust site: the same ids, moved.
    fs::write(repo.dir.join("src/lib.rs"), format!("\n\n{LIB_RS}")).expect("write");
    let again = scan(&home, &[], &repo.dir);
    assert!(
        stderr(&again).contains("+0 new, 2 moved, 0 gone"),
        "{}",
        stderr(&again)
    );
    let moved = records(&fs::read_to_string(&file).expect("rewritten"));
    assert_eq!(by_message(&moved, "disk full")["lineNumber"], 10);
    assert_eq!(
        by_message(&moved, "disk full")["id"],
        by_message(&first, "disk full")["id"]
    );

    fs::remove_file(repo.dir.join("main.go")).expect("rm");
    let gone = scan(&home, &[], &repo.dir);
    assert!(
        stderr(&gone).contains("+0 new, 0 moved, 1 gone"),
        "{}",
        stderr(&gone)
    );
}

#[test]
fn bad_files_are_reported_on_one_line_and_the_rest_is_scanned() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    let dir = &repo.dir;
    fs::write(dir.join("src/blob.rs"), b"fn x() {}\0\0\0\x01binary").expect("write");
    let mut latin1 = b"fn f() { bail!(\"caf\xe9 closed\"); }\n".to_vec();
    latin1.extend_from_slice(b"// \xff\xfe\n");
    fs::write(dir.join("src/latin1.rs"), latin1).expect("write");
    fs::write(
        dir.join("broken.go"),
        "package main\nfunc ( {{{ \nfunc ok() { panic(\"still found\") }\n",
    )
    .expect("write");
    let big = "# generated\n".repeat(500_000);
    fs::write(dir.join("app/huge.py"), big).expect("write");
    // A 50 MB generated file (sparse): skipped by its size before a byte of it is read.
    let tables = fs::File::create(dir.join("src/tables.rs")).expect("create");
    tables.set_len(50 << 20).expect("50 MB");
    std::os::unix::fs::symlink(dir, dir.join("src/loop")).expect("symlink");
    let locked = dir.join("locked");
    fs::create_dir_all(&locked).expect("mkdir");
    fs::write(locked.join("x.py"), "raise ValueError('hidden')\n").expect("write");
    fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o000))
        .expect("chmod");
    // Root reads any folder: the unreadable case is checked only where it is unreadable.
    let unreadable = fs::read_dir(&locked).is_err();
    let out = scan(&home, &["--stdout"], dir);
    fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod back");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    if unreadable {
        assert!(err.contains("locked"), "{err}");
    }
    assert!(err.contains("src/blob.rs: skipped: binary"), "{err}");
    assert!(err.contains("app/huge.py: skipped: 5 MB"), "{err}");
    let tables: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("src/tables.rs"))
        .collect();
    assert_eq!(tables.len(), 1, "{err}");
    assert!(
        tables[0].ends_with("src/tables.rs: skipped: 50 MB, more than 4 MB (generated?)"),
        "{err}"
    );
    assert!(err.contains("broken.go:2: does not parse here"), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
    let recs = records(&stdout(&out));
    by_message(&recs, "caf\u{fffd} closed");
    by_message(&recs, "still found");
    by_message(&recs, "disk full");
}

#[test]
fn languages_and_globs_narrow_the_scan_and_bad_words_are_usage_errors() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    let only_go = scan(&home, &["--stdout", "--lang", "go"], &repo.dir);
    assert_eq!(records(&stdout(&only_go)).len(), 1);
    let no_py = scan(&home, &["--stdout", "--exclude", "app/**"], &repo.dir);
    assert_eq!(records(&stdout(&no_py)).len(), 3);
    let tests_too = scan(&home, &["--stdout", "--all-files"], &repo.dir);
    let all = records(&stdout(&tests_too));
    by_message(&all, "test only");
    let bad = scan(&home, &["--stdout", "--lang", "cobol"], &repo.dir);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--lang cobol"), "{}", stderr(&bad));
    let missing = scan(&home, &["--stdout"], &home.path("nowhere"));
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn out_writes_one_file_and_nothing_to_the_data_folder() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    let file = home.path("all.jsonl");
    let out = scan(&home, &["--out", file.to_str().expect("utf-8")], &repo.dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        records(&fs::read_to_string(&file).expect("written")).len(),
        4
    );
    assert!(!home.data_dir().join("code").exists());
    let shown = home.run(&["search", "--data", file.to_str().expect("utf-8"), "refused"]);
    assert_eq!(shown.status.code(), Some(0), "{}", stderr(&shown));
    let log = home.path("app.log");
    fs::write(
        &log,
        "2026-12-01T10:00:00Z ERROR connection to db-7 refused\n",
    )
    .expect("write");
    let triage = home.run(&[
        "triage",
        "--json",
        "--data",
        file.to_str().expect("utf-8"),
        log.to_str().expect("utf-8"),
    ]);
    assert_eq!(triage.status.code(), Some(0), "{}", stderr(&triage));
    let hit: Value =
        serde_json::from_str(stdout(&triage).lines().next().expect("a hit")).expect("json");
    assert_eq!(hit["via"], "code");
    assert_eq!(hit["filePath"], "app/db.py");
}

#[test]
fn a_rescan_parses_only_what_changed_and_follows_head() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    let file = home.data_dir().join("code/acme-shop.jsonl");
    scan(&home, &[], &repo.dir);
    let first = fs::read_to_string(&file).expect("written");
    let unchanged = scan(&home, &[], &repo.dir);
    assert!(
        stderr(&unchanged).contains("4 sites in 3 files"),
        "{}",
        stderr(&unchanged)
    );
    assert!(
        stderr(&unchanged).contains("+0 new, 0 moved, 0 gone"),
        "{}",
        stderr(&unchanged)
    );
    assert_eq!(fs::read_to_string(&file).expect("kept"), first);

    // A new site in one file; the other files' records are carried over as they were:
    // marked in the output (same length), the mark survives, so they were not parsed again.
    fs::write(&file, first.replace("\"disk full\"", "\"DISK FULL\"")).expect("mark");
    fs::write(
        repo.dir.join("main.go"),
        MAIN_GO.replace(
            "return fmt",
            "log.Errorf(\"retrying %s\", path)\n\treturn fmt",
        ),
    )
    .expect("write");
    let changed = scan(&home, &[], &repo.dir);
    let err = stderr(&changed);
    assert!(
        err.contains(
            "5 sites in 3 files (1 go, 1 python, 1 rust), +1 new (errdex search is:new), 1 moved, 0 gone"
        ),
        "{err}"
    );
    let now = records(&fs::read_to_string(&file).expect("rewritten"));
    by_message(&now, "retrying {path}");
    by_message(&now, "DISK FULL");

    // A new commit: unchanged files' records name it too.
    repo.git(&["add", "."]);
    repo.git(&["commit", "-q", "-m", "retry"]);
    let sha = repo.git(&["rev-parse", "HEAD"]).trim().to_string();
    scan(&home, &[], &repo.dir);
    let moved = records(&fs::read_to_string(&file).expect("rewritten"));
    assert!(
        moved.iter().all(|r| r["analyzedSha"] == sha.as_str()),
        "{moved:#?}"
    );
    let url = by_message(&moved, "DISK FULL")["githubUrl"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(url.contains(&sha), "{url}");
}

#[test]
fn the_config_adds_logging_functions_and_exclusions() {
    let home = Home::new();
    let (repo, _) = checkout(&home);
    fs::write(repo.dir.join("src/util.c"), UTIL_C).expect("write");
    home.write_config("[scan]\nlog_functions = [\"app_die\"]\nexclude = [\"app/**\"]\n");
    let out = scan(&home, &["--stdout"], &repo.dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let recs = records(&stdout(&out));
    let own = by_message(&recs, "config {path} missing");
    assert_eq!(own["errorType"], "app_die");
    assert_eq!(own["language"], "c");
    assert!(recs.iter().all(|r| r["language"] != "python"), "{recs:#?}");
}
