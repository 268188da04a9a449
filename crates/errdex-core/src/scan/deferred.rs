//! What one file cannot say alone: an exception whose class writes its message
//! (`raise IllegalMonthError(month)`, the class's `__str__` in another file of the
//! repository), and Go's error types whose `Error()` prints fields other files' literals set
//! ([`super::go_types`], over a package's folder). Each file keeps what it defines and what it
//! could not give a message; they are resolved when the output is assembled, by a scan and by
//! a rescan (from the state of the files it did not read again), so a change to the file that
//! defines a class, or holds a literal, updates the records of every other file.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde_json::{Map, Value};

use super::git::Origin;
use super::go_types::{self, FieldTemplate, TypeLiteral};
use super::message::{Message, Piece, braces, printf};
use super::python_args;
use super::resolved::{Ids, Stored, finished};

/// Base classes followed from a class to the one that writes the message.
const MAX_BASES: usize = 8;

/// A file's part of what is resolved over the repository.
#[derive(Debug, Clone, Default, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct Deferred {
    pub classes: Vec<ClassTemplate>,
    pub raises: Vec<PendingRaise>,
    /// Go: the error types whose `Error()` prints fields, and the literals that set them.
    pub go_templates: Vec<FieldTemplate>,
    pub go_literals: Vec<TypeLiteral>,
}

/// An exception class a file defines.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct ClassTemplate {
    pub name: String,
    /// Its base classes, each by the last part of its dotted name.
    pub bases: Vec<String>,
    pub writes: Writes,
    /// The positional parameters of its `__init__` after `self`; `None`: it has none of
    /// its own, a raise's arguments go to its base's.
    pub params: Option<Vec<String>>,
    /// The string constants its body sets (`msg_template = "str type expected"`).
    pub attrs: Vec<(String, String)>,
    /// The literal defaults of its `__init__`'s parameters (`message="Invalid file"`): fill
    /// the hole of that name when the raise passes nothing for it.
    pub defaults: Vec<(String, Message)>,
}

/// Who writes a class's message.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub enum Writes {
    /// Its `__str__` returns this, or its `__init__` hands this to the base class.
    Message(Message),
    /// A base class.
    Base,
    /// A class attribute of the class raised (or of the first of its bases that sets it),
    /// as `__str__` uses it: `return self.msg_template.format(**self.__dict__)`.
    Attribute { name: String, style: Style },
    /// The class, but nothing the scan can read (`return self.text`).
    Unknown,
}

/// How `__str__` makes the message of a class attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub enum Style {
    /// `.format(…)`: `{name}` holes.
    Format,
    /// `% …`: printf holes.
    Percent,
    /// As it is.
    Plain,
}

/// A `raise X(…)` whose message is not at the statement.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct PendingRaise {
    /// The class, by the last part of its dotted name.
    pub class: String,
    /// What each positional argument of the raise says, when it has literal text: fills
    /// the hole of the class's message named by that parameter (`JSONDecodeError("Extra
    /// data", s, end)` → `Extra data: line {} column {} (char {})`).
    pub args: Vec<Option<Message>>,
    /// What each keyword argument with literal text says: fills the hole of that name.
    pub keywords: Vec<(String, Message)>,
    pub function: Option<String>,
    /// The site's record as JSON, without `errorMessage`, `messagePattern`, `id` and
    /// `sourceCode`.
    pub record: String,
    /// Its line (1-based).
    pub line: u64,
    /// Its `sourceCode`, kept only while the raise resolves: most never do, and a rescan
    /// reads it from the file when a class starts to write the message.
    pub snippet: Option<String>,
    /// The patterns of the file's own records in the same function, which the ordinal of
    /// the id counts too.
    pub taken: Vec<String>,
    /// The pattern of the file's own record at this raise (its literal argument), if any.
    pub taken_here: Option<String>,
    /// A hole per positional argument, named by its variable (`{attr}`): the record of a
    /// raise whose message nothing else says. It has no literal text, so no line's text
    /// finds it; a traceback's frame at its line does.
    pub located: Message,
}

impl Deferred {
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
            && self.raises.is_empty()
            && self.go_templates.is_empty()
            && self.go_literals.is_empty()
    }
}

