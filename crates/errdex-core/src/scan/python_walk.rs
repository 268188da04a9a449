//! What the Python rules beyond the table share: the frame name of the code at a node.

use tree_sitter::Node;

use super::tree::Cx;

/// The frame name Python gives the code at `node`, as the walk's scopes name it
/// (`Parser.error`, a function in a function by its own name).
pub fn frame_name(node: Node, cx: &Cx) -> Option<String> {
    let mut defs = Vec::new();
    let mut at = node.parent();
    while let Some(n) = at {
        if matches!(n.kind(), "function_definition" | "class_definition") {
            defs.push(n);
        }
        at = n.parent();
    }
    let mut name: Option<String> = None;
    for def in defs.into_iter().rev() {
        let own = cx.text(def.child_by_field_name("name")?);
        let mut parent = def.parent();
        if parent.is_some_and(|p| p.kind() == "decorated_definition") {
            parent = parent.and_then(|p| p.parent());
        }
        let in_class = parent
            .and_then(|block| block.parent())
            .is_some_and(|p| p.kind() == "class_definition");
        name = Some(match name {
            Some(outer) if in_class => format!("{outer}.{own}"),
            _ => own.to_string(),
        });
    }
    name
}

/// `X` of `a.b.X`.
pub fn last_part(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}
