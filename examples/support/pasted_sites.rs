//! Every error site of a source tree, read the way a person reads it: the calls that raise,
//! log or panic with a literal format string. Not a parser — a scan for the call names each
//! language uses, then the first string literal inside the call — which is enough to build a
//! dataset shaped like a real repository's (many sites, many sharing one message).

use std::path::Path;

/// One error site.
#[derive(Debug, Clone)]
pub struct Site {
    pub id: String,
    pub repo: String,
    pub lang: &'static str,
    /// The format string's literal text, `{}` per placeholder.
    pub pattern: String,
    /// With named placeholders (`{path}`, `{arg}`).
    pub message: String,
    pub file: String,
    pub line: usize,
    pub module: String,
    /// `raise`, `log`, `panic`, or `context` (anyhow's `.context`, a wrapper of another error).
    pub kind: &'static str,
    /// Python's exception class, when the site raises one.
    pub class: Option<String>,
    /// The pattern ends with the wrapped error (`…: %w`, `…: {}` after a colon).
    pub wraps: bool,
}

/// Call names per language and what they are.
fn calls(lang: &str) -> &'static [(&'static str, &'static str)] {
    match lang {
        "rust" => &[
            ("bail!(", "raise"),
            ("anyhow!(", "raise"),
            ("ensure!(", "raise"),
            ("#[error(", "raise"),
            ("Err(format!(", "raise"),
            ("io::Error::new(", "raise"),
            ("error!(", "log"),
            ("warn!(", "log"),
            (".context(", "context"),
            (".with_context(|| format!(", "context"),
            ("panic!(", "panic"),
            ("unreachable!(", "panic"),
            (".expect(", "panic"),
        ],
        "go" => &[
            ("errors.New(", "raise"),
            ("fmt.Errorf(", "raise"),
            ("log.Printf(", "log"),
            ("log.Fatalf(", "log"),
            ("log.Print(", "log"),
            ("panic(", "panic"),
        ],
        _ => &[
            ("raise ", "raise"),
            ("logger.error(", "log"),
            ("logger.warning(", "log"),
            ("log.error(", "log"),
            ("log.warning(", "log"),
            ("logging.error(", "log"),
            ("warnings.warn(", "log"),
        ],
    }
}

/// Every site under `root`, files in sorted order.
pub fn scan(lang: &'static str, repo: &str, root: &Path) -> Vec<Site> {
    let mut files = Vec::new();
    walk(root, lang, &mut files);
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        let module = module_of(lang, &crate_name(root), &rel);
        for (at, kind, class) in sites_in(lang, &text) {
            let Some((literal, _)) = first_literal(lang, &text[at..]) else {
                continue;
            };
            let (pattern, message) = placeholders(lang, &literal);
            if !pattern.chars().any(char::is_alphabetic) || pattern.len() > 300 {
                continue;
            }
            let line = text[..at].matches('\n').count() + 1;
            let wraps = pattern.ends_with(": {}") || literal.ends_with("%w");
            let key = format!("{repo}\u{0}{rel}\u{0}{line}\u{0}{pattern}");
            out.push(Site {
                id: format!("{:016x}", xxhash_rust::xxh3::xxh3_64(key.as_bytes())),
                repo: repo.to_string(),
                lang,
                pattern,
                message,
                file: rel.clone(),
                line,
                module: module.clone(),
                kind,
                class,
                wraps,
            });
        }
    }
    out
}

fn walk(dir: &Path, lang: &str, out: &mut Vec<std::path::PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    for e in read.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if p.is_dir() {
            if !matches!(
                name.as_str(),
                "tests" | "test" | "testdata" | "benches" | "examples"
            ) {
                walk(&p, lang, out);
            }
            continue;
        }
        let ext = match lang {
            "rust" => ".rs",
            "go" => ".go",
            _ => ".py",
        };
        if name.ends_with(ext) && !name.ends_with("_test.go") && !name.starts_with("test_") {
            out.push(p);
        }
    }
}

