//! `errdex pick` in a pseudo-terminal, as a script runs it: `$(errdex pick --what id)` captures
//! the chosen record's id while the browser draws on the terminal.

mod support;

use support::pty::Session;

const FIXTURE: &str = "tests/fixtures/tui.jsonl";

#[test]
fn enter_prints_the_chosen_records_target_into_the_capture() {
    let mut s = Session::shell(&format!(
        "id=$(errdex pick --data {FIXTURE} --what id timed out); echo \"status=$? picked=[$id]\"; sleep 5"
    ));
    // The browser is on the terminal, with the pick's key in the hints.
    s.wait_for("request timed out after 30s");
    s.wait_for("enter pick");
    s.send("\r");
    s.wait_for("status=0 picked=[bb22timeout]");
}

#[test]
fn esc_in_the_search_box_prints_nothing_and_exits_130() {
    let mut s = Session::shell(&format!(
        "out=$(errdex pick --data {FIXTURE}); echo \"status=$? out=[$out]\"; sleep 5"
    ));
    s.wait_for("connection refused by peer");
    s.send("\x1b");
    s.wait_for("status=130 out=[]");
}

#[test]
fn json_is_the_record_as_loaded() {
    let mut s = Session::shell(&format!(
        "out=$(errdex pick --data {FIXTURE} --what json connection refused | head -c 40); echo \"out=[$out]\"; sleep 5"
    ));
    s.wait_for("connection refused by peer");
    s.send("\r");
    s.wait_for("out=[{\"record\":{\"id\":\"aa11conn\",\"repo\":\"acme/]");
}

#[test]
fn enter_on_a_group_row_prints_the_site_the_pasted_line_names() {
    // One message at three sites; the tracing target names src/store/cache.rs.
    let line = "2024-05-01T10:00:00Z ERROR acme::store::cache: failed to commit transaction: connection reset by peer";
    let mut s = Session::shell(&format!(
        "loc=$(errdex pick --data tests/fixtures/tui_groups.jsonl --what location '{line}'); echo \"status=$? picked=[$loc]\"; sleep 5"
    ));
    s.wait_for("3 sites");
    s.send("\r");
    s.wait_for("status=0 picked=[src/store/cache.rs:88]");
}
