//! A record as plain text (for `show`) and as a Markdown incident note (for `show`, copy and
//! pins). Pure functions of the record.

use std::fmt::Write;

use crate::markdown as md;
use crate::record::Record;

/// The Markdown/highlighting language name for a file path's extension.
pub fn language_for(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match ext.as_str() {
        "rs" => "rust",
        "go" => "go",
        "py" | "pyi" => "python",
        "ts" | "mts" | "cts" => "typescript",
        "tsx" => "tsx",
        "js" | "mjs" | "cjs" => "javascript",
        "jsx" => "jsx",
        "java" => "java",
        "kt" | "kts" => "kotlin",
        "scala" => "scala",
        "c" | "h" => "c",
        "cc" | "cpp" | "cxx" | "hpp" | "hh" => "cpp",
        "cs" => "csharp",
        "rb" => "ruby",
        "php" => "php",
        "swift" => "swift",
        "sh" | "bash" => "bash",
        "sql" => "sql",
        "yaml" | "yml" => "yaml",
        "toml" => "toml",
        "json" => "json",
        _ => return None,
    })
}

/// The record as text for a terminal or a pipe: every non-empty field, headed.
pub fn to_text(r: &Record) -> String {
    let mut out = String::new();
    let sev = r
        .severity
        .as_deref()
        .map(|s| format!("  [{s}]"))
        .unwrap_or_default();
    let repo = r
        .repo
        .as_deref()
        .map(|s| format!("  {s}"))
        .unwrap_or_default();
    let _ = writeln!(out, "{}{sev}{repo}", r.id);
    let _ = writeln!(out, "{}", r.error_message);
    let mut facts: Vec<(&str, String)> = Vec::new();
    if let Some(loc) = r.location() {
        facts.push(("Location", loc));
    }
    let kind = [
        r.error_type.clone(),
        r.error_class.as_ref().map(|c| format!("class {c}")),
        r.error_code.as_ref().map(|c| format!("code {c}")),
        r.http_status.map(|h| format!("HTTP {h}")),
    ];
    let kind: Vec<String> = kind.into_iter().flatten().collect();
    if !kind.is_empty() {
        facts.push(("Type", kind.join(", ")));
    }
    if let Some(p) = r
        .message_pattern
        .as_ref()
        .filter(|p| **p != r.error_message)
    {
        facts.push(("Pattern", p.clone()));
    }
    if !r.tags.is_empty() {
        facts.push(("Tags", r.tags.join(", ")));
    }
    if let Some(s) = &r.handling_strategy {
        facts.push(("Handling", s.clone()));
    }
    if let Some(u) = &r.github_url {
        facts.push(("URL", u.clone()));
    }
    if let Some(v) = r
        .dataset_version
        .as_deref()
        .filter(|v| !v.trim().is_empty())
    {
        facts.push(("Dataset", format!("version {v}")));
    }
    if !facts.is_empty() {
        out.push('\n');
    }
    for (name, value) in facts {
        let _ = writeln!(out, "{:<10}{value}", format!("{name}:"));
    }
    for (title, body) in [
        ("Documentation", &r.documentation),
        ("Trigger scenarios", &r.trigger_scenarios),
        ("Common situations", &r.common_situations),
    ] {
        if let Some(body) = body.as_deref().filter(|b| !b.trim().is_empty()) {
            let _ = write!(out, "\n{title}\n{}", indent(body, "  "));
        }
    }
    if let Some(code) = &r.source_code {
        // The same numbers as the browser's source pane, and the same word when they are not
        // the real ones.
        let notice = r.snippet_numbering().and_then(|n| n.notice);
        let notice = notice.map(|n| format!(" ({n})")).unwrap_or_default();
        let _ = write!(out, "\nSource{notice}\n{}", numbered_snippet(r, code));
    }
    list(&mut out, "Solutions", &r.solutions, true);
    for (title, code) in code_fields(r) {
        let _ = write!(out, "\n{title}\n{}", indent(code, "    "));
    }
    list(&mut out, "Prevention tips", &r.prevention_tips, false);
    if !r.notes.is_empty() {
        out.push_str("\nTeam notes\n");
        for n in newest_first(&r.notes) {
            let _ = writeln!(
                out,
                "  {}  {}: {}",
                n.date().replace('T', " "),
                n.author,
                n.text
            );
        }
    }
    out
}

