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
        ..Entry::default()
    }
}

/// The rows `line` gets, at most five.
fn rows(entries: &[Entry], line: &str) -> Vec<super::Row> {
    let es = Entries::from(entries);
    Triage::from_entries(es).answer_line(es, line, 5)
}

/// The first row's record id, whether it is confident, and its chain's roles.
fn first(entries: &[Entry], line: &str) -> Option<(String, bool, Vec<Role>)> {
    let row = rows(entries, line).into_iter().next()?;
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

/// What triage's log scanner reports for `log`'s first event: its records and chain.
fn scanned(entries: &[Entry], log: &[&str], limit: usize) -> (Vec<usize>, Vec<super::Link>) {
    let t = Triage::from_entries(entries);
    let report = t.scan(entries, log, limit);
    let hits = report.hits.into_iter().next();
    hits.map_or((Vec::new(), Vec::new()), |h| {
        (h.matches.iter().map(|m| m.record).collect(), h.chain)
    })
}

#[test]
fn triage_reads_a_line_as_a_pasted_line_is_read() {
    let entries = [
        entry("wrap", "compile", "could not create aws config: {}"),
        entry("cause", "compile", "MSK credential test failed: {}"),
        entry("fetch", "src", "Fetch Error, retrying file split"),
        entry("sign", "src", "Invalid sign: {}"),
        entry("refused", "net", "connection refused"),
    ];
    let es = Entries::from(&entries[..]);
    let t = Triage::from_entries(es);
    for line in [
        r#"level=error msg="sync failed" err="could not create aws config: MSK credential test failed: permission denied""#,
        "2025-12-01T10:00:00Z WARN fs_fetch_executor: Fetch Error, retrying file split source_id=86 error=Invalid sign: 8",
        "ERROR failed to connect to kafka broker b-2.prod:9092: connection refused",
    ] {
        let rows = t.answer_line(es, line, 5);
        let confident: Vec<usize> = rows.iter().filter(|r| !r.weak).map(|r| r.record).collect();
        let chain = rows.first().map(|r| r.chain.clone()).unwrap_or_default();
        assert_eq!(scanned(&entries, &[line], 5), (confident, chain), "{line}");
    }
    // The chain comes out of the scan itself, root cause first.
    let (records, chain) = scanned(
        &entries,
        &[
            r#"level=error msg="sync failed" err="could not create aws config: MSK credential test failed: permission denied""#,
        ],
        5,
    );
    assert_eq!(records.first(), Some(&1));
    let roles: Vec<Role> = chain.iter().map(|l| l.role).collect();
    assert_eq!(roles, [Role::Context, Role::Cause]);
    // A short record inside another sentence: `search` answers it only as a weak row, and
    // triage, which the answer does not overrule here, still reports the line with it.
    let line = "ERROR the peer said connection refused twice, giving up";
    let rows = t.answer_line(es, line, 5);
    assert_eq!(rows.first().map(|r| (r.record, r.weak)), Some((4, true)));
    assert_eq!(scanned(&entries, &[line], 5).0, [4]);
}

#[test]
fn a_pasted_traceback_and_a_logged_one_pick_the_site_the_trace_names() {
    let site = |id: &str, path: &str, line: i64| {
        let mut e = entry(id, "app", "invalid record type {}");
        e.file_path = Some(path.into());
        e.line_number = Some(line);
        e
    };
    let entries = [
        site("reader", "app/io/reader.py", 40),
        site("writer", "app/io/writer.py", 77),
    ];
    let trace = [
        "Traceback (most recent call last):",
        "  File \"/srv/app/io/writer.py\", line 77, in flush",
        "ValueError: invalid record type 9",
    ];
    let es = Entries::from(&entries[..]);
    let t = Triage::from_entries(es);
    let pasted = t.answer_line(es, &trace.join("\n"), 5);
    assert_eq!(pasted.first().map(|r| (r.record, r.weak)), Some((1, false)));
    assert_eq!(pasted[0].sites, [0]);
    assert_eq!(scanned(&entries, &trace, 5).0, [1]);
}

fn at(id: &str, path: &str, line: i64, pattern: &str) -> Entry {
    let mut e = entry(id, "py", pattern);
    e.file_path = Some(path.into());
    e.line_number = Some(line);
    e
}

/// A traceback as Python prints it: each frame with the source line under it.
fn traceback(frames: &[(&str, u32, &str)], last: &str) -> String {
    let mut out = vec!["Traceback (most recent call last):".to_string()];
    for (path, line, code) in frames {
        out.push(format!("  File \"{path}\", line {line}, in f"));
        out.push(format!("    {code}"));
    }
    out.push(last.to_string());
    out.join("\n")
}

#[test]
fn the_frame_names_the_raise_not_a_record_that_reads_like_its_value() {
    let entries = [
        at("none", "moto/efs/models.py", 664, "None"),
        at(
            "kw",
            "collections/__init__.py",
            398,
            "Type names and field names cannot be a keyword: {}",
        ),
    ];
    let raise = "raise ValueError(f'Type names and field names cannot be a keyword: {name!r}')";
    let text = traceback(
        &[
            ("/app/main.py", 3, "make()"),
            ("/usr/lib/python3.11/collections/__init__.py", 398, raise),
        ],
        "ValueError: Type names and field names cannot be a keyword: 'None'",
    );
    assert_eq!(first(&entries, &text), Some(("kw".into(), true, vec![])));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(scanned(&entries, &lines, 5).0, [1]);
}

#[test]
fn a_long_tracebacks_message_after_its_frames_and_source_is_read() {
    let entries = [
        at("other", "other.py", 5, "No such file or directory: {}"),
        at("spawn", "distutils/spawn.py", 63, "command {} failed: {}"),
    ];
    let deep: Vec<(&str, u32, &str)> = (1..40)
        .map(|n| ("/srv/app/steps.py", n, "step(n - 1)"))
        .chain([(
            "/srv/lib/distutils/spawn.py",
            63,
            "raise DistutilsExecError(",
        )])
        .collect();
    let text = traceback(
        &deep,
        "distutils.errors.DistutilsExecError: command 'x' failed: No such file or directory",
    );
    assert_eq!(first(&entries, &text), Some(("spawn".into(), true, vec![])));
}

#[test]
fn the_file_the_frame_names_wins_over_a_vendored_copy_of_it() {
    let pattern = "no lexer for filename {} found";
    let entries = [
        at(
            "vendored",
            "site-packages/pip/_vendor/pygments/lexers/__init__.py",
            227,
            pattern,
        ),
        at(
            "own",
            "site-packages/pygments/lexers/__init__.py",
            227,
            pattern,
        ),
    ];
    let path = "/usr/lib/python3.11/site-packages/pygments/lexers/__init__.py";
    let text = traceback(
        &[(
            path,
            227,
            "raise ClassNotFound(f'no lexer for filename {fn!r} found')",
        )],
        "pygments.util.ClassNotFound: no lexer for filename 'x' found",
    );
    assert_eq!(first(&entries, &text), Some(("own".into(), true, vec![])));
}

#[test]
fn a_wrapper_whose_sentence_ends_before_its_cause_is_confident() {
    let entries = [
        at(
            "reader",
            "docutils/readers/__init__.py",
            112,
            "Reader \"{}\" not found. {}",
        ),
        at("finder", "modulefinder.py", 57, "No module named {}"),
    ];
    let line = "ImportError: Reader \"x\" not found. No module named 'x'";
    assert_eq!(first(&entries, line), Some(("reader".into(), true, vec![])));
}

#[test]
fn a_value_glued_to_a_word_the_pattern_spaces_is_not_its_statement() {
    // Go's text/template: both records hold the line's words, but `template {} not defined`
    // would need its value to start with the colon glued to `template`.
    let entries = [
        at(
            "exec",
            "text/template/exec.go",
            427,
            "template {} not defined",
        ),
        at(
            "parse",
            "text/template/parse/parse.go",
            765,
            "function {} not defined",
        ),
    ];
    let line = "2026/12/03 11:37:04 template: t:1: function \"x\" not defined";
    assert_eq!(first(&entries, line), Some(("parse".into(), true, vec![])));
}

#[cfg(target_os = "linux")]
#[test]
fn of_a_message_written_per_platform_the_copy_for_this_system_is_the_site() {
    let pattern = "executable file not found in $PATH";
    let entries = [
        at("js", "os/exec/lp_js.go", 14, pattern),
        at("plan9", "os/exec/lp_plan9.go", 17, pattern),
        at("unix", "os/exec/lp_unix.go", 19, pattern),
    ];
    let line = "2026/12/03 11:37:04 exec: \"tool\": executable file not found in $PATH";
    assert_eq!(first(&entries, line), Some(("unix".into(), true, vec![])));
}

#[test]
fn a_logfmt_level_is_no_link_of_a_record_that_is_that_word() {
    // Go's cmd/link writes `Exitf("error")`: a record whose whole text is `error`.
    let entries = [at("exit", "cmd/link/internal/ld/util.go", 46, "error")];
    let line =
        "level=error ts=2025-12-01T22:02:53Z caller=server/handler.go:163 msg=\"request failed\"";
    assert!(first(&entries, line).is_none_or(|(_, confident, _)| !confident));
    // The word as an error's value is still that record's line.
    let line = "ts=2025-12-01T22:02:53Z level=warn msg=\"sync\" err=\"error\"";
    assert_eq!(first(&entries, line), Some(("exit".into(), true, vec![])));
}

#[test]
fn a_frame_at_a_raise_whose_message_nothing_says_outranks_words_from_a_file_off_the_trace() {
    let entries = [
        at(
            "elsewhere",
            "_bootsubprocess.py",
            83,
            "Command {} returned non-zero exit status {}",
        ),
        at("raise", "subprocess.py", 571, "{}, {}"),
        at("sibling", "subprocess.py", 900, "{}, {}"),
    ];
    let text = traceback(
        &[
            ("/app/main.py", 3, "run()"),
            (
                "/usr/lib/python3.11/subprocess.py",
                571,
                "raise CalledProcessError(retcode, cmd)",
            ),
        ],
        "subprocess.CalledProcessError: Command 'x' returned non-zero exit status 2.",
    );
    assert_eq!(first(&entries, &text), Some(("raise".into(), true, vec![])));
    // Its sibling says nothing either: they are no group of one message.
    let es = Entries::from(&entries[..]);
    let t = Triage::from_entries(es);
    assert_eq!(t.sites_of(1), [1]);
    // Without the frame the line's words find the other record, and never one that says
    // nothing.
    let line = "subprocess.CalledProcessError: Command 'x' returned non-zero exit status 2.";
    assert_eq!(
        first(&entries, line),
        Some(("elsewhere".into(), true, vec![]))
    );
    assert!(first(&entries[1..], line).is_none_or(|(_, confident, _)| !confident));
}

/// A word of letters only for each number: a digit would make it a value.
fn letters(i: usize) -> String {
    [i / 676, i / 26 % 26, i % 26]
        .iter()
        .map(|&d| char::from(b'a' + u8::try_from(d % 26).unwrap_or(0)))
        .collect()
}

#[test]
fn the_link_a_wrapper_whose_value_comes_first_ends_is_matched_alone() {
    // `expected` common enough that no overlap of words finds the short record.
    let mut entries = vec![
        entry("colon", "sj", "expected `:`"),
        entry("wrapper", "sj", "{} at line {} column {}"),
    ];
    for i in 0..200 {
        let w = letters(i);
        entries.push(entry(
            &format!("x{i}"),
            "sj",
            &format!("expected {w} here {{}}"),
        ));
    }
    let line = "Error: expected `:` at line 1 column 6";
    assert_eq!(
        first(&entries, line),
        Some(("colon".into(), true, vec![Role::Context, Role::Cause]))
    );
}

#[test]
fn a_short_wrapper_takes_a_sentence_after_its_colon() {
    // The other records make the wrapped sentence's words known ones, which a placeholder
    // alone would not take, and `parse` and `error` common ones, which no overlap finds.
    let mut entries = vec![
        entry("wrapper", "of", "Parse error: {}"),
        entry("float", "of", "unexpected float literal token {}"),
        entry("version", "of", "invalid version {}"),
    ];
    for i in 0..200 {
        let w = letters(i);
        entries.push(entry(
            &format!("p{i}"),
            "of",
            &format!("parse error near {w} {{}}"),
        ));
        entries.push(entry(&format!("e{i}"), "of", &format!("error in {w} {{}}")));
    }
    let line = "Error: Parse error: invalid float literal";
    assert_eq!(
        first(&entries, line),
        Some(("wrapper".into(), true, vec![]))
    );
}

#[test]
fn a_pattern_of_joining_words_answers_only_where_a_frame_names_it() {
    let entries = [
        at("at", "pyasn1/type/base.py", 271, "{} at {}"),
        at("in", "ipaddress.py", 1647, "{} in {}"),
    ];
    // Another program's sentence: `at` and `in` say nothing of which error it is.
    let java = r#"java.lang.NullPointerException: Cannot invoke "String.length()" because "s" is null at com.acme.Foo.bar(Foo.java:5186)"#;
    assert!(first(&entries, java).is_none_or(|(_, confident, _)| !confident));
    let spring =
        "ERROR [main] o.s.boot.SpringApplication - Application run failed: port 8652 in use";
    assert!(first(&entries, spring).is_none_or(|(_, confident, _)| !confident));
    // The frame at its line says it raised this.
    let text = traceback(
        &[
            ("/app/main.py", 3, "parse()"),
            (
                "/usr/lib/python3.11/ipaddress.py",
                1647,
                "raise AddressValueError(f\"{e} in {address!r}\")",
            ),
        ],
        "ipaddress.AddressValueError: Expected 4 octets in '1.2.3' in '1.2.3/24'",
    );
    assert_eq!(first(&entries, &text), Some(("in".into(), true, vec![])));
}

#[test]
fn a_level_word_ending_a_sentence_is_not_the_record_of_that_word_alone() {
    let entries = [
        entry("error", "go", "error"),
        entry("parse", "go", "parse error"),
        entry("critical", "hpc", "critical"),
    ];
    let confident = |id: &str| Some((id.to_string(), true, vec![]));
    let ids: Vec<&str> = rows(&entries, "x: parse error")
        .iter()
        .map(|r| &*entries[r.record].id)
        .collect();
    // The record `error` is not a candidate at all: on a real dataset, where `parse` is a
    // common word, it had come first.
    assert_eq!(ids, ["parse"]);
    assert_eq!(first(&entries, "flag -n: parse error"), confident("parse"));
    // A level word that is a field of its own is still that record's whole message.
    assert_eq!(first(&entries, "state: error"), confident("error"));
    assert_eq!(
        first(&entries, "node-2 1084680778 1 critical"),
        confident("critical")
    );
}

#[test]
fn a_group_with_no_evidence_of_its_site_shows_the_value_its_package_shares() {
    let mut shared = at("io", "io/io.go", 48, "unexpected EOF");
    shared.shared = true;
    let entries = [
        at(
            "asm",
            "cmd/asm/internal/asm/parse.go",
            229,
            "unexpected EOF",
        ),
        shared,
    ];
    let first_site = |line: &str| {
        let row = rows(&entries, line).into_iter().next()?;
        Some((entries[row.record].id.to_string(), row.sites.len()))
    };
    assert_eq!(first_site("unexpected EOF"), Some(("io".into(), 1)));
    // Where the line says where it came from, that decides.
    assert_eq!(
        first_site("cmd/asm/internal/asm/parse.go:229: unexpected EOF"),
        Some(("asm".into(), 1))
    );
}
