//! Python exceptions whose class writes the message: `class IllegalMonthError(ValueError)`
//! with a `__str__` that returns `"bad month number %r" % self.month`, or an `__init__`
//! that calls `super().__init__(f"…")` / `Exception.__init__(self, "…" % x)`; and the
//! `raise IllegalMonthError(month)` statements whose message is therefore not at the
//! statement. What each file finds is resolved over the repository in [`super::deferred`].

use serde_json::{Map, Value};
use tree_sitter::{Node, Tree};

use super::deferred::{ClassTemplate, Deferred, PendingRaise, Writes};
use super::message::{Message, Piece};
use super::python::{class_name, message_of, raised_call};
use super::python_callers::{caller_sites, param_names};
use super::record::{FileCx, records};
use super::site::{Kind, Site};
use super::tree::{Cx, Facts, args};

/// Deeper than this the walks stop (as [`super::tree`]'s does).
const MAX_DEPTH: usize = 2_000;

/// Whether `text` may define a class that writes its message: only such a file, if it
/// raises or logs nothing, is parsed for it.
pub fn may_define(text: &[u8]) -> bool {
    memchr::memmem::find(text, b"__str__").is_some()
        || memchr::memmem::find(text, b"__init__(").is_some()
}

/// A Python file's records with the sites of messages its callers pass in, and what it
/// leaves to the repository: the classes it defines, the raises whose class writes the
/// message.
pub fn file_records(
    tree: &Tree,
    text: &str,
    sites: &mut Vec<Site>,
    file: &FileCx,
) -> (Vec<Map<String, Value>>, Deferred) {
    let facts = Facts::default();
    let cx = Cx {
        src: text,
        facts: &facts,
        extra: &[],
    };
    let root = tree.root_node();
    let direct: Vec<usize> = sites.iter().map(|s| s.row).collect();
    sites.extend(caller_sites(root, &cx, &direct));
    let own = records(sites, text, file);
    let mut out = Deferred {
        classes: classes(root, &cx),
        raises: Vec::new(),
    };
    for (class, raise, call) in pending(root, &cx, sites) {
        let row = raise.start_position().row;
        let function = frame_name(raise, &cx);
        let site = Site {
            kind: Kind::Raise,
            error_type: class.clone(),
            severity: Kind::Raise.severity(),
            message: Message::default(),
            row,
            function: function.clone(),
            logger: None,
        };
        let Some(mut record) = records(&[site], text, file).pop() else {
            continue;
        };
        for field in ["id", "errorMessage", "messagePattern"] {
            record.remove(field);
        }
        let taken = sites
            .iter()
            .filter(|s| s.function == function)
            .map(|s| s.message.pattern())
            .collect();
        let taken_here = sites
            .iter()
            .find(|s| s.row == row)
            .map(|s| s.message.pattern());
        let args = call
            .child_by_field_name("arguments")
            .map(args)
            .unwrap_or_default()
            .into_iter()
            .take_while(|a| !matches!(a.kind(), "keyword_argument" | "list_splat"))
            .map(|a| message_of(a, &cx))
            .collect();
        out.raises.push(PendingRaise {
            class,
            args,
            function,
            record: Value::Object(record).to_string(),
            taken,
            taken_here,
        });
    }
    (own, out)
}

/// Python's own exceptions: a raise of one of these never waits for a class of the
/// repository (`raise ValueError(msg)` with an unknown `msg` has no message to find).
const BUILTIN: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BlockingIOError",
    "BufferError",
    "ConnectionError",
    "EOFError",
    "Exception",
    "FileExistsError",
    "FileNotFoundError",
    "ImportError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "NotADirectoryError",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PermissionError",
    "RecursionError",
    "ReferenceError",
    "RuntimeError",
    "StopIteration",
    "SyntaxError",
    "SystemError",
    "TimeoutError",
    "TypeError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "ValueError",
    "ZeroDivisionError",
];

