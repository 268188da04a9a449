//! What a Rust error type's `impl Display` writes: `write!(f, "invalid header {}", n)` and
//! `f.write_str("unexpected end of input")` in its `fmt` are the messages every value of the
//! type prints, as Go's `Error() string` returns are (a type that is no error, a `Point`'s
//! `Display`, writes no error message).

use tree_sitter::Node;

use super::message::Message;
use super::rust_text::{formatted, groups, string_value, token_tree, type_name};
use super::site::{Found, Kind};
use super::tree::{Cx, ancestor, args};

/// The calls in a `fmt` that write its text, as [`super::anchors`] finds them.
pub const WRITERS: [&[u8]; 3] = [b"write", b"writeln", b"write_str"];

/// The site a `write!`/`writeln!` (`name`, its arguments `tree`) is, in the `fmt` of an
/// error type's `Display`.
pub fn written(node: Node, name: &str, cx: &Cx) -> Option<Found> {
    matches!(name, "write" | "writeln").then_some(())?;
    let ty = error_type(node, cx)?;
    let message = formatted(&groups(token_tree(node)?), 1, cx)?;
    message
        .stands_alone()
        .then(|| Found::new(Kind::Raise, ty, message))
}

/// The site `f.write_str("…")` is, in the `fmt` of an error type's `Display`; of
/// `f.write_str(match self { A => "…", B => "…" })`, a site per arm, each at its line.
pub fn write_str(node: Node, method: &str, cx: &Cx) -> Option<Found> {
    (method == "write_str").then_some(())?;
    let [only] = args(node.child_by_field_name("arguments")?)[..] else {
        return None;
    };
    // Asked after the call's own shape: for a type whose name does not say it is an error,
    // this reads the whole file.
    let ty = error_type(node, cx)?;
    // A literal is reported where it is written: an arm's own line, else the call's.
    let literal = |n: Node, at: Node| {
        let message = Message::text(&string_value(n, cx)?);
        message
            .stands_alone()
            .then_some((message, at.start_position().row))
    };
    let mut written: Vec<(Message, usize)> = if only.kind() == "match_expression" {
        let body = only.child_by_field_name("body")?;
        args(body)
            .into_iter()
            .filter_map(|arm| {
                let value = arm.child_by_field_name("value")?;
                literal(value, value)
            })
            .collect()
    } else {
        let function = node.child_by_field_name("function")?;
        vec![literal(only, function.child_by_field_name("field")?)?]
    };
    (!written.is_empty()).then_some(())?;
    let (message, row) = written.remove(0);
    let mut found = Found::new(Kind::Raise, ty, message);
    found.row = Some(row);
    found.others = written.into_iter().map(|(m, r)| (m, Some(r))).collect();
    Some(found)
}

/// The type whose `impl Display` (or `fmt::Display`) `fmt` holds `node`, when it is an
/// error ([`is_error_type`]).
fn error_type(node: Node, cx: &Cx) -> Option<String> {
    let function = ancestor(node, &["function_item"], &["closure_expression"])?;
    (cx.text(function.child_by_field_name("name")?) == "fmt").then_some(())?;
    let item = ancestor(function, &["impl_item"], &["function_item"])?;
    let display = type_name(cx.text(item.child_by_field_name("trait")?)) == "Display";
    let ty = type_name(cx.text(item.child_by_field_name("type")?));
    (display && is_error_type(cx.src.as_bytes(), &ty)).then_some(ty)
}

/// Whether the type `name` (a path's last segment is read) is an error: its name says so
/// (`ParseError`, `ErrorKind`), or the file implements `Error` for it (http's
/// `impl Error for InvalidHeaderValue {}`, time's `impl core::error::Error for
/// ComponentRange {}`).
pub fn is_error_type(src: &[u8], name: &str) -> bool {
    let name = name.rsplit("::").next().unwrap_or(name);
    if name.contains("Error") {
        return true;
    }
    let implemented = format!("Error for {name}");
    memchr::memmem::find_iter(src, implemented.as_bytes()).any(|at| {
        let end = at + implemented.len();
        !src.get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    })
}
