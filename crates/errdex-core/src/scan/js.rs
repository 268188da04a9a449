//! JavaScript's and TypeScript's table: `throw new Error(`…${x}`)` (and `new XError(…)`
//! anywhere), `console.error`/`warn`, and winston, pino and bunyan style loggers.

use tree_sitter::Node;

use super::message::Message;
use super::own;
use super::site::{Found, Kind, level_severity};
use super::tree::{self, Cx, Grammar, args, quoted, variable_name};

pub struct Js;

impl Grammar for Js {
    fn scope(&self, node: Node, cx: &Cx, outer: Option<&str>) -> Option<String> {
        match node.kind() {
            "function_declaration" | "generator_function_declaration" | "class_declaration" => {
                Some(cx.text(node.child_by_field_name("name")?).to_string())
            }
            "method_definition" => {
                let name = cx.text(node.child_by_field_name("name")?);
                Some(match outer {
                    Some(class) => format!("{class}.{name}"),
                    None => name.to_string(),
                })
            }
            // `const load = () => …` / `= function () …`.
            "arrow_function" | "function_expression" => {
                let parent = node.parent()?;
                (parent.kind() == "variable_declarator").then_some(())?;
                Some(cx.text(parent.child_by_field_name("name")?).to_string())
            }
            _ => None,
        }
    }

    fn own_site(&self, node: Node, cx: &Cx) -> Option<Found> {
        (node.kind() == "call_expression").then_some(())?;
        let function = node.child_by_field_name("function")?;
        let name = own::configured(cx.text(function), cx.extra)?;
        let arguments = args(node.child_by_field_name("arguments")?);
        let literal =
            |n: Node, cx: &Cx| (n.kind() == "string").then(|| quoted(cx.text(n))).flatten();
        let message_of = |n: Node, cx: &Cx| tree::message(n, cx, &leaf);
        let found = own::site(
            name,
            &arguments,
            cx,
            &literal,
            own::Format::Printf,
            &message_of,
        )?;
        Some(found.at(function.child_by_field_name("property").unwrap_or(function)))
    }

    fn site(&self, node: Node, cx: &Cx) -> Option<Found> {
        match node.kind() {
            "new_expression" => {
                let ty = cx.text(node.child_by_field_name("constructor")?);
                let ty = ty.rsplit('.').next().unwrap_or(ty);
                let thrown = node.parent().is_some_and(|p| p.kind() == "throw_statement");
                (thrown || ty.ends_with("Error") || ty.ends_with("Exception")).then_some(())?;
                let arguments = args(node.child_by_field_name("arguments")?);
                // Most take the message first; `AggregateError(errors, "…")` and
                // `SuppressedError(error, suppressed, "…")` after what they wrap.
                let messages = arguments
                    .iter()
                    .map(|a| tree::messages(*a, cx, &leaf))
                    .find(|m| !m.is_empty())?;
                Found::chosen(Kind::Raise, ty, messages)
            }
            "call_expression" => {
                let function = node.child_by_field_name("function")?;
                (function.kind() == "member_expression").then_some(())?;
                let property = function.child_by_field_name("property")?;
                log_call(node, function, cx).map(|f| f.at(property))
            }
            _ => None,
        }
    }
}

fn log_call(node: Node, function: Node, cx: &Cx) -> Option<Found> {
    let object = cx.text(function.child_by_field_name("object")?);
    let method = cx.text(function.child_by_field_name("property")?);
    let arguments = args(node.child_by_field_name("arguments")?);
    let last = object
        .rsplit('.')
        .next()
        .unwrap_or(object)
        .to_ascii_lowercase();
    let library = matches!(last.as_str(), "winston" | "pino" | "bunyan");
    if object != "console" && !last.contains("log") && !library {
        return None;
    }
    let (level, rest) = match method {
        "error" | "warn" | "fatal" => (method.to_string(), &arguments[..]),
        // winston: `logger.log('error', '…')`.
        "log" if object != "console" => {
            let level = quoted(cx.text(*arguments.first()?))?;
            matches!(level.as_str(), "error" | "warn" | "fatal").then_some(())?;
            (level, &arguments[1..])
        }
        _ => return None,
    };
    // pino and bunyan put an object of fields before the message.
    let at = rest
        .iter()
        .position(|a| a.kind() != "object" && a.kind() != "identifier")?;
    let mut message = tree::message(rest[at], cx, &leaf)?;
    // `console.error('failed:', err)` and npm's `log.warn('registry', '…')` print their
    // arguments one after the other, a space between.
    if !library {
        for more in rest[at + 1..].iter().filter(|a| a.kind() != "object") {
            message.push_text(" ");
            message.append(tree::concat(*more, cx, &leaf, 0));
        }
    }
    Some(Found::log(&level, message).severity(level_severity(&level)))
}

fn leaf(node: Node, cx: &Cx) -> Option<Message> {
    match node.kind() {
        "string" => Some(Message::text(&quoted(cx.text(node))?)),
        "template_string" => {
            let mut m = Message::default();
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                match child.kind() {
                    "string_fragment" => m.push_text(cx.text(child)),
                    "escape_sequence" => m.push_text(&tree::unescape(cx.text(child))),
                    "template_substitution" => {
                        let expr = args(child).into_iter().next();
                        m.push_hole(expr.and_then(|e| variable_name(cx.text(e))));
                    }
                    _ => {}
                }
            }
            Some(m)
        }
        _ => None,
    }
}
