//! Java's table: `throw new X("…" + v)` (and `new XException(…)` anywhere), slf4j, log4j
//! and JUL calls at error, warn, fatal, severe and warning level, `String.format`.

use tree_sitter::Node;

use super::message::{self, Message};
use super::own;
use super::site::{Found, Kind, level_severity};
use super::tree::{self, Cx, Facts, Grammar, args, quoted, text, variable_name};

pub struct Java;

const TYPES: &[&str] = &[
    "class_declaration",
    "interface_declaration",
    "enum_declaration",
    "record_declaration",
];

impl Grammar for Java {
    fn facts(&self, root: Node, src: &str, module: Option<&str>) -> Facts {
        let package = args(root)
            .into_iter()
            .find(|n| n.kind() == "package_declaration")
            .and_then(|p| args(p).into_iter().next())
            .map(|n| text(src, n).to_string());
        let stem = module.and_then(|m| m.rsplit('/').next()).unwrap_or("");
        let qualify = |class: &str| match &package {
            Some(p) => format!("{p}.{class}"),
            None => class.to_string(),
        };
        let mut facts = Facts {
            module: Some(qualify(stem)),
            ..Facts::default()
        };
        // `private static final Logger LOG = LoggerFactory.getLogger(Store.class);`
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.kind() == "variable_declarator"
                && let (Some(name), Some(value)) = (
                    node.child_by_field_name("name"),
                    node.child_by_field_name("value"),
                )
                && let Some(logger) = logger_name(value, src, &qualify)
            {
                facts.loggers.insert(text(src, name).to_string(), logger);
            }
            if matches!(node.kind(), "program" | "class_body" | "field_declaration")
                || TYPES.contains(&node.kind())
                || node.kind() == "variable_declarator"
            {
                stack.extend(args(node));
            }
        }
        facts.package = package;
        facts
    }

    fn scope(&self, node: Node, cx: &Cx, outer: Option<&str>) -> Option<String> {
        let kind = node.kind();
        let name = if kind == "constructor_declaration" {
            "<init>"
        } else if TYPES.contains(&kind) || kind == "method_declaration" {
            cx.text(node.child_by_field_name("name")?)
        } else {
            return None;
        };
        Some(match (outer, &cx.facts.package) {
            (Some(outer), _) => format!("{outer}.{name}"),
            (None, Some(p)) => format!("{p}.{name}"),
            (None, None) => name.to_string(),
        })
    }

    fn own_site(&self, node: Node, cx: &Cx) -> Option<Found> {
        (node.kind() == "method_invocation").then_some(())?;
        let method = cx.text(node.child_by_field_name("name")?);
        let callee = match node.child_by_field_name("object") {
            Some(object) => format!("{}.{method}", cx.text(object)),
            None => method.to_string(),
        };
        let name = own::configured(&callee, cx.extra)?;
        let arguments = args(node.child_by_field_name("arguments")?);
        let literal = |n: Node, cx: &Cx| {
            (n.kind() == "string_literal")
                .then(|| quoted(cx.text(n)))
                .flatten()
        };
        let message_of = |n: Node, cx: &Cx| tree::message(n, cx, &leaf);
        own::site(
            name,
            &arguments,
            cx,
            &literal,
            own::Format::Anchors,
            &message_of,
        )
    }

    fn site(&self, node: Node, cx: &Cx) -> Option<Found> {
        match node.kind() {
            "object_creation_expression" => {
                let ty = cx.text(node.child_by_field_name("type")?);
                let ty = ty.split('<').next().unwrap_or(ty);
                let ty = ty.rsplit('.').next().unwrap_or(ty);
                let thrown = node.parent().is_some_and(|p| p.kind() == "throw_statement");
                (thrown || ty.ends_with("Exception") || ty.ends_with("Error")).then_some(())?;
                let arguments = args(node.child_by_field_name("arguments")?);
                Found::chosen(
                    Kind::Raise,
                    ty,
                    tree::messages(*arguments.first()?, cx, &leaf),
                )
            }
            "method_invocation" => log_call(node, cx),
            _ => None,
        }
    }
}

