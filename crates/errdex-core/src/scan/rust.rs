//! Rust's table: anyhow/eyre macros, thiserror's `#[error]`, panics and assertions,
//! `.expect`, `.context`, `Err(format!(…))`, `io::Error::new`, and `log`/`tracing`
//! `error!`/`warn!`.

use tree_sitter::Node;

use super::message::Message;
use super::own;
use super::rust_display;
use super::rust_text::{
    formatted, group_text, groups, macro_name, message_of, string_value, token_tree, type_name,
};
use super::site::{Found, Kind};
use super::tree::{Cx, Grammar, ancestor, args};

pub struct Rust;

impl Grammar for Rust {
    fn scope(&self, node: Node, cx: &Cx, _outer: Option<&str>) -> Option<String> {
        if node.kind() != "function_item" {
            return None;
        }
        let name = cx.text(node.child_by_field_name("name")?);
        let owner = ancestor(node, &["impl_item", "trait_item"], &["function_item"])
            .and_then(|o| {
                o.child_by_field_name("type")
                    .or(o.child_by_field_name("name"))
            })
            .map(|t| type_name(cx.text(t)));
        Some(match owner {
            Some(owner) => format!("{owner}::{name}"),
            None => name.to_string(),
        })
    }

    /// `#[cfg(test)] mod tests` and `#[test]` functions are not the program's error sites.
    fn skip(&self, node: Node, cx: &Cx) -> bool {
        if !matches!(node.kind(), "mod_item" | "function_item") {
            return false;
        }
        let mut at = node.prev_named_sibling();
        while let Some(prev) = at {
            match prev.kind() {
                "attribute_item" => {
                    let attr: String = cx.text(prev).split_whitespace().collect();
                    let cfg = attr
                        .strip_prefix("#[cfg(")
                        .and_then(|rest| rest.strip_suffix(")]"));
                    if cfg.is_some_and(test_only) || attr.ends_with("test]") {
                        return true;
                    }
                }
                k if k.contains("comment") => {}
                _ => return false,
            }
            at = prev.prev_named_sibling();
        }
        false
    }

    fn own_site(&self, node: Node, cx: &Cx) -> Option<Found> {
        match node.kind() {
            "macro_invocation" => {
                let name = own::configured(cx.text(node.child_by_field_name("macro")?), cx.extra)?;
                let g = groups(token_tree(node)?);
                let message = (0..g.len()).find_map(|at| formatted(&g, at, cx))?;
                own::found(name, message)
            }
            "call_expression" => {
                let function = node.child_by_field_name("function")?;
                let name = own::configured(cx.text(function), cx.extra)?;
                let arguments = args(node.child_by_field_name("arguments")?);
                let literal = |n: Node, cx: &Cx| string_value(n, cx);
                own::site(
                    name,
                    &arguments,
                    cx,
                    &literal,
                    own::Format::Braces,
                    &message_of,
                )
            }
            _ => None,
        }
    }

    fn site(&self, node: Node, cx: &Cx) -> Option<Found> {
        match node.kind() {
            "macro_invocation" => {
                let name = macro_name(node, cx)?;
                rust_display::written(node, name, cx)
                    .or_else(|| macro_site(name, token_tree(node)?, cx))
            }
            "identifier" => macro_rules_site(node, cx),
            "call_expression" => call_site(node, cx),
            "attribute_item" => error_attribute(node, cx),
            _ => None,
        }
    }
}

