//! How a line splits into the pieces a link may be, which key a piece is the value of, and
//! the order of a chain's links.

use super::*;

fn texts(text: &str) -> Vec<&str> {
    segments(text)
        .into_iter()
        .map(|(s, e)| &text[s..e])
        .collect()
}

#[test]
fn an_empty_or_blank_line_has_no_pieces() {
    for line in ["", " ", "\n", "'", "\""] {
        assert!(segments(line).iter().all(|&(a, b)| a < b), "{line:?}");
    }
    assert!(segments("").is_empty());
}

#[test]
fn a_line_splits_into_the_pieces_a_link_may_be() {
    let line = r#"WARN fetch: Fetch Error, retrying error="could not create config: denied" id=8"#;
    let t = texts(line);
    assert!(t.contains(&"could not create config: denied"), "{t:?}");
    assert!(t.iter().any(|s| s.starts_with("denied")), "{t:?}");
    assert!(t.contains(&"Fetch Error, retrying"), "{t:?}");
    let t = texts("Error: a\n\nCaused by:\n    0: b\n    1: c");
    assert!(t.contains(&"b") && t.contains(&"c"), "{t:?}");
    let t = texts("ERROR [web-6] req=b54c ECONNREFUSED pending:5525");
    assert!(t.contains(&"ECONNREFUSED pending:5525"), "{t:?}");
    let t = texts("pod=w-7 ERROR:app.db:Template variable warning: 1048576");
    assert!(t.contains(&"Template variable warning: 1048576"), "{t:?}");
    let t = texts(r#"level=error msg="a b c" caller=x.go:3"#);
    assert!(!t.iter().any(|s| s.starts_with("b c")), "{t:?}");
    assert!(segments(&"x: ".repeat(10_000)).len() <= MAX_SEGMENTS * 2);
}

fn placed(start: usize, end: usize) -> Placed {
    Placed {
        record: start,
        start,
        end,
        role: Role::Context,
        opens_with_value: false,
    }
}

#[test]
fn where_a_line_was_written_is_no_piece() {
    let line =
        r#"{"fields":{"message":"alias 0x7f"},"span":{"id":7,"name":"request"}} host=ip-10-0"#;
    assert!(!texts(line).contains(&"request"), "{:?}", texts(line));
    assert!(texts(line).iter().any(|t| t.starts_with("alias 0x7f")));
    let t = texts("WARN logger=db name=pool retry failed");
    assert!(
        !t.iter().any(|s| s.starts_with("pool") || *s == "db"),
        "{t:?}"
    );
    assert!(t.contains(&"retry failed"), "{t:?}");
}

#[test]
fn a_key_is_read_after_any_script() {
    let line = r#"msg="request failed" err="警告: 翻译字段错误: bad""#;
    assert_eq!(key_before(line, "bad"), None);
    assert_eq!(key_before(line, "警告: 翻译字段错误: bad"), Some("err"));
    let line = "警告:错误=bad";
    assert_eq!(key_before(line, "bad"), None);
    assert_eq!(key_before("é_x=bad", "bad"), Some("_x"));
}

#[test]
fn the_logged_message_is_outermost_and_python_reads_backwards() {
    let text = "sync failed ; mail: empty group";
    let line = r#"{"error":"mail: empty group","msg":"sync failed"}"#;
    let mut links = [placed(14, 31), placed(0, 11)];
    order(&mut links, line, text);
    assert_eq!((links[0].start, links[0].role), (0, Role::Logged));
    assert_eq!((links[1].start, links[1].role), (14, Role::Cause));
    let line = r#"level=error msg="request failed" err="bad path 'x': reader: negative""#;
    let mut links = [placed(52, 68), placed(38, 51)];
    order(&mut links, line, line);
    assert_eq!(
        links.map(|p| (p.start, p.role)),
        [(38, Role::Context), (52, Role::Cause)],
        "a link inside the error's value is not the logged message"
    );
    let text = "KeyError: inner\n\nDuring handling of the above exception, another exception occurred:\n\nValueError: outer";
    let mut links = [placed(10, 15), placed(text.len() - 5, text.len())];
    order(&mut links, text, text);
    assert_eq!(
        links[1].start, 10,
        "the first exception printed is the root cause"
    );
    assert_eq!(links[0].role, Role::Context);
}

#[test]
fn a_wrapper_whose_value_comes_first_is_outside_the_link_before_it() {
    // `{} at line {} column {}` found at "at line 1 column", after the error it wraps.
    let text = "Error: EOF while parsing a value at line 1 column 3";
    let wrapper = Placed {
        opens_with_value: true,
        ..placed(33, 49)
    };
    let mut links = [placed(7, 32), wrapper];
    order(&mut links, text, text);
    assert_eq!(
        links.map(|p| (p.start, p.role)),
        [(33, Role::Context), (7, Role::Cause)]
    );
    // Words between them: the two are not one wrapped in the other.
    let text = "Error: EOF while parsing a value; retrying at line 1 column 3";
    let wrapper = Placed {
        opens_with_value: true,
        ..placed(42, 58)
    };
    let mut links = [placed(7, 32), wrapper];
    order(&mut links, text, text);
    assert_eq!(
        links.map(|p| (p.start, p.role)),
        [(7, Role::Context), (42, Role::Cause)]
    );
}
