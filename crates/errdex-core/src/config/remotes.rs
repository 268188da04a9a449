//! `[[remotes]]`: datasets fetched by `errdex sync`, from a URL or a git repository. A remote
//! with a mistake is left out (and named in the problem); the others still apply.

use toml::de::DeValue;

use super::problems::{Problems, Value, describe, number};

/// One `[[remotes]]` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remote {
    /// Names the remote on the command line and its folder in the data folder.
    pub name: String,
    pub source: RemoteSource,
    /// Lower-case hex SHA-256 the fetched file must have.
    pub sha256: Option<String>,
    /// The most bytes a download, and the dataset unpacked from it, may have.
    pub max_size_mb: u64,
    /// Seconds to connect, and the longest wait for the next bytes while fetching.
    pub timeout_secs: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteSource {
    /// An http(s):// or file:// URL of a JSON, JSON Lines or array file, optionally gzip.
    Url(String),
    /// A git repository; `path` is a file or folder inside it (the whole tree if none).
    Git {
        url: String,
        path: Option<String>,
        branch: Option<String>,
    },
}

impl RemoteSource {
    /// How the source is written in the config, for messages and to spot a renamed remote.
    pub fn describe(&self) -> String {
        match self {
            RemoteSource::Url(url) => url.clone(),
            RemoteSource::Git { url, path, branch } => {
                let mut s = format!("git {url}");
                if let Some(b) = branch {
                    s.push_str(&format!(" branch {b}"));
                }
                if let Some(p) = path {
                    s.push_str(&format!(" path {p}"));
                }
                s
            }
        }
    }
}

pub const DEFAULT_MAX_SIZE_MB: u64 = 2048;
pub const DEFAULT_TIMEOUT_SECS: u64 = 30;

const KEYS: &str = "name, url, git, path, branch, sha256, max_size_mb, timeout";

pub(super) fn parse(p: &mut Problems, value: &Value) -> Vec<Remote> {
    let DeValue::Array(items) = value.get_ref() else {
        p.add(
            value.span().start,
            format!(
                "`remotes` must be a list of tables (`[[remotes]]`), not {}; no remotes",
                describe(value.get_ref())
            ),
        );
        return Vec::new();
    };
    let mut out: Vec<Remote> = Vec::new();
    for item in items {
        let Some(remote) = parse_one(p, item) else {
            continue;
        };
        if out.iter().any(|r| r.name == remote.name) {
            p.add(
                item.span().start,
                format!(
                    "remote `{}` is named twice; the second is ignored",
                    remote.name
                ),
            );
            continue;
        }
        out.push(remote);
    }
    out
}

fn parse_one(p: &mut Problems, item: &Value) -> Option<Remote> {
    let at = item.span().start;
    let table = p.table("remotes", item)?;
    let mut name = None;
    let mut url = None;
    let mut git = None;
    let mut path = None;
    let mut branch = None;
    let mut sha256 = None;
    let mut max_size_mb = DEFAULT_MAX_SIZE_MB;
    let mut timeout_secs = DEFAULT_TIMEOUT_SECS;
    let mut broken = false;
    for (key, v) in table {
        let key_name: &str = key.get_ref();
        let text = || v.get_ref().as_str().map(|s| s.trim().to_string());
        let slot = match key_name {
            "name" => &mut name,
            "url" => &mut url,
            "git" => &mut git,
            "path" => &mut path,
            "branch" => &mut branch,
            "sha256" => &mut sha256,
            "max_size_mb" | "timeout" => {
                let n = number(v.get_ref()).filter(|n| n.fract() == 0.0 && *n >= 1.0);
                match n {
                    Some(n) if key_name == "timeout" => timeout_secs = n as u64,
                    Some(n) => max_size_mb = n as u64,
                    None => p.add(
                        v.span().start,
                        format!(
                            "`remotes.{key_name}` must be a whole number of at least 1, not {}; using the default",
                            describe(v.get_ref())
                        ),
                    ),
                }
                continue;
            }
            other => {
                // TOML reads every key after `[[remotes]]` into that remote, so a top-level key
                // here is one the user wrote for the whole file.
                let why = if super::TOP_KEYS.split(", ").any(|k| k == other) {
                    "a `[[remotes]]` table takes every key after it; move it to the end of the file"
                        .to_string()
                } else {
                    format!("known: {KEYS}")
                };
                p.add(
                    key.span().start,
                    format!("unknown key `remotes.{other}` ignored ({why})"),
                );
                continue;
            }
        };
        if let Some(t) = text().filter(|t| !t.is_empty()) {
            *slot = Some((t, v.span().start));
        } else {
            p.add(
                v.span().start,
                format!(
                    "`remotes.{key_name}` must be a non-empty string, not {}",
                    describe(v.get_ref())
                ),
            );
            broken = true;
        }
    }
    let Some((name, name_at)) = name else {
        p.add(at, "a remote needs a `name`; this remote is ignored".into());
        return None;
    };
    let skip = |p: &mut Problems, offset: usize, why: String| {
        p.add(offset, format!("remote `{name}` ignored: {why}"));
        None
    };
    if let Err(why) = check_name(&name) {
        return skip(p, name_at, why);
    }
    if broken {
        return skip(p, at, "a key above has the wrong value".into());
    }
    let source = match (url, git) {
        (Some(_), Some((_, git_at))) => {
            return skip(p, git_at, "give either `url` or `git`, not both".into());
        }
        (None, None) => return skip(p, at, "it needs a `url` or a `git` repository".into()),
        (Some((url, url_at)), None) => {
            if let Some((_, k)) = path.as_ref().or(branch.as_ref()) {
                return skip(p, *k, "`path` and `branch` go with `git`, not `url`".into());
            }
            if let Err(why) = check_url(&url) {
                return skip(p, url_at, why);
            }
            RemoteSource::Url(url)
        }
        (None, Some(_))
            if path
                .as_ref()
                .is_some_and(|(p, _)| p.split('/').any(|c| c == "..")) =>
        {
            let at = path.as_ref().map_or(at, |(_, k)| *k);
            return skip(
                p,
                at,
                "`path` must stay inside the repository (no `..`)".into(),
            );
        }
        (None, Some((url, _))) => RemoteSource::Git {
            url,
            path: path.map(|(p, _)| p.trim_matches('/').to_string()),
            branch: branch.map(|(b, _)| b),
        },
    };
    let sha256 = match sha256 {
        Some((hex, hex_at)) => {
            let hex = hex.to_ascii_lowercase();
            if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return skip(p, hex_at, "`sha256` must be 64 hexadecimal digits".into());
            }
            Some(hex)
        }
        None => None,
    };
    Some(Remote {
        name,
        source,
        sha256,
        max_size_mb,
        timeout_secs,
    })
}

