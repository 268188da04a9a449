//! The copy menu: which targets a record offers, with what label. Their keys are the
//! browser's (its keymap table).

use super::{Target, text};
use crate::record::Record;

/// One entry of the copy menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub target: Target,
    /// What it is: "fix", "solution 2", "prevention tip 1", "markdown note" …
    pub label: String,
    /// The first line of the text, shortened, for the menu; control characters made visible.
    pub preview: String,
}

/// How long a preview may be, in characters.
const PREVIEW_CHARS: usize = 60;

/// Every target the record has, in menu order. Targets the record lacks are left out, so
/// everything offered copies something.
pub fn targets(r: &Record) -> Vec<Offer> {
    let mut wanted: Vec<(Target, String)> = vec![(Target::Fix, "fix".into())];
    for n in 1..=r.solutions.len() {
        wanted.push((Target::Solution(n), format!("solution {n}")));
    }
    wanted.extend([
        (Target::Validation, "validation code".into()),
        (Target::TryCatch, "try/catch pattern".into()),
        (Target::TypeGuard, "type guard".into()),
        (Target::Snippet { numbered: false }, "source snippet".into()),
        (
            Target::Snippet { numbered: true },
            "source snippet with line numbers".into(),
        ),
        (Target::Url, "GitHub URL".into()),
        (Target::Location, "location (path:line)".into()),
        (Target::Markdown, "markdown incident note".into()),
    ]);
    for n in 1..=r.prevention_tips.len() {
        wanted.push((Target::Tip(n), format!("prevention tip {n}")));
    }
    wanted
        .into_iter()
        .filter_map(|(target, label)| {
            let body = text(r, target)?;
            Some(Offer {
                target,
                label,
                preview: preview(&body),
            })
        })
        .collect()
}

fn preview(body: &str) -> String {
    let first = body
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut out: String = first.chars().take(PREVIEW_CHARS).collect();
    if first.chars().count() > PREVIEW_CHARS || body.trim().lines().nth(1).is_some() {
        out.push('…');
    }
    crate::text::sanitize(&out).into_owned()
}

/// githubUrl pointing at the error line itself (`#L428`) rather than the snippet's range,
/// for opening in a browser. Unchanged when there is no line number or the fragment is not a
/// GitHub-style line anchor.
pub fn line_url(r: &Record) -> Option<String> {
    let url = r.github_url.as_deref().filter(|u| !u.trim().is_empty())?;
    let Some(line) = r.line_number.filter(|n| *n > 0) else {
        return Some(url.to_string());
    };
    let (base, fragment) = url.split_once('#').unwrap_or((url, ""));
    let line_anchor = fragment.is_empty()
        || (fragment.starts_with('L') && fragment[1..].starts_with(|c: char| c.is_ascii_digit()));
    if !line_anchor || !base.contains("/blob/") {
        return Some(url.to_string());
    }
    Some(format!("{base}#L{line}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::tests::fixture;

    #[test]
    fn menu_lists_what_the_record_has() {
        let offers = targets(&fixture());
        let names: Vec<String> = offers.iter().map(|o| o.target.to_string()).collect();
        assert_eq!(
            names,
            [
                "fix",
                "solution:1",
                "solution:2",
                "validation",
                "trycatch",
                "typeguard",
                "snippet",
                "snippet:numbered",
                "url",
                "location",
                "markdown",
                "tip:1",
                "tip:2"
            ]
        );
        assert_eq!(offers[4].preview, "try:…");
        assert_eq!(offers[0].preview, "conn.send(x, retry=3)");
    }

    #[test]
    fn menu_leaves_out_missing_targets_and_lists_a_tenth_solution() {
        let r = Record {
            id: "x".into(),
            error_message: "boom".into(),
            solutions: (1..=10).map(|n| format!("s{n}")).collect(),
            ..Record::default()
        };
        let offers = targets(&r);
        let names: Vec<String> = offers.iter().map(|o| o.target.to_string()).collect();
        assert_eq!(names.first().map(String::as_str), Some("fix"));
        assert_eq!(names.last().map(String::as_str), Some("markdown"));
        assert!(
            !names
                .iter()
                .any(|n| n == "url" || n == "snippet" || n == "location")
        );
        assert_eq!(offers[10].target, Target::Solution(10));
    }

    #[test]
    fn previews_are_short_and_safe() {
        assert_eq!(preview(&"x".repeat(100)).chars().count(), PREVIEW_CHARS + 1);
        assert_eq!(preview("\n  a\x1b[2J\n"), "a^[[2J");
    }

    #[test]
    fn line_url_points_at_the_error_line() {
        let mut r = fixture();
        assert_eq!(
            line_url(&r).as_deref(),
            Some("https://github.com/acme/api/blob/abc/src/net/client.py#L42")
        );
        r.github_url = Some("https://github.com/acme/api/blob/abc/x.py".into());
        assert_eq!(
            line_url(&r).as_deref(),
            Some("https://github.com/acme/api/blob/abc/x.py#L42")
        );
        r.github_url = Some("https://example.com/docs#section".into());
        assert_eq!(
            line_url(&r).as_deref(),
            Some("https://example.com/docs#section")
        );
        r.line_number = None;
        r.github_url = Some("https://github.com/a/b/blob/c/x.py#L1-L5".into());
        assert_eq!(
            line_url(&r).as_deref(),
            Some("https://github.com/a/b/blob/c/x.py#L1-L5")
        );
        r.github_url = None;
        assert_eq!(line_url(&r), None);
    }
}
