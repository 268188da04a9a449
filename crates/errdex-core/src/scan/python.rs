//! Python's table: `raise X(…)` with literals, f-strings, `%`, `.format` and `+`;
//! `logging` calls at error, warning, exception and critical level; `warnings.warn`.

use tree_sitter::Node;

use super::message::{self, Message};
use super::own;
use super::python_args;
use super::site::{Found, Kind};
use super::tree::{self, Cx, Facts, Grammar, args, text, unescape, variable_name};

pub struct Python;

impl Grammar for Python {
    fn facts(&self, root: Node, src: &str, module: Option<&str>) -> Facts {
        let mut facts = Facts {
            module: module.map(str::to_string),
            ..Facts::default()
        };
        for statement in args(root) {
            let Some(assignment) = args(statement).into_iter().next() else {
                continue;
            };
            if assignment.kind() != "assignment" {
                continue;
            }
            let (Some(left), Some(right)) = (
                assignment.child_by_field_name("left"),
                assignment.child_by_field_name("right"),
            ) else {
                continue;
            };
            if let Some(name) = get_logger(right, src, module) {
                facts.loggers.insert(text(src, left).to_string(), name);
            }
        }
        facts
    }

    fn scope(&self, node: Node, cx: &Cx, outer: Option<&str>) -> Option<String> {
        if !matches!(node.kind(), "function_definition" | "class_definition") {
            return None;
        }
        let name = cx.text(node.child_by_field_name("name")?);
        let mut parent = node.parent();
        if parent.is_some_and(|p| p.kind() == "decorated_definition") {
            parent = parent.and_then(|p| p.parent());
        }
        let in_class = parent
            .and_then(|block| block.parent())
            .is_some_and(|p| p.kind() == "class_definition");
        Some(match outer {
            Some(outer) if in_class => format!("{outer}.{name}"),
            _ => name.to_string(),
        })
    }

    fn own_site(&self, node: Node, cx: &Cx) -> Option<Found> {
        (node.kind() == "call").then_some(())?;
        let function = node.child_by_field_name("function")?;
        let name = own::configured(cx.text(function), cx.extra)?;
        let arguments: Vec<Node> = args(node.child_by_field_name("arguments")?)
            .into_iter()
            .filter(|a| a.kind() != "keyword_argument")
            .collect();
        let literal = |n: Node, cx: &Cx| string_value(n, cx.src).flatten();
        let found = own::site(
            name,
            &arguments,
            cx,
            &literal,
            own::Format::Printf,
            &message_of,
        )?;
        Some(
            found.at(function
                .child_by_field_name("attribute")
                .unwrap_or(function)),
        )
    }

    fn site(&self, node: Node, cx: &Cx) -> Option<Found> {
        match node.kind() {
            "raise_statement" => {
                let raised = raised_call(node, cx)?;
                let class = class_name(raised, cx)?;
                let arguments = args(raised.child_by_field_name("arguments")?);
                if let Some(message) = printed_args(class, &arguments, cx) {
                    return Some(Found::new(Kind::Raise, class, message));
                }
                let message = match (arguments.first(), arguments.get(1)) {
                    // `PydanticCustomError("color_error", "value is not a valid color")`: a
                    // code first, then the message.
                    (Some(first), Some(second))
                        if string_value(*first, cx.src)
                            .flatten()
                            .is_some_and(|code| is_code(&code)) =>
                    {
                        message_of(*second, cx)
                            .filter(|m| m.message().contains(' '))
                            .or_else(|| message_of(*first, cx))?
                    }
                    (first, _) => message_of(*first?, cx)?,
                };
                Some(Found::new(Kind::Raise, class, message))
            }
            "call" => {
                let function = node.child_by_field_name("function")?;
                let at = function
                    .child_by_field_name("attribute")
                    .unwrap_or(function);
                call_site(node, cx).map(|f| f.at(at))
            }
            _ => None,
        }
    }
}

/// What a builtin exception raised with two or more arguments prints: they, not the first
/// alone (`raise ValueError("bad value", x)` prints `('bad value', 'x')`).
fn printed_args(class: &str, arguments: &[Node], cx: &Cx) -> Option<Message> {
    let positional: Vec<Node> = arguments
        .iter()
        .copied()
        .filter(|a| a.kind() != "keyword_argument")
        .collect();
    let splat = |a: &Node| matches!(a.kind(), "list_splat" | "dictionary_splat");
    if positional.len() < 2 || positional.iter().any(splat) {
        return None;
    }
    let said: Vec<Option<Message>> = positional.iter().map(|a| message_of(*a, cx)).collect();
    python_args::printed(class, &said).filter(Message::has_word)
}

