//! One JSON state file: read with corruption set aside, changed under a lock, written
//! atomically. Two errdex processes changing the same file take turns, and each applies its
//! change to what the other wrote, so neither loses anything.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A state file in the data folder, such as `pins.json`.
#[derive(Debug, Clone)]
pub struct StateFile {
    dir: PathBuf,
    name: String,
}

impl StateFile {
    pub fn new(dir: &Path, name: impl Into<String>) -> Self {
        StateFile {
            dir: dir.to_path_buf(),
            name: name.into(),
        }
    }

    /// The state file at `path` (its folder and file name).
    pub fn at(path: &Path) -> Self {
        let dir = path.parent().unwrap_or(Path::new("."));
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        Self::new(dir, name)
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join(&self.name)
    }

    /// The current contents; a missing file is the default. A file that cannot be parsed is
    /// moved aside (under the lock, so no writer is mid-way) and reported in `warnings`.
    pub fn read<T: DeserializeOwned + Default>(&self, warnings: &mut Vec<String>) -> T {
        match self.try_read() {
            Ok(value) => value,
            Err(_) => match self.lock() {
                Ok(_guard) => self.read_locked(warnings),
                Err(e) => {
                    warnings.push(format!("cannot lock {}: {e}", self.path().display()));
                    T::default()
                }
            },
        }
    }

    /// Applies `change` to the latest contents and writes the result, all under the lock.
    /// Returns the contents as written and what `change` returned.
    pub fn update<T, R>(
        &self,
        warnings: &mut Vec<String>,
        change: impl FnOnce(&mut T) -> R,
    ) -> Result<(T, R), String>
    where
        T: Serialize + DeserializeOwned + Default,
    {
        let _guard = self
            .lock()
            .map_err(|e| format!("cannot lock {}: {e}", self.path().display()))?;
        let mut value: T = self.read_locked(warnings);
        let result = change(&mut value);
        self.write(&value)
            .map_err(|e| format!("cannot write {}: {e}", self.path().display()))?;
        Ok((value, result))
    }

    fn try_read<T: DeserializeOwned + Default>(&self) -> Result<T, String> {
        match fs::read(self.path()) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| e.to_string()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(T::default()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn read_locked<T: DeserializeOwned + Default>(&self, warnings: &mut Vec<String>) -> T {
        match self.try_read() {
            Ok(value) => value,
            Err(why) => {
                let path = self.path();
                let aside = self.aside_path();
                match fs::rename(&path, &aside) {
                    Ok(()) => warnings.push(format!(
                        "{} was unreadable ({why}); moved it to {} and started afresh",
                        path.display(),
                        aside.display()
                    )),
                    Err(e) => warnings.push(format!(
                        "{} is unreadable ({why}) and could not be moved aside ({e}); ignoring it",
                        path.display()
                    )),
                }
                T::default()
            }
        }
    }

    /// `pins.json.corrupt-<unix time>`, with a counter if that is taken.
    fn aside_path(&self) -> PathBuf {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let base = format!("{}.corrupt-{secs}", self.name);
        let mut candidate = self.dir.join(&base);
        let mut n = 1;
        while candidate.exists() {
            candidate = self.dir.join(format!("{base}-{n}"));
            n += 1;
        }
        candidate
    }

    /// Temp file in the same folder, flushed to disk, then renamed over the old file: a
    /// reader sees the old contents or the new, never half of either.
    fn write<T: Serialize>(&self, value: &T) -> io::Result<()> {
        self.remove_stale_temps();
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!(".{}.", self.name))
            .tempfile_in(&self.dir)?;
        serde_json::to_writer_pretty(&mut tmp, value)?;
        tmp.write_all(b"\n")?;
        tmp.as_file().sync_all()?;
        tmp.persist(self.path()).map_err(|e| e.error)?;
        Ok(())
    }

    /// Appends `lines` (each ending in a newline) to a text file such as a JSON Lines file,
    /// under the lock: `check` first sees the current contents and may refuse. The old
    /// contents and the new lines go to a temporary file that is flushed to disk and renamed
    /// over the old one, so a crash or a full disk leaves the file as it was, never half a line.
    pub fn append(
        &self,
        lines: &str,
        check: impl FnOnce(&[u8]) -> Result<(), String>,
    ) -> Result<(), String> {
        let path = self.path();
        let shown = path.display();
        if !self.dir.is_dir() {
            fs::create_dir_all(&self.dir).map_err(|e| {
                format!(
                    "cannot create the folder {} for {shown}: {e}",
                    self.dir.display()
                )
            })?;
        }
        let _guard = self
            .lock()
            .map_err(|e| format!("cannot lock {shown}: {e}"))?;
        let old = match fs::metadata(&path) {
            Ok(m) if m.is_dir() => return Err(format!("{shown} is a directory, not a file")),
            Ok(m) if m.permissions().readonly() => return Err(format!("{shown} is read-only")),
            Ok(_) => fs::read(&path).map_err(|e| format!("cannot read {shown}: {e}"))?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(format!("cannot read {shown}: {e}")),
        };
        check(&old)?;
        let write = || -> io::Result<()> {
            self.remove_stale_temps();
            let mut tmp = tempfile::Builder::new()
                .prefix(&format!(".{}.", self.name))
                .tempfile_in(&self.dir)?;
            tmp.write_all(&old)?;
            if !old.is_empty() && !old.ends_with(b"\n") {
                tmp.write_all(b"\n")?;
            }
            tmp.write_all(lines.as_bytes())?;
            tmp.as_file().sync_all()?;
            tmp.persist(&path).map_err(|e| e.error)?;
            // The rename itself is durable once the folder is synced.
            File::open(&self.dir).and_then(|d| d.sync_all())
        };
        write().map_err(|e| format!("cannot write {shown}: {e}"))
    }

    /// Removes the temp files of writes that never finished (a process killed between
    /// creating its temp file and renaming it). Called under the lock: every writer of this
    /// file holds it while its temp file exists, so any temp file seen now is stale.
    fn remove_stale_temps(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        let prefix = format!(".{}.", self.name);
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
                continue;
            };
            // tempfile's names: the prefix and six random letters or digits.
            let temp = rest.len() == 6 && rest.bytes().all(|b| b.is_ascii_alphanumeric());
            if temp && entry.file_type().is_ok_and(|t| t.is_file()) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// An exclusive advisory lock on `NAME.lock`, released when the guard drops or the
    /// process dies, so a crashed errdex never leaves a stale lock behind.
    fn lock(&self) -> io::Result<File> {
        crate::paths::create_folder(&self.dir)?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join(format!("{}.lock", self.name)))?;
        file.lock()?;
        Ok(file)
    }
}

