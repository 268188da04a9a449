//! What one Go file cannot say alone: an error type whose `Error()` prints its fields
//! (`return "invalid " + e.Type + ": " + e.Text`) and the literals of the type, in any file
//! of its package, that set them (`&ParseError{Type: "CIDR address", Text: s}`). Each file
//! keeps both; they are resolved over the package's folder in [`super::deferred`]: the
//! `return` gets a record for each message the literals make (`invalid CIDR address:
//! {Text}`), which a line that printed it finds by its words, where `invalid {}: {}` alone
//! says too little.
//!
//! Go names its error types `…Error` (`ParseError`, `PathError`): only literals of such
//! names are read, so a file's other blocks stay out of the parse ([`super::anchors`]).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde_json::{Map, Value};
use tree_sitter::{Node, Tree};

use super::git::Origin;
use super::go::{Go, error_method_message, message_of};
use super::message::{Message, Piece};
use super::record::FileCx;
use super::resolved::{Ids, Stored, finished, kept};
use super::site::Site;
use super::tree::{Cx, Facts, Grammar, args, each_node};

/// Messages one `return` gets from literals at most: a type that tables its values in
/// many literals is not one record per row of the table.
pub(super) const MAX_FILLED: usize = 16;

/// A `return` of an error type's `Error()` whose message has holes its receiver's fields
/// fill.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct FieldTemplate {
    /// The type, by its name in the package.
    pub ty: String,
    pub message: Message,
    /// The holes the receiver's fields fill (`Type`, `Text`), by field name.
    pub fields: Vec<String>,
    pub function: Option<String>,
    /// The site's record as JSON, without `errorMessage`, `messagePattern`, `id` and
    /// `sourceCode`.
    pub record: String,
    /// Its line (1-based).
    pub line: u64,
    /// Its `sourceCode`, kept only while it resolves (as a pending raise's).
    pub snippet: Option<String>,
    /// The patterns of the file's own records in the same function, which the ordinal of
    /// the id counts too.
    pub taken: Vec<String>,
    /// The type's fields in the order declared, when its file declares it: what a literal
    /// that does not name them sets (`&ParseError{layout, value, "", elem, ": day out of
    /// range"}`).
    pub order: Vec<String>,
}

/// A literal of an error type that sets fields to text.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct TypeLiteral {
    pub ty: String,
    /// The fields it names and sets to a message with text, in the order written.
    pub keyed: Vec<(String, Message)>,
    /// What each value of a literal that does not name the fields says, when it has text.
    pub positional: Vec<Option<Message>>,
}

const LITERAL_OPENING: &[u8] = b"Error{";

/// Whether `text` may hold a literal of an error type.
pub fn may_build(text: &[u8]) -> bool {
    memchr::memmem::find(text, LITERAL_OPENING).is_some()
}

/// Whether `text` may hold a part: an `Error()` method or a literal of an error type.
pub fn may_take_part(text: &[u8]) -> bool {
    may_build(text) || memchr::memmem::find(text, b"Error() string").is_some()
}

/// The insides of the literals of the package's types named `…Error` (`ParseError{…}`,
/// not `net.ParseError{…}`) and of the declarations of such types (`type ParseError struct
/// {…}`, whose fields' order a literal that does not name them follows), so those blocks
/// and the ones around them are parsed.
pub fn literal_anchors(text: &[u8]) -> Vec<usize> {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let literals = memchr::memmem::find_iter(text, LITERAL_OPENING).filter_map(|at| {
        let start = text[..at]
            .iter()
            .rposition(|&b| !ident(b))
            .map_or(0, |i| i + 1);
        let qualified = start > 0 && text[start - 1] == b'.';
        (!qualified).then_some(at + LITERAL_OPENING.len())
    });
    let declarations =
        memchr::memmem::find_iter(text, DECLARATION).map(|at| at + DECLARATION.len());
    literals.chain(declarations).collect()
}

const DECLARATION: &[u8] = b"Error struct {";

