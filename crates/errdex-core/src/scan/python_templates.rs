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
use super::python_walk::last_part;
use super::tree::{Cx, args, each_node};

/// The classes the file defines (its `class_definition` nodes), each with the message it
/// writes when it writes one.
pub fn classes(nodes: &[Node], cx: &Cx) -> Vec<ClassTemplate> {
    nodes
        .iter()
        .filter_map(|n| class_template(*n, cx))
        .collect()
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
    let (str_method, init) = (method("__str__"), method("__init__"));
    let params = init_params(init, cx);
    let returned_attribute = str_method.and_then(|m| attribute_returned(m, init, cx));
    let written = match (returned_attribute, str_method, init) {
        (Some(writes), ..) => Ok(writes),
        (None, Some(str_method), _) => Err(Some(returned(str_method, cx))),
        (None, None, Some(init)) => Err(handed_to_base(init, &bases, cx)),
        (None, None, None) => Err(None),
    };
    // A message that is only the `__init__`'s parameters says something once a raise
    // passes them (or their defaults) literal text.
    let of_params = |m: &Message| {
        m.0.iter().all(|p| match p {
            Piece::Hole(Some(name)) => params.as_ref().is_some_and(|ps| ps.contains(name)),
            Piece::Hole(None) => false,
            Piece::Text(_) => true,
        })
    };
    let writes = match written {
        Ok(writes) => writes,
        Err(Some(Some(message))) if message.has_word() || of_params(&message) => {
            Writes::Message(message)
        }
        Err(Some(_)) => Writes::Unknown,
        Err(None) => Writes::Base,
    };
    Some(ClassTemplate {
        name,
        bases,
        writes,
        params,
        attrs: string_attributes(body, cx),
        defaults: init.map(|i| defaults(i, cx)).unwrap_or_default(),
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

/// The parameters of `__init__` with a literal default (`message="Invalid file"`).
fn defaults(init: Node, cx: &Cx) -> Vec<(String, Message)> {
    let Some(parameters) = init.child_by_field_name("parameters") else {
        return Vec::new();
    };
    args(parameters)
        .into_iter()
        .filter(|p| matches!(p.kind(), "default_parameter" | "typed_default_parameter"))
        .filter_map(|p| {
            let name = cx.text(p.child_by_field_name("name")?).to_string();
            let value = message_of(p.child_by_field_name("value")?, cx)?;
            Some((name, value))
        })
        .collect()
}

/// The parameter `__init__` stores in `self.<attribute>` (`self.msg = msg`).
fn stored_param(init: Node, attribute: &str, cx: &Cx) -> Option<String> {
    let params = init_params(Some(init), cx)?;
    args(init.child_by_field_name("body")?)
        .into_iter()
        .find_map(|statement| {
            let assignment = args(statement).into_iter().next()?;
            (assignment.kind() == "assignment").then_some(())?;
            let left = cx.text(assignment.child_by_field_name("left")?);
            (left.strip_prefix("self.")? == attribute).then_some(())?;
            let right = cx.text(assignment.child_by_field_name("right")?);
            params.iter().find(|p| *p == right).cloned()
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
/// `self.template % self.args`, `self.message`; or, as `self.msg` or `str(self.msg)`, a
/// parameter `__init__` stores there.
fn attribute_returned(method: Node, init: Option<Node>, cx: &Cx) -> Option<Writes> {
    let body = method.child_by_field_name("body")?;
    let statements = args(body);
    let [only] = statements[..] else { return None };
    (only.kind() == "return_statement").then_some(())?;
    let mut value = *args(only).first()?;
    if value.kind() == "call"
        && value
            .child_by_field_name("function")
            .is_some_and(|f| cx.text(f) == "str")
        && let [inner] = args(value.child_by_field_name("arguments")?)[..]
    {
        value = inner;
    }
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
    if style == Style::Plain
        && let Some(param) = init.and_then(|init| stored_param(init, &name, cx))
    {
        return Some(Writes::Message(Message::hole(Some(param))));
    }
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
        let handed = if arguments.len() > 2 {
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
        // The parameter itself: a raise's argument (or the default) is the message.
        let params = init_params(Some(init), cx).unwrap_or_default();
        if handed.kind() == "identifier" && params.iter().any(|p| p == cx.text(handed)) {
            return Some(Some(Message::hole(Some(cx.text(handed).to_string()))));
        }
        Some(message_of(handed, cx))
    })
}
