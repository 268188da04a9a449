//! `errdex search` with what the user configured and kept: `[ranking]` weights from the config
//! file change the order; `is:pinned` and `is:recent` read the data folder.

mod support;

use support::{Home, stderr, stdout};

/// Two records that match "timeout" as a whole word: one in its message, one in a tag.
fn setup() -> (Home, String) {
    let home = Home::new();
    let path = home.path("d.jsonl");
    let text = concat!(
        "{\"id\":\"in-message\",\"errorMessage\":\"timeout waiting for the pool\",\"tags\":[\"db\"]}\n",
        "{\"id\":\"in-tag\",\"errorMessage\":\"worker stalled on the pool\",\"tags\":[\"timeout\"]}\n",
        "{\"id\":\"other\",\"errorMessage\":\"disk full\",\"tags\":[\"io\"]}\n",
    );
    std::fs::write(&path, text).expect("write dataset");
    let data = path.to_str().expect("utf-8").to_string();
    (home, data)
}

fn ids(home: &Home, data: &str, query: &str) -> Vec<String> {
    let o = home.run(&["search", "--data", data, query]);
    assert!(o.status.code() != Some(2), "{}", stderr(&o));
    stdout(&o)
        .lines()
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect()
}

#[test]
fn ranking_weights_from_the_config_change_the_order() {
    let (home, data) = setup();
    assert_eq!(ids(&home, &data, "timeout"), ["in-message", "in-tag"]);
    home.write_config("[ranking]\nmessage = 1\ntags = 3\n");
    assert_eq!(ids(&home, &data, "timeout"), ["in-tag", "in-message"]);
    home.write_config("[ranking]\nmessage = 1\ntags = 0\n");
    assert_eq!(ids(&home, &data, "timeout"), ["in-message", "in-tag"]);
}

#[test]
fn is_pinned_and_is_recent_read_the_data_folder() {
    let (home, data) = setup();
    assert!(ids(&home, &data, "is:pinned").is_empty());
    let o = home.run(&["pin", "--data", &data, "other"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(ids(&home, &data, "is:pinned"), ["other"]);
    assert_eq!(ids(&home, &data, "pool !is:pinned").len(), 2);
    assert!(ids(&home, &data, "is:recent").is_empty());
    let viewed = errdex_core::state::Recent::viewed(&home.data_dir()).push("in-tag");
    assert_eq!(viewed, Ok(()));
    assert_eq!(ids(&home, &data, "is:recent"), ["in-tag"]);
}