/// The file's error types whose `Error()` prints their fields, and its literals of error
/// types. `sites` are the file's own, whose functions' patterns the ids count.
pub fn file_parts(
    tree: &Tree,
    text: &str,
    facts: &Facts,
    file: &FileCx,
    sites: &[Site],
) -> (Vec<FieldTemplate>, Vec<TypeLiteral>) {
    let cx = Cx {
        src: text,
        facts,
        extra: &[],
    };
    let (mut templates, mut literals, mut orders) = (Vec::new(), Vec::new(), HashMap::new());
    each_node(tree.root_node(), &mut |node| match node.kind() {
        "return_statement" => templates.extend(template(node, &cx, file, sites)),
        "composite_literal" => literals.extend(type_literal(node, &cx)),
        "type_spec" => orders.extend(field_order(node, &cx)),
        _ => {}
    });
    for template in &mut templates {
        template.order = orders.get(&template.ty).cloned().unwrap_or_default();
    }
    (templates, literals)
}

/// The fields `statement` selects of the receiver itself (`e.Text`), and the last names of
/// its other selectors (`e.Type.Name`, `node.Name`).
fn selected_fields(statement: Node, receiver: &str, cx: &Cx) -> (HashSet<String>, HashSet<String>) {
    let (mut own, mut other) = (HashSet::new(), HashSet::new());
    each_node(statement, &mut |node| {
        if node.kind() != "selector_expression" {
            return;
        }
        let (Some(operand), Some(field)) = (
            node.child_by_field_name("operand"),
            node.child_by_field_name("field"),
        ) else {
            return;
        };
        let name = cx.text(field).to_string();
        if operand.kind() == "identifier" && cx.text(operand) == receiver {
            own.insert(name);
        } else {
            other.insert(name);
        }
    });
    (own, other)
}

/// A struct type's name and its fields' names in order, an embedded one by its type's name.
fn field_order(spec: Node, cx: &Cx) -> Option<(String, Vec<String>)> {
    let name = cx.text(spec.child_by_field_name("name")?).to_string();
    let ty = spec.child_by_field_name("type")?;
    (ty.kind() == "struct_type").then_some(())?;
    let list = args(ty).into_iter().next()?;
    let mut fields = Vec::new();
    for declaration in args(list) {
        let mut cursor = declaration.walk();
        let names: Vec<String> = declaration
            .children_by_field_name("name", &mut cursor)
            .map(|n| cx.text(n).to_string())
            .collect();
        if names.is_empty() {
            let embedded = cx.text(declaration.child_by_field_name("type")?);
            let last = embedded.rsplit(['.', '*']).next().unwrap_or(embedded);
            fields.push(last.to_string());
        } else {
            fields.extend(names);
        }
    }
    Some((name, fields))
}

fn template(node: Node, cx: &Cx, file: &FileCx, sites: &[Site]) -> Option<FieldTemplate> {
    let returned = error_method_message(node, cx)?;
    let receiver = returned.receiver?;
    let (own, other) = selected_fields(node, &receiver, cx);
    // A hole is named by its selector's last part: `e.Type.Name` and `e.Name` both make
    // `{Name}`, so a name some other selector ends with is not known to be the field.
    let fields: Vec<String> = returned
        .message
        .0
        .iter()
        .filter_map(|p| match p {
            Piece::Hole(Some(name)) if own.contains(name) && !other.contains(name) => {
                Some(name.clone())
            }
            _ => None,
        })
        .collect();
    if fields.is_empty() {
        return None;
    }
    let function = Go.scope(returned.method, cx, None);
    let row = node.start_position().row;
    let kept = kept((&returned.ty, row, function.clone()), cx.src, file, sites)?;
    Some(FieldTemplate {
        ty: returned.ty,
        message: returned.message,
        fields,
        function,
        record: kept.record,
        line: row as u64 + 1,
        snippet: kept.snippet,
        taken: kept.taken,
        order: Vec::new(),
    })
}

