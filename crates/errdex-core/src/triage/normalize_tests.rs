use super::*;

fn norm(line: &str) -> String {
    let mut t = Tokens::new();
    tokenize(line, &mut t);
    t.iter()
        .map(|t| match t {
            Tok::Word(w) => w.to_string(),
            Tok::Var => "*".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn level(line: &str) -> Option<Level> {
    let mut t = Tokens::new();
    tokenize(line, &mut t);
    t.level()
}

#[test]
fn timestamps_levels_and_numbers_vanish() {
    assert_eq!(
        norm(
            "2024-01-15T10:23:45.123Z ERROR listen tcp 0.0.0.0:8080: bind: address already in use"
        ),
        "* listen tcp * bind address already in use"
    );
}

#[test]
fn uuids_and_hex_ids_are_one_variable() {
    assert_eq!(
        norm("request 550e8400-e29b-41d4-a716-446655440000 failed (span a1174e815cc32dac)"),
        "request * failed span *"
    );
}

#[test]
fn numbers_glued_to_names_are_variables() {
    assert_eq!(norm("utf8 sha256 http2"), "utf * sha * http *");
    assert_eq!(norm("pod api-7d9f8b6c4-x2kq9 e2e"), "pod api *");
    for (pattern, line) in [
        ("block blk_{} lost", "block blk_38865049064139660 lost"),
        ("block blk_{} lost", "block blk_-6952295868487656571 lost"),
        ("no server for storage{}", "no server for storage12"),
        ("uid={} gid={}", "uid=0 gid=100"),
        ("onExtend:{} {}", "onExtend:1514038530000 14"),
        ("{}:{} served", "10.251.73.220:50010 served"),
        ("driver v{}.{}", "driver v1.12"),
        (
            "task_{} Task Transitioned from NEW to SCHEDULED",
            "task_1445144423722_0020_m_000001 Task Transitioned from NEW to SCHEDULED",
        ),
    ] {
        assert_eq!(norm(pattern), norm(line), "{pattern} / {line}");
    }
}

#[test]
fn single_word_quotes_are_values_and_prose_is_read() {
    assert_eq!(norm("thread 'main' panicked"), "thread * panicked");
    assert_eq!(
        norm(r#"column "user_id" does not exist"#),
        "column * does not exist"
    );
    assert_eq!(
        norm(r#"msg="connection reset by peer""#),
        "msg connection reset by peer"
    );
    assert_eq!(norm("can't open ``"), "can t open *");
}

#[test]
fn placeholders_match_what_they_stand_for() {
    for pattern in [
        "listening on port {port} failed",
        "listening on port {} failed",
        "listening on port %d failed",
        "listening on port %v failed",
        "listening on port %q failed",
        "listening on port %-8q failed",
        "listening on port %5.2f failed",
        "listening on port %(port)s failed",
        "listening on port <port> failed",
        "listening on port {0:>8} failed",
        "listening on port .* failed",
        r"listening on port \d+ failed",
    ] {
        assert_eq!(norm(pattern), "listening on port * failed", "{pattern}");
    }
    assert_eq!(
        norm("listening on port 8080 failed"),
        "listening on port * failed"
    );
}

#[test]
fn percent_signs_that_are_not_conversions_stay_punctuation() {
    assert_eq!(norm("disk 95% full"), "disk * full");
    assert_eq!(norm("100 % done"), "* done");
}

#[test]
fn ansi_colours_are_skipped() {
    assert_eq!(
        norm("\x1b[31mERROR\x1b[0m connection refused"),
        "connection refused"
    );
    assert_eq!(
        level("\x1b[31mERROR\x1b[0m connection refused"),
        Some(Level::Error)
    );
    assert_eq!(norm("disk full\x1b]52;c;aGk=\x07 now"), "disk full now");
    assert_eq!(norm("disk full\x1b]0;title\x1b\\ now"), "disk full now");
}

#[test]
fn level_comes_from_the_start_of_the_line() {
    assert_eq!(
        level("2024-01-15 10:23:45,123 INFO server started"),
        Some(Level::Info)
    );
    assert_eq!(level("[WARN] slow query"), Some(Level::Warn));
    assert_eq!(
        level("E0115 10:23:45.123456 1 reflector.go:138] watch failed"),
        Some(Level::Error)
    );
    assert_eq!(
        level("I0115 10:23:45.123456 1 main.go:10] ok"),
        Some(Level::Info)
    );
    assert_eq!(
        level("a b c d e f g h i j k l then an error happened"),
        None
    );
}

#[test]
fn non_ascii_words_are_lowercased_whole() {
    assert_eq!(norm("Échec de connexion"), "échec de connexion");
}

#[test]
fn templates_keep_words_and_mark_variables() {
    assert_eq!(
        templated("Received block blk_-562 of size 67108864 from /10.251.42.84"),
        "Received block blk_-{} of size {} from /{}"
    );
    assert_eq!(
        templated("user 'bob' at 10.0.0.1:8080 failed"),
        "user {} at {} failed"
    );
    let line = "Received block blk_-562 of size 67108864 from /10.251.42.84";
    assert_eq!(norm(&templated(line)), norm(line));
}

#[test]
fn never_panics_on_odd_input() {
    for line in [
        "", "\x1b", "\x1b[", "'", "%", "%(", "{", "<", "\\", "\"\"", "%l", "é%", "*", "a**",
        "é{}é", "ERROR{}x", "ab3{}x", "{}{}x", "%s%dé",
    ] {
        norm(line);
        templated(line);
    }
}

fn toks(line: &str) -> Vec<String> {
    let mut t = Tokens::new();
    tokenize(line, &mut t);
    t.iter()
        .map(|t| match t {
            Tok::Word(w) => w.to_string(),
            Tok::Var => "{}".to_string(),
        })
        .collect()
}

#[test]
fn a_run_of_stars_standing_alone_is_text() {
    assert_eq!(
        toks("Fan speeds ( {} {} {} **** {} {} )"),
        ["fan", "speeds", "{}", "****", "{}"]
    );
    assert_eq!(
        toks("Fan speeds ( 3552 3534 3375 **** 3515 3479 )"),
        toks("Fan speeds ( {} {} {} **** {} {} )")
    );
    assert_eq!(
        toks("Fan speeds ( 3552 3534 3375 4245 3515 3479 )"),
        ["fan", "speeds", "{}"]
    );
    assert_eq!(toks("rm *.log"), ["rm", "*", "log"]);
    // Glued to a word, stars are punctuation; regex wildcards are still placeholders.
    assert_eq!(toks("**bold** char *p"), ["bold", "char", "p"]);
    assert_eq!(toks("BLOCK* ask"), ["block", "ask"]);
    assert_eq!(toks("failed .* again"), ["failed", "{}", "again"]);
}

#[test]
fn a_placeholder_glued_to_a_word_after_it_is_that_whole_word() {
    for (pattern, line) in [
        (
            "Temperature ({}C) exceeds warning threshold",
            "Temperature (41C) exceeds warning threshold",
        ),
        ("took %dms", "took 250ms"),
        ("slot x{}y free", "slot x5y free"),
        ("size <n>KB read", "size 64KB read"),
    ] {
        assert_eq!(toks(pattern), toks(line), "{pattern} / {line}");
    }
    assert_eq!(
        toks("Temperature ({}C) exceeds"),
        ["temperature", "{}", "exceeds"]
    );
    // A name before a placeholder, nothing after: the name stays a word.
    assert_eq!(toks("block blk_{} lost"), ["block", "blk_", "{}", "lost"]);
    assert_eq!(toks("node-D{} and"), ["node", "d", "{}", "and"]);
}

#[test]
fn a_record_that_is_only_a_level_word_keeps_it() {
    let line = "465923 gige7 gige temperature 1145638393 1 warning";
    assert_eq!(norm(line), "* gige * gige temperature *");
    assert_eq!(level(line), Some(Level::Warn));
    let mut t = Tokens::new();
    tokenize(line, &mut t);
    assert_eq!(
        t.trailing_level().map(|(a, b)| &line[a..b]),
        Some("warning")
    );
    tokenize("ERROR connection refused", &mut t);
    assert_eq!(t.trailing_level(), None);
    let record = |text: &str| {
        let mut t = Tokens::new();
        tokenize(text, &mut t);
        t.keep_level_if_alone(text);
        t.iter().count()
    };
    assert_eq!(record("warning"), 1);
    assert_eq!(record("Internal Server Error"), 2);
    assert_eq!(record("{} critical"), 2);
}
