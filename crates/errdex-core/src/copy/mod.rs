//! What can be copied from a record: the targets of `errdex copy --what` and of the browser's
//! copy menu, and the exact text of each. Pure functions of the record.

mod offer;

use std::fmt;
use std::str::FromStr;

pub use offer::{Offer, line_url, targets};

use crate::export;
use crate::record::Record;

/// One thing to copy. Solutions and tips are numbered from 1, as they are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// exampleFix, else the first solution.
    Fix,
    Solution(usize),
    Tip(usize),
    Validation,
    TryCatch,
    TypeGuard,
    /// sourceCode; `numbered` adds the real line numbers and marks the error line.
    Snippet {
        numbered: bool,
    },
    /// githubUrl at the error line (`#L42`), as `open` and the browser's notice show it.
    Url,
    /// githubUrl as stored: the snippet's range (`#L41-L42`).
    UrlRange,
    /// `filePath:lineNumber`.
    Location,
    /// The whole record as an incident note.
    Markdown,
    /// The record's id.
    Id,
    /// The record as loaded, as one line of JSON (see `text_in`).
    Json,
}

/// The `--what` spellings, for help and error messages.
pub const SPELLINGS: &str = "fix, solution:N, tip:N, validation, trycatch, typeguard, snippet, snippet:numbered, url, url:range, location, markdown, id, json";

impl fmt::Display for Target {
    /// The `--what` spelling, so a target printed can be typed back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Fix => f.write_str("fix"),
            Target::Solution(n) => write!(f, "solution:{n}"),
            Target::Tip(n) => write!(f, "tip:{n}"),
            Target::Validation => f.write_str("validation"),
            Target::TryCatch => f.write_str("trycatch"),
            Target::TypeGuard => f.write_str("typeguard"),
            Target::Snippet { numbered: false } => f.write_str("snippet"),
            Target::Snippet { numbered: true } => f.write_str("snippet:numbered"),
            Target::Url => f.write_str("url"),
            Target::UrlRange => f.write_str("url:range"),
            Target::Location => f.write_str("location"),
            Target::Markdown => f.write_str("markdown"),
            Target::Id => f.write_str("id"),
            Target::Json => f.write_str("json"),
        }
    }
}

impl FromStr for Target {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let (name, arg) = match lower.split_once(':') {
            Some((name, arg)) => (name, Some(arg)),
            None => (lower.as_str(), None),
        };
        let number = |what: &str| -> Result<usize, String> {
            match arg.map(str::parse::<usize>) {
                Some(Ok(n)) if n >= 1 => Ok(n),
                Some(_) => Err(format!(
                    "`{s}`: the {what} number must be a whole number from 1"
                )),
                None => Err(format!("`{s}`: say which {what}, e.g. `{name}:1`")),
            }
        };
        let target = match name {
            "fix" => Target::Fix,
            "solution" => Target::Solution(number("solution")?),
            "tip" => Target::Tip(number("tip")?),
            "validation" => Target::Validation,
            "trycatch" => Target::TryCatch,
            "typeguard" => Target::TypeGuard,
            "snippet" => match arg {
                None => Target::Snippet { numbered: false },
                Some("numbered") => Target::Snippet { numbered: true },
                Some(_) => return Err(format!("`{s}`: did you mean `snippet:numbered`?")),
            },
            "url" => match arg {
                None => Target::Url,
                Some("range") => Target::UrlRange,
                Some(_) => return Err(format!("`{s}`: did you mean `url:range`?")),
            },
            "location" => Target::Location,
            "markdown" => Target::Markdown,
            "id" => Target::Id,
            "json" => Target::Json,
            _ => return Err(format!("unknown target `{s}`; one of: {SPELLINGS}")),
        };
        if arg.is_some() && !matches!(name, "solution" | "tip" | "snippet" | "url") {
            return Err(format!("`{s}`: `{name}` takes no `:` argument"));
        }
        Ok(target)
    }
}

/// A text field that holds something: whitespace alone counts as absent, as it would copy
/// nothing useful.
fn present(field: Option<&str>) -> Option<&str> {
    field.filter(|s| !s.trim().is_empty())
}

fn nth(list: &[String], n: usize) -> Option<&str> {
    present(list.get(n.checked_sub(1)?).map(String::as_str))
}

/// Exactly the text the target copies, or `None` when the record lacks it. Field text is
/// returned as stored: no line numbers, no trailing newline added, nothing trimmed.
pub fn text(r: &Record, target: Target) -> Option<String> {
    let field = match target {
        Target::Fix => present(r.fix()),
        Target::Solution(n) => nth(&r.solutions, n),
        Target::Tip(n) => nth(&r.prevention_tips, n),
        Target::Validation => present(r.validation_code.as_deref()),
        Target::TryCatch => present(r.try_catch_pattern.as_deref()),
        Target::TypeGuard => present(r.type_guard.as_deref()),
        Target::Snippet { numbered } => {
            let code = present(r.source_code.as_deref())?;
            if numbered {
                return Some(export::numbered_snippet(r, code));
            }
            Some(code)
        }
        Target::Url => return present(r.github_url.as_deref()).and_then(|_| line_url(r)),
        Target::UrlRange => present(r.github_url.as_deref()),
        Target::Location => return present(r.file_path.as_deref()).and_then(|_| r.location()),
        Target::Markdown => return Some(export::to_markdown(r)),
        Target::Id => Some(r.id.as_str()),
        // The document as loaded is the dataset's (`text_in`); the record alone has its
        // fields, not their order and spelling.
        Target::Json => return None,
    };
    field.map(str::to_string)
}

