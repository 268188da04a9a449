//! What a Python file leaves to the repository: the exception classes it defines
//! ([`super::python_templates`]) and the `raise IllegalMonthError(month)` statements whose
//! message the class writes, not the statement; resolved over the repository in
//! [`super::deferred`].

use serde_json::{Map, Value};
use tree_sitter::{Node, Tree};

use super::deferred::{Deferred, PendingRaise};
use super::message::Message;
use super::python::{class_name, hole_name, message_of, raised_call};
use super::python_args::BUILTIN;
use super::python_callers::caller_sites;
use super::python_templates::classes;
use super::python_walk::{frame_name, last_part};
use super::record::{FileCx, records};
use super::resolved::kept;
use super::site::{Kind, Site};
use super::tree::{Cx, Facts, args, each_node, text};

/// Whether `text` may define a class that writes its message: only such a file, if it
/// raises or logs nothing, is parsed for it.
pub fn may_define(text: &[u8]) -> bool {
    memchr::memmem::find(text, b"__str__").is_some()
        || memchr::memmem::find(text, b".__init__(").is_some()
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
    // One walk for the classes and the raises every rule below reads.
    let (mut class_nodes, mut raises) = (Vec::new(), Vec::new());
    each_node(root, &mut |node| match node.kind() {
        "class_definition" => class_nodes.push(node),
        "raise_statement" => raises.push(node),
        _ => {}
    });
    let direct: Vec<usize> = sites.iter().map(|s| s.row).collect();
    sites.extend(caller_sites(root, &raises, &cx, &direct));
    let own = records(sites, text, file);
    let mut out = Deferred {
        classes: classes(&class_nodes, &cx),
        ..Deferred::default()
    };
    for (class, raise, call) in pending(&raises, &cx, sites) {
        let row = raise.start_position().row;
        let function = frame_name(raise, &cx);
        let Some(kept) = kept((&class, row, function.clone()), text, file, sites) else {
            continue;
        };
        let taken_here = sites
            .iter()
            .find(|s| s.row == row)
            .map(|s| s.message.pattern());
        let arguments = call
            .and_then(|c| c.child_by_field_name("arguments"))
            .map(args)
            .unwrap_or_default();
        let positional = arguments
            .iter()
            .take_while(|a| !matches!(a.kind(), "keyword_argument" | "list_splat"))
            .map(|a| message_of(*a, &cx))
            .collect();
        let located = located(&arguments, &cx);
        let keywords = arguments
            .iter()
            .filter(|a| a.kind() == "keyword_argument")
            .filter_map(|a| {
                let name = cx.text(a.child_by_field_name("name")?).to_string();
                Some((name, message_of(a.child_by_field_name("value")?, &cx)?))
            })
            .collect();
        out.raises.push(PendingRaise {
            class,
            args: positional,
            keywords,
            function,
            record: kept.record,
            line: row as u64 + 1,
            snippet: kept.snippet,
            taken: kept.taken,
            taken_here,
            located,
        });
    }
    (own, out)
}

/// The `raise X(…)` (and `raise X`) statements of the file whose class is not one of
/// Python's own, and those of Python's own that are no site: (class, the raise, the call). A
/// raise that is a site already (`sites`, with its literal argument) is one too: its class
/// may write more around that argument.
pub fn pending<'t>(
    raises: &[Node<'t>],
    cx: &Cx,
    sites: &[Site],
) -> Vec<(String, Node<'t>, Option<Node<'t>>)> {
    let mut out = Vec::new();
    for &node in raises {
        let row = node.start_position().row;
        let call = raised_call(node, cx);
        let class = match call {
            Some(call) => class_name(call, cx),
            // `raise NotFound`: a class raised without arguments.
            None => args(node)
                .into_iter()
                .next()
                .filter(|r| matches!(r.kind(), "identifier" | "attribute"))
                .map(|r| last_part(text(cx.src, r))),
        };
        let Some(class) = class else { continue };
        let site = sites.iter().find(|s| s.row == row);
        let named = class.chars().next().is_some_and(char::is_uppercase);
        let own = named && !BUILTIN.contains(&class);
        // Python's own class raised with what the scan cannot read (`raise
        // AttributeError(attr)`): only where the raise is can be said.
        let located = named && site.is_none() && call.is_some();
        if (own && site.is_none_or(|s| s.kind == Kind::Raise && s.error_type == class)) || located {
            out.push((class.to_string(), node, call));
        }
    }
    out
}

/// A hole per positional argument of the raise, named by its variable: `{attr}`,
/// `{retcode}, {cmd}`. Literal text is left out: this record is found by where the raise is,
/// never by words the class may not print.
fn located(arguments: &[Node], cx: &Cx) -> Message {
    let mut out = Message::default();
    let positional = arguments
        .iter()
        .filter(|a| !matches!(a.kind(), "keyword_argument" | "dictionary_splat"));
    for (i, argument) in positional.enumerate() {
        if i > 0 {
            out.push_text(", ");
        }
        // `None` is a value, not a variable's name.
        let name =
            hole_name(*argument, cx).filter(|n| !matches!(n.as_str(), "None" | "True" | "False"));
        out.push_hole(name);
    }
    out
}
