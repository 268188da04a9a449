//! A message the caller passes in: `def _error(self, msg): raise SyntaxError(msg)` called as
//! `self._error("unexpected token %r" % tok)` in the same file. The traceback names the
//! `raise`, so each distinct message a caller passes becomes a site at the `raise`, in the
//! raising function. Only when the parameter is the exception's message itself and is not
//! assigned in the function: anything else the function does to it is not followed.

use tree_sitter::Node;

use super::python::{class_name, message_of, raised_call};
use super::python_walk::frame_name;
use super::site::{Found, Kind, Site};
use super::tree::{Cx, args, each_node, text};

/// A function that raises its parameter as the message.
struct Raiser<'t> {
    /// The function's own name (`_error`).
    name: &'t str,
    /// The class it is a method of, if any.
    class: Option<&'t str>,
    /// The parameter's name and position among the arguments a call passes (after `self`).
    param: &'t str,
    position: usize,
    raise: Node<'t>,
    error_type: &'t str,
}

/// The sites at the raises of functions that raise a message their callers pass, one per
/// distinct message: `raises` are the file's raise statements, `direct` the rows of sites
/// already found.
pub fn caller_sites<'t>(
    root: Node<'t>,
    raises: &[Node<'t>],
    cx: &Cx<'t>,
    direct: &[usize],
) -> Vec<Site> {
    let raisers: Vec<Raiser> = raises
        .iter()
        .filter(|r| !direct.contains(&r.start_position().row))
        .filter_map(|r| raiser(*r, cx))
        .collect();
    if raisers.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Site> = Vec::new();
    each_node(root, &mut |node| {
        if node.kind() != "call" {
            return;
        }
        let Some(raiser) = called(node, &raisers, cx) else {
            return;
        };
        let Some(message) = passed(node, raiser, cx).and_then(|a| message_of(a, cx)) else {
            return;
        };
        let row = raiser.raise.start_position().row;
        let pattern = message.pattern();
        if out
            .iter()
            .any(|s| s.row == row && s.message.pattern() == pattern)
        {
            return;
        }
        let found = Found::new(Kind::Raise, raiser.error_type, message);
        out.push(Site {
            kind: found.kind,
            error_type: found.error_type,
            severity: found.severity,
            message: found.message,
            row,
            function: frame_name(raiser.raise, cx),
            logger: None,
            shared: false,
        });
    });
    out
}

/// The raise as a [`Raiser`], when its exception's message is a parameter of the function
/// it is in, never assigned there.
fn raiser<'t>(raise: Node<'t>, cx: &Cx<'t>) -> Option<Raiser<'t>> {
    let call = raised_call(raise, cx)?;
    let error_type = class_name(call, cx)?;
    let first = *args(call.child_by_field_name("arguments")?).first()?;
    (first.kind() == "identifier").then_some(())?;
    let param = text(cx.src, first);
    let mut function = raise.parent();
    while let Some(f) = function
        && f.kind() != "function_definition"
    {
        function = f.parent();
    }
    let function = function?;
    let names = param_names(function, cx);
    let at = names.iter().position(|n| *n == param)?;
    let class = enclosing_class(function, cx);
    let skip = usize::from(class.is_some() && matches!(names.first(), Some(&("self" | "cls"))));
    let position = at.checked_sub(skip)?;
    if assigned_in(function, param, cx) {
        return None;
    }
    Some(Raiser {
        name: text(cx.src, function.child_by_field_name("name")?),
        class,
        param,
        position,
        raise,
        error_type,
    })
}

/// The names of `function`'s parameters, in order (`""` for `*args`, `**kw`, `/`, `*`).
pub(super) fn param_names<'t>(function: Node, cx: &Cx<'t>) -> Vec<&'t str> {
    let Some(parameters) = function.child_by_field_name("parameters") else {
        return Vec::new();
    };
    args(parameters)
        .iter()
        .map(|p| match p.kind() {
            "identifier" => text(cx.src, *p),
            "typed_parameter" => args(*p).first().map_or("", |n| text(cx.src, *n)),
            "default_parameter" | "typed_default_parameter" => p
                .child_by_field_name("name")
                .map_or("", |n| text(cx.src, n)),
            _ => "",
        })
        .collect()
}

/// The class `function` is a method of.
fn enclosing_class<'t>(function: Node<'t>, cx: &Cx<'t>) -> Option<&'t str> {
    let mut parent = function.parent()?;
    if parent.kind() == "decorated_definition" {
        parent = parent.parent()?;
    }
    let class = parent.parent()?;
    (class.kind() == "class_definition")
        .then(|| class.child_by_field_name("name").map(|n| text(cx.src, n)))
        .flatten()
}

/// The class whose code `node` is in.
fn class_around<'t>(node: Node<'t>, cx: &Cx<'t>) -> Option<&'t str> {
    let mut at = node.parent();
    while let Some(n) = at {
        if n.kind() == "class_definition" {
            return n.child_by_field_name("name").map(|n| text(cx.src, n));
        }
        at = n.parent();
    }
    None
}

/// Whether `name` is given a value anywhere in `function` (`msg = …`, `msg += …`).
fn assigned_in(function: Node, name: &str, cx: &Cx) -> bool {
    let mut assigned = false;
    if let Some(body) = function.child_by_field_name("body") {
        each_node(body, &mut |node| {
            if matches!(node.kind(), "assignment" | "augmented_assignment")
                && node
                    .child_by_field_name("left")
                    .is_some_and(|l| text(cx.src, l) == name)
            {
                assigned = true;
            }
        });
    }
    assigned
}

/// The raiser `call` calls: `name(…)` a function of the module, `self.name(…)` /
/// `cls.name(…)` a method of the class the call is in.
fn called<'a, 't>(
    call: Node<'t>,
    raisers: &'a [Raiser<'t>],
    cx: &Cx<'t>,
) -> Option<&'a Raiser<'t>> {
    let function = call.child_by_field_name("function")?;
    let (name, class) = match function.kind() {
        "identifier" => (text(cx.src, function), None),
        "attribute" => {
            let object = text(cx.src, function.child_by_field_name("object")?);
            matches!(object, "self" | "cls").then_some(())?;
            (
                text(cx.src, function.child_by_field_name("attribute")?),
                Some(class_around(call, cx)?),
            )
        }
        _ => return None,
    };
    let mut matching = raisers
        .iter()
        .filter(|r| r.name == name && r.class == class);
    let first = matching.next()?;
    // Two functions of one name (in an `if`): which one runs is not known.
    matching.next().is_none().then_some(first)
}

/// The argument `call` passes for the raiser's parameter, by position or by name.
fn passed<'t>(call: Node<'t>, raiser: &Raiser, cx: &Cx) -> Option<Node<'t>> {
    let arguments = args(call.child_by_field_name("arguments")?);
    let by_name = arguments.iter().find(|a| {
        a.kind() == "keyword_argument"
            && a.child_by_field_name("name")
                .is_some_and(|n| text(cx.src, n) == raiser.param)
    });
    if let Some(keyword) = by_name {
        return keyword.child_by_field_name("value");
    }
    let positional: Vec<Node> = arguments
        .into_iter()
        .filter(|a| a.kind() != "keyword_argument")
        .collect();
    // A `*args` before it: which argument lands on the parameter is not known.
    positional
        .iter()
        .take(raiser.position + 1)
        .all(|a| a.kind() != "list_splat")
        .then(|| positional.get(raiser.position).copied())
        .flatten()
}
