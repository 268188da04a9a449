//! `[repos]` and `repo_roots`: where the user's own checkouts of the records' repositories
//! are, so errdex can open today's version of a record's file.

use std::path::PathBuf;

use super::datasets::resolve_entry;
use super::problems::{Problems, Value, describe};

/// Checkouts named in the config.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checkouts {
    /// `"owner/name" = "PATH"`, in file order; owner/name lower-cased (GitHub's names are
    /// case-insensitive), the path resolved like a dataset path.
    pub repos: Vec<(String, PathBuf)>,
    /// Folders searched a few levels deep for git checkouts.
    pub roots: Vec<PathBuf>,
}

/// `owner/name`, lower-cased, when `text` is one: two non-empty parts, no spaces.
pub fn repo_slug(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('/');
    let (owner, name) = text.split_once('/')?;
    let ok = |s: &str| !s.is_empty() && !s.contains(['/', ' ', '\t']);
    (ok(owner) && ok(name)).then(|| text.to_ascii_lowercase())
}

impl Problems<'_> {
    pub(super) fn repos(
        &mut self,
        value: &Value,
        base: &std::path::Path,
    ) -> Vec<(String, PathBuf)> {
        let Some(table) = self.table("repos", value) else {
            return Vec::new();
        };
        let mut written: Vec<_> = table.iter().collect();
        written.sort_by_key(|(key, _)| key.span().start);
        let mut out: Vec<(String, PathBuf)> = Vec::new();
        for (key, path) in written {
            let at = key.span().start;
            let Some(slug) = repo_slug(key.get_ref()) else {
                self.add(
                    at,
                    format!(
                        "[repos] `{}` is not a repository name like \"owner/name\"; ignored",
                        key.get_ref()
                    ),
                );
                continue;
            };
            let Some(text) = path.get_ref().as_str() else {
                let what = describe(path.get_ref());
                self.add(
                    path.span().start,
                    format!("[repos] `{slug}` must be a folder (a string), not {what}; ignored"),
                );
                continue;
            };
            match resolve_entry(text, base) {
                Ok(dir) => {
                    if let Some(i) = out.iter().position(|(s, _)| *s == slug) {
                        self.add(
                            at,
                            format!("[repos] `{slug}` is mapped twice; the later one wins"),
                        );
                        out.remove(i);
                    }
                    out.push((slug, dir));
                }
                Err(why) => self.add(
                    path.span().start,
                    format!("[repos] `{slug}` ignored: {why}"),
                ),
            }
        }
        out
    }

    pub(super) fn repo_roots(&mut self, value: &Value, base: &std::path::Path) -> Vec<PathBuf> {
        let Some(entries) = self.strings("repo_roots", value) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (entry, at) in entries {
            match resolve_entry(&entry, base) {
                Ok(dir) => out.push(dir),
                Err(why) => self.add(at, format!("repo_roots entry `{entry}` ignored: {why}")),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn slugs_are_owner_slash_name() {
        assert_eq!(repo_slug("Acme/Shop"), Some("acme/shop".into()));
        assert_eq!(repo_slug("acme/shop/"), Some("acme/shop".into()));
        assert_eq!(repo_slug("acme"), None);
        assert_eq!(repo_slug("a/b/c"), None);
        assert_eq!(repo_slug("/b"), None);
        assert_eq!(repo_slug("a b/c"), None);
    }

    #[test]
    fn repos_and_roots_parse_with_problems_pinned_to_lines() {
        let text = "repo_roots = [\"~/src\", \"work\", 3]\n[repos]\n\"acme/shop\" = \"/code/shop\"\nnoslash = \"/x\"\n\"a/b\" = 7\n\"Acme/Shop\" = \"rel/shop\"\n";
        let (config, problems) = super::super::parse_str(text, "c.toml", Path::new("/etc/e"));
        let home = crate::paths::home_dir().expect("home");
        assert_eq!(
            config.checkouts.roots,
            [home.join("src"), PathBuf::from("/etc/e/work")]
        );
        assert_eq!(
            config.checkouts.repos,
            [("acme/shop".to_string(), PathBuf::from("/etc/e/rel/shop"))]
        );
        let lines: Vec<(usize, &str)> = problems
            .iter()
            .map(|p| (p.line, p.message.as_str()))
            .collect();
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[0].0, 1);
        assert!(lines[1].1.contains("not a repository name"), "{lines:?}");
        assert!(lines[2].1.contains("must be a folder"), "{lines:?}");
        assert!(lines[3].1.contains("mapped twice"), "{lines:?}");
    }
}
