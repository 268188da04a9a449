//! Reading Rust as text: literals, macro names and arguments, format strings and the
//! message an argument holds — what the table ([`super::rust`]) and an error type's
//! `Display` ([`super::rust_display`]) both read.

use tree_sitter::Node;

use super::message::{self, Message};
use super::tree::{Cx, args, unescape, variable_name};

/// `Foo<T>` → `Foo`; `fmt::Display` → `Display`.
pub fn type_name(text: &str) -> String {
    let base = text.split('<').next().unwrap_or(text).trim();
    base.rsplit("::").next().unwrap_or(base).to_string()
}

pub fn macro_name<'s>(node: Node, cx: &'s Cx) -> Option<&'s str> {
    let path = node.child_by_field_name("macro")?;
    let last = path.child_by_field_name("name").unwrap_or(path);
    cx.src.get(last.byte_range())
}

pub fn token_tree(node: Node) -> Option<Node> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .find(|c| c.kind() == "token_tree")
}

/// A macro's arguments split at its top-level commas.
pub fn groups(tree: Node) -> Vec<Vec<Node>> {
    let mut cursor = tree.walk();
    let inner: Vec<Node> = tree.children(&mut cursor).collect();
    let inner = inner.get(1..inner.len().saturating_sub(1)).unwrap_or(&[]);
    let mut out = vec![Vec::new()];
    for n in inner {
        if n.kind() == "," {
            out.push(Vec::new());
        } else if !n.kind().contains("comment")
            && let Some(last) = out.last_mut()
        {
            last.push(*n);
        }
    }
    if out.last().is_some_and(Vec::is_empty) {
        out.pop();
    }
    out
}

/// The value of a string or raw string literal.
pub fn string_value(node: Node, cx: &Cx) -> Option<String> {
    let text = cx.text(node);
    match node.kind() {
        "string_literal" => {
            let body = text.strip_prefix('b').unwrap_or(text);
            Some(unescape(body.strip_prefix('"')?.strip_suffix('"')?))
        }
        "raw_string_literal" => {
            let body = text.trim_start_matches(['b', 'r']);
            let body = body.trim_matches('#');
            Some(body.strip_prefix('"')?.strip_suffix('"')?.to_string())
        }
        _ => None,
    }
}

pub fn group_text(group: &[Node], cx: &Cx) -> String {
    match (group.first(), group.last()) {
        (Some(a), Some(b)) => cx
            .src
            .get(a.start_byte()..b.end_byte())
            .unwrap_or("")
            .to_string(),
        _ => String::new(),
    }
}

/// The format string at `groups[at]` and the names of the arguments after it.
pub fn formatted(groups: &[Vec<Node>], at: usize, cx: &Cx) -> Option<Message> {
    let format = match groups.get(at)?.as_slice() {
        // `bail!(msg)` after `let msg = format!(…)`.
        [lit] if lit.kind() == "identifier" && groups.len() == at + 1 => {
            return message_of(*lit, cx);
        }
        [lit] => string_value(*lit, cx)?,
        [name, bang, tree] if cx.text(*name) == "concat" && bang.kind() == "!" => {
            concatenated(*tree, cx)?
        }
        _ => return None,
    };
    let names: Vec<Option<String>> = groups[at + 1..]
        .iter()
        .map(|g| {
            // `name = expr` names its own hole; `{}` filled by `.0` (thiserror) has none.
            let text = group_text(g, cx);
            match text.split_once('=') {
                Some((name, _)) if !text.contains("==") => variable_name(name),
                _ => variable_name(text.trim_start_matches(['.', '$'])),
            }
        })
        .collect();
    Some(message::braces(&format, &names))
}

/// The format string `concat!(…)` makes: its literals as written, and each other piece (a
/// macro's `$method_name`, an `env!(…)`) a named hole, which takes none of the format's
/// arguments (`concat!("ArrayVec::", $method_name, ": index {} is out of bounds")`).
fn concatenated(tree: Node, cx: &Cx) -> Option<String> {
    let mut out = String::new();
    for piece in groups(tree) {
        match piece.as_slice() {
            [lit] if let Some(text) = string_value(*lit, cx) => out.push_str(&text),
            [lit]
                if matches!(
                    lit.kind(),
                    "integer_literal" | "float_literal" | "boolean_literal"
                ) =>
            {
                out.push_str(cx.text(*lit));
            }
            _ => {
                let text = group_text(&piece, cx);
                let name = variable_name(text.trim_start_matches('$'));
                out.push_str(&format!("{{{}}}", name.as_deref().unwrap_or("value")));
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A message argument: a literal, `format!(…)`, `"…".into()`/`.to_string()`,
/// `String::from("…")`, `&format!(…)`, or a closure returning one of these.
pub fn message_of(node: Node, cx: &Cx) -> Option<Message> {
    match node.kind() {
        "string_literal" | "raw_string_literal" => Some(Message::text(&string_value(node, cx)?)),
        "macro_invocation" if macro_name(node, cx) == Some("format") => {
            formatted(&groups(token_tree(node)?), 0, cx)
        }
        "reference_expression" => message_of(node.child_by_field_name("value")?, cx),
        // One hop only: `let a = b;` chains are not followed back through a whole block.
        "identifier" => {
            let value = super::tree::assigned_before(node, cx)?;
            (value.kind() != "identifier").then_some(())?;
            message_of(value, cx)
        }
        "closure_expression" => message_of(node.child_by_field_name("body")?, cx),
        "block" => args(node).last().and_then(|last| message_of(*last, cx)),
        "call_expression" => {
            let function = node.child_by_field_name("function")?;
            let arguments = args(node.child_by_field_name("arguments")?);
            match function.kind() {
                "field_expression" => {
                    let method = cx.text(function.child_by_field_name("field")?);
                    let conversion = matches!(method, "into" | "to_string" | "to_owned");
                    conversion.then_some(())?;
                    message_of(function.child_by_field_name("value")?, cx)
                }
                "scoped_identifier" if cx.text(function).ends_with("String::from") => {
                    message_of(*arguments.first()?, cx)
                }
                _ => None,
            }
        }
        _ => None,
    }
}
