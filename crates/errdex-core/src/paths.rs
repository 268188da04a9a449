//! Where errdex keeps its files: the platform's config, data and cache folders (XDG on Linux).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use directories::{BaseDirs, ProjectDirs};

/// The folder of the data folder that `errdex scan` writes to and every command reads.
pub const CODE_DIR: &str = "code";

fn project() -> Option<ProjectDirs> {
    ProjectDirs::from("", "", "errdex")
}

/// The folder `config.toml` lives in.
pub fn config_dir() -> Option<PathBuf> {
    project().map(|p| p.config_dir().to_path_buf())
}

/// Pins, history and recently viewed records.
pub fn data_dir() -> Option<PathBuf> {
    project().map(|p| p.data_dir().to_path_buf())
}

/// The index cache: anything here can be deleted at any time.
pub fn cache_dir() -> Option<PathBuf> {
    project().map(|p| p.cache_dir().to_path_buf())
}

pub fn config_file() -> Option<PathBuf> {
    config_dir().map(|d| d.join("config.toml"))
}

pub fn home_dir() -> Option<PathBuf> {
    BaseDirs::new().map(|b| b.home_dir().to_path_buf())
}

/// `create_dir_all`, saying which path is in the way when a file stands where a folder must
/// be (the bare error is "File exists").
pub fn create_folder(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir).map_err(|e| {
        let blocking = dir
            .ancestors()
            .find(|a| a.exists() && !a.is_dir())
            .map(Path::to_path_buf);
        match blocking {
            Some(file) => io::Error::other(format!(
                "{} is a file, but errdex needs a folder there; move it away",
                file.display()
            )),
            None => e,
        }
    })
}
