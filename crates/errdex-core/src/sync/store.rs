//! Where synced remotes live in the data folder, and the one write that switches versions.
//!
//! ```text
//! remotes/NAME/state.json    which version folder is current, which is kept for rollback
//! remotes/NAME/v7/           the records of one version (only dataset files)
//! remotes/NAME/.staging-*    a sync in progress; gone when it ends, whatever happens
//! remotes/NAME.lock          held while a sync or rollback of NAME runs
//! ```
//!
//! A new version is written into a staging folder, checked, renamed to `vN`, and only then
//! named in `state.json` (written to a temporary file and renamed over the old one): readers
//! see either the old version or the new one, never a mix.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// One version of a remote's records on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Version {
    /// The folder under the remote's folder, e.g. `v7`.
    pub dir: String,
    /// What users see as the version: the records' `datasetVersion`, a git commit, an ETag.
    pub version: String,
    /// RFC 3339, when this version was fetched.
    pub synced_at: String,
    pub records: usize,
    /// SHA-256 of the fetched file (empty for a git folder).
    pub sha256: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
}

impl Version {
    /// The day it was synced, `2026-11-28`.
    pub fn date(&self) -> &str {
        self.synced_at.get(..10).unwrap_or(&self.synced_at)
    }
}

/// `state.json` of one remote.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    /// The source the versions came from, as `RemoteSource::describe` writes it: a remote
    /// renamed in the config is found again by it, and a changed URL is fetched afresh.
    pub source: String,
    pub current: Option<Version>,
    /// The version before `current`, for `--rollback`.
    pub previous: Option<Version>,
    /// Ids the last sync added or changed (`is:new`).
    #[serde(default)]
    pub new_ids: Vec<String>,
    /// Numbers the next version folder.
    #[serde(default)]
    pub next: u64,
}

/// The folder holding every remote.
pub fn remotes_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("remotes")
}

/// One remote's folder in the data folder.
#[derive(Debug, Clone)]
pub struct Store {
    pub dir: PathBuf,
}

const STATE: &str = "state.json";
const STAGING: &str = ".staging-";

impl Store {
    pub fn new(data_dir: &Path, name: &str) -> Store {
        Store {
            dir: remotes_dir(data_dir).join(name),
        }
    }

    /// The state, or `None` when this remote was never synced (or its state is unreadable,
    /// which the caller reports).
    pub fn read(&self) -> Result<Option<State>, String> {
        let path = self.dir.join(STATE);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| format!("{}: unreadable ({e})", path.display())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Replaces `state.json` in one rename: the moment a new version takes effect.
    pub fn write(&self, state: &State) -> Result<(), String> {
        let path = self.dir.join(STATE);
        let fail = |e: io::Error| format!("cannot write {}: {e}", path.display());
        let mut tmp = tempfile::NamedTempFile::new_in(&self.dir).map_err(fail)?;
        let text = serde_json::to_vec_pretty(state).map_err(|e| e.to_string())?;
        tmp.write_all(&text).map_err(fail)?;
        tmp.as_file().sync_all().map_err(fail)?;
        tmp.persist(&path).map_err(|e| fail(e.error))?;
        Ok(())
    }

    pub fn version_dir(&self, v: &Version) -> PathBuf {
        self.dir.join(&v.dir)
    }

    /// A fresh staging folder, removed when the guard drops unless its content was moved out.
    pub fn staging(&self) -> Result<tempfile::TempDir, String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        tempfile::Builder::new()
            .prefix(STAGING)
            .tempdir_in(&self.dir)
            .map_err(|e| {
                format!(
                    "cannot create a staging folder in {}: {e}",
                    self.dir.display()
                )
            })
    }

