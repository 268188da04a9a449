//! The walk every language shares: a depth-first pass over the syntax tree that keeps the
//! enclosing function's name and asks the language's table about each node.

use std::collections::HashMap;

use tree_sitter::{Node, Tree};

use super::message::Message;
use super::site::{Found, Site};
pub use super::variable::{Built, assigned_before, built_before};

/// What a language learns about a file before the walk: the package a Go file declares,
/// the logger variables a Python module names.
#[derive(Debug, Default)]
pub struct Facts {
    pub package: Option<String>,
    /// Variable → logger name (`log = logging.getLogger("db")`).
    pub loggers: HashMap<String, String>,
    /// The file's module, for loggers named after it (`getLogger(__name__)`).
    pub module: Option<String>,
}

/// What the table is asked with: the file's text, its facts and the enclosing function.
pub struct Cx<'a> {
    pub src: &'a str,
    pub facts: &'a Facts,
    /// Logging functions the config adds to the table.
    pub extra: &'a [String],
}

impl Cx<'_> {
    pub fn text(&self, node: Node) -> &str {
        text(self.src, node)
    }
}

pub fn text<'s>(src: &'s str, node: Node) -> &'s str {
    src.get(node.byte_range()).unwrap_or("")
}

/// One language's table of error sites.
pub trait Grammar: Sync {
    fn facts(&self, _root: Node, _src: &str, module: Option<&str>) -> Facts {
        Facts {
            module: module.map(str::to_string),
            ..Facts::default()
        }
    }

    /// The frame name of the code inside `node` when it is a function (or a type whose
    /// body holds functions); `outer` is the enclosing one.
    fn scope(&self, node: Node, cx: &Cx, outer: Option<&str>) -> Option<String>;

    /// Whether the code under `node` is left out whole: test code inside a source file.
    fn skip(&self, _node: Node, _cx: &Cx) -> bool {
        false
    }

    /// The error site `node` is, if it is one.
    fn site(&self, node: Node, cx: &Cx) -> Option<Found>;

    /// The site `node` is when it calls one of the config's own functions (`cx.extra`,
    /// [`super::own`]); asked before [`Grammar::site`].
    fn own_site(&self, _node: Node, _cx: &Cx) -> Option<Found> {
        None
    }
}

/// The site `node` is: a call of the config's own functions first, then the table's.
fn site_of(grammar: &dyn Grammar, node: Node, cx: &Cx) -> Option<Found> {
    if !cx.extra.is_empty()
        && let Some(found) = grammar.own_site(node, cx)
    {
        return Some(found);
    }
    grammar.site(node, cx)
}

/// Deeper than this the walk stops: no real code nests so far, and generated code that
/// does must not exhaust anything.
const MAX_DEPTH: usize = 2_000;

/// The sites of a parsed file, and what the grammar learnt of it (its module, package).
/// With `anchors` (sorted offsets, [`super::anchors`]), a node in which none starts is not
/// visited: every site holds its call's name.
pub fn sites(
    grammar: &dyn Grammar,
    tree: &Tree,
    src: &str,
    module: Option<&str>,
    extra: &[String],
    anchors: Option<&[usize]>,
) -> (Vec<Site>, Facts) {
    let anchored = |node: Node| {
        anchors.is_none_or(|anchors| {
            let first = anchors.partition_point(|&a| a < node.start_byte());
            anchors.get(first).is_some_and(|&a| a < node.end_byte())
        })
    };
    let root = tree.root_node();
    let facts = grammar.facts(root, src, module);
    let cx = Cx {
        src,
        facts: &facts,
        extra,
    };
    let mut out = Vec::new();
    // (depth of the node that opened it, name); a name may be a type's, not a function's.
    let mut scopes: Vec<(usize, String)> = Vec::new();
    let mut cursor = root.walk();
    let mut depth = 0usize;
    loop {
        let node = cursor.node();
        let visited = anchored(node);
        let outer = scopes.last().map(|(_, s)| s.as_str());
        if let Some(name) = grammar.scope(node, &cx, outer).filter(|_| visited) {
            scopes.push((depth, name));
        }
        if !visited {
            // Nothing under it: on to its next sibling.
        } else if let Some(found) = site_of(grammar, node, &cx).filter(|_| !grammar.skip(node, &cx))
        {
            let row = found.row.unwrap_or(node.start_position().row);
            let messages = std::iter::once((found.message, None)).chain(found.others);
            for (message, at) in messages.filter(|(m, _)| !m.is_blank()) {
                out.push(Site {
                    kind: found.kind,
                    error_type: found.error_type.clone(),
                    severity: found.severity,
                    message,
                    row: at.unwrap_or(row),
                    function: scopes.last().map(|(_, s)| s.clone()),
                    logger: found.logger.clone(),
                    shared: found.shared,
                });
            }
        }
        let skip = !visited || grammar.skip(node, &cx);
        if !skip && depth < MAX_DEPTH && cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            while scopes.last().is_some_and(|(d, _)| *d >= depth) {
                scopes.pop();
            }
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                // `panic(fmt.Errorf("…"))` is one statement: the outer call stands for it.
                let mut seen = std::collections::HashSet::new();
                out.retain(|s| seen.insert((s.row, s.message.pattern())));
                return (out, facts);
            }
            depth -= 1;
        }
    }
}

