//! The message a Python exception class writes: what its `__str__` returns (a literal, a
//! format of its attributes, or a class attribute such as pydantic's `msg_template`), or what
//! its `__init__` hands to the base class (`super().__init__(f"…")`,
//! `Exception.__init__(self, "…" % x)`), with the string constants its body sets and its
//! `__init__`'s parameters, which a raise's arguments fill ([`super::deferred`]).

use tree_sitter::Node;

use super::deferred::{ClassTemplate, Style, Writes};
use super::message::{Message, Piece};
use super::python::message_of;
use super::python_callers::param_names;
use super::python_classes::{each_node, last_part};
use super::tree::{Cx, args};

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
    let str_method = method("__str__");
    if let Some(writes) = str_method.and_then(|m| attribute_returned(m, cx)) {
        return Some(ClassTemplate {
            name,
            bases,
            writes,
            params: init_params(method("__init__"), cx),
            attrs: string_attributes(body, cx),
        });
    }
    let written = match (str_method, method("__init__")) {
        (Some(str_method), _) => Some(returned(str_method, cx)),
        (None, Some(init)) => handed_to_base(init, &bases, cx),
        (None, None) => None,
    };
    let writes = match written {
        Some(Some(message)) if message.has_word() => Writes::Message(message),
        Some(_) => Writes::Unknown,
        None => Writes::Base,
    };
    Some(ClassTemplate {
        name,
        bases,
        writes,
        params: init_params(method("__init__"), cx),
        attrs: string_attributes(body, cx),
    })
}

/// The positional parameters of `__init__` after `self`.
fn init_params(init: Option<Node>, cx: &Cx) -> Option<Vec<String>> {
    init.map(|init| {
        param_names(init, cx)
            .into_iter()
            .skip(1)
            .map(str::to_string)
            .collect()
    })
}

/// The string constants a class body sets: `msg_template = "…"`, `code: str = "…"`.
fn string_attributes(body: Node, cx: &Cx) -> Vec<(String, String)> {
    args(body)
        .into_iter()
        .filter(|s| s.kind() == "expression_statement")
        .filter_map(|s| {
            let assignment = args(s).into_iter().next()?;
            (assignment.kind() == "assignment").then_some(())?;
            let left = assignment.child_by_field_name("left")?;
            (left.kind() == "identifier").then_some(())?;
            let value = message_of(assignment.child_by_field_name("right")?, cx)?;
            match value.0.as_slice() {
                [Piece::Text(text)] => Some((cx.text(left).to_string(), text.clone())),
                _ => None,
            }
        })
        .collect()
}

/// `__str__` returning a class attribute: `self.msg_template.format(**self.__dict__)`,
/// `self.template % self.args`, `self.message`.
fn attribute_returned(method: Node, cx: &Cx) -> Option<Writes> {
    let body = method.child_by_field_name("body")?;
    let statements = args(body);
    let [only] = statements[..] else { return None };
    (only.kind() == "return_statement").then_some(())?;
    let value = *args(only).first()?;
    let (attribute, style) = match value.kind() {
        "call" => {
            let function = value.child_by_field_name("function")?;
            (function.kind() == "attribute"
                && cx.text(function.child_by_field_name("attribute")?) == "format")
                .then_some(())?;
            (function.child_by_field_name("object")?, Style::Format)
        }
        "binary_operator" => {
            (cx.text(value.child_by_field_name("operator")?) == "%").then_some(())?;
            (value.child_by_field_name("left")?, Style::Percent)
        }
        _ => (value, Style::Plain),
    };
    (attribute.kind() == "attribute").then_some(())?;
    (cx.text(attribute.child_by_field_name("object")?) == "self").then_some(())?;
    let name = cx
        .text(attribute.child_by_field_name("attribute")?)
        .to_string();
    Some(Writes::Attribute { name, style })
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
