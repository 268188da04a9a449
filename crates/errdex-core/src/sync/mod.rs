//! `errdex sync`: remotes from the config fetched into the data folder, checked with the
//! loader before they replace anything, switched in one rename, the version before kept for
//! `--rollback`. Nothing here runs unless `sync` is asked for; loading only reads the folder.

mod diff;
mod fetch;
mod git;
mod loading;
mod report;
mod store;
mod unpack;

use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::config::{Remote, RemoteSource};
pub use diff::Counts;
pub use loading::{News, Origin, folder, news, origin, orphans, synced_specs};
pub use report::grouped;
pub use report::{Outcome, Report};
use store::{LockError, Store};
pub use store::{State, Version};

/// How big and how slow a fetch may be.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_bytes: u64,
    /// To connect, and between two reads.
    pub timeout: Duration,
}

impl Limits {
    pub fn of(remote: &Remote) -> Limits {
        Limits {
            max_bytes: remote.max_size_mb.saturating_mul(1_000_000),
            timeout: Duration::from_secs(remote.timeout_secs),
        }
    }
}

/// Bytes fetched so far, and how many there will be when the server said.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub bytes: u64,
    pub total: Option<u64>,
}

/// Why a sync did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The host or repository could not be reached at all.
    pub offline: bool,
    pub message: String,
}

impl Failure {
    pub fn failed(message: String) -> Failure {
        Failure {
            offline: false,
            message,
        }
    }

    pub fn offline(message: String) -> Failure {
        Failure {
            offline: true,
            message,
        }
    }
}

/// How long a sync waits for another one working on the same remote.
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// Fetches one remote and switches to the new version if it changed and loads cleanly.
/// `configured` are the names in the config: a folder under any other name whose source is
/// this remote's is this remote renamed, and is taken over.
pub fn sync(
    data_dir: &Path,
    remote: &Remote,
    configured: &[&str],
    lock_wait: Duration,
    progress: &dyn Fn(Progress),
    waiting: &dyn Fn(),
) -> Report {
    let renamed_from = adopt_renamed(data_dir, remote, configured);
    let store = Store::new(data_dir, &remote.name);
    let outcome = match store.lock(lock_wait, waiting) {
        Ok(_lock) => match store.read() {
            Ok(state) => {
                store.tidy(state.as_ref());
                let state = state.unwrap_or_default();
                match fetch_and_switch(&store, remote, &state, progress) {
                    Ok(outcome) => outcome,
                    Err(failure) => Outcome::Failed {
                        failure,
                        kept: state.current.clone(),
                    },
                }
            }
            Err(why) => Outcome::Failed {
                failure: Failure::failed(format!("{why}; move the folder away to start afresh")),
                kept: None,
            },
        },
        Err(e) => Outcome::Failed {
            failure: Failure::failed(match e {
                LockError::Busy => format!(
                    "another errdex sync has been working on it for {} s",
                    lock_wait.as_secs()
                ),
                LockError::Io(why) => why,
            }),
            kept: store.read().ok().flatten().and_then(|s| s.current),
        },
    };
    Report {
        name: remote.name.clone(),
        renamed_from,
        outcome,
    }
}

/// Brings back the version before the current one; the current one becomes the one kept.
pub fn rollback(data_dir: &Path, name: &str, lock_wait: Duration, waiting: &dyn Fn()) -> Report {
    let report = |outcome| Report {
        name: name.to_string(),
        renamed_from: None,
        outcome,
    };
    let failed = |message: String, kept| {
        report(Outcome::Failed {
            failure: Failure::failed(message),
            kept,
        })
    };
    // The name becomes a folder under remotes/: checked as the config checks it.
    if let Err(why) = crate::config::check_remote_name(name) {
        return failed(why, None);
    }
    let store = Store::new(data_dir, name);
    let _lock = match store.lock(lock_wait, waiting) {
        Ok(lock) => lock,
        Err(LockError::Busy) => return failed("a sync of it is running".into(), None),
        Err(LockError::Io(why)) => return failed(why, None),
    };
    let mut state = match store.read() {
        Ok(Some(state)) => state,
        Ok(None) => return failed("never synced, nothing to roll back to".into(), None),
        Err(why) => return failed(why, None),
    };
    let (Some(current), Some(previous)) = (state.current.clone(), state.previous.clone()) else {
        return failed("no earlier version is kept".into(), state.current.clone());
    };
    if !store.version_dir(&previous).is_dir() {
        return failed(
            format!("the earlier version's folder {} is gone", previous.dir),
            Some(current),
        );
    }
    state.current = Some(previous.clone());
    state.previous = Some(current.clone());
    // The sync that brought the records in is undone: none of them is new now.
    state.new_ids.clear();
    match store.write(&state) {
        Ok(()) => report(Outcome::RolledBack {
            to: previous,
            from: current,
        }),
        Err(why) => failed(why, Some(current)),
    }
}

