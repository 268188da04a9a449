//! Resolving what files leave to the repository: a class's message found from its own file,
//! the repository, or a base class, and the ids of the records made.

use std::path::Path;

use serde_json::json;

use super::deferred::{ClassTemplate, Deferred, PendingRaise, Writes, resolve};
use super::git::Origin;
use super::message::Message;

fn class(name: &str, bases: &[&str], message: Option<&str>) -> ClassTemplate {
    ClassTemplate {
        name: name.into(),
        bases: bases.iter().map(|b| (*b).to_string()).collect(),
        writes: match message {
            Some("?") => Writes::Unknown,
            Some(m) => Writes::Message(Message::text(m)),
            None => Writes::Base,
        },
        params: None,
        attrs: Vec::new(),
        defaults: Vec::new(),
    }
}

fn raise(class: &str, line: u64) -> PendingRaise {
    PendingRaise {
        class: class.into(),
        args: Vec::new(),
        keywords: Vec::new(),
        function: Some("f".into()),
        record: json!({"lineNumber": line, "filePath": "x"}).to_string(),
        line,
        snippet: Some(String::new()),
        taken: Vec::new(),
        taken_here: None,
        located: Message::default(),
    }
}

fn messages(files: &[(&str, &Deferred)]) -> Vec<String> {
    let origin = Origin {
        repo: "acme/shop".into(),
        web: None,
        sha: None,
    };
    resolve(files, &origin, Path::new("."))
        .iter()
        .map(|r| format!("{} {}", r["lineNumber"], r["messagePattern"]))
        .collect()
}

#[test]
fn a_raise_takes_its_class_message_from_its_own_file_then_the_repository() {
    let errors = Deferred {
        classes: vec![
            class("Bad", &["ValueError"], Some("bad thing")),
            class("Worse", &["Bad"], None),
            class("Opaque", &["Bad"], Some("?")),
            class("Dup", &[], Some("one")),
        ],
        raises: vec![],
        ..Deferred::default()
    };
    let other = Deferred {
        classes: vec![class("Dup", &[], Some("two"))],
        raises: vec![],
        ..Deferred::default()
    };
    let user = Deferred {
        classes: vec![class("Local", &["Exception"], Some("here"))],
        raises: vec![
            raise("Bad", 3),
            raise("Worse", 4),
            raise("Dup", 5),
            raise("Local", 6),
            raise("Opaque", 8),
            raise("Unknown", 7),
        ],
        ..Deferred::default()
    };
    let files = [
        ("errors.py", &errors),
        ("other.py", &other),
        ("use.py", &user),
    ];
    assert_eq!(
        messages(&files),
        ["3 \"bad thing\"", "4 \"bad thing\"", "6 \"here\""]
    );
}

#[test]
fn of_two_classes_of_one_name_the_raise_takes_its_own_packages() {
    let ours = Deferred {
        classes: vec![class("Invalid", &[], Some("ours"))],
        raises: vec![],
        ..Deferred::default()
    };
    let theirs = Deferred {
        classes: vec![class("Invalid", &[], Some("theirs"))],
        raises: vec![],
        ..Deferred::default()
    };
    let user = Deferred {
        classes: vec![],
        raises: vec![raise("Invalid", 3)],
        ..Deferred::default()
    };
    let files = [
        ("sam/model/exceptions.py", &ours),
        ("lint/exceptions.py", &theirs),
        ("sam/model/api.py", &user),
    ];
    assert_eq!(messages(&files), ["3 \"ours\""]);
    // Two as close as each other: neither.
    let files = [
        ("sam/a/exceptions.py", &ours),
        ("sam/b/exceptions.py", &theirs),
        ("sam/c/api.py", &user),
    ];
    assert!(messages(&files).is_empty());
}

#[test]
fn repeated_messages_in_one_function_get_their_own_ids() {
    let mut second = raise("Bad", 9);
    second.taken = vec!["bad thing".into()];
    let file = Deferred {
        classes: vec![class("Bad", &[], Some("bad thing"))],
        raises: vec![raise("Bad", 3), second],
        ..Deferred::default()
    };
    let origin = Origin {
        repo: "r".into(),
        web: None,
        sha: None,
    };
    let records = resolve(&[("a.py", &file)], &origin, Path::new("."));
    let ids: Vec<&str> = records.iter().filter_map(|r| r["id"].as_str()).collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
}