/// What a log line's origin names for a file: Rust `crate::a::b`, Go the package path,
/// Python `pkg.mod`.
fn module_of(lang: &str, krate: &str, rel: &str) -> String {
    match lang {
        "rust" => {
            let krate = krate.to_string();
            let inner = rel
                .strip_prefix("src/")
                .unwrap_or(rel)
                .trim_end_matches(".rs");
            let inner = inner.trim_end_matches("/mod");
            let mut parts = vec![krate];
            if !matches!(inner, "lib" | "main") {
                parts.extend(inner.split('/').map(str::to_string));
            }
            parts.join("::")
        }
        "go" => rel.rsplit_once('/').map_or("main", |(d, _)| d).to_string(),
        _ => {
            let m = rel.trim_end_matches(".py").trim_end_matches("/__init__");
            m.replace('/', ".")
        }
    }
}

/// A registry directory's crate name (`rustls-0.23.46` → `rustls`), as Rust paths spell it.
fn crate_name(root: &Path) -> String {
    let dir = root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match dir.rfind('-') {
        Some(k) if dir[k + 1..].starts_with(|c: char| c.is_ascii_digit()) => &dir[..k],
        _ => &dir,
    };
    name.replace('-', "_")
}

/// Byte offsets of the calls in `text` (just past the call's name), their kind, and for a
/// Python `raise`, the exception class.
fn sites_in(lang: &str, text: &str) -> Vec<(usize, &'static str, Option<String>)> {
    let mut out = Vec::new();
    for &(name, kind) in calls(lang) {
        let mut from = 0;
        while let Some(k) = text[from..].find(name) {
            let at = from + k + name.len();
            from = at;
            let before = text[..at - name.len()].chars().next_back();
            if name.as_bytes()[0].is_ascii_alphabetic()
                && before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            {
                continue;
            }
            if name == "raise " {
                // `raise ValueError("…")`: the class, then the call's parenthesis.
                let rest = &text[at..];
                let class: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.')
                    .collect();
                if class.is_empty() || !rest[class.len()..].starts_with('(') {
                    continue;
                }
                let short = class.rsplit('.').next().unwrap_or(&class).to_string();
                out.push((at + class.len() + 1, kind, Some(short)));
                continue;
            }
            out.push((at, kind, None));
        }
    }
    out.sort_by_key(|s| s.0);
    out.dedup_by_key(|s| s.0);
    out
}

