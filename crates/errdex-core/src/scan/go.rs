//! Go's table: `fmt.Errorf`, `errors.New`/`Wrap`/`Wrapf`, `panic(…)`, and logging calls at
//! error, warning or fatal level in the shapes of log, slog, zap, logrus, klog and go-kit.

use tree_sitter::Node;

use super::message::{self, Message};
use super::own;
use super::site::{Found, Kind, level_severity};
use super::tree::{self, Cx, Facts, Grammar, args, text, unescape, variable_name};

pub struct Go;

impl Grammar for Go {
    fn facts(&self, root: Node, src: &str, module: Option<&str>) -> Facts {
        let package = args(root)
            .into_iter()
            .find(|n| n.kind() == "package_clause")
            .and_then(|p| args(p).into_iter().next())
            .map(|n| text(src, n).to_string());
        Facts {
            package,
            module: module.map(str::to_string),
            ..Facts::default()
        }
    }

    fn scope(&self, node: Node, cx: &Cx, _outer: Option<&str>) -> Option<String> {
        let pkg = cx.facts.package.as_deref().unwrap_or("main");
        match node.kind() {
            "function_declaration" => {
                let name = cx.text(node.child_by_field_name("name")?);
                Some(format!("{pkg}.{name}"))
            }
            "method_declaration" => {
                let name = cx.text(node.child_by_field_name("name")?);
                let (ty, pointer) = receiver_type(node, cx)?;
                let owner = if pointer { format!("(*{ty})") } else { ty };
                Some(format!("{pkg}.{owner}.{name}"))
            }
            _ => None,
        }
    }

    fn own_site(&self, node: Node, cx: &Cx) -> Option<Found> {
        (node.kind() == "call_expression").then_some(())?;
        let function = node.child_by_field_name("function")?;
        let name = own::configured(cx.text(function), cx.extra)?;
        let arguments = args(node.child_by_field_name("arguments")?);
        let found = own::site(
            name,
            &arguments,
            cx,
            &literal,
            own::Format::Printf,
            &message_of,
        )?;
        Some(found.at(function.child_by_field_name("field").unwrap_or(function)))
    }

    fn site(&self, node: Node, cx: &Cx) -> Option<Found> {
        if node.kind() == "return_statement" {
            return error_method_return(node, cx);
        }
        if node.kind() != "call_expression" {
            return None;
        }
        let function = node.child_by_field_name("function")?;
        let arguments = args(node.child_by_field_name("arguments")?);
        match function.kind() {
            "identifier" if cx.text(function) == "panic" => {
                let value = *arguments.first()?;
                let message = message_of(value, cx).or_else(|| made_of_literal(value, cx))?;
                Some(Found::new(Kind::Panic, "panic", message))
            }
            "identifier" if is_error_helper(cx.text(function)) => {
                errorf(cx.text(function), &arguments, cx)
            }
            "selector_expression" => {
                let field = function.child_by_field_name("field")?;
                if is_error_helper(cx.text(field)) {
                    return errorf(cx.text(field), &arguments, cx).map(|f| f.at(field));
                }
                let found = selector_site(function, &arguments, cx)?.at(field);
                let shared = found.kind == Kind::Raise && in_package_var(node);
                Some(found.shared(shared))
            }
            _ => None,
        }
    }
}

/// Whether `node` is in a package-level `var` (`var ErrUnexpectedEOF = errors.New(…)`): not
/// inside any function, a function literal's body included.
fn in_package_var(node: Node) -> bool {
    tree::ancestor(
        node,
        &["var_declaration"],
        &["function_declaration", "method_declaration", "func_literal"],
    )
    .and_then(|declaration| declaration.parent())
    .is_some_and(|parent| parent.kind() == "source_file")
}

/// A method's receiver type without its type parameters, and whether it is a pointer:
/// `(e *SyntaxError[T])` → (`SyntaxError`, true).
fn receiver_type(method: Node, cx: &Cx) -> Option<(String, bool)> {
    let receiver = method.child_by_field_name("receiver")?;
    let param = args(receiver).into_iter().next()?;
    let ty = param.child_by_field_name("type")?;
    let (ty, pointer) = if ty.kind() == "pointer_type" {
        (args(ty).into_iter().next()?, true)
    } else {
        (ty, false)
    };
    let s = cx.text(ty);
    Some((s.split('[').next().unwrap_or(s).trim().to_string(), pointer))
}

/// What a `return` of an error type's `Error() string` method gives: the message every
/// error of the type prints, where it has words of its own (`"asn1: syntax error: " +
/// e.Msg`; not `e.Op + " " + e.Path + ": " + e.Err.Error()`, nor a lone `"<nil>"`).
fn error_method_return(node: Node, cx: &Cx) -> Option<Found> {
    let returned = error_method_message(node, cx)?;
    returned.message.stands_alone().then_some(())?;
    Some(Found::new(Kind::Raise, returned.ty, returned.message))
}

