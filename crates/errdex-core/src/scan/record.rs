//! A site as a record of the dataset: the standard fields of DESIGN.md §1 and the extra
//! ones (`language`, `function`, `module`, `logger`, `scanKind`) the pasted-line ranking
//! reads to pick a site.

use std::collections::HashMap;

use serde_json::{Map, Value, json};
use xxhash_rust::xxh3::xxh3_64;

use super::git::Origin;
use super::lang::Language;
use super::site::Site;

/// Lines of source either side of the call in `sourceCode`.
const CONTEXT: usize = 10;

/// Everything about a file that its records share.
pub struct FileCx<'a> {
    pub origin: &'a Origin,
    /// Relative to the checkout's root, `/`-separated.
    pub path: &'a str,
    pub language: Language,
    pub module: Option<&'a str>,
    pub tag: Option<&'a str>,
    pub analyzed_at: &'a str,
}

/// `scan-` and 16 hex digits over what survives a line move: the repository, the file,
/// the function, the pattern and which repeat of that pattern in the function it is.
pub fn site_id(repo: &str, path: &str, function: &str, pattern: &str, ordinal: usize) -> String {
    let key = format!("{repo}\0{path}\0{function}\0{pattern}\0{ordinal}");
    format!("scan-{:016x}", xxh3_64(key.as_bytes()))
}

/// The GitHub or GitLab URL of `path` at `sha`, at `line`.
pub fn web_url(origin: &Origin, path: &str, line: usize) -> Option<String> {
    let (web, sha) = (origin.web.as_deref()?, origin.sha.as_deref()?);
    let blob = if web.contains("gitlab.com") {
        "-/blob"
    } else {
        "blob"
    };
    Some(format!("{web}/{blob}/{sha}/{path}#L{line}"))
}
pub fn records(sites: &[Site], text: &str, file: &FileCx) -> Vec<Map<String, Value>> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut seen: HashMap<(Option<&str>, String), usize> = HashMap::new();
    let mut out = Vec::with_capacity(sites.len());
    for site in sites {
        let pattern = site.message.pattern();
        let ordinal = seen
            .entry((site.function.as_deref(), pattern.clone()))
            .or_insert(0);
        let id = site_id(
            &file.origin.repo,
            file.path,
            site.function.as_deref().unwrap_or(""),
            &pattern,
            *ordinal,
        );
        *ordinal += 1;
        let line = site.row + 1;
        let start = site.row.saturating_sub(CONTEXT);
        let end = (site.row + CONTEXT).min(lines.len().saturating_sub(1));
        let snippet = lines
            .get(start..=end)
            .map(|l| {
                l.iter()
                    .map(|s| s.trim_end_matches('\r'))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default();
        let mut tags = vec![Value::from(file.language.name())];
        if let Some(tag) = file.tag {
            tags.push(Value::from(tag));
        }
        let mut r = Map::new();
        r.insert("id".into(), id.into());
        r.insert("errorMessage".into(), site.message.message().into());
        r.insert("messagePattern".into(), pattern.into());
        r.insert("errorType".into(), site.error_type.clone().into());
        r.insert("severity".into(), site.severity.into());
        r.insert("repo".into(), file.origin.repo.clone().into());
        r.insert("filePath".into(), file.path.into());
        r.insert("lineNumber".into(), line.into());
        r.insert("sourceCode".into(), snippet.into());
        r.insert("sourceCodeStart".into(), (start + 1).into());
        r.insert("sourceCodeEnd".into(), (end + 1).into());
        r.insert(
            "githubUrl".into(),
            json!(web_url(file.origin, file.path, line)),
        );
        r.insert("analyzedSha".into(), json!(file.origin.sha));
        r.insert("analyzedAt".into(), file.analyzed_at.into());
        r.insert("tags".into(), Value::Array(tags));
        r.insert("language".into(), file.language.name().into());
        r.insert("function".into(), json!(site.function));
        r.insert("module".into(), json!(file.module));
        if let Some(logger) = &site.logger {
            r.insert("logger".into(), logger.clone().into());
        }
        r.insert("scanKind".into(), site.kind.as_str().into());
        if site.shared {
            r.insert(crate::record::SHARED_VALUE.into(), true.into());
        }
        out.push(r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_ignore_the_line_and_count_repeats() {
        let a = site_id("acme/shop", "src/a.rs", "f", "boom {}", 0);
        assert_eq!(a, site_id("acme/shop", "src/a.rs", "f", "boom {}", 0));
        assert_ne!(a, site_id("acme/shop", "src/a.rs", "f", "boom {}", 1));
        assert_eq!(a.len(), "scan-".len() + 16);
    }
}