/// The first string literal at the call's own depth, within its parentheses (a `target:`
/// literal skipped); the literal's text unescaped.
fn first_literal(lang: &str, text: &str) -> Option<(String, usize)> {
    let b = text.as_bytes();
    let (mut i, mut depth) = (0usize, 0i32);
    while i < b.len().min(600) {
        let c = b[i];
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            b'"' | b'\'' | b'`' | b'r' | b'f' => {
                let start = i;
                if let Some((lit, end)) = literal_at(lang, text, i) {
                    let target = text[..start].trim_end().ends_with("target:");
                    if depth == 0 && !target {
                        return Some((lit, end));
                    }
                    i = end;
                    continue;
                }
            }
            b'\n' if lang == "python" && depth < 0 => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// A literal opening at `i` (with a Rust `r#"` or Python `f`/`r` prefix): its text, its end.
fn literal_at(lang: &str, text: &str, i: usize) -> Option<(String, usize)> {
    let b = text.as_bytes();
    let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    let mut j = i;
    let mut raw = false;
    let mut hashes = 0;
    if matches!(b[j], b'r' | b'f') {
        if prev_ident {
            return None;
        }
        raw = b[j] == b'r';
        j += 1;
        if lang == "python" && matches!(b.get(j), Some(b'r' | b'f')) {
            j += 1;
        }
        while lang == "rust" && b.get(j) == Some(&b'#') {
            hashes += 1;
            j += 1;
        }
    }
    let quote = *b.get(j)?;
    let ok = match lang {
        "rust" => quote == b'"',
        "go" => quote == b'"' || quote == b'`',
        _ => quote == b'"' || quote == b'\'',
    };
    if !ok || (lang == "python" && b.get(j + 1) == Some(&quote) && b.get(j + 2) == Some(&quote)) {
        return None;
    }
    let raw = raw || quote == b'`';
    let mut out = String::new();
    let mut k = j + 1;
    while k < b.len() {
        let c = b[k];
        if c == quote && text[k + 1..].bytes().take(hashes).all(|h| h == b'#') {
            return Some((out, k + 1 + hashes));
        }
        if c == b'\n' && lang != "rust" && quote != b'`' {
            return None;
        }
        if c == b'\\' && !raw {
            let next = *b.get(k + 1)?;
            match next {
                b'n' | b't' => out.push(' '),
                b'\n' => {
                    k += 2;
                    while b.get(k).is_some_and(u8::is_ascii_whitespace) {
                        k += 1;
                    }
                    continue;
                }
                _ => out.push(next as char),
            }
            k += 2;
            continue;
        }
        let ch = text[k..].chars().next()?;
        out.push(ch);
        k += ch.len_utf8();
    }
    None
}

/// The format string as `messagePattern` (`{}` per placeholder) and `errorMessage` (named).
fn placeholders(lang: &str, lit: &str) -> (String, String) {
    let (mut pattern, mut message) = (String::new(), String::new());
    let mut chars = lit.chars().peekable();
    let mut n = 0;
    while let Some(c) = chars.next() {
        let named = |name: &str, n: &mut usize| {
            *n += 1;
            if name.is_empty() || name.chars().all(|c| c.is_ascii_digit()) {
                format!("{{arg{n}}}")
            } else {
                format!("{{{name}}}")
            }
        };
        match (lang, c) {
            (_, '{') if lang != "go" && chars.peek() == Some(&'{') => {
                chars.next();
                pattern.push('{');
                message.push('{');
            }
            (_, '}') if lang != "go" && chars.peek() == Some(&'}') => {
                chars.next();
                pattern.push('}');
                message.push('}');
            }
            (_, '{') if lang != "go" => {
                let inner: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let name = inner.split([':', '!', '.', '[']).next().unwrap_or("");
                pattern.push_str("{}");
                message.push_str(&named(name.trim(), &mut n));
            }
            (_, '%') if lang != "rust" => {
                let mut name = String::new();
                if chars.peek() == Some(&'(') {
                    chars.next();
                    name = chars.by_ref().take_while(|&c| c != ')').collect();
                }
                while chars
                    .peek()
                    .is_some_and(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | '#'))
                {
                    chars.next();
                }
                match chars.next() {
                    Some('%') => {
                        pattern.push('%');
                        message.push('%');
                    }
                    Some(_) => {
                        pattern.push_str("{}");
                        message.push_str(&named(&name, &mut n));
                    }
                    None => pattern.push('%'),
                }
            }
            _ => {
                pattern.push(c);
                message.push(c);
            }
        }
    }
    (pattern.trim().to_string(), message.trim().to_string())
}

/// One JSONL record for a site, with the fields `errdex scan` writes.
pub fn record(s: &Site) -> serde_json::Value {
    let severity = if s.kind == "log" { "warning" } else { "error" };
    let error_type = match (&s.class, s.kind) {
        (Some(c), _) => c.clone(),
        (None, "panic") => "panic".into(),
        (None, "log") => "log".into(),
        _ => "error".into(),
    };
    let scan_kind = if s.kind == "context" { "raise" } else { s.kind };
    serde_json::json!({"record": {
        "id": s.id, "repo": s.repo, "errorMessage": s.message, "messagePattern": s.pattern,
        "errorType": error_type, "severity": severity, "filePath": s.file,
        "lineNumber": s.line, "language": s.lang, "module": s.module,
        "scanKind": scan_kind,
        "tags": if s.wraps { vec![s.lang, s.kind, "wraps"] } else { vec![s.lang, s.kind] },
    }})
}
