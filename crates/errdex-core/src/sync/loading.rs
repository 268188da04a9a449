//! What the rest of errdex reads of synced remotes, without touching the network: the folders
//! to load, the ids `is:new` selects, and which remote a loaded file belongs to.

use std::collections::HashSet;
use std::path::Path;

use super::store::{self, State, Store, Version};
use crate::config::Remote;
use crate::diag::Diagnostic;
use crate::load::SourceSpec;

/// The folder and state of a configured remote: under its name, or, when it was renamed in the
/// config and not synced since, under the old name (found by its source).
/// A damaged state of its own is an error, not a remote never synced.
fn stored(
    data_dir: &Path,
    remote: &Remote,
    configured: &[&str],
) -> Result<Option<(Store, State)>, String> {
    let own = Store::new(data_dir, &remote.name);
    if let Some(state) = own.read()? {
        return Ok(Some((own, state)));
    }
    let source = remote.source.describe();
    store::stored_names(data_dir)
        .into_iter()
        .filter(|n| !configured.contains(&n.as_str()))
        .map(|n| Store::new(data_dir, &n))
        .find_map(|s| match s.read() {
            Ok(Some(state)) if state.source == source => Some((s, state)),
            _ => None,
        })
        .map_or(Ok(None), |found| Ok(Some(found)))
}

fn names(remotes: &[Remote]) -> Vec<&str> {
    remotes.iter().map(|r| r.name.as_str()).collect()
}

/// The current version folder of every synced remote, in config order. A remote never synced
/// is a warning that says how to fetch it.
pub fn synced_specs(
    data_dir: &Path,
    remotes: &[Remote],
    diags: &mut Vec<Diagnostic>,
) -> Vec<SourceSpec> {
    let configured = names(remotes);
    let mut specs = Vec::new();
    for remote in remotes {
        match stored(data_dir, remote, &configured) {
            Err(why) => diags.push(Diagnostic::error(
                format!("remote `{}`", remote.name),
                0,
                format!("{why}; its synced versions are not used until `errdex sync {}` writes it again", remote.name),
            )),
            Ok(Some((
                store,
                State {
                    current: Some(v), ..
                },
            ))) => specs.push(SourceSpec::Path(store.version_dir(&v))),
            _ => diags.push(Diagnostic::warning(
                format!("remote `{}`", remote.name),
                0,
                "not synced yet; `errdex sync` fetches it",
            )),
        }
    }
    specs
}

/// What the last sync of each remote brought.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct News {
    /// Ids added or changed (`is:new`).
    pub ids: HashSet<String>,
    /// The day of the versions they are new against (the earliest, with several remotes).
    pub since: Option<String>,
}

impl News {
    /// `37 new since 2026-11-28`, or nothing when nothing is new.
    pub fn summary(&self) -> Option<String> {
        if self.ids.is_empty() {
            return None;
        }
        let count = super::report::grouped(self.ids.len());
        Some(match &self.since {
            Some(day) => format!("{count} new since {day}"),
            None => format!("{count} new"),
        })
    }
}

pub fn news(data_dir: &Path, remotes: &[Remote]) -> News {
    let configured = names(remotes);
    let mut news = News::default();
    for remote in remotes {
        let Ok(Some((_, state))) = stored(data_dir, remote, &configured) else {
            continue;
        };
        if state.new_ids.is_empty() {
            continue;
        }
        news.ids.extend(state.new_ids);
        // A first sync is new against nothing: no date.
        if let Some(day) = state.previous.as_ref().map(|v| v.date().to_string())
            && news.since.as_ref().is_none_or(|d| day < *d)
        {
            news.since = Some(day);
        }
    }
    news
}

/// Which remote and version a loaded file came from (`source_name` as the dataset names it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub remote: String,
    pub version: Version,
}

impl Origin {
    /// `public · version 2026-11-30 · synced 2026-12-01`, as the Overview shows it.
    pub fn describe(&self) -> String {
        format!(
            "{} · version {} · synced {}",
            self.remote,
            self.version.version,
            self.version.date()
        )
    }
}

pub fn origin(data_dir: &Path, source_name: &str) -> Option<Origin> {
    let rel = Path::new(source_name)
        .strip_prefix(store::remotes_dir(data_dir))
        .ok()?;
    let mut parts = rel.components();
    let remote = parts.next()?.as_os_str().to_str()?.to_string();
    let dir = parts.next()?.as_os_str().to_str()?;
    let state = Store::new(data_dir, &remote).read().ok()??;
    let version = [state.current, state.previous]
        .into_iter()
        .flatten()
        .find(|v| v.dir == dir)?;
    Some(Origin { remote, version })
}

/// Synced folders no configured remote owns any more (neither by name nor by source): kept,
/// not loaded, and named by `errdex sync` so they can be removed by hand.
pub fn orphans(data_dir: &Path, remotes: &[Remote]) -> Vec<(String, State)> {
    let configured = names(remotes);
    let sources: Vec<String> = remotes.iter().map(|r| r.source.describe()).collect();
    store::stored_names(data_dir)
        .into_iter()
        .filter(|n| !configured.contains(&n.as_str()))
        .filter_map(|n| {
            let state = Store::new(data_dir, &n).read().ok()??;
            (!sources.contains(&state.source)).then_some((n, state))
        })
        .collect()
}

/// A remote's folder, for messages.
pub fn folder(data_dir: &Path, name: &str) -> std::path::PathBuf {
    Store::new(data_dir, name).dir
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RemoteSource;

    fn version(dir: &str, version: &str, day: &str) -> Version {
        Version {
            dir: dir.into(),
            version: version.into(),
            synced_at: format!("{day}T10:00:00Z"),
            records: 2,
            sha256: String::new(),
            etag: None,
            last_modified: None,
            commit: None,
        }
    }

    #[test]
    fn news_and_origin_come_from_the_state() {
        let home = tempfile::tempdir().expect("temp dir");
        let remote = Remote {
            name: "public".into(),
            source: RemoteSource::Url("file:///x.jsonl".into()),
            sha256: None,
            max_size_mb: 1,
            timeout_secs: 1,
        };
        let store = Store::new(home.path(), "public");
        std::fs::create_dir_all(store.dir.join("v2")).expect("mkdir");
        store
            .write(&State {
                source: remote.source.describe(),
                current: Some(version("v2", "2026-11-30", "2026-12-01")),
                previous: Some(version("v1", "2026-11-20", "2026-11-28")),
                new_ids: vec!["a".into(), "b".into()],
                next: 3,
            })
            .expect("write");
        let news = news(home.path(), std::slice::from_ref(&remote));
        assert_eq!(news.summary().as_deref(), Some("2 new since 2026-11-28"));
        let mut diags = Vec::new();
        let specs = synced_specs(home.path(), std::slice::from_ref(&remote), &mut diags);
        assert_eq!(specs, [SourceSpec::Path(store.dir.join("v2"))]);
        let file = store.dir.join("v2/records.jsonl");
        let found = origin(home.path(), &file.display().to_string()).expect("origin");
        assert_eq!(
            found.describe(),
            "public · version 2026-11-30 · synced 2026-12-01"
        );
        assert_eq!(origin(home.path(), "/elsewhere/x.jsonl"), None);
    }
}