/// The exception a `raise` creates: `raise X(…)`, or `raise exc` where `exc = X(…)` just
/// before (the traceback names the `raise`).
pub(super) fn raised_call<'t>(raise: Node<'t>, cx: &Cx) -> Option<Node<'t>> {
    let raised = args(raise).into_iter().next()?;
    let raised = match raised.kind() {
        "identifier" => tree::assigned_before(raised, cx)?,
        _ => raised,
    };
    (raised.kind() == "call").then_some(raised)
}

/// An error code rather than a message: one word of letters, digits, `_`, `.`, `-`, `:`
/// (`color_error`, `E1234`, `InvalidParameter.NotFound`).
fn is_code(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | ':'))
}

/// `X` of `X(…)` or `errors.X(…)`.
pub(super) fn class_name<'s>(call: Node, cx: &Cx<'s>) -> Option<&'s str> {
    let class = text(cx.src, call.child_by_field_name("function")?);
    Some(class.rsplit('.').next().unwrap_or(class))
}

/// `logging.getLogger("db")` → `db`; `getLogger(__name__)` → the module.
fn get_logger(call: Node, src: &str, module: Option<&str>) -> Option<String> {
    if call.kind() != "call" {
        return None;
    }
    let function = text(src, call.child_by_field_name("function")?);
    if !function.ends_with("getLogger") {
        return None;
    }
    let arguments = args(call.child_by_field_name("arguments")?);
    let Some(first) = arguments.first() else {
        return Some("root".to_string());
    };
    match text(src, *first) {
        "__name__" => module.map(str::to_string),
        _ => string_value(*first, src).flatten(),
    }
}

fn call_site(node: Node, cx: &Cx) -> Option<Found> {
    let function = node.child_by_field_name("function")?;
    if function.kind() != "attribute" {
        return None;
    }
    let object = function.child_by_field_name("object")?;
    let method = cx.text(function.child_by_field_name("attribute")?);
    let arguments = args(node.child_by_field_name("arguments")?);
    let receiver = cx.text(object);
    if receiver == "warnings" && method == "warn" {
        let message = message_of(*arguments.first()?, cx)?;
        let category = arguments
            .get(1)
            .filter(|a| a.kind() != "keyword_argument")
            .map_or("UserWarning", |a| cx.text(*a));
        return Some(Found::new(Kind::Log, category, message).severity("warning"));
    }
    let level = match method {
        "error" | "exception" => "error",
        "warning" | "warn" => "warning",
        "critical" | "fatal" => "critical",
        _ => return None,
    };
    let logger = if let Some(name) = cx.facts.loggers.get(receiver) {
        Some(name.clone())
    } else if let Some(name) = get_logger(object, cx.src, cx.facts.module.as_deref()) {
        Some(name)
    } else {
        let last = receiver.rsplit('.').next().unwrap_or(receiver);
        last.to_ascii_lowercase().contains("log").then_some(())?;
        None
    };
    let first = *arguments.first()?;
    let rest: Vec<Node> = arguments[1..]
        .iter()
        .copied()
        .filter(|a| a.kind() != "keyword_argument")
        .collect();
    let message = match (string_value(first, cx.src), rest.is_empty()) {
        // logging applies `%` only when there are arguments.
        (Some(Some(format)), false) => message::printf(&format, &names(&rest, cx)),
        _ => message_of(first, cx)?,
    };
    Some(
        Found::log(method, message)
            .severity(super::site::level_severity(level))
            .logger(logger),
    )
}

fn names(nodes: &[Node], cx: &Cx) -> Vec<Option<String>> {
    nodes.iter().map(|n| hole_name(*n, cx)).collect()
}

/// `x`, `self.x`, `str(x)`, `repr(x)` name a hole.
pub(super) fn hole_name(node: Node, cx: &Cx) -> Option<String> {
    if node.kind() == "call" {
        let function = cx.text(node.child_by_field_name("function")?);
        let arguments = args(node.child_by_field_name("arguments")?);
        if matches!(function, "str" | "repr") && arguments.len() == 1 {
            return hole_name(arguments[0], cx);
        }
        return None;
    }
    variable_name(cx.text(node))
}

