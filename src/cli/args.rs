//! The command line as clap reads it: `errdex [QUERY]…` and its commands, their flags and help.

use clap::{Parser, Subcommand, ValueEnum};

use super::data::DataArgs;
use super::{copy, scan_cmd, sync_cmd};

/// `--version`: the package version, and the commit and build date when built from git.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("ERRDEX_VERSION_SUFFIX"));

#[derive(Parser, Debug)]
#[command(
    name = "errdex",
    version = VERSION,
    about = "Search a dataset of known errors as you type; read the source, the docs and the fix; copy it.",
    subcommand_negates_reqs = true
)]
pub struct Cli {
    #[command(flatten)]
    pub data: DataArgs,
    /// Pre-fill the browser's search box: every remaining word, joined by spaces (quotes
    /// optional). A first word that is also a command name (`errdex -- show me`) needs `--`.
    pub query: Vec<String>,
    /// Run as the tmux popup `errdex tmux`'s bindings open: Esc while browsing closes it (after
    /// leaving the full-screen detail), as `q` does.
    #[arg(long)]
    pub popup: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print one record: every field, or the document as loaded, or an incident note.
    Show {
        /// The record's id (a unique prefix is enough).
        id: String,
        #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
        format: ShowFormat,
    },
    /// Print the records matching a query, best first (exit 1 when none is a confident match).
    Search {
        /// The query: every remaining word, joined by spaces (quotes optional), e.g.
        /// `conn refused tag:rust !test`, or a pasted log line. `--` ends the options (for a
        /// query that starts with `-`). GUIDE.md, "Search", describes the language.
        #[arg(required = true, num_args = 1..)]
        query: Vec<String>,
        /// How many hits to print (default 20).
        #[arg(long, short = 'n', value_parser = clap::value_parser!(u32).range(1..))]
        limit: Option<u32>,
        /// Print every hit.
        #[arg(long, conflicts_with = "limit")]
        all: bool,
        /// One JSON object per hit (NDJSON), with matched character positions.
        #[arg(long)]
        json: bool,
        /// Also say which field each query term matched and its score.
        #[arg(long)]
        explain: bool,
    },
    /// Match a log against the known errors: one line per matched log line, a summary on stderr.
    Triage {
        /// The log to read; `-` or nothing reads stdin.
        file: Option<String>,
        /// One JSON object a line: line, lastLine, text, id, score, via (`code`: a scanned site,
        /// no curated record), curated, message, filePath, lineNumber.
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// Print an incident report in Markdown at the end: the known errors, then the unknown.
        #[arg(long)]
        markdown: bool,
        /// Print the error events no record matches, grouped by their normalised message, then
        /// the errors found only in code (a scanned site, no curated record yet) with the
        /// statement that printed them.
        #[arg(long, conflicts_with = "markdown")]
        unknown: bool,
        /// Known errors shown per log line, best first.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
        limit: u16,
    },
    /// Count records by repo, severity, tag and error type.
    Stats {
        /// One JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Check dataset files; print every problem as PATH:LINE: error|warning: MESSAGE.
    Validate {
        /// Files or directories to check.
        #[arg(required = true)]
        paths: Vec<String>,
    },
    /// Check the config file (`--path`: where it is read from; `--default`: the documented
    /// defaults, a starting point for your own; `--init`: write them there).
    Config {
        /// Print the path of the config file.
        #[arg(long, conflicts_with_all = ["default", "init"])]
        path: bool,
        /// Print the default config, every key documented.
        #[arg(long, conflicts_with = "init")]
        default: bool,
        /// Write the default config to the config file's place (creating its folder).
        #[arg(long)]
        init: bool,
    },
    /// Pin a record, to keep it at hand (`is:pinned` in a query; `errdex pins`).
    Pin {
        /// The record's id (a unique prefix is enough).
        id: String,
    },
    /// Unpin a record.
    Unpin {
        /// The pinned id (a unique prefix is enough).
        id: String,
    },
    /// List the pinned records.
    Pins {
        /// One JSON object a line.
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// One Markdown incident note with every pinned record.
        #[arg(long)]
        markdown: bool,
    },
    /// Show the index cache (`--clear`: delete it; it is rebuilt as datasets load).
    Cache {
        #[arg(long)]
        clear: bool,
    },
    /// Fetch the `[[remotes]]` of the config into the data folder and say what is new; the
    /// only command that uses the network.
    Sync(sync_cmd::SyncArgs),
    /// Find every place your code raises or logs an error and write each as a record
    /// (`code/` in the data folder, read by every command); `+N new, M moved, K gone`.
    Scan(scan_cmd::ScanArgs),
    /// Copy a record's fix (or another part of it) to the clipboard.
    Copy(copy::CopyArgs),
    /// Open a record's source (githubUrl, at the error line) in a web browser.
    ///
    /// A record that hides a site found by `errdex scan` goes where the last scan saw its
    /// statement (said on stderr).
    Open {
        /// The record's id (a unique prefix is enough).
        id: String,
    },
    /// Print PATH:LINE of the record's error line in your own checkout, followed to where it
    /// is today (config: [repos], repo_roots); exit 1 with the reason when there is none.
    ///
    /// A record that hides a site found by `errdex scan` goes where the last scan saw its
    /// statement (said on stderr).
    Where {
        /// The record's id (a unique prefix is enough).
        id: String,
    },
    /// Open $VISUAL / $EDITOR at the record's error line in your own checkout.
    ///
    /// A record that hides a site found by `errdex scan` goes where the last scan saw its
    /// statement (said on stderr).
    Edit {
        /// The record's id (a unique prefix is enough).
        id: String,
    },
    #[command(flatten)]
    Authoring(Authoring),
    /// Serves an X11 selection after errdex exits (errdex runs itself with it).
    #[command(name = crate::clipboard::HELPER_ARG, hide = true)]
    ClipboardHelper,
    /// Choose a record in the browser and print its fix (or another target) on stdout, for
    /// scripts: `vim "$(errdex pick --what location)"`. Enter picks; Esc in the search box
    /// exits 130 with nothing printed. The browser draws on the terminal, not on stdout.
    Pick {
        /// What to print: a `copy --what` target (fix, url, location, snippet, …), or `id`,
        /// or `json` (the record as loaded).
        #[arg(long, short = 'w', value_name = "TARGET", default_value = "fix", value_parser = copy::parse_target)]
        what: errdex_core::copy::Target,
        /// Pre-fill the search box (every word, joined by spaces).
        query: Vec<String>,
    },
    /// Print tmux key bindings for tmux.conf: a popup over the triage of the pane you are in,
    /// and one with the plain browser.
    Tmux,
    /// Print the man page (roff): `mkdir -p ~/.local/share/man/man1 && errdex man >
    /// ~/.local/share/man/man1/errdex.1`.
    Man {
        /// One command's page (`errdex man show`), named errdex-COMMAND.
        command: Option<String>,
    },
    /// Print a shell completion script: `mkdir -p ~/.local/share/bash-completion/completions
    /// && errdex completions bash > ~/.local/share/bash-completion/completions/errdex`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// The commands that write the team's own knowledge: records and notes.
#[derive(Subcommand, Debug)]
pub enum Authoring {
    /// Write a new record in your editor ($VISUAL, $EDITOR, vi) and add it to the records file.
    New {
        /// Pre-fill the record from a log line (`-`: the first line of stdin): message,
        /// pattern, file and line.
        #[arg(long, value_name = "LINE")]
        from_log: Option<String>,
    },
    /// Add records from files (any dataset format; `-` or nothing: stdin) to the records file.
    Add {
        files: Vec<String>,
        /// Replace records with the same id (the old ones leave search; `show` names both).
        #[arg(long)]
        replace: bool,
    },
    /// Add a team note to a record.
    Note {
        /// The record's id (a unique prefix is enough).
        id: String,
        /// The note.
        #[arg(required = true, trailing_var_arg = true)]
        text: Vec<String>,
    },
    /// List the team notes, newest first (all, or those on one record).
    Notes {
        id: Option<String>,
        /// One JSON object a line: id, text, author, at.
        #[arg(long)]
        json: bool,
    },
    /// Print the record's JSON Schema (draft 2020-12).
    Schema,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowFormat {
    Text,
    Json,
    Markdown,
}