/// A message made of `+` (or Python's `+`): each side a leaf the language knows (a
/// literal, a format call), else a hole named by its variable.
pub fn concat(
    node: Node,
    cx: &Cx,
    leaf: &dyn Fn(Node, &Cx) -> Option<Message>,
    depth: usize,
) -> Message {
    if depth > 64 {
        return Message::hole(None);
    }
    if let Some(m) = leaf(node, cx) {
        return m;
    }
    match node.kind() {
        "binary_expression" | "binary_operator"
            if node
                .child_by_field_name("operator")
                .is_some_and(|o| cx.text(o) == "+") =>
        {
            let mut m = Message::default();
            for side in ["left", "right"] {
                if let Some(n) = node.child_by_field_name(side) {
                    m.append(concat(n, cx, leaf, depth + 1));
                }
            }
            m
        }
        "parenthesized_expression" => match args(node).first() {
            Some(inner) => concat(*inner, cx, leaf, depth + 1),
            None => Message::hole(None),
        },
        "identifier" => match built_before(node, cx) {
            Some(built) => {
                let mut m = match built.value {
                    Some(value) => concat(value, cx, leaf, depth + 1),
                    None => Message::hole(variable_name(cx.text(node))),
                };
                for more in built.appended {
                    m.append(concat(more, cx, leaf, depth + 1));
                }
                m
            }
            None => Message::hole(variable_name(cx.text(node))),
        },
        _ => Message::hole(variable_name(cx.text(node))),
    }
}

/// [`concat`], kept only when some literal text survives.
pub fn message(
    node: Node,
    cx: &Cx,
    leaf: &dyn Fn(Node, &Cx) -> Option<Message>,
) -> Option<Message> {
    let m = concat(node, cx, leaf, 0);
    m.has_text().then_some(m)
}

/// The messages `node` may be: each branch of a condition (`c ? "a" : "b"` in JavaScript,
/// Java and C) that has literal text, else [`message`]'s one.
pub fn messages(node: Node, cx: &Cx, leaf: &dyn Fn(Node, &Cx) -> Option<Message>) -> Vec<Message> {
    let branches = ["consequence", "alternative"].map(|f| node.child_by_field_name(f));
    if matches!(node.kind(), "ternary_expression" | "conditional_expression")
        && let [Some(yes), Some(no)] = branches
    {
        let mut out = messages(yes, cx, leaf);
        out.extend(messages(no, cx, leaf));
        return out;
    }
    message(node, cx, leaf).into_iter().collect()
}

/// The text between a literal's quotes, escapes decoded (`"…"`, `'…'`, C's `L"…"`).
pub fn quoted(text: &str) -> Option<String> {
    let start = text.find(['"', '\''])?;
    let quote = text[start..].chars().next()?;
    let body = text[start + 1..].strip_suffix(quote)?;
    Some(unescape(body))
}

/// The named children of `node`, without comments.
pub fn args(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !c.kind().contains("comment"))
        .collect()
}

/// The nearest ancestor of one of `kinds`, not looking past `stop` kinds.
pub fn ancestor<'t>(node: Node<'t>, kinds: &[&str], stop: &[&str]) -> Option<Node<'t>> {
    let mut at = node.parent();
    while let Some(n) = at {
        if kinds.contains(&n.kind()) {
            return Some(n);
        }
        if stop.contains(&n.kind()) {
            return None;
        }
        at = n.parent();
    }
    None
}

/// Backslash escapes as C, Go, Rust, Java and JavaScript share them; unknown ones are
/// kept as written.
pub fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') if !chars.peek().is_some_and(char::is_ascii_digit) => out.push('\0'),
            Some(q @ ('\\' | '"' | '\'' | '`' | '?')) => out.push(q),
            // A line continuation (Rust, Python, C): the newline and the next line's indent go.
            Some('\n') => {
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
            }
            Some('u' | 'x' | 'U') => {
                let mut digits = String::new();
                let braced = chars.peek() == Some(&'{');
                if braced {
                    chars.next();
                }
                while let Some(&d) = chars.peek() {
                    if d.is_ascii_hexdigit() && (braced || digits.len() < 8) {
                        digits.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                if braced && chars.peek() == Some(&'}') {
                    chars.next();
                }
                match u32::from_str_radix(&digits, 16)
                    .ok()
                    .and_then(char::from_u32)
                {
                    Some(ch) => out.push(ch),
                    None => out.push('\u{FFFD}'),
                }
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// The variable a placeholder is filled from: an identifier, or the last field of a plain
/// field access (`self.path` → `path`); anything else has no name.
pub fn variable_name(expr: &str) -> Option<String> {
    let expr = expr.trim().trim_start_matches(['&', '*']);
    let last = expr.rsplit(['.']).next()?;
    let plain = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !s.chars().next().is_some_and(|c| c.is_ascii_digit())
    };
    let all_plain = expr.split('.').all(|p| plain(p.trim_start_matches("->")));
    (all_plain && plain(last)).then(|| last.to_string())
}

/// Every node of the tree, depth first, to `visit`.
pub fn each_node<'t>(root: Node<'t>, visit: &mut dyn FnMut(Node<'t>)) {
    let mut cursor = root.walk();
    let mut depth = 0;
    loop {
        visit(cursor.node());
        if depth < MAX_DEPTH && cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
            depth -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_and_unknown_ones_stay() {
        assert_eq!(
            unescape(r#"a\n\t\"b\" \u{e9}\x41 \q"#),
            "a\n\t\"b\" \u{e9}A \\q"
        );
        assert_eq!(unescape("one \\\n     two"), "one two");
    }

    #[test]
    fn only_plain_variables_name_a_hole() {
        assert_eq!(variable_name("path").as_deref(), Some("path"));
        assert_eq!(variable_name("&self.path").as_deref(), Some("path"));
        assert_eq!(variable_name("e.to_string()"), None);
        assert_eq!(variable_name("0"), None);
    }
}
