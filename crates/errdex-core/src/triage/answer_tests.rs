//! A pasted line's answer on small datasets written for one cause each: which record is the
//! row, whether it is confident, and the chain's roles.

use super::{Role, Triage};
use crate::dataset::{Entries, Entry};

fn entry(id: &str, repo: &str, pattern: &str) -> Entry {
    Entry {
        id: id.into(),
        message: pattern.into(),
        pattern: Some(pattern.into()),
        repo: Some(repo.into()),
        file_path: None,
        line_number: None,
        severity: None,
        error_type: None,
        tags: Box::new([]),
        source: 0,
        start: 0,
        len: 0,
        line: 0,
    }
}

/// The first row's record id, whether it is confident, and its chain's roles.
fn first(entries: &[Entry], line: &str) -> Option<(String, bool, Vec<Role>)> {
    let es = Entries::from(entries);
    let t = Triage::from_entries(es);
    let row = t.answer_line(es, line, 5).into_iter().next()?;
    let roles = row.chain.iter().map(|l| l.role).collect();
    Some((entries[row.record].id.to_string(), !row.weak, roles))
}

#[test]
fn the_record_whose_last_placeholder_took_the_value_explains_more() {
    let entries = [
        entry("short", "nx", "Failed to convert {} data"),
        entry("whole", "nx", "Failed to convert {} data {}"),
        entry("other", "nx", "Failed to find attribute {} in {}."),
    ];
    let line = r#"pod=w-7 TypeError: Failed to convert /var/lib/a.db data "order_id""#;
    assert_eq!(first(&entries, line), Some(("whole".into(), true, vec![])));
}

#[test]
fn a_short_message_after_a_shippers_fields_and_a_header_is_confident() {
    let entries = [
        entry("fnf", "os", "file not found"),
        entry("other", "os", "file already closed"),
    ];
    let line =
        "host=ip-10-0-250-17 pod=worker-7 trace_id=c56b06e4 2025/12/01 22:19:21 file not found";
    assert_eq!(first(&entries, line), Some(("fnf".into(), true, vec![])));
    // Not where a message may start: a fragment of another program's sentence.
    let inside = "2025/12/01 22:19:21 open config: the file not found yet, retrying in 5s";
    assert!(first(&entries, inside).is_none_or(|(_, confident, _)| !confident));
}

#[test]
fn a_record_written_with_other_numbers_answers_a_line_after_bare_fields() {
    let entries = [entry("econn", "api", "ECONNREFUSED draining:7085")];
    let line = "2024-01-15T10:33:51.209Z ERROR [web-3] req=7a273835 ECONNREFUSED draining:1951";
    assert_eq!(first(&entries, line), Some(("econn".into(), true, vec![])));
}

#[test]
fn a_cause_inside_the_error_field_is_the_root_not_the_logged_message() {
    let entries = [
        entry(
            "wrap",
            "compile",
            "import path contains invalid character '{}': {}",
        ),
        entry("seek", "bytes", "bytes.Reader.Seek: negative position"),
    ];
    let line = r#"level=error ts=2025-12-01T23:23:28Z caller=server/handler.go:41 msg="request failed" err="import path contains invalid character 'c0ffee42': bytes.Reader.Seek: negative position""#;
    assert_eq!(
        first(&entries, line),
        Some(("seek".into(), true, vec![Role::Context, Role::Cause]))
    );
}

#[test]
fn a_chained_tracebacks_short_root_cause_is_the_row_and_a_link() {
    let entries = [
        entry("outer", "codecs", "unknown encoding: {}"),
        entry("root", "codecs", "base64_decode"),
        entry("other", "codecs", "base64 decoding failed for {}"),
    ];
    for joint in [
        "During handling of the above exception, another exception occurred:",
        "The above exception was the direct cause of the following exception:",
    ] {
        let line =
            format!("KeyError: base64_decode\n\n{joint}\n\nLookupError: unknown encoding: base64");
        assert_eq!(
            first(&entries, &line),
            Some(("root".into(), true, vec![Role::Context, Role::Cause])),
            "{joint}"
        );
    }
}

/// The first row's chain: each link's record id and the text it took.
fn chain(entries: &[Entry], line: &str) -> Vec<(String, String)> {
    let es = Entries::from(entries);
    let t = Triage::from_entries(es);
    let rows = t.answer_line(es, line, 5);
    rows.first().map_or_else(Vec::new, |r| {
        r.chain
            .iter()
            .map(|l| (entries[l.record].id.to_string(), l.text.clone()))
            .collect()
    })
}

const CAUSE: &str = "\n\nThe above exception was the direct cause of the following exception:\n\n";

#[test]
fn a_root_cause_opening_with_a_placeholder_is_a_link_beside_the_outer_one() {
    let entries = [
        entry(
            "cause",
            "pd",
            "The `@field_serializer` decorator needs strings.",
        ),
        entry(
            "raised",
            "pd",
            "@{} should not decorate functions that are concrete",
        ),
    ];
    let line = format!(
        "PydanticUserError: The `@field_serializer` decorator needs strings.{CAUSE}\
         Mismatch: @c0ffee42 should not decorate functions that are concrete"
    );
    let ids: Vec<String> = chain(&entries, &line).into_iter().map(|l| l.0).collect();
    assert_eq!(ids, ["raised", "cause"], "the first printed is the cause");
}

#[test]
fn an_exception_raised_again_while_handling_itself_is_two_links() {
    let entries = [
        entry(
            "same",
            "pd",
            "At least one of `by_alias` or `by_name` must be set.",
        ),
        entry("other", "pd", "At least one of `a` or `b` must be set."),
    ];
    let msg = "UserError: At least one of `by_alias` or `by_name` must be set.";
    let line = format!("{msg}{CAUSE}{msg}");
    let links = chain(&entries, &line);
    assert_eq!(links.len(), 2, "{links:?}");
    assert!(links.iter().all(|l| l.0 == "same"), "{links:?}");
}

#[test]
fn the_record_holding_the_lines_quotes_is_the_link() {
    let entries = [
        entry("bare", "pp", "unknown enumerator sequence: {}"),
        entry("quoted", "pp", "unknown enumerator sequence: \"{}\""),
        entry("cause", "pp", "Size of trim too large; can't trim {} items"),
    ];
    let line = format!(
        "IndexError: Size of trim too large; can't trim 8 items{CAUSE}\
         ParserError: unknown enumerator sequence: \"42\""
    );
    let ids: Vec<String> = chain(&entries, &line).into_iter().map(|l| l.0).collect();
    assert_eq!(ids, ["quoted", "cause"]);
}