/// The message a `return` of an error type's `Error() string` method gives, whatever it
/// says.
pub(super) struct Returned<'t> {
    pub ty: String,
    pub message: Message,
    pub method: Node<'t>,
    /// The receiver's name (`e` of `func (e *ParseError)`), when it has one.
    pub receiver: Option<String>,
}

pub(super) fn error_method_message<'t>(node: Node<'t>, cx: &Cx) -> Option<Returned<'t>> {
    let method = tree::ancestor(
        node,
        &["method_declaration"],
        &["func_literal", "function_declaration"],
    )?;
    (cx.text(method.child_by_field_name("name")?) == "Error").then_some(())?;
    let params = method.child_by_field_name("parameters")?;
    let result = method.child_by_field_name("result")?;
    (args(params).is_empty() && cx.text(result) == "string").then_some(())?;
    let [values] = args(node)[..] else {
        return None;
    };
    let [value] = args(values)[..] else {
        return None;
    };
    let message = message_of(value, cx)?;
    let (ty, _) = receiver_type(method, cx)?;
    let receiver = method
        .child_by_field_name("receiver")
        .and_then(|r| args(r).into_iter().next())
        .and_then(|p| p.child_by_field_name("name"))
        .map(|n| cx.text(n).to_string());
    Some(Returned {
        ty,
        message,
        method,
        receiver,
    })
}

fn selector_site(function: Node, arguments: &[Node], cx: &Cx) -> Option<Found> {
    let operand = function.child_by_field_name("operand")?;
    let method = cx.text(function.child_by_field_name("field")?);
    let receiver = cx.text(operand);
    let qualified = format!("{receiver}.{method}");
    match qualified.as_str() {
        "fmt.Errorf" | "errors.Errorf" => {
            let message = printf_call(arguments, 0, cx)?;
            return Some(Found::new(Kind::Raise, qualified, message));
        }
        "errors.New" => {
            let message = message_of(*arguments.first()?, cx)?;
            return Some(Found::new(Kind::Raise, qualified, message));
        }
        "errors.Wrap" | "errors.Wrapf" | "errors.WithMessage" | "errors.WithMessagef" => {
            let mut message = if method.ends_with('f') {
                printf_call(arguments, 1, cx)?
            } else {
                message_of(*arguments.get(1)?, cx)?
            };
            let cause = arguments.first().and_then(|a| variable_name(cx.text(*a)));
            message.push_text(": ");
            message.push_hole(cause);
            return Some(Found::new(Kind::Raise, qualified, message));
        }
        _ => {}
    }
    // Test helpers (`t.Errorf`) are not error sites of the program.
    if matches!(receiver, "t" | "b" | "tb" | "f") {
        return None;
    }
    if method == "Log" && operand.kind() == "call_expression" {
        return go_kit(operand, arguments, cx);
    }
    let level = log_level(method)?;
    let message = if method.ends_with('f') {
        printf_call(arguments, format_at(arguments, cx), cx)?
    } else {
        // slog's `ErrorContext(ctx, msg, …)` and klog's `ErrorS(err, msg, …)` put the
        // message second; everything else first.
        let at = usize::from(method.ends_with("Context") || method.ends_with('S'));
        message_of(*arguments.get(at)?, cx)?
    };
    Some(Found::log(level, message).logger(named_logger(operand, cx)))
}

/// Whether `name` is how Go names a package's own printf-style error helper, a function or
/// a method (`p.errorf("expected %s", tok)` in a parser, `errorf(…)` that panics, flag's
/// `f.failf(…)`, go/types' `check.softErrorf(…)`): it makes the error its caller reports.
/// Unexported, so not `fmt.Errorf`, a logger's `Errorf` or a test's `t.Errorf`.
fn is_error_helper(name: &str) -> bool {
    matches!(name, "errorf" | "failf")
        || (name.ends_with("Errorf") && name.starts_with(|c: char| c.is_ascii_lowercase()))
}

fn errorf(name: &str, arguments: &[Node], cx: &Cx) -> Option<Found> {
    let message = printf_call(arguments, format_at(arguments, cx), cx)?;
    Some(Found::new(Kind::Raise, name, message))
}

/// Where a printf-style reporter's format is: first, or after what it reports about (the
/// linker's `ctxt.Errorf(sym, "…")`, the compiler's `base.ErrorfAt(pos, "…")`,
/// `check.errorf(at, code, "…")`): of the literals among the first three arguments, the
/// first with a verb, else the last (`check.versionErrorf(lit, "go1.13", "binary literals")`
/// names a version before its format).
fn format_at(arguments: &[Node], cx: &Cx) -> usize {
    let literals: Vec<(usize, String)> = arguments
        .iter()
        .take(3)
        .enumerate()
        .filter_map(|(i, a)| Some((i, literal(*a, cx)?)))
        .collect();
    let has_verb = |format: &str| {
        message::printf(format, &[])
            .0
            .iter()
            .any(|p| matches!(p, message::Piece::Hole(_)))
    };
    literals
        .iter()
        .find(|(_, text)| has_verb(text))
        .or(literals.last())
        .map_or(0, |(i, _)| *i)
}

