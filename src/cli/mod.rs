//! The command line: clap definitions, dispatch, and the non-interactive commands.

mod args;
mod browser;
mod cache_cmd;
mod config_cmd;
mod copy;
mod data;
mod inspect;
mod local;
mod man;
mod notes;
mod output;
mod pick;
mod pins;
mod scan_cmd;
mod search;
mod slip;
mod sync_cmd;
mod tmux;
mod triage;
mod unknown;
mod write;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

pub use args::{Authoring, Cli, Command, ShowFormat, VERSION};
pub use data::{DataArgs, Resolved, load_data};
pub use output::{Failure, Outcome};

impl Authoring {
    fn run(self, data: &DataArgs) -> Result<Outcome, Failure> {
        match self {
            Authoring::New { from_log } => write::new(data, from_log.as_deref()),
            Authoring::Add { files, replace } => write::add(data, &files, replace),
            Authoring::Note { id, text } => notes::note(data, &id, &text),
            Authoring::Notes { id, json } => notes::notes(id.as_deref(), json),
            Authoring::Schema => notes::schema(),
        }
    }
}

/// Runs errdex with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with success, usage errors to stderr; both as
            // plain text through the safe writer (an argument is echoed in the error).
            let text = e.render().to_string();
            return if e.use_stderr() {
                crate::out::err_part(format_args!("{text}"));
                ExitCode::from(2)
            } else {
                let _ = output::emit(|out| out.write_all(text.as_bytes()));
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(outcome) => outcome.code(),
        Err(failure) => {
            crate::say!("errdex: {failure}");
            ExitCode::from(2)
        }
    }
}

/// Hits `search` prints without `--limit` or `--all`.
const DEFAULT_LIMIT: usize = 20;

fn run(cli: Cli) -> Result<Outcome, Failure> {
    let data = cli.data;
    match cli.command {
        Some(Command::Show { id, format }) => inspect::show(&data, &id, format),
        Some(Command::Search {
            query,
            limit,
            all,
            json,
            explain,
        }) => search::search(
            &data,
            &query.join(" "),
            &search::Options {
                limit: (!all).then(|| limit.map_or(DEFAULT_LIMIT, |n| n as usize)),
                json,
                explain,
            },
        ),
        Some(Command::Triage {
            file,
            json,
            markdown,
            unknown,
            limit,
        }) => {
            let output = match (json, markdown, unknown) {
                (_, true, _) => triage::Output::Markdown,
                (json, _, true) => triage::Output::Unknown { json },
                (json, ..) => triage::Output::Hits { json },
            };
            triage::triage(&data, file.as_deref(), output, usize::from(limit))
        }
        Some(Command::Stats { json }) => inspect::stats(&data, json),
        Some(Command::Validate { paths }) => inspect::validate(&paths),
        Some(Command::Config {
            path,
            default,
            init,
        }) => config_cmd::run(match (path, default, init) {
            (true, _, _) => config_cmd::ConfigAction::Path,
            (_, true, _) => config_cmd::ConfigAction::Default,
            (_, _, true) => config_cmd::ConfigAction::Init,
            _ => config_cmd::ConfigAction::Check,
        }),
        Some(Command::Pin { id }) => pins::pin(&data, &id),
        Some(Command::Unpin { id }) => pins::unpin(&id),
        Some(Command::Pins { json, markdown }) => pins::list(
            &data,
            match (json, markdown) {
                (true, _) => pins::PinsFormat::Json,
                (_, true) => pins::PinsFormat::Markdown,
                _ => pins::PinsFormat::Text,
            },
        ),
        Some(Command::Cache { clear }) => cache_cmd::run(clear),
        Some(Command::Sync(args)) => sync_cmd::run(args),
        Some(Command::Scan(args)) => scan_cmd::run(&args),
        Some(Command::Copy(args)) => copy::copy(&data, args),
        Some(Command::Open { id }) => copy::open_url(&data, &id),
        Some(Command::Where { id }) => local::where_is(&data, &id),
        Some(Command::Edit { id }) => local::edit(&data, &id),
        Some(Command::Authoring(a)) => a.run(&data),
        Some(Command::ClipboardHelper) => Ok(copy::helper()),
        Some(Command::Man { command }) => man::run(command.as_deref()),
        Some(Command::Completions { shell }) => {
            output::emit(|out| {
                clap_complete::generate(shell, &mut Cli::command(), "errdex", out);
                Ok(())
            })?;
            Ok(Outcome::Found)
        }
        Some(Command::Pick { what, query }) => pick::pick(&data, what, &query),
        Some(Command::Tmux) => tmux::print(),
        None => {
            let mut options = browser::options(&data, &cli.query)?;
            options.log_on_stdin = browser::log_on_stdin(&data)?;
            options.popup = cli.popup;
            options.did_you_mean = cli
                .query
                .first()
                .and_then(|w| slip::near_command(w, &Cli::command()));
            match crate::tui::run(options).map_err(Failure::new)? {
                crate::tui::Ended::Killed(signal) => Ok(Outcome::Killed(signal)),
                _ => Ok(Outcome::Found),
            }
        }
    }
}

/// A bug must not print a backtrace at a user: one line that says what to report.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        crate::say!("errdex: internal error{at}: {what}");
        crate::say!("errdex: this is a bug; please report it with the command you ran.");
    }));
}