/// Every node of the tree, depth first, to `visit`.
pub(super) fn each_node<'t>(root: Node<'t>, visit: &mut dyn FnMut(Node<'t>)) {
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

/// The classes the file defines, each with the message it writes when it writes one.
pub fn classes(root: Node, cx: &Cx) -> Vec<ClassTemplate> {
    let mut out = Vec::new();
    each_node(root, &mut |node| {
        if node.kind() == "class_definition"
            && let Some(class) = class_template(node, cx)
        {
            out.push(class);
        }
    });
    out
}

fn class_template(node: Node, cx: &Cx) -> Option<ClassTemplate> {
    let name = cx.text(node.child_by_field_name("name")?).to_string();
    let bases: Vec<String> = node
        .child_by_field_name("superclasses")
        .map(args)
        .unwrap_or_default()
        .into_iter()
        .filter(|b| matches!(b.kind(), "identifier" | "attribute"))
        .map(|b| last_part(cx.text(b)).to_string())
        .collect();
    // A class with no base is no exception.
    (!bases.is_empty()).then_some(())?;
    let body = node.child_by_field_name("body")?;
    let methods: Vec<Node> = args(body)
        .into_iter()
        .filter_map(|s| match s.kind() {
            "function_definition" => Some(s),
            "decorated_definition" => s.child_by_field_name("definition"),
            _ => None,
        })
        .collect();
    let method = |wanted: &str| {
        methods.iter().copied().find(|m| {
            m.child_by_field_name("name")
                .is_some_and(|n| cx.text(n) == wanted)
        })
    };
    // What `__str__` returns is what is printed, whatever `__init__` gave the base.
    let written = match (method("__str__"), method("__init__")) {
        (Some(str_method), _) => Some(returned(str_method, cx)),
        (None, Some(init)) => handed_to_base(init, &bases, cx),
        (None, None) => None,
    };
    let writes = match written {
        Some(Some(message)) if says_something(&message) => Writes::Message(message),
        Some(_) => Writes::Unknown,
        None => Writes::Base,
    };
    let params = method("__init__").map(|init| {
        param_names(init, cx)
            .into_iter()
            .skip(1)
            .map(str::to_string)
            .collect()
    });
    Some(ClassTemplate {
        name,
        bases,
        writes,
        params,
    })
}

/// The message `__str__` returns: its one `return`, a message with literal text.
fn returned(method: Node, cx: &Cx) -> Option<Message> {
    let mut returns = Vec::new();
    each_node(method.child_by_field_name("body")?, &mut |node| {
        if node.kind() == "return_statement" {
            returns.push(node);
        }
    });
    let [only] = returns[..] else { return None };
    message_of(*args(only).first()?, cx)
}

/// What `__init__` hands to its base (`super().__init__(m)`, `Base.__init__(self, m)`): the
/// message, `Some(None)` when it has no literal text, `None` when it calls no base.
fn handed_to_base(init: Node, bases: &[String], cx: &Cx) -> Option<Option<Message>> {
    let body = init.child_by_field_name("body")?;
    args(body).into_iter().find_map(|statement| {
        let call = args(statement).into_iter().next()?;
        (statement.kind() == "expression_statement" && call.kind() == "call").then_some(())?;
        let function = call.child_by_field_name("function")?;
        (function.kind() == "attribute").then_some(())?;
        let attribute = cx.text(function.child_by_field_name("attribute")?);
        (attribute == "__init__").then_some(())?;
        let object = cx.text(function.child_by_field_name("object")?);
        let arguments: Vec<Node> = args(call.child_by_field_name("arguments")?)
            .into_iter()
            .filter(|a| a.kind() != "keyword_argument")
            .collect();
        // Two or more arguments: the base prints them as a tuple, or takes a code first.
        let message = if arguments.len() > 2 {
            return Some(None);
        } else if object.starts_with("super(") {
            if arguments.len() > 1 {
                return Some(None);
            }
            *arguments.first()?
        } else if bases.iter().any(|b| b == last_part(object))
            && arguments.first().is_some_and(|a| cx.text(*a) == "self")
        {
            *arguments.get(1)?
        } else {
            return None;
        };
        Some(message_of(message, cx))
    })
}

/// The `raise X(…)` statements of the file whose class is not one of Python's own: (class,
/// the raise, the call). A raise that is a site already (`sites`, with its literal argument)
/// is one too: its class may write more around that argument.
pub fn pending<'t>(root: Node<'t>, cx: &Cx, sites: &[Site]) -> Vec<(String, Node<'t>, Node<'t>)> {
    let mut out = Vec::new();
    each_node(root, &mut |node| {
        if node.kind() != "raise_statement" {
            return;
        }
        let row = node.start_position().row;
        let Some(call) = raised_call(node, cx) else {
            return;
        };
        let Some(class) = class_name(call, cx) else {
            return;
        };
        let site = sites.iter().find(|s| s.row == row);
        let own = !BUILTIN.contains(&class) && class.chars().next().is_some_and(char::is_uppercase);
        if own && site.is_none_or(|s| s.kind == Kind::Raise && s.error_type == class) {
            out.push((class.to_string(), node, call));
        }
    });
    out
}

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

/// Whether the literal text of `message` holds a letter: `{}: {}` says nothing a line could
/// be told by.
fn says_something(message: &Message) -> bool {
    message
        .0
        .iter()
        .any(|p| matches!(p, Piece::Text(t) if t.chars().any(char::is_alphabetic)))
}

fn last_part(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}