/// The target's text for record `r`, read from `ds` at `index`: `json` is the document exactly
/// as loaded (one line), every other target `text(r)`. `Err` when the document cannot be read.
pub fn text_in(
    ds: &crate::dataset::Dataset,
    index: usize,
    r: &Record,
    target: Target,
) -> Result<Option<String>, String> {
    if target == Target::Json {
        let doc = ds.document(index).map_err(|e| e.to_string())?;
        return serde_json::to_string(&doc)
            .map(Some)
            .map_err(|e| e.to_string());
    }
    Ok(text(r, target))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A record with every copyable field, CRLF and trailing whitespace included, so the
    /// tests can see that nothing is normalised on the way to the clipboard.
    pub(crate) fn fixture() -> Record {
        Record {
            id: "rec1".into(),
            error_message: "connection reset".into(),
            repo: Some("acme/api".into()),
            file_path: Some("src/net/client.py".into()),
            line_number: Some(42),
            source_code: Some("def f():\r\n    conn.send(x)\n".into()),
            source_code_start: Some(41),
            source_code_end: Some(42),
            github_url: Some(
                "https://github.com/acme/api/blob/abc/src/net/client.py#L41-L42".into(),
            ),
            solutions: vec!["Retry with backoff".into(), "Raise the timeout  ".into()],
            example_fix: Some("conn.send(x, retry=3)\n".into()),
            validation_code: Some("assert conn.open".into()),
            try_catch_pattern: Some("try:\n    f()\nexcept ConnectionResetError:\n    pass".into()),
            type_guard: Some("isinstance(conn, Conn)".into()),
            prevention_tips: vec!["Use keep-alive".into(), "Monitor resets".into()],
            ..Record::default()
        }
    }

    #[test]
    fn every_target_copies_exactly_its_field() {
        let r = fixture();
        let t = |target| text(&r, target);
        assert_eq!(t(Target::Fix).as_deref(), Some("conn.send(x, retry=3)\n"));
        assert_eq!(
            t(Target::Solution(1)).as_deref(),
            Some("Retry with backoff")
        );
        assert_eq!(
            t(Target::Solution(2)).as_deref(),
            Some("Raise the timeout  ")
        );
        assert_eq!(t(Target::Tip(2)).as_deref(), Some("Monitor resets"));
        assert_eq!(t(Target::Validation).as_deref(), Some("assert conn.open"));
        assert_eq!(
            t(Target::TryCatch).as_deref(),
            Some("try:\n    f()\nexcept ConnectionResetError:\n    pass")
        );
        assert_eq!(
            t(Target::TypeGuard).as_deref(),
            Some("isinstance(conn, Conn)")
        );
        assert_eq!(
            t(Target::Snippet { numbered: false }).as_deref(),
            Some("def f():\r\n    conn.send(x)\n")
        );
        assert_eq!(
            t(Target::Snippet { numbered: true }).as_deref(),
            Some("  41 | def f():\n> 42 |     conn.send(x)\n")
        );
        assert_eq!(
            t(Target::Url).as_deref(),
            Some("https://github.com/acme/api/blob/abc/src/net/client.py#L42")
        );
        assert_eq!(
            t(Target::UrlRange).as_deref(),
            Some("https://github.com/acme/api/blob/abc/src/net/client.py#L41-L42")
        );
        assert_eq!("url:range".parse(), Ok(Target::UrlRange));
        assert_eq!(Target::UrlRange.to_string(), "url:range");
        assert_eq!(t(Target::Location).as_deref(), Some("src/net/client.py:42"));
        assert_eq!(t(Target::Markdown), Some(export::to_markdown(&r)));
    }

    #[test]
    fn missing_fields_are_not_copyable() {
        let mut r = fixture();
        assert_eq!(text(&r, Target::Solution(3)), None);
        assert_eq!(text(&r, Target::Solution(0)), None);
        assert_eq!(text(&r, Target::Tip(3)), None);
        r.type_guard = Some("  \n".into());
        assert_eq!(
            text(&r, Target::TypeGuard),
            None,
            "whitespace is nothing to copy"
        );
        r.file_path = None;
        assert_eq!(
            text(&r, Target::Location),
            None,
            "a line number alone locates nothing"
        );
        r.example_fix = None;
        assert_eq!(text(&r, Target::Fix).as_deref(), Some("Retry with backoff"));
        r.solutions.clear();
        assert_eq!(text(&r, Target::Fix), None);
    }

    #[test]
    fn spellings_round_trip() {
        for spelling in SPELLINGS.split(", ") {
            let spelling = spelling.replace('N', "3");
            let target: Target = spelling.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(target.to_string(), spelling);
        }
        assert_eq!("Solution:2".parse(), Ok(Target::Solution(2)));
    }

    #[test]
    fn bad_spellings_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Target>().expect_err(s);
        assert!(err("solution").contains("solution:1"));
        assert!(err("solution:0").contains("from 1"));
        assert!(err("tip:x").contains("from 1"));
        assert!(err("snippet:lines").contains("snippet:numbered"));
        assert!(err("url:2").contains("did you mean `url:range`"));
        assert!(err("fixx").contains("one of: fix, solution:N"));
    }
}
