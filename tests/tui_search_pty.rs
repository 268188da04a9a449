//! Pasting the line you were paged with into the real browser, in a pseudo-terminal.

mod support;

use support::pty::Session;

#[test]
fn a_pasted_line_is_read_as_a_line_and_finds_its_record() {
    let mut s = Session::shell("errdex");
    s.wait_for("> type to search");
    s.send(
        "\x1b[200~2024/01/15 10:23:45 dial tcp 10.0.0.5:5432: connect: connection refused\x1b[201~",
    );
    s.wait_for("≈ line");
    s.wait_for("dial tcp 127.0.0.1:5432: connect: connection refused");
    s.wait_for("weak matches");
    // A huge paste is cut, and the browser still answers keys.
    s.send("\x15");
    let huge = format!(
        "\x1b[200~ERROR deadlock detected {}\x1b[201~",
        "x".repeat(300_000)
    );
    s.send(&huge);
    s.wait_for("pasted line cut to 4 KB");
    s.send("\x15");
    s.send("nil map");
    s.wait_for("assignment to entry in nil map");
    s.send("\x03");
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn unquoted_words_pre_fill_the_search_and_double_dash_allows_a_command_name() {
    let mut s = Session::errdex(&["conn", "refused"]);
    s.wait_for("> conn refused");
    s.send("\x03");
    s.wait_exit();
    let mut s = Session::errdex(&["--", "show", "me"]);
    s.wait_for("> show me");
    s.send("\x03");
    s.wait_exit();
    s.assert_restored();
}