/// `Some(Some(value))` for a plain literal (or implicit concatenation of plain literals),
/// `Some(None)` for a string with interpolations, `None` for anything else.
fn string_value(node: Node, src: &str) -> Option<Option<String>> {
    let cx = Cx {
        src,
        facts: &Facts::default(),
        extra: &[],
    };
    let m = string_message(node, &cx)?;
    Some(match m.0.as_slice() {
        [] => Some(String::new()),
        [message::Piece::Text(t)] => Some(t.clone()),
        _ => None,
    })
}

fn string_message(node: Node, cx: &Cx) -> Option<Message> {
    match node.kind() {
        "parenthesized_expression" => string_message(*args(node).first()?, cx),
        "concatenated_string" => {
            let mut m = Message::default();
            for part in args(node) {
                m.append(string_message(part, cx)?);
            }
            Some(m)
        }
        "string" => {
            let mut m = Message::default();
            let mut prefix = String::new();
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                match child.kind() {
                    "string_start" => prefix = cx.text(child).to_ascii_lowercase(),
                    "string_content" => {
                        let raw = cx.text(child);
                        let mut value = if prefix.contains('r') {
                            raw.to_string()
                        } else {
                            unescape(raw)
                        };
                        if prefix.contains('f') {
                            value = value.replace("{{", "{").replace("}}", "}");
                        }
                        m.push_text(&value);
                    }
                    "interpolation" => {
                        let expr = child
                            .child_by_field_name("expression")
                            .or(args(child).first().copied());
                        m.push_hole(expr.and_then(|e| hole_name(e, cx)));
                    }
                    _ => {}
                }
            }
            Some(m)
        }
        _ => None,
    }
}

/// A plain literal, a variable given one just before (`msg = "bad %r"` then
/// `raise TypeError(msg % x)`) or a module's constant (`_ERR_MSG = "…"`), or a literal
/// marked for translation (`_("option %s not recognized")`).
fn format_string(node: Node, cx: &Cx) -> Option<String> {
    match node.kind() {
        "identifier" => match tree::assigned_before(node, cx) {
            Some(value) => string_value(value, cx.src)?,
            None => string_value(module_constant(node, cx)?, cx.src)?,
        },
        "call" => {
            let function = cx.text(node.child_by_field_name("function")?);
            matches!(function, "_" | "gettext" | "gettext.gettext" | "N_").then_some(())?;
            let arguments = args(node.child_by_field_name("arguments")?);
            match arguments[..] {
                [only] => string_value(only, cx.src)?,
                _ => None,
            }
        }
        _ => string_value(node, cx.src)?,
    }
}

/// The value of a module-level `NAME = …` for the identifier `name`.
fn module_constant<'t>(name: Node<'t>, cx: &Cx) -> Option<Node<'t>> {
    let mut root = name;
    while let Some(parent) = root.parent() {
        root = parent;
    }
    let wanted = cx.text(name);
    args(root).into_iter().rev().find_map(|statement| {
        let assignment = args(statement).into_iter().next()?;
        (statement.kind() == "expression_statement" && assignment.kind() == "assignment")
            .then_some(())?;
        (cx.text(assignment.child_by_field_name("left")?) == wanted).then_some(())?;
        assignment.child_by_field_name("right")
    })
}

/// A message expression: literals and f-strings, `"…" % args`, `"…".format(…)`, `+`.
pub(super) fn message_of(node: Node, cx: &Cx) -> Option<Message> {
    tree::message(node, cx, &leaf)
}

fn leaf(node: Node, cx: &Cx) -> Option<Message> {
    if let Some(m) = string_message(node, cx) {
        return Some(m);
    }
    match node.kind() {
        "binary_operator" => {
            let op = node.child_by_field_name("operator")?;
            (cx.text(op) == "%").then_some(())?;
            let left = node.child_by_field_name("left")?;
            let right = node.child_by_field_name("right")?;
            let format = format_string(left, cx)?;
            let values = if right.kind() == "tuple" {
                args(right)
            } else {
                vec![right]
            };
            Some(message::printf(&format, &names(&values, cx)))
        }
        "call" => {
            let function = node.child_by_field_name("function")?;
            let attribute = function.child_by_field_name("attribute");
            if function.kind() == "attribute" && attribute.is_some_and(|a| cx.text(a) == "format") {
                let format = format_string(function.child_by_field_name("object")?, cx)?;
                let values: Vec<Node> = args(node.child_by_field_name("arguments")?)
                    .into_iter()
                    .filter(|a| a.kind() != "keyword_argument")
                    .collect();
                return Some(message::braces(&format, &names(&values, cx)));
            }
            Some(Message::hole(hole_name(node, cx)))
        }
        _ => None,
    }
}
