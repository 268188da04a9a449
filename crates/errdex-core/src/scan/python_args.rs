//! What Python prints for an exception whose class writes no message of its own: its
//! arguments. One argument is printed as it is; two or more as the tuple of their `repr`s
//! (`raise ValueError("bad value", x)` prints `('bad value', 'x')`); `OSError` and its kin
//! print `[Errno N] strerror` and the file name after it.

use super::message::{Message, Piece};

/// Python's own exceptions: a raise of one of these never waits for a class of the
/// repository (`raise ValueError(msg)` with an unknown `msg` has no message to find).
pub(super) const BUILTIN: &[&str] = &[
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

/// The builtins that print `[Errno N] strerror` for two arguments (and `: 'filename'` for a
/// third), as `OSError` does.
const ERRNO: &[&str] = &[
    "OSError",
    "IOError",
    "EnvironmentError",
    "BlockingIOError",
    "ConnectionError",
    "FileExistsError",
    "FileNotFoundError",
    "InterruptedError",
    "IsADirectoryError",
    "NotADirectoryError",
    "PermissionError",
    "TimeoutError",
];

/// Builtins whose text is not their arguments (`KeyError` prints one's `repr`; the Unicode
/// errors, `SyntaxError` and `StopIteration` format their own).
const OWN_TEXT: &[&str] = &[
    "KeyError",
    "SyntaxError",
    "StopIteration",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
];

/// What `builtin(*args)` prints, for two or more positional arguments (`None`: an argument
/// without literal text, or one splatted, is a hole); `None` when the class prints something
/// else, or one argument (the raise's own message then).
pub(super) fn printed(builtin: &str, args: &[Option<Message>]) -> Option<Message> {
    if args.len() < 2 || OWN_TEXT.contains(&builtin) || !BUILTIN.contains(&builtin) {
        return None;
    }
    // `[Errno {}] {}: {}` or `({}, {})` says nothing of its own.
    if !args.iter().flatten().any(Message::has_word) {
        return None;
    }
    let mut out = Message::default();
    if ERRNO.contains(&builtin) && args.len() <= 3 {
        out.push_text("[Errno ");
        out.push_hole(None);
        out.push_text("] ");
        out.append(args[1].clone().unwrap_or_else(|| Message::hole(None)));
        if let Some(file) = args.get(2) {
            out.push_text(": ");
            out.append(quoted(file));
        }
        return Some(out);
    }
    out.push_text("(");
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            out.push_text(", ");
        }
        out.append(quoted(arg));
    }
    out.push_text(")");
    Some(out)
}

/// An argument as `repr` shows it: a string's text in quotes (double ones when it holds a
/// single quote and no double), its escapes written out; a hole stays a hole (its value's
/// `repr` is whatever it is).
fn quoted(arg: &Option<Message>) -> Message {
    let Some(message) = arg else {
        return Message::hole(None);
    };
    let text: String = message
        .0
        .iter()
        .filter_map(|p| match p {
            Piece::Text(t) => Some(t.as_str()),
            Piece::Hole(_) => None,
        })
        .collect();
    let quote = if text.contains('\'') && !text.contains('"') {
        "\""
    } else {
        "'"
    };
    let mut out = Message::text(quote);
    for piece in &message.0 {
        match piece {
            Piece::Text(t) => {
                let escaped = t
                    .replace('\\', "\\\\")
                    .replace('\n', "\\n")
                    .replace('\t', "\\t")
                    .replace('\r', "\\r");
                let escaped = if quote == "'" {
                    escaped.replace('\'', "\\'")
                } else {
                    escaped
                };
                out.push_text(&escaped);
            }
            Piece::Hole(name) => out.push_hole(name.clone()),
        }
    }
    out.push_text(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Option<Message> {
        Some(Message::text(s))
    }

    #[test]
    fn two_arguments_print_as_a_tuple_of_their_reprs() {
        let m = printed("ValueError", &[text("bad value"), None]).unwrap();
        assert_eq!(m.pattern(), "('bad value', {})");
        let m = printed(
            "Exception",
            &[None, text("Logical ids must be alphanumeric.")],
        )
        .unwrap();
        assert_eq!(m.pattern(), "({}, 'Logical ids must be alphanumeric.')");
        let m = printed("TypeError", &[text("it's"), text("a\nb")]).unwrap();
        assert_eq!(m.pattern(), "(\"it's\", 'a\\nb')");
    }

    #[test]
    fn oserror_prints_its_errno_and_file_name() {
        let m = printed(
            "FileNotFoundError",
            &[None, text("No translation file"), None],
        );
        assert_eq!(m.unwrap().pattern(), "[Errno {}] No translation file: {}");
        let m = printed("OSError", &[None, text("disk full")]).unwrap();
        assert_eq!(m.pattern(), "[Errno {}] disk full");
    }

    #[test]
    fn one_argument_or_a_class_with_its_own_text_prints_nothing_here() {
        assert!(printed("ValueError", &[text("bad")]).is_none());
        assert!(printed("KeyError", &[text("a"), text("b")]).is_none());
        assert!(printed("MyError", &[text("a"), text("b")]).is_none());
        assert!(printed("OSError", &[None, None, None]).is_none());
    }
}