/// The records of the pending raises of `files` (path, what it deferred) whose class's
/// message is known: from a class of the same file first, else from the one class of that
/// name in the repository (several that disagree say nothing), following base classes.
pub fn resolve(
    files: &[(&str, &Deferred)],
    origin: &Origin,
    root: &Path,
) -> Vec<Map<String, Value>> {
    let mut classes: Classes = HashMap::new();
    for (path, deferred) in files {
        for class in &deferred.classes {
            classes
                .entry(class.name.as_str())
                .or_default()
                .push((path, class));
        }
    }
    let mut out = Vec::new();
    for (path, deferred) in files {
        let mut ids = Ids::default();
        for raise in &deferred.raises {
            let raised = (raise.class.as_str(), *path);
            let message = match template(&classes, raised, &raise.class, path, 0) {
                Some(Template::Writes(message, init)) => {
                    Some(filled((message, init), &raise.args, &raise.keywords))
                }
                // A raise whose first argument is a record already (`TokenError("EOF in
                // multi-line string", start)`) keeps that one: the line holds its text, and
                // one statement is not listed twice.
                Some(Template::Args(_)) if raise.taken_here.is_some() => continue,
                Some(Template::Args(builtin)) => match &raise.args[..] {
                    [Some(only)] => Some(only.clone()),
                    args => python_args::printed(builtin, args),
                },
                Some(Template::Opaque) | None => None,
            };
            let message = match message.filter(Message::has_word) {
                Some(message) => message,
                None if raise.taken_here.is_none() && !raise.located.0.is_empty() => {
                    raise.located.clone()
                }
                None => continue,
            };
            // The raise's own record already says this.
            if raise.taken_here.as_ref() == Some(&message.pattern()) {
                continue;
            }
            let function = raise.function.as_deref();
            let id = ids.next((origin, path), function, &message.pattern(), &raise.taken);
            let stored = Stored {
                record: &raise.record,
                snippet: raise.snippet.as_deref(),
                path,
            };
            out.extend(finished(stored, &message, id, origin, root));
        }
    }
    let go: Vec<go_types::PackageFile> = files
        .iter()
        .map(|(path, d)| (*path, &d.go_templates[..], &d.go_literals[..]))
        .collect();
    out.extend(go_types::resolve(&go, origin, root));
    out
}

/// What a raise of a class prints, as `template` finds it.
enum Template<'a> {
    /// The class's message, and the class whose `__init__` the raise's arguments fill it
    /// from (`None` when a class between has an `__init__` of its own: which argument lands
    /// where is not known).
    Writes(Message, Option<&'a ClassTemplate>),
    /// No class on the way writes one: Python's own base (named) prints the raise's
    /// arguments (`InvalidResourceException(logical_id, "…")` prints `(None, '…')`).
    Args(&'static str),
    /// A class on the way writes what the scan cannot read (`return self.text`).
    Opaque,
}

/// The message class `name` writes, as seen from the file `path`. `raised` is the class
/// the raise names, as seen from its file: a class attribute is read from it.
fn template<'a>(
    classes: &Classes<'a>,
    raised: (&str, &str),
    name: &str,
    path: &str,
    depth: usize,
) -> Option<Template<'a>> {
    let (at, class) = class(classes, name, path, depth)?;
    match &class.writes {
        Writes::Message(message) => Some(Template::Writes(message.clone(), Some(class))),
        Writes::Unknown => Some(Template::Opaque),
        Writes::Attribute { name: attr, style } => {
            let value = attribute(classes, raised.0, raised.1, attr, 0)?;
            let message = match style {
                Style::Format => braces(value, &[]),
                Style::Percent => printf(value, &[]),
                Style::Plain => Message::text(value),
            };
            Some(Template::Writes(message, Some(class)))
        }
        Writes::Base => {
            let mut args = None;
            for base in class.bases.iter().filter(|b| b.as_str() != name) {
                match template(classes, raised, base, at, depth + 1) {
                    Some(Template::Writes(message, params)) => {
                        let params = params.filter(|_| class.params.is_none());
                        return Some(Template::Writes(message, params));
                    }
                    Some(Template::Opaque) => return Some(Template::Opaque),
                    Some(found @ Template::Args(_)) => args = args.or(Some(found)),
                    // Not a class of the repository, or one that says nothing (`ABC`): only
                    // Python's own exceptions print the arguments.
                    None => {
                        let builtin = python_args::BUILTIN.iter().find(|b| **b == base.as_str());
                        args = args.or(builtin.map(|b| Template::Args(b)));
                    }
                }
            }
            args
        }
    }
}