fn fetch_and_switch(
    store: &Store,
    remote: &Remote,
    state: &State,
    progress: &dyn Fn(Progress),
) -> Result<Outcome, Failure> {
    let limits = Limits::of(remote);
    let source = remote.source.describe();
    let same_source = state.source == source;
    let current = state.current.as_ref().filter(|_| same_source);
    let staging = store.staging().map_err(Failure::failed)?;
    let data = unpack::data_dir(staging.path());
    let mut fetched = Version {
        dir: String::new(),
        version: String::new(),
        synced_at: now(),
        records: 0,
        sha256: String::new(),
        etag: None,
        last_modified: None,
        commit: None,
    };
    match &remote.source {
        RemoteSource::Url(url) => {
            let have = fetch::Validators {
                etag: current.and_then(|v| v.etag.as_deref()),
                last_modified: current.and_then(|v| v.last_modified.as_deref()),
            };
            let download = staging.path().join("download");
            let dl = match fetch::fetch(url, have, &limits, &download, progress)? {
                fetch::Fetched::NotModified => return unchanged(store, state, None),
                fetch::Fetched::File(dl) => dl,
            };
            if dl.html {
                return Err(unpack::html());
            }
            check_pin(remote, &dl.sha256)?;
            if let Some(cur) = current.filter(|c| c.sha256 == dl.sha256) {
                // Same bytes under new validators: keep them, so next time is a 304.
                let mut kept = cur.clone();
                kept.etag = dl.etag;
                kept.last_modified = dl.last_modified;
                return unchanged(store, state, Some(kept));
            }
            std::fs::create_dir_all(&data)
                .map_err(|e| Failure::failed(format!("cannot write the staging folder: {e}")))?;
            unpack::unpack(&dl.path, &data.join(unpack::file_name_for(url)), &limits)?;
            fetched.sha256 = dl.sha256;
            fetched.etag = dl.etag;
            fetched.last_modified = dl.last_modified;
        }
        RemoteSource::Git { url, path, branch } => {
            let commit = git::remote_commit(url, branch.as_deref(), &limits)?;
            if current.is_some_and(|c| c.commit.as_deref() == Some(commit.as_str())) {
                return unchanged(store, state, None);
            }
            let checkout = git::checkout_dir(staging.path());
            let commit = git::clone(url, branch.as_deref(), &checkout, &limits)?;
            git::copy_records(&checkout, path.as_deref(), &data)?;
            unpack::check_unpacked_size(&data, &limits)?;
            if remote.sha256.is_some() {
                fetched.sha256 = pinned_file_hash(&data, path.as_deref())?;
                check_pin(remote, &fetched.sha256)?;
            }
            fetched.commit = Some(commit);
        }
    }
    let prints = diff::check(&data)?;
    // Against what is in use even when the URL changed: ids say what is new, not the URL.
    let before = state
        .current
        .as_ref()
        .map(|v| diff::fingerprints_of(&store.version_dir(v)));
    let (counts, fresh) = diff::compare(before.as_ref(), &prints);
    fetched.records = prints.records;
    fetched.version = match (&fetched.commit, prints.dataset_version) {
        (Some(commit), _) => commit.chars().take(12).collect(),
        (None, Some(v)) => v,
        (None, None) => fetched
            .etag
            .as_deref()
            .map(|e| e.trim_start_matches("W/").trim_matches('"').to_string())
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| fetched.sha256.chars().take(12).collect()),
    };
    let number = state.next.max(1);
    fetched.dir = format!("v{number}");
    let target = store.version_dir(&fetched);
    std::fs::rename(&data, &target)
        .map_err(|e| Failure::failed(format!("cannot move the new version in place: {e}")))?;
    let next = State {
        source,
        current: Some(fetched.clone()),
        previous: state.current.clone(),
        new_ids: fresh,
        next: number + 1,
    };
    if let Err(why) = store.write(&next) {
        let _ = std::fs::remove_dir_all(&target);
        return Err(Failure::failed(why));
    }
    store.tidy(Some(&next));
    Ok(Outcome::Synced {
        counts,
        version: fetched,
    })
}

