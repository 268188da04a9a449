//! Where a record's literal text sits in a line: fits, pieces, placeholders, cut lines.

use super::*;

#[test]
fn quoted_literals_and_case_are_kept() {
    let line = "Cannot specify both 'order' and 'oracle_order'";
    assert_eq!(
        locate("Cannot specify both 'order' and 'oracle_order'", line).fit,
        Fit::Exact
    );
    assert_eq!(
        locate("Cannot specify both '{}' and 'on_null'", line).fit,
        Fit::Absent
    );
    let line = "Unsupported data type `integer`";
    assert_eq!(locate("Unsupported data type `{}`", line).fit, Fit::Exact);
    assert_eq!(locate("unsupported data type: {}", line).fit, Fit::Absent);
    assert_eq!(locate("unsupported data type `{}`", line).fit, Fit::Folded);
}

#[test]
fn a_value_between_two_pieces_stays_on_its_line() {
    let text = "KeyError: `@field` should be strings.\n\nThe above exception was the direct \
                cause of the following exception:\n\nMismatch: @main should not decorate";
    let f = locate("@{} should not decorate", text);
    assert_eq!(f.fit, Fit::Exact);
    assert_eq!(&text[f.start..f.end], "@main should not decorate");
    let f = locate(
        "{}:{}: Misplaced '|'",
        "E: x\nSyntaxError: a:b: Misplaced '|'",
    );
    assert_eq!(f.start, 16, "the colon of the line's own exception");
    assert_eq!(
        locate("a {} b", "a 1\n b").fit,
        Fit::Absent,
        "no value spans two lines"
    );
}

#[test]
fn placeholders_of_every_syntax_split_a_pattern() {
    let (p, open, end) = pieces("%s is forbidden: User %q cannot %s resource");
    assert_eq!(
        (p, open, end),
        (
            vec!["is forbidden: User", "cannot", "resource"],
            true,
            false
        )
    );
    let (p, _, end) = pieces("missing field `{}` at line {line}: {}");
    assert_eq!((p, end), (vec!["missing field `", "` at line", ":"], true));
    let line = "Error: missing field `email` at line 4 column 1";
    assert_eq!(
        locate("missing field `{}` at line {} column {}", line).fit,
        Fit::Exact
    );
}

#[test]
fn words_holding_digits_are_not_counted_as_shared_text() {
    let line = "ERROR index out of bounds: the len is 9137 but the index is 12482";
    let pattern = "index out of bounds: the len is 3155 but the index is 18078";
    assert!((share_of(&Pieces::of(pattern).literal, line) - 1.0).abs() < f32::EPSILON);
    assert!(share_of(&Pieces::of("bucket quota exceeded").literal, line) < 0.1);
}

#[test]
fn a_case_folded_search_finds_what_comparing_at_every_byte_finds() {
    let naive = |h: &str, n: &str, from: usize| {
        let (h, n) = (h.as_bytes().get(from..)?, n.as_bytes());
        (0..=h.len().checked_sub(n.len())?)
            .find(|&k| h[k..k + n.len()].eq_ignore_ascii_case(n))
            .map(|k| from + k)
    };
    let hay = "Lease LOST: lease lost at 0x1F; 'LeAsE' lost, [lease]";
    for needle in [
        "lease",
        "LEASE lost",
        "'lease'",
        "0X1f",
        "[",
        "]",
        "",
        "x",
        hay,
    ] {
        for from in [0, 1, 6, 30, hay.len(), hay.len() + 1] {
            let want = naive(hay, needle, from);
            assert_eq!(
                find(hay, needle, from, true),
                want,
                "{needle:?} from {from}"
            );
        }
    }
}

#[test]
fn the_shared_share_is_counted_as_when_each_run_was_joined() {
    let joined = |literal: &[&str], line: &str| {
        let (mut total, mut found) = (0, 0);
        for piece in literal {
            let words: Vec<&str> = piece.split_whitespace().collect();
            for run in words.split(|w| w.bytes().any(|c| c.is_ascii_digit())) {
                let run = run.join(" ");
                total += run.len();
                if !run.is_empty() && find(line, &run, 0, true).is_some() {
                    found += run.len();
                }
            }
        }
        found as f32 / total.max(1) as f32
    };
    let line = "ERROR lease  lost at 77: Cannot READ\tthe shard, 3 retries";
    for literal in [
        &["lease lost at 9", "cannot read the shard"][..],
        &["lease  lost", "read\tthe", "9 3 7"],
        &["cannot\tread the shard", "  lease lost  "],
        &["3 retries", "the shard,", "x\u{a0}y"],
        &[],
    ] {
        let want = joined(literal, line);
        assert!(
            (share_of(literal, line) - want).abs() < f32::EPSILON,
            "{literal:?}"
        );
    }
}

#[test]
fn a_placeholder_that_matched_nothing_is_counted() {
    let line = "ERROR invalid record type";
    assert_eq!(locate("invalid record type", line).empty, 0);
    assert_eq!(locate("invalid record type {}", line).empty, 1);
    assert_eq!(
        locate("invalid record type {}", "invalid record type 7").empty,
        0
    );
}

#[test]
fn the_range_is_the_literal_text_and_a_cut_line_still_fits() {
    let line = "err=\"could not create aws config: MSK credential test failed: denied\"";
    let f = locate("could not create aws config: {}", line);
    assert_eq!(&line[f.start..f.end], "could not create aws config:");
    let long = format!("{} failed to open /a/b fo", "x".repeat(MIN_CUT_LINE));
    assert_eq!(
        locate("failed to open {} for writing: {}", &long).fit,
        Fit::Cut
    );
    let traceback = format!("NodeNotFound: {}\n\nValueError: x", "y ".repeat(80));
    assert_eq!(
        locate("Node {} not found in graph", &traceback).fit,
        Fit::Absent
    );
    let quoted = format!("SecurityError: 'tmp' is not safely {}", "z ".repeat(80));
    assert_eq!(
        locate("'{}' object is not callable.", &quoted).fit,
        Fit::Absent
    );
    let most_cut = format!(
        "{} parameter register 0x7f3a9c for ar",
        "x".repeat(MIN_CUT_LINE)
    );
    let pattern = "parameter register {} for architecture {} not a register name (or repeated)";
    assert_eq!(locate(pattern, &most_cut).fit, Fit::Absent);
    let short = "x failed to open /a/b fo";
    assert_eq!(
        locate("failed to open {} for writing: {}", short).fit,
        Fit::Absent
    );
}

#[test]
fn a_value_glued_to_a_piece_the_pattern_spaces_is_counted() {
    let line = "template: t:1: function \"x\" not defined";
    let glued = locate("template {} not defined", line);
    assert_eq!((glued.fit, glued.glued), (Fit::Exact, 1));
    assert_eq!(locate("function {} not defined", line).glued, 0);
    // A placeholder the pattern writes against its piece may meet anything.
    assert_eq!(locate("{}:{}: function", line).glued, 0);
    assert_eq!(locate("t:{}: function", line).glued, 0);
    // Of two places, the one that meets the pattern's spaces.
    let f = locate("open {} failed", "open: x failed; open /a failed");
    assert_eq!((f.start, f.glued), (16, 0));
}
