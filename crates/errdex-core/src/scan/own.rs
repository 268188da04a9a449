//! The team's own logging and error functions (`[scan] log_functions`), in every language: a
//! call of one of them (`app_die(…)`, `log.Fail(…)`, `util::fail(…)`, `self->warn(…)`, a
//! Rust macro `app_bail!(…)`) is a site whose message is its first string argument, read as
//! the language formats (printf-style in C, C++, Go, Python and JavaScript; `{}` in Rust and
//! in Java's loggers), the arguments after it filling its holes. Each language's table asks
//! [`configured`] before its own calls; its names are anchors ([`super::lang::Calls`]), so
//! such a call is never in a block left out of the parse.

use tree_sitter::Node;

use super::message::{self, Message};
use super::site::Found;
use super::tree::{Cx, variable_name};

/// How a configured function's format string marks its holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `%s`, `%d`, `%v`: C, Go, Python's logging, JavaScript's console.
    Printf,
    /// `{}`, `{name}`: Rust's `format!`.
    Braces,
    /// `{}` anchors only: slf4j and log4j.
    Anchors,
}

/// The configured name that `callee` (a call's function as written) calls: the whole
/// callee, or its last segment after `.`, `::` or `->`; a Rust macro's name is written
/// with or without its `!`.
pub fn configured<'a>(callee: &str, extra: &'a [String]) -> Option<&'a str> {
    extra.iter().map(String::as_str).find(|name| {
        let name = name.trim().trim_end_matches('!');
        !name.is_empty()
            && callee.strip_suffix(name).is_some_and(|head| {
                head.is_empty() || [".", "::", "->"].iter().any(|sep| head.ends_with(sep))
            })
    })
}

/// The site of a call of the configured `name` with `arguments`: the first argument that
/// is a string literal (`literal` reads the language's) is the format, the arguments after
/// it its holes; else the first the language's own table reads as a message (an f-string, a
/// template, `fmt.Sprintf(…)`, `format!(…)`).
pub fn site(
    name: &str,
    arguments: &[Node],
    cx: &Cx,
    literal: &dyn Fn(Node, &Cx) -> Option<String>,
    format: Format,
    message_of: &dyn Fn(Node, &Cx) -> Option<Message>,
) -> Option<Found> {
    for (at, argument) in arguments.iter().enumerate() {
        if let Some(text) = literal(*argument, cx) {
            let names: Vec<Option<String>> = arguments[at + 1..]
                .iter()
                .map(|a| variable_name(cx.text(*a)))
                .collect();
            let message = match format {
                Format::Printf => message::printf(&text, &names),
                Format::Braces => message::braces(&text, &names),
                Format::Anchors => message::anchors(&text, &names),
            };
            return found(name, message);
        }
        if let Some(message) = message_of(*argument, cx) {
            return found(name, message);
        }
    }
    None
}

/// A site of the configured `name` with this message, when it has literal text: kind
/// `log`, the name as its type, its severity from the name (`log_warn` is a warning).
pub fn found(name: &str, message: Message) -> Option<Found> {
    let name = name.trim().trim_end_matches('!');
    let level = name.rsplit(['_', '.']).next().unwrap_or(name);
    let found = Found::log(name, message).severity(super::site::level_severity(level));
    found.message.has_text().then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_configured_name_is_the_whole_callee_or_its_last_segment() {
        let extra = vec!["app_die".to_string(), "fail!".to_string()];
        assert_eq!(configured("app_die", &extra), Some("app_die"));
        assert_eq!(configured("util::app_die", &extra), Some("app_die"));
        assert_eq!(configured("self->app_die", &extra), Some("app_die"));
        assert_eq!(configured("log.fail", &extra), Some("fail!"));
        assert_eq!(configured("fail", &extra), Some("fail!"));
        assert_eq!(configured("my_app_die", &extra), None);
        assert_eq!(configured("app_die_now", &extra), None);
        assert_eq!(configured("anything", &[]), None);
    }

    #[test]
    fn a_severity_comes_from_the_name_s_last_word() {
        let text = Message::text("disk full");
        assert_eq!(
            found("log_warn", text.clone()).map(|f| f.severity),
            Some("warning")
        );
        assert_eq!(
            found("app_die", text.clone()).map(|f| f.severity),
            Some("error")
        );
        assert_eq!(
            found("app_fatal!", text).map(|f| f.error_type),
            Some("app_fatal".into())
        );
        assert!(found("app_die", Message::hole(None)).is_none());
    }
}
