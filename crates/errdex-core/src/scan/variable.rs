//! A message variable as the statements before its use build it (`msg = f"…"` then
//! `raise ValueError(msg)`, `msg += …`), in every language's shape.

use tree_sitter::Node;

use super::tree::{Cx, args};

/// Statements looked back over for the assignment of a message variable, per block.
const LOOK_BACK: usize = 8;

/// Blocks looked out through (`msg = …` before the `if` whose body raises it).
const LOOK_OUT: usize = 3;

/// A message variable as the statements before its use build it: the value it was given,
/// if found, then what was added to it (`msg += …`), in order.
pub struct Built<'t> {
    pub value: Option<Node<'t>>,
    pub appended: Vec<Node<'t>>,
}

/// The value last given to the variable `ident` in the statements just before the one it
/// is used in (`msg = f"…"` then `raise ValueError(msg)`), in any language's shape.
pub fn assigned_before<'t>(ident: Node<'t>, cx: &Cx) -> Option<Node<'t>> {
    built_before(ident, cx)
        .filter(|b| b.appended.is_empty())
        .and_then(|b| b.value)
}

/// How the variable `ident` is built in the statements before its use: its assignment and
/// the `+=` after it, looked for in the use's block and then in the blocks around it, up to
/// the enclosing function. `None` when neither is found.
pub fn built_before<'t>(ident: Node<'t>, cx: &Cx) -> Option<Built<'t>> {
    let name = cx.text(ident);
    let mut appended = Vec::new();
    let mut statement = ident;
    for _ in 0..LOOK_OUT {
        while let Some(parent) = statement.parent() {
            if matches!(
                parent.kind(),
                "block" | "statement_block" | "statement_list" | "compound_statement" | "module"
            ) {
                break;
            }
            statement = parent;
        }
        let mut at = statement.prev_named_sibling();
        for _ in 0..LOOK_BACK {
            let Some(prev) = at else { break };
            if let Some(more) = appended_to(prev, name, cx) {
                appended.insert(0, more);
            } else if let Some(value) = assignment_of(prev, name, cx, 0) {
                return Some(Built {
                    value: Some(value),
                    appended,
                });
            }
            at = prev.prev_named_sibling();
        }
        // On out, to the statement that holds this block, but not out of a function.
        let block = statement.parent()?;
        let holder = block.parent().map_or("module", |h| h.kind());
        let function = [
            "function",
            "method",
            "lambda",
            "closure",
            "class",
            "constructor",
        ]
        .iter()
        .any(|k| holder.contains(k));
        if block.kind() == "module" || function || holder == "module" {
            break;
        }
        statement = block;
    }
    (!appended.is_empty()).then_some(Built {
        value: None,
        appended,
    })
}

/// What `name += value` (alone in its statement) adds to the variable.
fn appended_to<'t>(node: Node<'t>, name: &str, cx: &Cx) -> Option<Node<'t>> {
    let node = match node.kind() {
        "expression_statement" => args(node).into_iter().next()?,
        _ => node,
    };
    let augmented = matches!(
        node.kind(),
        "augmented_assignment"
            | "augmented_assignment_expression"
            | "compound_assignment_expr"
            | "assignment_expression"
            | "assignment_statement"
    );
    (augmented
        && node
            .child_by_field_name("operator")
            .is_some_and(|o| cx.text(o) == "+="))
    .then_some(())?;
    (cx.text(node.child_by_field_name("left")?) == name).then_some(())?;
    let value = node.child_by_field_name("right")?;
    if value.kind() == "expression_list" {
        return args(value).into_iter().next();
    }
    Some(value)
}

fn assignment_of<'t>(node: Node<'t>, name: &str, cx: &Cx, depth: usize) -> Option<Node<'t>> {
    let (target, value) = match node.kind() {
        "assignment" | "assignment_statement" | "short_var_declaration" => ("left", "right"),
        "let_declaration" => ("pattern", "value"),
        "variable_declarator" | "init_declarator" => ("name", "value"),
        _ if depth < 2 => {
            return args(node)
                .into_iter()
                .find_map(|c| assignment_of(c, name, cx, depth + 1));
        }
        _ => return None,
    };
    let target = node
        .child_by_field_name(target)
        .or_else(|| node.child_by_field_name("declarator"))?;
    (cx.text(target) == name).then_some(())?;
    let value = node.child_by_field_name(value)?;
    // Go's `msg := "…"` holds its values in a list.
    if value.kind() == "expression_list" {
        return args(value).into_iter().next();
    }
    Some(value)
}
