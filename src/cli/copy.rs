//! `copy` and `open`: act on one record's fix or URL from the command line.

use clap::Args;

use super::data::find;
use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit};
use crate::clipboard::{self, Clipboard, Mode, SystemClipboard};
use clap::builder::TypedValueParser as _;
use errdex_core::choice::Choice as _;
use errdex_core::copy::{self, Target};
use errdex_core::dataset::Dataset;
use errdex_core::load::Loaded;
use errdex_core::record::Record;
use errdex_core::{open, text};

#[derive(Args, Debug)]
pub struct CopyArgs {
    /// The record's id (a unique prefix is enough).
    pub id: String,
    /// What to copy: fix (exampleFix, else the first solution), solution:N, tip:N, validation,
    /// trycatch, typeguard, snippet, snippet:numbered, url, url:range, location, markdown, id,
    /// json (the record as loaded).
    #[arg(long, short = 'w', value_name = "TARGET", default_value = "fix", value_parser = parse_target)]
    pub what: Target,
    /// Print the text on stdout instead of copying it (the exact bytes into a pipe; control
    /// characters made visible on a terminal).
    #[arg(long)]
    pub stdout: bool,
    /// Put the exact bytes on the clipboard: by default control characters (escape
    /// sequences, C1, bidi controls; not tabs and newlines) are removed first.
    #[arg(long)]
    pub raw: bool,
    /// How to reach a clipboard (default: auto — tmux, the display, OSC 52).
    #[arg(long, value_name = "MODE", value_parser = mode_parser())]
    pub mode: Option<Mode>,
    /// A command that takes the text on stdin, e.g. `pbcopy` (implies --mode command).
    #[arg(long, value_name = "CMD")]
    pub clipboard_command: Option<String>,
}

/// The mode names, listed in `--help` and completions, parsed by the core's own rule.
fn mode_parser() -> impl clap::builder::TypedValueParser<Value = Mode> {
    clap::builder::PossibleValuesParser::new(Mode::names()).try_map(|name| name.parse::<Mode>())
}

pub(super) fn parse_target(s: &str) -> Result<Target, String> {
    s.parse()
}

/// The one record the command is about; `None` when the id matched nothing (already
/// explained on stderr).
pub(super) fn record_for(loaded: &Loaded, id: &str) -> Result<Option<Record>, Failure> {
    Ok(located(loaded, id)?.map(|(record, ..)| record))
}

/// The record, the dataset it is in and its index there.
fn located<'a>(
    loaded: &'a Loaded,
    id: &str,
) -> Result<Option<(Record, &'a Dataset, usize)>, Failure> {
    let Some(index) = find(&loaded.dataset, id) else {
        return Ok(None);
    };
    let mut record = loaded.dataset.record(index)?;
    record.notes = super::notes::notes_for(&record.id);
    // Whoever acts on this record hears that another source holds its id too.
    for c in loaded.dataset.conflicts(&record.id) {
        crate::say!("errdex: note: {c}");
    }
    Ok(Some((record, &loaded.dataset, index)))
}

/// Says on stderr that the record lacks the target, and what it has instead.
pub(super) fn lacks(record: &Record, what: Target) -> Outcome {
    let mut has: Vec<String> = copy::targets(record)
        .iter()
        .map(|o| o.target.to_string())
        .collect();
    has.extend(["id".into(), "json".into()]);
    crate::say!(
        "errdex: record {} has no {}; it has: {}",
        text::one_line(&record.id),
        what,
        has.join(", ")
    );
    Outcome::NotFound
}

/// Prints a target's text on stdout: the exact bytes for a pipe; for a terminal, nothing that
/// could drive it, and a final newline so the prompt does not follow the text.
pub(super) fn print_text(copied: String) -> Result<Outcome, Failure> {
    let terminal = crate::out::stdout_is_terminal();
    let mut shown = if terminal {
        text::sanitize(&copied).into_owned()
    } else {
        copied
    };
    if terminal && !shown.ends_with('\n') {
        shown.push('\n');
    }
    if terminal {
        emit(|out| out.write_all(shown.as_bytes()))?;
    } else {
        super::output::emit_exact(|out| out.write_all(shown.as_bytes()))?;
    }
    Ok(Outcome::Found)
}

pub fn copy(data: &DataArgs, args: CopyArgs) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let Some((record, dataset, index)) = located(loaded, &args.id)? else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    let copied = copy::text_in(dataset, index, &record, args.what).map_err(Failure::new)?;
    let Some(copied) = copied else {
        return Ok(lacks(&record, args.what).reading(loaded));
    };
    if args.stdout {
        return print_text(copied).map(|o| o.reading(loaded));
    }
    let config = match (args.mode, args.clipboard_command) {
        (Some(mode), command) => clipboard::Config { mode, command },
        (None, Some(command)) => clipboard::Config {
            mode: Mode::Command,
            command: Some(command),
        },
        // Neither flag: config.toml's `clipboard` and `clipboard_command`.
        (None, None) => errdex_core::config::load().config.clipboard_config(),
    };
    let (clean, removed) = if args.raw {
        (copied.as_str().into(), 0)
    } else {
        text::for_clipboard(&copied)
    };
    let report = SystemClipboard::new(config).copy(&clean);
    let id = text::one_line(&record.id);
    match text::removed_note(removed) {
        Some(note) => crate::say!("errdex: {} of {id}: {report}; {note}", args.what),
        None => crate::say!("errdex: {} of {id}: {report}", args.what),
    }
    Ok((if report.copied() {
        Outcome::Found
    } else {
        Outcome::NotFound
    })
    .reading(loaded))
}

pub fn open_url(data: &DataArgs, id: &str) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let Some(record) = record_for(loaded, id)? else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    // The scanned site behind the record links today's line (at the scanned commit); the
    // record's own link is kept when the site has none.
    let site = loaded.dataset.code_site(&record.id);
    let site_url = site.as_ref().and_then(|s| s.record.as_ref().ok());
    let site_url = site_url.and_then(copy::line_url);
    if let (Some(site), Some(_)) = (&site, &site_url) {
        crate::say!(
            "errdex: {}: {}",
            text::one_line(&record.id),
            text::one_line(&site.describe(&record))
        );
    }
    let Some(url) = site_url.or_else(|| copy::line_url(&record)) else {
        crate::say!(
            "errdex: record {} has no githubUrl",
            text::one_line(&record.id)
        );
        return Ok(Outcome::NotFound.reading(loaded));
    };
    match open::open(&url) {
        Ok(by) => {
            crate::say!("errdex: opened {} with {by}", text::sanitize(&url));
            Ok(Outcome::Found.reading(loaded))
        }
        Err(e) => {
            crate::say!("errdex: {e}");
            if !matches!(e, open::OpenError::NotWeb(_)) {
                // The URL where the user (or a script) can take it from.
                let url = text::sanitize(&url).into_owned();
                emit(|out| writeln!(out, "{url}"))?;
            }
            Ok(Outcome::NotFound.reading(loaded))
        }
    }
}

/// The hidden `__clipboard-helper`: serves an X11 selection after errdex has exited.
pub fn helper() -> Outcome {
    match clipboard::serve_helper() {
        0 => Outcome::Found,
        _ => Outcome::NotFound,
    }
}