/// Seconds since the Unix epoch, for timestamps in state files.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_where_the_folder_goes_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("errdex");
        fs::write(&blocker, "").unwrap();
        let store = StateFile::new(&blocker.join("deeper"), "pins.json");
        let err = store
            .update(&mut Vec::new(), |v: &mut Vec<u32>| v.push(1))
            .unwrap_err();
        assert!(
            err.ends_with(&format!(
                "{} is a file, but errdex needs a folder there; move it away",
                blocker.display()
            )),
            "{err}"
        );
    }

    #[test]
    fn updates_round_trip_and_leave_no_temp_files() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = StateFile::new(dir.path(), "list.json");
        let mut warnings = Vec::new();
        let (list, ()) = file
            .update(&mut warnings, |v: &mut Vec<u32>| v.push(7))
            .expect("update");
        assert_eq!(list, vec![7]);
        let again: Vec<u32> = file.read(&mut warnings);
        assert_eq!(again, vec![7]);
        assert!(warnings.is_empty());
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .expect("read dir")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        names.sort();
        assert_eq!(names, ["list.json", "list.json.lock"]);
    }

    /// What a writer killed between creating its temp file and renaming it leaves behind.
    fn leave_stale_temps(dir: &Path, name: &str) {
        fs::write(dir.join(format!(".{name}.Ab12Cd")), "half").expect("write");
        fs::write(dir.join(format!(".{name}.zz9yy8")), "half").expect("write");
        // Not a temp file of ours: kept.
        fs::write(dir.join(format!(".{name}.keep")), "mine").expect("write");
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("read dir")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_next_write_removes_temp_files_a_killed_writer_left() {
        let dir = tempfile::tempdir().expect("temp dir");
        leave_stale_temps(dir.path(), "pins.json");
        let file = StateFile::new(dir.path(), "pins.json");
        file.update(&mut Vec::new(), |v: &mut Vec<u32>| v.push(1))
            .expect("update");
        assert_eq!(
            names_in(dir.path()),
            [".pins.json.keep", "pins.json", "pins.json.lock"]
        );
        leave_stale_temps(dir.path(), "records.jsonl");
        let records = StateFile::new(dir.path(), "records.jsonl");
        records.append("{}\n", |_| Ok(())).expect("append");
        assert_eq!(
            names_in(dir.path()),
            [
                ".pins.json.keep",
                ".records.jsonl.keep",
                "pins.json",
                "pins.json.lock",
                "records.jsonl",
                "records.jsonl.lock"
            ]
        );
    }

    #[test]
    fn a_corrupt_file_is_moved_aside() {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join("list.json"), "[1, 2,").expect("write");
        let file = StateFile::new(dir.path(), "list.json");
        let mut warnings = Vec::new();
        let list: Vec<u32> = file.read(&mut warnings);
        assert!(list.is_empty());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("moved it to"), "{warnings:?}");
        let aside: Vec<String> = fs::read_dir(dir.path())
            .expect("read dir")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with("list.json.corrupt-"))
            .collect();
        assert_eq!(aside.len(), 1);
        let kept = fs::read_to_string(dir.path().join(&aside[0])).expect("read aside");
        assert_eq!(kept, "[1, 2,");
    }
}