/// Classes by name: where each is defined.
type Classes<'a> = HashMap<&'a str, Vec<(&'a str, &'a ClassTemplate)>>;

/// The class `name` as seen from `path`: the file's own, else the one of the repository;
/// of several that differ, the one alone in sharing the most folders with `path` (a package
/// raises its own `InvalidResourceException`, not another package's of the same name), else
/// none.
fn class<'a>(
    classes: &Classes<'a>,
    name: &str,
    path: &str,
    depth: usize,
) -> Option<(&'a str, &'a ClassTemplate)> {
    if depth > MAX_BASES {
        return None;
    }
    let defined = classes.get(name)?;
    if let Some(&found) = defined.iter().find(|(p, _)| *p == path) {
        return Some(found);
    }
    let first = *defined.first()?;
    if defined.iter().all(|(_, c)| c == &first.1) {
        return Some(first);
    }
    let shared = |other: &str| shared_folders(path, other);
    let best = defined.iter().map(|(p, _)| shared(p)).max()?;
    let mut closest = defined.iter().filter(|(p, _)| shared(p) == best);
    match (closest.next(), closest.next()) {
        (Some(&only), None) if best > 0 => Some(only),
        _ => None,
    }
}

/// How many leading folders two files' paths share.
fn shared_folders(a: &str, b: &str) -> usize {
    let folders = |p: &str| p.rsplit_once('/').map_or(0, |(dir, _)| dir.len());
    let (a, b) = (&a[..folders(a)], &b[..folders(b)]);
    a.split('/')
        .zip(b.split('/'))
        .take_while(|(x, y)| x == y && !x.is_empty())
        .count()
}

/// The string class attribute `attr` of class `name` or of the first of its bases that
/// sets it.
fn attribute<'a>(
    classes: &Classes<'a>,
    name: &str,
    path: &str,
    attr: &str,
    depth: usize,
) -> Option<&'a str> {
    let (at, class) = class(classes, name, path, depth)?;
    if let Some((_, value)) = class.attrs.iter().find(|(n, _)| n == attr) {
        return Some(value);
    }
    class
        .bases
        .iter()
        .filter(|b| b.as_str() != name)
        .find_map(|base| attribute(classes, base, at, attr, depth + 1))
}

/// The class's message with the holes the raise's arguments fill: a keyword argument the
/// hole of its name, a positional one the hole named by its parameter, else the parameter's
/// default.
fn filled(
    (message, init): (Message, Option<&ClassTemplate>),
    args: &[Option<Message>],
    keywords: &[(String, Message)],
) -> Message {
    let mut out = Message::default();
    for piece in message.0 {
        let arg = match &piece {
            Piece::Hole(Some(name)) => keywords
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, m)| m.clone())
                .or_else(|| {
                    let init = init?;
                    let at = init.params.as_ref()?.iter().position(|p| p == name)?;
                    match args.get(at) {
                        Some(given) => given.clone(),
                        None => init
                            .defaults
                            .iter()
                            .find(|(k, _)| k == name)
                            .map(|(_, m)| m.clone()),
                    }
                }),
            _ => None,
        };
        match (arg, piece) {
            (Some(arg), _) => out.append(arg),
            (None, Piece::Text(t)) => out.push_text(&t),
            (None, Piece::Hole(name)) => out.push_hole(name),
        }
    }
    out
}

/// Leaves out the snippets of the raises and Go templates that did not resolve
/// (`resolved`: the records [`super::deferred::resolve`] made), which only a state keeps.
pub fn keep_resolved_snippets(
    files: &mut [(String, &mut Deferred)],
    resolved: &[Map<String, Value>],
) {
    let at: HashSet<(&str, u64)> = resolved
        .iter()
        .filter_map(|r| Some((r.get("filePath")?.as_str()?, r.get("lineNumber")?.as_u64()?)))
        .collect();
    for (path, deferred) in files.iter_mut() {
        for raise in &mut deferred.raises {
            if !at.contains(&(path.as_str(), raise.line)) {
                raise.snippet = None;
            }
        }
        for template in &mut deferred.go_templates {
            if !at.contains(&(path.as_str(), template.line)) {
                template.snippet = None;
            }
        }
    }
}