/// Whether a `cfg` predicate holds only when compiling tests: `test`, or `all(…)` with a
/// member that does (`all(test, feature = "x")`). `any(test, …)` and `not(test)` build in
/// ordinary code too.
fn test_only(predicate: &str) -> bool {
    if predicate == "test" {
        return true;
    }
    let Some(members) = predicate
        .strip_prefix("all(")
        .and_then(|rest| rest.strip_suffix(')'))
    else {
        return false;
    };
    let mut depth = 0usize;
    let mut start = 0;
    let mut found = false;
    for (i, c) in members.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                found |= test_only(&members[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    found || test_only(&members[start..])
}

/// `panic!("empty range: {:?}", r)` in a `macro_rules!` body, where the grammar sees tokens
/// (a name, `!`, a token tree), not a macro call: the code every expansion runs.
fn macro_rules_site(node: Node, cx: &Cx) -> Option<Found> {
    (node.parent()?.kind() == "token_tree").then_some(())?;
    let bang = node.next_sibling()?;
    let tree = bang.next_sibling()?;
    (bang.kind() == "!" && tree.kind() == "token_tree").then_some(())?;
    ancestor(node, &["macro_definition"], &["function_item", "impl_item"])?;
    let found = macro_site(cx.text(node), tree, cx)?;
    Some(found.at(node))
}

fn macro_site(name: &str, tree: Node, cx: &Cx) -> Option<Found> {
    let g = groups(tree);
    let kind_type = |kind, message| Some(Found::new(kind, format!("{name}!"), message));
    match name {
        "anyhow" | "bail" | "eyre" | "format_err" => kind_type(Kind::Raise, formatted(&g, 0, cx)?),
        "ensure" => {
            let message = formatted(&g, 1, cx).or_else(|| {
                let cond = group_text(g.first()?, cx);
                Some(Message::text(&format!("Condition failed: `{cond}`")))
            })?;
            kind_type(Kind::Raise, message)
        }
        "panic" => kind_type(Kind::Panic, formatted(&g, 0, cx)?),
        "unreachable" | "unimplemented" | "todo" => {
            let prefix = match name {
                "unreachable" => "internal error: entered unreachable code",
                "unimplemented" => "not implemented",
                _ => "not yet implemented",
            };
            let mut message = Message::text(prefix);
            if let Some(rest) = formatted(&g, 0, cx) {
                message.push_text(": ");
                message.append(rest);
            }
            kind_type(Kind::Panic, message)
        }
        "assert" | "debug_assert" => {
            let message = formatted(&g, 1, cx).or_else(|| {
                let cond = group_text(g.first()?, cx);
                Some(Message::text(&format!("assertion failed: {cond}")))
            })?;
            kind_type(Kind::Panic, message)
        }
        "assert_eq" | "assert_ne" | "debug_assert_eq" | "debug_assert_ne" => {
            let op = if name.ends_with("eq") { "==" } else { "!=" };
            let mut message = Message::text(&format!("assertion `left {op} right` failed"));
            if let Some(rest) = formatted(&g, 2, cx) {
                message.push_text(": ");
                message.append(rest);
            }
            kind_type(Kind::Panic, message)
        }
        "error" | "warn" => log_macro(name, &g, cx),
        _ => None,
    }
}

/// `error!(target: "db", err = %e, "failed {}", x)`: the first lone string is the message.
fn log_macro(level: &str, g: &[Vec<Node>], cx: &Cx) -> Option<Found> {
    let mut logger = None;
    for (i, group) in g.iter().enumerate() {
        if let [key, colon, value] = group.as_slice()
            && cx.text(*key) == "target"
            && colon.kind() == ":"
        {
            logger = string_value(*value, cx);
            continue;
        }
        if group.len() == 1 && string_value(group[0], cx).is_some() {
            let message = formatted(g, i, cx)?;
            return Some(Found::log(level, message).logger(logger));
        }
    }
    None
}

fn call_site(node: Node, cx: &Cx) -> Option<Found> {
    let function = node.child_by_field_name("function")?;
    let arguments = args(node.child_by_field_name("arguments")?);
    match function.kind() {
        "identifier" if cx.text(function) == "Err" => {
            let message = message_of(*arguments.first()?, cx)?;
            Some(Found::new(Kind::Raise, "Err", message))
        }
        "field_expression" => {
            let field = function.child_by_field_name("field")?;
            let method = cx.text(field);
            let kind = match method {
                "expect" | "expect_err" => Kind::Panic,
                "context" | "with_context" | "wrap_err" | "wrap_err_with" => Kind::Raise,
                _ => return rust_display::write_str(node, method, cx),
            };
            let message = message_of(*arguments.first()?, cx)?;
            Some(Found::new(kind, method, message).at(field))
        }
        "scoped_identifier" => {
            let path = cx.text(function);
            let message = match path.rsplit_once("::") {
                Some((ty, "new")) if ty.ends_with("Error") && arguments.len() == 2 => {
                    cx.text(arguments[0]).contains("ErrorKind").then_some(())?;
                    message_of(arguments[1], cx)?
                }
                Some((ty, "other")) if ty.ends_with("io::Error") => {
                    message_of(*arguments.first()?, cx)?
                }
                _ => return None,
            };
            Some(Found::new(Kind::Raise, "io::Error", message))
        }
        _ => None,
    }
}

/// thiserror's `#[error("…")]` on a variant or a struct.
fn error_attribute(node: Node, cx: &Cx) -> Option<Found> {
    let attribute = args(node).into_iter().find(|c| c.kind() == "attribute")?;
    let path = args(attribute).into_iter().next()?;
    (cx.text(path) == "error").then_some(())?;
    let tree = attribute.child_by_field_name("arguments")?;
    let message = formatted(&groups(tree), 0, cx)?;
    let mut next = node.next_named_sibling();
    while let Some(n) =
        next.filter(|n| n.kind() == "attribute_item" || n.kind().contains("comment"))
    {
        next = n.next_named_sibling();
    }
    let target = next?;
    let name = cx.text(target.child_by_field_name("name")?);
    let error_type = match target.kind() {
        "enum_variant" => {
            let owner = ancestor(target, &["enum_item"], &[])
                .and_then(|e| e.child_by_field_name("name"))
                .map(|n| cx.text(n));
            match owner {
                Some(owner) => format!("{owner}::{name}"),
                None => name.to_string(),
            }
        }
        "struct_item" | "enum_item" => name.to_string(),
        _ => return None,
    };
    Some(Found::new(Kind::Raise, error_type, message))
}