    /// Takes this remote's lock, waiting up to `wait` for another sync to finish; `on_busy` is
    /// called once if it has to wait.
    pub fn lock(&self, wait: Duration, on_busy: &dyn Fn()) -> Result<Lock, LockError> {
        let parent = self.dir.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)
            .map_err(|e| LockError::Io(format!("cannot create {}: {e}", parent.display())))?;
        let name = self.dir.file_name().unwrap_or_default().to_string_lossy();
        let path = parent.join(format!("{name}.lock"));
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| LockError::Io(format!("cannot open {}: {e}", path.display())))?;
        let started = Instant::now();
        let mut told = false;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock { _file: file }),
                Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < wait => {
                    if !std::mem::replace(&mut told, true) {
                        on_busy();
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(std::fs::TryLockError::WouldBlock) => return Err(LockError::Busy),
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(LockError::Io(format!(
                        "cannot lock {}: {e}",
                        path.display()
                    )));
                }
            }
        }
    }

    /// Removes what a crashed sync left behind and the versions the state no longer names.
    /// Call with the lock held.
    pub fn tidy(&self, state: Option<&State>) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let keep: Vec<&str> = state
            .into_iter()
            .flat_map(|s| [s.current.as_ref(), s.previous.as_ref()])
            .flatten()
            .map(|v| v.dir.as_str())
            .collect();
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let is_version = name.starts_with('v') && name[1..].bytes().all(|b| b.is_ascii_digit());
            let stale = name.starts_with(STAGING)
                || name.starts_with(".tmp")
                || (is_version && !keep.contains(&name.as_ref()));
            if stale {
                let path = entry.path();
                let _ = if path.is_dir() {
                    std::fs::remove_dir_all(&path)
                } else {
                    std::fs::remove_file(&path)
                };
            }
        }
    }
}

/// Held while a sync or rollback of one remote runs; released on drop or when errdex dies.
pub struct Lock {
    _file: File,
}

#[derive(Debug)]
pub enum LockError {
    /// Another errdex holds it.
    Busy,
    Io(String),
}

/// The remote folders in the data folder, by name.
pub fn stored_names(data_dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(remotes_dir(data_dir)) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().join(STATE).is_file())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(dir: &str) -> Version {
        Version {
            dir: dir.into(),
            version: "1".into(),
            synced_at: "2026-11-28T10:00:00Z".into(),
            records: 3,
            sha256: String::new(),
            etag: None,
            last_modified: None,
            commit: None,
        }
    }

    #[test]
    fn state_round_trips_and_tidy_keeps_only_named_versions() {
        let home = tempfile::tempdir().expect("temp dir");
        let store = Store::new(home.path(), "team");
        assert_eq!(store.read(), Ok(None));
        for dir in ["v1", "v2", "v3", ".staging-x"] {
            std::fs::create_dir_all(store.dir.join(dir)).expect("mkdir");
        }
        let state = State {
            source: "file:///x".into(),
            current: Some(version("v3")),
            previous: Some(version("v2")),
            new_ids: vec!["a".into()],
            next: 4,
        };
        store.write(&state).expect("write");
        assert_eq!(store.read(), Ok(Some(state.clone())));
        store.tidy(Some(&state));
        let mut left: Vec<String> = std::fs::read_dir(&store.dir)
            .expect("read dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["state.json", "v2", "v3"]);
        assert_eq!(stored_names(home.path()), ["team"]);
        assert_eq!(
            state.current.as_ref().map(Version::date),
            Some("2026-11-28")
        );
    }

    #[test]
    fn a_held_lock_makes_the_second_wait_then_give_up() {
        let home = tempfile::tempdir().expect("temp dir");
        let store = Store::new(home.path(), "team");
        let held = store.lock(Duration::ZERO, &|| {}).expect("first lock");
        let started = Instant::now();
        let told = std::cell::Cell::new(0);
        let busy = || told.set(told.get() + 1);
        assert!(matches!(
            store.lock(Duration::from_millis(200), &busy),
            Err(LockError::Busy)
        ));
        assert!(started.elapsed() >= Duration::from_millis(200));
        assert_eq!(told.get(), 1, "told once that it waits");
        drop(held);
        assert!(store.lock(Duration::ZERO, &busy).is_ok());
        assert_eq!(told.get(), 1, "a free lock is taken without a word");
    }
}