/// The level a logging method name says: `Errorf` → error, `Warningf` → warning.
fn log_level(method: &str) -> Option<&'static str> {
    let base = method
        .strip_suffix("Context")
        .or_else(|| method.strip_suffix("Depth"))
        .unwrap_or(method);
    let base = base.trim_end_matches(['f', 'w', 'S']);
    let base = base.strip_suffix("ln").unwrap_or(base);
    Some(match base {
        "Error" => "error",
        "Warn" => "warn",
        "Warning" => "warning",
        "Fatal" => "fatal",
        "Panic" | "DPanic" => "panic",
        _ => return None,
    })
}

/// go-kit: `level.Error(logger).Log("msg", "…", "err", err)`.
fn go_kit(level_call: Node, arguments: &[Node], cx: &Cx) -> Option<Found> {
    let function = level_call.child_by_field_name("function")?;
    let level = cx.text(function).strip_prefix("level.")?;
    let level = log_level(level)?;
    let at = arguments
        .iter()
        .position(|a| cx.text(*a) == "\"msg\"" || cx.text(*a) == "\"message\"")?;
    let message = message_of(*arguments.get(at + 1)?, cx)?;
    Some(Found::log(level, message).severity(level_severity(level)))
}

/// zap's `logger.Named("db")` anywhere in the receiver chain.
fn named_logger(mut operand: Node, cx: &Cx) -> Option<String> {
    for _ in 0..16 {
        if operand.kind() != "call_expression" {
            return None;
        }
        let function = operand.child_by_field_name("function")?;
        if function.kind() != "selector_expression" {
            return None;
        }
        let field = cx.text(function.child_by_field_name("field")?);
        if field == "Named" {
            let arguments = args(operand.child_by_field_name("arguments")?);
            return Some(message_of(*arguments.first()?, cx)?.pattern());
        }
        operand = function.child_by_field_name("operand")?;
    }
    None
}

/// An error value made from one message by a conversion to an error type, whose Error()
/// gives the message back: `panic(plainError("…"))`, `panic(errorString("…"))`. Any other
/// function of one argument (`n.no("SetVal")`) may write words of its own around it.
fn made_of_literal(value: Node, cx: &Cx) -> Option<Message> {
    (value.kind() == "call_expression").then_some(())?;
    let function = value.child_by_field_name("function")?;
    let named_error = cx.text(function).to_ascii_lowercase().contains("error");
    (function.kind() == "identifier" && named_error).then_some(())?;
    let [only] = args(value.child_by_field_name("arguments")?)[..] else {
        return None;
    };
    message_of(only, cx)
}

/// A printf-style call whose format is `arguments[at]`.
fn printf_call(arguments: &[Node], at: usize, cx: &Cx) -> Option<Message> {
    let format = literal(*arguments.get(at)?, cx)?;
    let names: Vec<Option<String>> = arguments[at + 1..]
        .iter()
        .map(|a| variable_name(cx.text(*a)))
        .collect();
    Some(message::printf(&format, &names))
}

/// The value of a string literal or a `+` of literals.
fn literal(node: Node, cx: &Cx) -> Option<String> {
    match node.kind() {
        "interpreted_string_literal" => {
            let t = cx.text(node);
            Some(unescape(t.strip_prefix('"')?.strip_suffix('"')?))
        }
        "raw_string_literal" => {
            let t = cx.text(node);
            Some(t.strip_prefix('`')?.strip_suffix('`')?.replace('\r', ""))
        }
        "binary_expression" => {
            let left = literal(node.child_by_field_name("left")?, cx)?;
            let right = literal(node.child_by_field_name("right")?, cx)?;
            Some(left + &right)
        }
        "parenthesized_expression" => literal(*args(node).first()?, cx),
        _ => None,
    }
}

/// A message expression: literals, `+` concatenation (a variable's part is a hole),
/// `fmt.Sprintf`, `errors.New`, `fmt.Errorf`.
pub(super) fn message_of(node: Node, cx: &Cx) -> Option<Message> {
    tree::message(node, cx, &leaf)
}

fn leaf(node: Node, cx: &Cx) -> Option<Message> {
    if let Some(value) = literal(node, cx) {
        return Some(Message::text(&value));
    }
    if node.kind() != "call_expression" {
        return None;
    }
    let function = cx.text(node.child_by_field_name("function")?);
    let arguments = args(node.child_by_field_name("arguments")?);
    match function {
        "fmt.Sprintf" | "fmt.Errorf" => printf_call(&arguments, 0, cx),
        "errors.New" => Some(tree::concat(*arguments.first()?, cx, &leaf, 1)),
        _ => None,
    }
}