/// Nothing new: the state only learns fresh validators, if any.
fn unchanged(store: &Store, state: &State, kept: Option<Version>) -> Result<Outcome, Failure> {
    let Some(current) = state.current.clone() else {
        return Err(Failure::failed(
            "the server answered 304 Not Modified to a first request".into(),
        ));
    };
    if let Some(kept) = kept.filter(|k| *k != current) {
        let mut next = state.clone();
        next.current = Some(kept);
        store.write(&next).map_err(Failure::failed)?;
        return Ok(Outcome::Unchanged {
            version: next.current.unwrap_or(current),
        });
    }
    Ok(Outcome::Unchanged { version: current })
}

fn check_pin(remote: &Remote, sha256: &str) -> Result<(), Failure> {
    match &remote.sha256 {
        Some(pin) if pin != sha256 => Err(Failure::failed(format!(
            "sha256 mismatch: the config pins {}…, the content is {}…",
            &pin[..12],
            &sha256[..12.min(sha256.len())]
        ))),
        _ => Ok(()),
    }
}

/// A `sha256` pin on a git remote pins the one file its `path` names.
fn pinned_file_hash(data: &Path, path: Option<&str>) -> Result<String, Failure> {
    use sha2::{Digest, Sha256};
    let not_a_file =
        || Failure::failed("`sha256` on a git remote needs a `path` that names one file".into());
    let mut files = std::fs::read_dir(data).map_err(|_| not_a_file())?.flatten();
    let (Some(file), None, Some(_)) = (files.next(), files.next(), path) else {
        return Err(not_a_file());
    };
    if !file.path().is_file() {
        return Err(not_a_file());
    }
    let bytes = std::fs::read(file.path()).map_err(|e| Failure::failed(e.to_string()))?;
    Ok(format!("{:x}", Sha256::digest(&bytes)))
}

/// A folder whose source is this remote's but whose name is not in the config is this
/// remote, renamed: it is moved to the new name (both locks held), so nothing is fetched twice
/// and `is:new` compares with what was there. Returns the old name.
fn adopt_renamed(data_dir: &Path, remote: &Remote, configured: &[&str]) -> Option<String> {
    let store = Store::new(data_dir, &remote.name);
    if !matches!(store.read(), Ok(None)) {
        return None;
    }
    let source = remote.source.describe();
    let old = store::stored_names(data_dir).into_iter().find(|n| {
        !configured.contains(&n.as_str())
            && Store::new(data_dir, n)
                .read()
                .ok()
                .flatten()
                .is_some_and(|s| s.source == source)
    })?;
    let old_store = Store::new(data_dir, &old);
    let _old_lock = old_store.lock(Duration::ZERO, &|| {}).ok()?;
    let _new_lock = store.lock(Duration::ZERO, &|| {}).ok()?;
    // An empty folder left by a first sync that failed is in the way of the rename.
    let _ = std::fs::remove_dir(&store.dir);
    std::fs::rename(&old_store.dir, &store.dir).ok()?;
    Some(old)
}

fn now() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

/// A message part that stays on one short line whatever a server or git said (made safe by
/// the crate's one rule, `crate::text`).
fn short_line(text: &str, max: usize) -> String {
    let flat = crate::text::one_line(text);
    let flat = flat.trim();
    if flat.chars().count() <= max {
        return flat.to_string();
    }
    let cut: String = flat.chars().take(max - 1).collect();
    format!("{cut}…")
}