fn type_literal(node: Node, cx: &Cx) -> Option<TypeLiteral> {
    let ty = node.child_by_field_name("type")?;
    let name = cx.text(ty);
    (ty.kind() == "type_identifier" && name.ends_with("Error")).then_some(())?;
    let with_text = |value: Node| message_of(value, cx).filter(Message::has_text);
    let (mut keyed, mut positional) = (Vec::new(), Vec::new());
    for element in args(node.child_by_field_name("body")?) {
        match element.kind() {
            "keyed_element" => {
                let key = args(element.child_by_field_name("key")?)
                    .into_iter()
                    .next()?;
                let value = args(element.child_by_field_name("value")?)
                    .into_iter()
                    .next()?;
                if let Some(message) = with_text(value) {
                    keyed.push((cx.text(key).to_string(), message));
                }
            }
            "literal_element" => {
                positional.push(args(element).into_iter().next().and_then(with_text));
            }
            _ => {}
        }
    }
    (!keyed.is_empty() || positional.iter().any(Option::is_some)).then(|| TypeLiteral {
        ty: name.to_string(),
        keyed,
        positional,
    })
}

/// The messages `template` prints for the literals of its type in `literals` (those of its
/// package): each fills the holes of the fields it sets. Messages that still say too little
/// alone, and the template's own, are left out; at most [`MAX_FILLED`].
pub fn filled(template: &FieldTemplate, literals: &[&TypeLiteral]) -> Vec<Message> {
    let own = template.message.pattern();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for literal in literals.iter().filter(|l| l.ty == template.ty) {
        let mut message = Message::default();
        for piece in &template.message.0 {
            let set = match piece {
                Piece::Hole(Some(name)) if template.fields.contains(name) => {
                    set_by(literal, &template.order, name)
                }
                _ => None,
            };
            match (set, piece) {
                (Some(value), _) => message.append(value.clone()),
                (None, Piece::Text(t)) => message.push_text(t),
                (None, Piece::Hole(name)) => message.push_hole(name.clone()),
            }
        }
        let pattern = message.pattern();
        if pattern != own && message.stands_alone() && seen.insert(pattern) {
            out.push(message);
            if out.len() == MAX_FILLED {
                break;
            }
        }
    }
    out
}

/// What `literal` sets field `name` to: by name, else by its place in `order`.
fn set_by<'a>(literal: &'a TypeLiteral, order: &[String], name: &str) -> Option<&'a Message> {
    if let Some((_, value)) = literal.keyed.iter().find(|(f, _)| f == name) {
        return Some(value);
    }
    let at = order.iter().position(|f| f == name)?;
    // A literal that leaves out fields names the ones it sets: its values are in order only
    // when there are as many as fields.
    (literal.positional.len() == order.len())
        .then(|| literal.positional[at].as_ref())
        .flatten()
}

/// A file's path, its templates and its literals.
pub type PackageFile<'a> = (&'a str, &'a [FieldTemplate], &'a [TypeLiteral]);

/// The records of the messages the templates of `files` print for the literals of their
/// package (the files of the same folder).
pub fn resolve(files: &[PackageFile], origin: &Origin, root: &Path) -> Vec<Map<String, Value>> {
    let mut literals: HashMap<&str, Vec<&TypeLiteral>> = HashMap::new();
    for (path, _, of_file) in files {
        literals.entry(folder(path)).or_default().extend(*of_file);
    }
    let mut out = Vec::new();
    for (path, templates, _) in files {
        let here = literals.get(folder(path)).map_or(&[][..], Vec::as_slice);
        let mut ids = Ids::default();
        for template in *templates {
            let function = template.function.as_deref();
            for message in filled(template, here) {
                let id = ids.next(
                    (origin, path),
                    function,
                    &message.pattern(),
                    &template.taken,
                );
                let stored = Stored {
                    record: &template.record,
                    snippet: template.snippet.as_deref(),
                    path,
                };
                out.extend(finished(stored, &message, id, origin, root));
            }
        }
    }
    out
}

fn folder(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}

#[cfg(test)]
#[path = "go_types_tests.rs"]
mod tests;
