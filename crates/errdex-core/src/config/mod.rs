//! `config.toml`: which datasets to open, theme, key overrides, clipboard, ranking weights and
//! layout. A mistake in the file costs only the key it is in: that key keeps its default and
//! the problem is reported with its line and column.

const TOP_KEYS: &str = "datasets, write_to, remotes, theme, keys, clipboard, clipboard_command, ranking, layout, repos, repo_roots, scan";

mod datasets;
mod keys;
mod parse;
mod problems;
mod remotes;
mod repos;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::search::Weights;

pub use keys::{KeyName, KeySpec, normalize_key};
pub use remotes::{Remote, RemoteSource, check_name as check_remote_name};
pub use repos::{Checkouts, repo_slug};

/// The documented default configuration, printed by `errdex config --default`.
pub const DEFAULT_CONFIG: &str = include_str!("../../../../assets/default-config.toml");

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Dataset files, directories and glob patterns, in order; relative ones already resolved
    /// against the config file's folder and `~` against the home folder.
    pub datasets: Vec<PathBuf>,
    /// The JSON Lines file `errdex new` and `add` append to; `None`: `records.jsonl` in the
    /// data folder (see `write_to_path`).
    pub write_to: Option<PathBuf>,
    /// `[[remotes]]`: datasets `errdex sync` fetches into the data folder.
    pub remotes: Vec<Remote>,
    pub theme: Theme,
    /// Key overrides in file order.
    pub keys: Vec<KeyOverride>,
    pub clipboard: ClipboardMode,
    /// A shell command that receives the text on stdin in `command` mode.
    pub clipboard_command: Option<String>,
    pub ranking: Ranking,
    pub layout: Layout,
    /// `[repos]` and `repo_roots`: the user's own checkouts.
    pub checkouts: Checkouts,
    /// `[scan]`: what `errdex scan` adds to its tables and leaves out.
    pub scan: ScanConfig,
}

/// `[scan]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScanConfig {
    /// C and C++ functions that log like printf: the first string argument is the format.
    pub log_functions: Vec<String>,
    /// Globs of paths (relative to the checkout) left out, besides the defaults.
    pub exclude: Vec<String>,
}

/// One `[keys]` entry: a normalised key such as `ctrl-y`, an action name, and where it was
/// written (`PATH:LINE:COLUMN`), for a problem the browser finds when it applies the binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyOverride {
    pub key: String,
    pub action: String,
    pub at: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            datasets: Vec::new(),
            write_to: None,
            remotes: Vec::new(),
            theme: Theme::Auto,
            keys: Vec::new(),
            clipboard: ClipboardMode::Auto,
            clipboard_command: None,
            ranking: Ranking::default(),
            layout: Layout::default(),
            checkouts: Checkouts::default(),
            scan: ScanConfig::default(),
        }
    }
}

pub use crate::choice::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Theme {
    Dark,
    Light,
    /// Ask the terminal for its background; dark when it does not say.
    Auto,
}

impl Choice for Theme {}

/// The clipboard module's own mode enum, spelled in the config as it is on the command line.
pub use crate::clipboard_settings::Mode as ClipboardMode;

impl Choice for ClipboardMode {}

/// How much a match in each field counts; only their proportions matter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ranking {
    pub message: f64,
    pub tags: f64,
    pub path: f64,
    pub repo: f64,
}

/// The search's own weights: they are the defaults, so they are written in one place.
impl Default for Ranking {
    fn default() -> Self {
        let w = Weights::default();
        let proportion = |percent: i64| percent as f64 / 100.0;
        Ranking {
            message: proportion(w.message),
            tags: proportion(w.tags),
            path: proportion(w.path),
            repo: proportion(w.repo),
        }
    }
}

impl Ranking {
    /// The weights the search ranks with.
    pub fn weights(&self) -> Weights {
        Weights::from_proportions(self.message, self.tags, self.path, self.repo)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum DetailPosition {
    /// Right of the results when the terminal is wide enough, else below.
    Auto,
    Right,
    Below,
}

impl Choice for DetailPosition {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub detail: DetailPosition,
    /// Percent of the width (or height, when below) given to the result list.
    pub ratio: u16,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            detail: DetailPosition::Auto,
            ratio: 45,
        }
    }
}

impl Config {
    /// The team's own records file: `write_to`, else `records.jsonl` in the data folder (None
    /// only when there is no data folder).
    pub fn write_to_path(&self) -> Option<PathBuf> {
        self.write_to
            .clone()
            .or_else(|| crate::paths::data_dir().map(|d| d.join("records.jsonl")))
    }

    /// Where the kinds of source live for this config: the data folder and the team's records
    /// file, which decide which record wins when two sources hold one id.
    pub fn source_kinds(&self) -> crate::dataset::precedence::Layout {
        crate::dataset::precedence::Layout {
            data_dir: crate::paths::data_dir(),
            team: self.write_to_path(),
        }
    }

    /// What the clipboard module needs of the config.
    pub fn clipboard_config(&self) -> crate::clipboard_settings::Config {
        crate::clipboard_settings::Config {
            mode: self.clipboard,
            command: self.clipboard_command.clone(),
        }
    }
}

/// Something wrong in the config file: where, and what was done about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: error: {}", self.path, self.message);
        }
        write!(
            f,
            "{}:{}:{}: error: {}",
            self.path, self.line, self.column, self.message
        )
    }
}

/// The configuration in force and how it was arrived at.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub config: Config,
    /// Where the file is (or would be); `None` when the platform has no config folder.
    pub path: Option<PathBuf>,
    /// Whether the file exists and was read.
    pub found: bool,
    pub problems: Vec<Problem>,
}

impl Loaded {
    /// The one line a status bar shows when the file had problems.
    pub fn summary(&self) -> Option<String> {
        let first = self.problems.first()?;
        Some(match self.problems.len() {
            1 => format!("config: {first}"),
            n => format!("config: {first} (and {} more)", n - 1),
        })
    }
}

/// Reads the config file from the platform's config folder; a missing file is the defaults.
pub fn load() -> Loaded {
    match crate::paths::config_file() {
        Some(path) => load_from(&path),
        None => Loaded::default(),
    }
}

/// Reads a config file; a missing file is the defaults, an unreadable one a problem.
pub fn load_from(path: &Path) -> Loaded {
    let name = path.display().to_string();
    let mut loaded = Loaded {
        path: Some(path.to_path_buf()),
        ..Loaded::default()
    };
    match std::fs::read_to_string(path) {
        Ok(text) => {
            loaded.found = true;
            let base = path.parent().unwrap_or(Path::new("."));
            let (config, problems) = parse::parse(&text, &name, base);
            loaded.config = config;
            loaded.problems = problems;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => loaded.problems.push(Problem {
            path: name,
            line: 0,
            column: 0,
            message: format!("cannot read: {e}; using the defaults"),
        }),
    }
    loaded
}

/// Parses config text; relative dataset paths are taken from `base`.
pub fn parse_str(text: &str, name: &str, base: &Path) -> (Config, Vec<Problem>) {
    parse::parse(text, name, base)
}

pub use datasets::dataset_specs;
