//! Where a site may start: the calls of the language's one table ([`Calls`], the config's
//! own functions included), so a block in which none starts is left out of the parse
//! ([`super::elide`]) and a node in which none starts is not visited — a configured call
//! is an anchor like any other, never left out. Rust's `Err(` is in most functions, but it
//! is a site only with a message in it, so it is an anchor only then.

use super::elide::{Syntax, words_in_block};
use super::lang::{Calls, Language};
use super::rust_display;

/// How far back `let NAME` is looked for before `Err(NAME)`: the table follows a message
/// variable over the few statements before it.
const LET_LOOK_BACK: usize = 4096;

/// The sorted start offsets of the anchors in `text`; `None` when the language's calls
/// could not be compiled (then nothing is left out).
pub fn anchors(calls: &Calls, language: Language, text: &[u8]) -> Option<Vec<usize>> {
    let mut out: Vec<usize> = calls
        .find(language, text)?
        .into_iter()
        .filter(|call| !call.rust_err || err_with_message(text, call.end))
        .map(|call| call.start)
        .collect();
    match language {
        Language::Go => {
            out.extend(go_error_method_returns(text));
            out.extend(super::go_types::literal_anchors(text));
        }
        Language::Rust => out.extend(rust_error_display_writes(text)),
        _ => {}
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// The `return`s of Go's `func (e *T) Error() string { … }` methods: what one returns is
/// the message every error of the type prints (`"asn1: syntax error: " + e.Msg`), although
/// no call of the table is written there ([`super::go`] reads them).
fn go_error_method_returns(text: &[u8]) -> Vec<usize> {
    const SIGNATURE: &[u8] = b"Error() string";
    let mut out = Vec::new();
    for at in memchr::memmem::find_iter(text, SIGNATURE) {
        // A method: its receiver's `)` just before the name.
        if !text[..at].trim_ascii_end().ends_with(b")") {
            continue;
        }
        let after = at + SIGNATURE.len();
        let open = after
            + text[after..]
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
        if let Some(returns) = words_in_block(text, open, Syntax::Go, &[b"return"], false) {
            out.extend(returns);
        }
    }
    out
}

/// The writes (`write!`, `f.write_str`) and string literals (a `match` arm's message) in
/// Rust's `impl Display for SomeError { … }`: what its `fmt` writes is the message every
/// value of the type prints ([`super::rust_display`]).
fn rust_error_display_writes(text: &[u8]) -> Vec<usize> {
    const HEADER: &[u8] = b"Display for ";
    let mut out = Vec::new();
    for at in memchr::memmem::find_iter(text, HEADER) {
        let after = at + HEADER.len();
        let len = text[after..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b':')
            .count();
        let error = std::str::from_utf8(&text[after..after + len])
            .is_ok_and(|name| rust_display::is_error_type(text, name));
        let Some(open) = memchr::memchr(b'{', &text[after..]).map(|i| after + i) else {
            continue;
        };
        if let Some(writes) = error
            .then(|| words_in_block(text, open, Syntax::Rust, &rust_display::WRITERS, true))
            .flatten()
        {
            out.extend(writes);
        }
    }
    out
}

/// Whether what follows `Err(` at `at` may be a message: a literal, `format!`, a reference,
/// a conversion or closure, or a variable given a value just before.
fn err_with_message(text: &[u8], at: usize) -> bool {
    let rest = &text[at..];
    let skip = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let rest = &rest[skip..];
    let ident_len = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    match rest.first() {
        None => false,
        Some(b'"' | b'&' | b'|' | b'{' | b'(') => true,
        Some(b) if b.is_ascii_digit() => false,
        Some(_) if ident_len > 0 => {
            let ident = &rest[..ident_len];
            // A path or a call (`format!`, `String::from`, `r"…"`, `Error::new(…)`): kept;
            // a bare variable only when a `let` names it shortly before.
            match rest.get(ident_len) {
                Some(b'!' | b':' | b'(' | b'"' | b'#' | b'.') => true,
                _ => let_before(text, at, ident),
            }
        }
        Some(_) => true,
    }
}

fn let_before(text: &[u8], at: usize, ident: &[u8]) -> bool {
    let window = &text[at.saturating_sub(LET_LOOK_BACK)..at];
    memchr::memmem::find_iter(window, ident).any(|i| {
        let before = window[..i].trim_ascii_end();
        let before = before
            .strip_suffix(b"mut")
            .map_or(before, <[u8]>::trim_ascii_end);
        before.ends_with(b"let")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchored(text: &str) -> Vec<&str> {
        anchors(Calls::builtin(), Language::Rust, text.as_bytes())
            .expect("rust has anchors")
            .into_iter()
            .map(|at| &text[at..(at + 6).min(text.len())])
            .collect()
    }

    #[test]
    fn err_is_an_anchor_only_with_a_message() {
        assert!(anchored("return Err(e);").is_empty());
        assert!(anchored("Err(Error::Io)").len() == 1);
        assert_eq!(anchored("Err(format!(\"x\"))"), vec!["Err(fo"]);
        assert_eq!(anchored("Err(\"bad\".into())"), vec!["Err(\"b"]);
        assert_eq!(anchored("let mut msg = f(); Err(msg)"), vec!["Err(ms"]);
        assert!(anchored("let other = f(); Err(msg)").is_empty());
    }

    #[test]
    fn the_returns_of_a_go_error_method_are_anchors() {
        let text = "func (e *SyntaxError) Error() string {\n\tif e.Msg == \"\" {\n\t\treturn \"asn1: empty\"\n\t}\n\treturn \"asn1: syntax error: \" + e.Msg\n}\nfunc f() string { return \"x\" }\nvar _ = e.Error() string";
        let starts = anchors(Calls::builtin(), Language::Go, text.as_bytes()).expect("compiles");
        let words: Vec<&str> = starts.iter().map(|&at| &text[at..at + 6]).collect();
        // `SyntaxError` and the method's name (calls of the table), its two returns, the
        // call `e.Error`; not the function's `return`.
        assert_eq!(
            words,
            vec!["Error)", "Error(", "return", "return", "Error("]
        );
    }

    #[test]
    fn the_writes_of_a_rust_error_display_are_anchors() {
        let text = "impl fmt::Display for ParseError {\n    fn fmt(&self, f: &mut Formatter) -> Result {\n        match self { A => f.write_str(\"a b\"), B => write!(f, \"c {}\", 1) }\n    }\n}\nimpl fmt::Display for Point { fn fmt(&self, f: &mut Formatter) -> Result { write!(f, \"p\") } }";
        let starts = anchors(Calls::builtin(), Language::Rust, text.as_bytes()).expect("compiles");
        let words: Vec<&str> = starts.iter().map(|&at| &text[at..at + 6]).collect();
        // The headers (the table's `Display for `), the error type's two writes and their
        // literals; not `Point`'s.
        assert_eq!(
            words,
            vec![
                "Displa", "write_", "\"a b\")", "write!", "\"c {}\"", "Displa"
            ]
        );
    }

    #[test]
    fn calls_are_anchors_as_they_are_written() {
        assert_eq!(anchored("x.expect(\"y\")"), vec!["expect"]);
        assert!(anchored("let expected = 1; // context").is_empty());
        assert_eq!(anchored("debug_assert!(ok)"), vec!["assert"]);
    }

    #[test]
    fn configured_functions_are_anchors_in_every_language() {
        let calls = Calls::new(&[
            "app_fail!".to_string(),
            "audit_error".to_string(),
            "app_die".to_string(),
        ]);
        let text = "fn f() { app_fail!(\"x\"); audit_error(\"y\"); Err(e) }";
        let starts = anchors(&calls, Language::Rust, text.as_bytes()).expect("compiles");
        let at = |needle: &str| text.find(needle).expect("in the text");
        assert_eq!(starts, vec![at("app_fail!"), at("audit_error")]);
        assert!(
            anchors(Calls::builtin(), Language::Rust, text.as_bytes())
                .expect("compiles")
                .is_empty()
        );
        for language in Language::ALL {
            let text = b"app_die(\"y\")";
            assert!(calls.may_have_sites(language, text), "{language:?}");
            assert_eq!(
                anchors(&calls, language, text),
                Some(vec![0]),
                "{language:?}"
            );
        }
    }
}
