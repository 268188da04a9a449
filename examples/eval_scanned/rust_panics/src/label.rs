//! Which statement wrote a panic's words, read off its backtrace.

/// The file (relative to `root`) and line of the statement that wrote a panic's words: the
/// innermost frame under `root` whose statement (from its line to where its brackets close)
/// holds a string literal with words, or is an assertion (`assert!(index < len)` writes
/// `assertion failed: index < len`). A literal without words (`"{}"`) ends the search.
pub fn statement(trace: &str, root: &str) -> Option<(String, usize)> {
    let prefix = format!("{root}/");
    for at in trace.lines().filter_map(|l| l.trim().strip_prefix("at ")) {
        let mut parts = at.rsplitn(3, ':');
        let (Some(_column), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (Some(rel), Ok(line)) = (file.strip_prefix(&prefix), line.parse::<usize>()) else {
            continue;
        };
        let text = std::fs::read_to_string(file).ok()?;
        let source = statement_text(&text, line.checked_sub(1)?);
        let literals: Vec<&str> = source.split('"').skip(1).step_by(2).collect();
        let asserts = ["assert", "unreachable!", "todo!", "unimplemented!"]
            .iter()
            .any(|m| source.trim_start().starts_with(m) || source.contains(&format!(" {m}")));
        if literals.iter().any(|l| has_words(l)) || asserts {
            return Some((rel.to_string(), line));
        }
        if !literals.is_empty() {
            return None;
        }
    }
    None
}

/// The lines from `row` until the brackets opened on them close (at most 20).
fn statement_text(text: &str, row: usize) -> String {
    let mut out = String::new();
    let mut depth = 0i32;
    for line in text.lines().skip(row).take(20) {
        out.push_str(line);
        out.push('\n');
        depth += line.matches(['(', '[', '{']).count() as i32;
        depth -= line.matches([')', ']', '}']).count() as i32;
        if depth <= 0 {
            break;
        }
    }
    out
}

/// Whether a format string has words outside its `{…}` placeholders.
fn has_words(literal: &str) -> bool {
    let mut depth = 0;
    literal.chars().any(|c| {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        depth == 0 && c.is_alphanumeric()
    })
}
