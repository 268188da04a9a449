//! C's and C++'s table: printf-style calls of logging functions (`fprintf(stderr, …)`,
//! `syslog` at warning level or worse, `err`/`errx`/`warn`/`warnx`, `perror`, glibc's
//! `error`) and C++'s `throw std::runtime_error(…)`; what only a debug build compiles is left
//! out.

use tree_sitter::Node;

use super::message::{self, Message};
use super::own;
use super::site::{Found, Kind};
use super::tree::{self, Cx, Grammar, args, quoted, variable_name};

pub struct C;

/// The logging functions: (name, where the format is, severity, exits).
const FUNCTIONS: &[(&str, usize, &str)] = &[
    ("fprintf", 1, "error"),
    ("syslog", 1, "error"),
    ("err", 1, "critical"),
    ("errx", 1, "critical"),
    ("verr", 1, "critical"),
    ("warn", 0, "warning"),
    ("warnx", 0, "warning"),
    ("perror", 0, "error"),
    ("error", 2, "error"),
];

impl Grammar for C {
    fn scope(&self, node: Node, cx: &Cx, outer: Option<&str>) -> Option<String> {
        match node.kind() {
            "function_definition" => {
                let mut declarator = node.child_by_field_name("declarator")?;
                while declarator.kind() != "function_declarator" {
                    declarator = declarator.child_by_field_name("declarator")?;
                }
                let name = cx.text(declarator.child_by_field_name("declarator")?);
                let in_class = node
                    .parent()
                    .is_some_and(|p| p.kind() == "field_declaration_list");
                Some(match outer {
                    Some(class) if in_class => format!("{class}::{name}"),
                    _ => name.to_string(),
                })
            }
            "class_specifier" | "struct_specifier" => {
                node.child_by_field_name("body")?;
                Some(cx.text(node.child_by_field_name("name")?).to_string())
            }
            _ => None,
        }
    }

    /// What only a debug build compiles (`#ifdef DEBUG` … `#else`) is its diagnostics,
    /// as a test is Rust's: the `#else` branch is the program's.
    fn skip(&self, node: Node, cx: &Cx) -> bool {
        let Some(parent) = node.parent() else {
            return false;
        };
        let condition = match parent.kind() {
            "preproc_ifdef" if parent.child(0).is_some_and(|c| c.kind() == "#ifdef") => {
                parent.child_by_field_name("name")
            }
            "preproc_if" => parent.child_by_field_name("condition"),
            _ => return false,
        };
        let Some(condition) = condition else {
            return false;
        };
        let name = cx.text(condition);
        let name = name
            .strip_prefix("defined(")
            .and_then(|n| n.strip_suffix(')'))
            .unwrap_or(name)
            .trim();
        let debug = name == "DEBUG" || name == "_DEBUG" || name.ends_with("_DEBUG");
        debug && node != condition && parent.child_by_field_name("alternative") != Some(node)
    }

    fn own_site(&self, node: Node, cx: &Cx) -> Option<Found> {
        (node.kind() == "call_expression").then_some(())?;
        let name = own::configured(cx.text(node.child_by_field_name("function")?), cx.extra)?;
        let arguments = args(node.child_by_field_name("arguments")?);
        own::site(
            name,
            &arguments,
            cx,
            &literal,
            own::Format::Printf,
            &|_, _| None,
        )
    }

    fn site(&self, node: Node, cx: &Cx) -> Option<Found> {
        match node.kind() {
            "call_expression" => log_call(node, cx),
            "throw_statement" => {
                let thrown = args(node).into_iter().next()?;
                let (ty, arguments) = match thrown.kind() {
                    "call_expression" => (
                        thrown.child_by_field_name("function")?,
                        thrown.child_by_field_name("arguments")?,
                    ),
                    "new_expression" => (
                        thrown.child_by_field_name("type")?,
                        thrown.child_by_field_name("arguments")?,
                    ),
                    _ => return None,
                };
                let message = tree::message(*args(arguments).first()?, cx, &leaf)?;
                Some(Found::new(Kind::Raise, cx.text(ty), message))
            }
            _ => None,
        }
    }
}

fn log_call(node: Node, cx: &Cx) -> Option<Found> {
    let name = cx.text(node.child_by_field_name("function")?);
    let arguments = args(node.child_by_field_name("arguments")?);
    let &(_, at, severity) = FUNCTIONS.iter().find(|(n, ..)| *n == name)?;
    let mut severity = severity;
    match name {
        "fprintf" if cx.text(*arguments.first()?) != "stderr" => return None,
        "syslog" => {
            let level = cx.text(*arguments.first()?);
            severity = match level.rsplit('|').next().unwrap_or(level).trim() {
                "LOG_ERR" => "error",
                "LOG_WARNING" => "warning",
                "LOG_CRIT" | "LOG_ALERT" | "LOG_EMERG" => "critical",
                _ => return None,
            };
        }
        _ => {}
    }
    let format = literal(*arguments.get(at)?, cx)?;
    let names: Vec<Option<String>> = arguments[at + 1..]
        .iter()
        .map(|a| variable_name(cx.text(*a)))
        .collect();
    let mut message = if name == "perror" {
        let mut m = Message::text(&format);
        m.push_text(": ");
        m.push_hole(None);
        m
    } else {
        message::printf(&format, &names)
    };
    if matches!(name, "err" | "warn" | "verr") {
        message.push_text(": ");
        message.push_hole(None);
    }
    message.has_text().then_some(())?;
    Some(Found::log(name, message).severity(severity))
}

/// A string literal or adjacent literals (`"a" "b"`); a macro between them is a hole.
fn literal(node: Node, cx: &Cx) -> Option<String> {
    match node.kind() {
        "string_literal" => quoted(cx.text(node)),
        "concatenated_string" => {
            let mut out = String::new();
            for part in args(node) {
                out.push_str(&literal(part, cx).unwrap_or_default());
            }
            Some(out)
        }
        _ => None,
    }
}

fn leaf(node: Node, cx: &Cx) -> Option<Message> {
    Some(Message::text(&literal(node, cx)?))
}