/// `LoggerFactory.getLogger(Store.class)` → the class's name; `getLogger("db")` → `db`.
fn logger_name(value: Node, src: &str, qualify: &dyn Fn(&str) -> String) -> Option<String> {
    if value.kind() != "method_invocation" {
        return None;
    }
    let name = text(src, value.child_by_field_name("name")?);
    if !matches!(name, "getLogger" | "getLog" | "getFormatterLogger") {
        return None;
    }
    let first = *args(value.child_by_field_name("arguments")?).first()?;
    let arg = text(src, first);
    if let Some(class) = arg
        .strip_suffix(".class")
        .or(arg.strip_suffix(".class.getName()"))
    {
        return Some(if class.contains('.') {
            class.to_string()
        } else {
            qualify(class)
        });
    }
    quoted(arg).filter(|_| first.kind() == "string_literal")
}

fn log_call(node: Node, cx: &Cx) -> Option<Found> {
    let object = node.child_by_field_name("object")?;
    let method = cx.text(node.child_by_field_name("name")?);
    let arguments = args(node.child_by_field_name("arguments")?);
    let receiver = cx.text(object);
    let known = cx.facts.loggers.get(receiver).cloned();
    let last = receiver.rsplit('.').next().unwrap_or(receiver);
    if known.is_none() && !last.to_ascii_lowercase().contains("log") {
        return None;
    }
    let (level, at) = match method {
        "error" | "warn" | "fatal" | "severe" | "warning" => (method.to_string(), 0),
        // JUL: `LOG.log(Level.SEVERE, "…", e)`.
        "log" => {
            let level = cx.text(*arguments.first()?);
            let level = level
                .rsplit('.')
                .next()
                .unwrap_or(level)
                .to_ascii_lowercase();
            matches!(
                level.as_str(),
                "severe" | "warning" | "error" | "warn" | "fatal"
            )
            .then_some(())?;
            (level, 1)
        }
        _ => return None,
    };
    let first = *arguments.get(at)?;
    let rest = &arguments[at + 1..];
    let message = match (first.kind(), quoted(cx.text(first))) {
        (_, Some(format)) if first.kind() == "string_literal" && format.contains("{}") => {
            let names: Vec<Option<String>> =
                rest.iter().map(|a| variable_name(cx.text(*a))).collect();
            message::anchors(&format, &names)
        }
        _ => tree::message(first, cx, &leaf)?,
    };
    let severity = match level.as_str() {
        "severe" => "error",
        l => level_severity(l),
    };
    Some(Found::log(&level, message).severity(severity).logger(known))
}

fn leaf(node: Node, cx: &Cx) -> Option<Message> {
    match node.kind() {
        "string_literal" => {
            let t = cx.text(node);
            if let Some(block) = t
                .strip_prefix("\"\"\"")
                .and_then(|b| b.strip_suffix("\"\"\""))
            {
                return Some(Message::text(block.trim()));
            }
            Some(Message::text(&quoted(t)?))
        }
        "method_invocation" => {
            let object = cx.text(node.child_by_field_name("object")?);
            let name = cx.text(node.child_by_field_name("name")?);
            let arguments = args(node.child_by_field_name("arguments")?);
            match (object, name) {
                ("String", "format") => {
                    let format = quoted(cx.text(*arguments.first()?))?;
                    let names: Vec<Option<String>> = arguments[1..]
                        .iter()
                        .map(|a| variable_name(cx.text(*a)))
                        .collect();
                    Some(message::printf(&format, &names))
                }
                ("MessageFormat", "format") => {
                    let format = quoted(cx.text(*arguments.first()?))?;
                    let names: Vec<Option<String>> = arguments[1..]
                        .iter()
                        .map(|a| variable_name(cx.text(*a)))
                        .collect();
                    Some(message::braces(&format, &names))
                }
                _ => None,
            }
        }
        _ => None,
    }
}