/// Notes are kept oldest first; people read the newest first.
pub fn newest_first(
    notes: &[crate::record::TeamNote],
) -> impl Iterator<Item = &crate::record::TeamNote> {
    notes.iter().rev()
}

/// The code fields both exports show after the solutions, with their titles, leaving out
/// empty and whitespace-only ones.
fn code_fields(r: &Record) -> impl Iterator<Item = (&'static str, &str)> {
    [
        ("Example fix", &r.example_fix),
        ("Validation", &r.validation_code),
        ("Try/catch pattern", &r.try_catch_pattern),
        ("Type guard", &r.type_guard),
    ]
    .into_iter()
    .filter_map(|(title, code)| {
        let code = code.as_deref().filter(|c| !c.trim().is_empty())?;
        Some((title, code))
    })
}

fn list(out: &mut String, title: &str, items: &[String], numbered: bool) {
    if items.is_empty() {
        return;
    }
    let _ = write!(out, "\n{title}\n");
    for (i, item) in items.iter().enumerate() {
        if numbered {
            let _ = writeln!(out, "  {}. {item}", i + 1);
        } else {
            let _ = writeln!(out, "  - {item}");
        }
    }
}

fn indent(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.lines() {
        let _ = writeln!(out, "{prefix}{}", line.trim_end_matches('\r'));
    }
    out
}

/// The snippet with its line numbers (`Record::snippet_numbering`: the real ones when they can
/// be trusted), the error line marked with `>`.
pub fn numbered_snippet(r: &Record, code: &str) -> String {
    let numbering =
        crate::record::numbering(r.source_code_start, r.line_number, code.lines().count());
    let count = code.lines().count().max(1);
    let width = numbering.number(count - 1).to_string().len();
    let width = width.max(numbering.first.to_string().len());
    let mut out = String::new();
    for (i, line) in code.lines().enumerate() {
        let mark = if numbering.marked == Some(i) {
            '>'
        } else {
            ' '
        };
        let n = numbering.number(i);
        let _ = writeln!(out, "{mark} {n:>width$} | {}", line.trim_end_matches('\r'));
    }
    out
}

