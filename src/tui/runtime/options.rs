//! How the browser starts: the sources, the first query and what the config and the
//! environment settle (`setup.rs` fills them in from the config).

use crate::tui::input::keymap::Keymap;
use crate::tui::ui::theme::ThemeName;
use errdex_core::dataset::precedence::Layout;
use errdex_core::load::SourceSpec;
use errdex_core::search::Weights;

/// How the browser starts.
pub struct Options {
    pub specs: Vec<SourceSpec>,
    /// Where each kind of source lives (the config's data folder and team file): which record
    /// wins when two sources hold one id.
    pub kinds: Layout,
    pub query: String,
    pub theme: ThemeName,
    /// False when NO_COLOR is set.
    pub color: bool,
    pub keymap: Keymap,
    /// Stdin is a log to triage (`kubectl logs POD | errdex`); keys come from the terminal.
    pub log_on_stdin: bool,
    /// How much a match in each field counts (the config's `[ranking]`).
    pub weights: Weights,
    pub layout: errdex_core::config::Layout,
    pub clipboard: crate::clipboard::Config,
    /// Shown on the status line at start (config problems).
    pub notice: Option<String>,
    /// The command the query's first word is a slip of, to name if it finds nothing.
    pub did_you_mean: Option<String>,
    /// `errdex pick`: Enter ends the browser with the selected record.
    pub pick: bool,
    /// In `errdex tmux`'s popup (`--popup`): Esc while browsing closes it.
    pub popup: bool,
    /// Where the user's own checkouts are (`[repos]`, `repo_roots`).
    pub checkouts: errdex_core::config::Checkouts,
    /// The config's `[scan]`: what a background rescan reads, as `errdex scan` does.
    pub scan: errdex_core::config::ScanConfig,
    /// The team's records file (`N` adds to it; notes live beside it).
    pub write_to: Option<std::path::PathBuf>,
    /// Every config problem, for the problems overlay.
    pub problems: Vec<String>,
    /// What the last `errdex sync` brought (`is:new`, the status line).
    pub news: errdex_core::sync::News,
    /// `code/` of the data folder, when its scanned sites are loaded: the checkouts scanned
    /// into it are rescanned in the background when their HEAD moves.
    pub rescan_into: Option<std::path::PathBuf>,
}

impl Options {
    /// The defaults, with colour unless NO_COLOR is set. The theme (ERRDEX_THEME, the
    /// config, the terminal's background) is settled by `Options::configured`.
    pub fn new(specs: Vec<SourceSpec>, query: String) -> Options {
        let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Options {
            specs,
            kinds: Layout::default(),
            query,
            theme: ThemeName::Dark,
            color,
            keymap: Keymap::default(),
            log_on_stdin: false,
            weights: Weights::default(),
            layout: errdex_core::config::Layout::default(),
            clipboard: crate::clipboard::Config::default(),
            notice: None,
            did_you_mean: None,
            pick: false,
            popup: false,
            checkouts: errdex_core::config::Checkouts::default(),
            scan: errdex_core::config::ScanConfig::default(),
            write_to: None,
            problems: Vec::new(),
            news: errdex_core::sync::News::default(),
            rescan_into: None,
        }
    }
}