/// The name is a folder name in the data folder: no separators, nothing hidden.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = name.len() <= 64
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "the name `{name}` may only hold letters, digits, `-`, `_` and `.` (not first), at most 64"
        ))
    }
}

fn check_url(url: &str) -> Result<(), String> {
    let lower = url.to_ascii_lowercase();
    if ["http://", "https://", "file://"]
        .iter()
        .any(|s| lower.starts_with(s) && lower.len() > s.len())
    {
        Ok(())
    } else {
        Err(format!(
            "`url` must start with http://, https:// or file://, not {url:?}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn run(text: &str) -> (Vec<Remote>, Vec<String>) {
        let (config, problems) = crate::config::parse_str(text, "c.toml", Path::new("/"));
        let problems = problems.iter().map(ToString::to_string).collect();
        (config.remotes, problems)
    }

    #[test]
    fn url_and_git_remotes_are_read() {
        let (remotes, problems) = run(r#"
[[remotes]]
name = "public"
url = "https://example.org/errors.jsonl.gz"
sha256 = "ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef0123456789"
max_size_mb = 10

[[remotes]]
name = "team"
git = "git@example.org:team/errors.git"
path = "/records/"
branch = "main"
timeout = 5
"#);
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(remotes.len(), 2);
        assert_eq!(
            remotes[0].source,
            RemoteSource::Url("https://example.org/errors.jsonl.gz".into())
        );
        assert_eq!(
            remotes[0].sha256.as_deref(),
            Some("abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789")
        );
        assert_eq!(remotes[0].max_size_mb, 10);
        assert_eq!(remotes[0].timeout_secs, DEFAULT_TIMEOUT_SECS);
        assert_eq!(
            remotes[1].source,
            RemoteSource::Git {
                url: "git@example.org:team/errors.git".into(),
                path: Some("records".into()),
                branch: Some("main".into()),
            }
        );
        assert_eq!(remotes[1].timeout_secs, 5);
    }

    #[test]
    fn a_bad_remote_costs_only_itself() {
        let (remotes, problems) = run(r#"
[[remotes]]
name = "both"
url = "https://a/x.json"
git = "https://a/x.git"

[[remotes]]
name = "../up"
url = "https://a/x.json"

[[remotes]]
url = "https://a/x.json"

[[remotes]]
name = "ftp"
url = "ftp://a/x.json"

[[remotes]]
name = "pin"
url = "https://a/x.json"
sha256 = "abc"

[[remotes]]
name = "escape"
git = "https://a/x.git"
path = "records/../../.."

[[remotes]]
name = "ok"
url = "file:///srv/x.json"
colour = "red"

[[remotes]]
name = "ok"
url = "file:///srv/y.json"
"#);
        assert_eq!(remotes.len(), 1, "{problems:?}");
        assert_eq!(remotes[0].name, "ok");
        let all = problems.join("\n");
        for expected in [
            "c.toml:5:7: error: remote `both` ignored: give either `url` or `git`",
            "remote `../up` ignored: the name",
            "a remote needs a `name`",
            "remote `ftp` ignored: `url` must start with",
            "remote `pin` ignored: `sha256` must be 64",
            "remote `escape` ignored: `path` must stay inside the repository",
            "unknown key `remotes.colour`",
            "remote `ok` is named twice",
        ] {
            assert!(all.contains(expected), "{expected}\n{all}");
        }
    }

    #[test]
    fn remotes_must_be_tables() {
        let (remotes, problems) = run("remotes = \"https://a/x.json\"\n");
        assert!(remotes.is_empty());
        assert!(problems[0].contains("`[[remotes]]`"), "{problems:?}");
    }
}