/// The record as an incident note: title, where, what, why, how to fix, how to prevent.
pub fn to_markdown(r: &Record) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## {}\n", md::inline(&r.error_message));
    let mut facts = Vec::new();
    if let Some(repo) = &r.repo {
        facts.push(format!("- **Repository:** {}", md::inline(repo)));
    }
    if let Some(loc) = r.location() {
        let loc = md::code(&loc);
        facts.push(match &r.github_url {
            Some(url) => format!("- **Location:** {}", md::link(&loc, url)),
            None => format!("- **Location:** {loc}"),
        });
    }
    let kind = [&r.error_type, &r.error_class, &r.error_code];
    let kind: Vec<&str> = kind.into_iter().flatten().map(String::as_str).collect();
    if !kind.is_empty() {
        facts.push(format!("- **Type:** {}", md::inline(&kind.join(" / "))));
    }
    if let Some(h) = r.http_status {
        facts.push(format!("- **HTTP status:** {h}"));
    }
    if let Some(s) = &r.severity {
        facts.push(format!("- **Severity:** {}", md::inline(s)));
    }
    if !r.tags.is_empty() {
        let tags: Vec<String> = r.tags.iter().map(|t| md::code(t)).collect();
        facts.push(format!("- **Tags:** {}", tags.join(" ")));
    }
    facts.push(format!("- **Record:** {}", md::code(&r.id)));
    let _ = writeln!(out, "{}\n", facts.join("\n"));
    let _ = writeln!(out, "### Message\n\n{}", fence("", &r.error_message));
    for (title, body) in [
        ("What it means", &r.documentation),
        ("When it happens", &r.trigger_scenarios),
        ("Common situations", &r.common_situations),
    ] {
        if let Some(body) = body.as_deref().filter(|b| !b.trim().is_empty()) {
            let _ = writeln!(out, "### {title}\n\n{}\n", md::prose(body, ""));
        }
    }
    let lang = r.file_path.as_deref().and_then(language_for).unwrap_or("");
    if let Some(code) = &r.source_code {
        let range = match (r.source_code_start, r.source_code_end) {
            (Some(a), Some(b)) => format!(" (lines {a}–{b})"),
            _ => String::new(),
        };
        let _ = writeln!(out, "### Source{range}\n\n{}", fence(lang, code));
    }
    if !r.solutions.is_empty() {
        let _ = writeln!(out, "### Solutions\n");
        for (i, s) in r.solutions.iter().enumerate() {
            let _ = writeln!(out, "{}. {}", i + 1, md::prose(s, "   "));
        }
        out.push('\n');
    }
    for (title, code) in code_fields(r) {
        let _ = writeln!(out, "### {title}\n\n{}", fence(lang, code));
    }
    if !r.prevention_tips.is_empty() {
        let _ = writeln!(out, "### Prevention\n");
        for t in &r.prevention_tips {
            let _ = writeln!(out, "- {}", md::prose(t, "  "));
        }
        out.push('\n');
    }
    if !r.notes.is_empty() {
        let _ = writeln!(out, "### Team notes\n");
        for n in newest_first(&r.notes) {
            let when = n.date().replace('T', " ");
            let _ = writeln!(
                out,
                "- **{}**, {}: {}",
                md::inline(&n.author),
                md::inline(&when),
                md::prose(&n.text, "  ")
            );
        }
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// A fenced code block long enough that backticks inside the code cannot close it.
pub fn fence(lang: &str, code: &str) -> String {
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest.max(2) + 1);
    let code = code.replace("\r\n", "\n");
    format!("{ticks}{lang}\n{}\n{ticks}\n", code.trim_end_matches('\n'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            id: "abc".into(),
            error_message: "boom".into(),
            repo: Some("o/r".into()),
            file_path: Some("src/a.rs".into()),
            line_number: Some(11),
            source_code: Some("let a = 1;\r\npanic!(\"boom\");\n".into()),
            source_code_start: Some(10),
            source_code_end: Some(11),
            github_url: Some("https://x/y#L10".into()),
            solutions: vec!["Do this".into(), "Or that".into()],
            example_fix: Some("let ok = ```;".into()),
            prevention_tips: vec!["Tip".into()],
            tags: vec!["rust".into()],
            ..Record::default()
        }
    }

    #[test]
    fn text_marks_the_error_line_with_its_real_number() {
        let t = to_text(&record());
        assert!(
            t.contains("  10 | let a = 1;\n> 11 | panic!(\"boom\");\n"),
            "{t}"
        );
        assert!(t.contains("  1. Do this\n  2. Or that\n"));
        assert!(!t.contains("Documentation"), "empty fields are left out");
    }

    #[test]
    fn markdown_is_an_incident_note() {
        let m = to_markdown(&record());
        assert!(m.starts_with("## boom\n"));
        assert!(m.contains("- **Location:** [`src/a.rs:11`](https://x/y#L10)"));
        assert!(m.contains("````rust\nlet ok = ```;\n````"), "{m}");
        assert!(m.contains("1. Do this\n2. Or that"));
        assert!(m.contains("### Prevention\n\n- Tip"));
    }

    #[test]
    fn languages_by_extension() {
        assert_eq!(language_for("a/b.RS"), Some("rust"));
        assert_eq!(language_for("x.tsx"), Some("tsx"));
        assert_eq!(language_for("Makefile"), None);
    }
}
