//! `errdex new` and `errdex add`: the team's own records, checked like `validate` and appended
//! to the records file (`write_to`) all together or not at all.

use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome};
use errdex_core::diag::Diagnostic;
use errdex_core::editor::{Editor, Place};
use errdex_core::load::SourceSpec;
use errdex_core::state::drafts::{self, Submitted};
use errdex_core::state::records;
use errdex_core::text::{plural, sanitize};

/// The records file: `write_to` from the config, else `records.jsonl` in the data folder.
pub(super) fn write_to() -> Result<PathBuf, Failure> {
    errdex_core::config::load()
        .config
        .write_to_path()
        .ok_or_else(|| Failure::new("no data folder for the records file (is HOME set?)"))
}

fn report(lines: impl IntoIterator<Item = String>) {
    for line in lines {
        crate::say!("{}", sanitize(&line));
    }
}

fn announce(ids: &[String], path: &Path) {
    for id in ids {
        let line = format!("added {} to {}", sanitize(id), path.display());
        let _ = crate::cli::output::emit(|out| writeln!(out, "{line}"));
    }
}

pub fn add(data: &DataArgs, files: &[String], replace: bool) -> Result<Outcome, Failure> {
    let path = write_to()?;
    let specs: Vec<SourceSpec> = if files.is_empty() {
        vec![SourceSpec::Stdin]
    } else {
        files.iter().map(|f| SourceSpec::parse(f)).collect()
    };
    let (batch, diags) = drafts::check(&specs);
    report(diags.iter().map(ToString::to_string));
    if batch.errors() > 0 {
        crate::say!("errdex: nothing added: {}", plural(batch.errors(), "error"));
        return Ok(Outcome::NotFound);
    }
    if batch.dataset.is_empty() {
        crate::say!("errdex: nothing added: no records in the input");
        return Ok(Outcome::NotFound);
    }
    let existing = load_data(data)?;
    let docs: Vec<(String, Value)> =
        match drafts::documents(&batch.dataset, &existing.dataset, replace) {
            Ok(docs) => docs,
            Err(errors) => {
                report(errors.iter().map(Diagnostic::to_string));
                crate::say!("errdex: nothing added: {}", plural(errors.len(), "error"));
                return Ok(Outcome::NotFound.reading(existing));
            }
        };
    if let Err(why) = records::append(&path, &docs, replace) {
        crate::say!("errdex: nothing added: {why}");
        return Ok(Outcome::NotFound.reading(existing));
    }
    let ids: Vec<String> = docs.into_iter().map(|(id, _)| id).collect();
    announce(&ids, &path);
    Ok(Outcome::Found.reading(existing))
}

/// The line `--from-log` names: the text itself, or the first non-blank line of stdin for `-`.
fn log_line(arg: &str) -> Result<String, Failure> {
    if arg != "-" {
        return Ok(arg.to_string());
    }
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| Failure::new(format!("cannot read stdin: {e}")))?;
        if !line.trim().is_empty() {
            return Ok(line);
        }
    }
    Err(Failure::new("--from-log -: stdin holds no line"))
}

pub fn new(data: &DataArgs, from_log: Option<&str>) -> Result<Outcome, Failure> {
    let draft = match from_log {
        Some(arg) => Some(errdex_core::triage::draft_from_line(&log_line(arg)?)),
        None => None,
    };
    let path = write_to()?;
    let template = drafts::template(draft.as_ref());
    let file = drafts::create(&template).map_err(Failure::new)?;
    // Asking again needs a person at a terminal; `--from-log -` has used up stdin.
    let interactive = std::io::stdin().is_terminal() && crate::out::stderr_is_terminal();
    let existing = load_data(data)?;
    loop {
        let editor = Editor::from_env();
        if let Err(why) = editor.launch_here(Place::File(file.path())) {
            crate::say!("errdex: {why}");
            keep(file.path());
            return Ok(Outcome::NotFound.reading(existing));
        }
        match drafts::submit(file.path(), &template, &existing.dataset, &path) {
            Submitted::Added(docs) => {
                let ids: Vec<String> = docs.into_iter().map(|(id, _)| id).collect();
                announce(&ids, &path);
                return Ok(Outcome::Found.reading(existing));
            }
            Submitted::Unchanged => {
                crate::say!("errdex: nothing added (the draft was left unchanged or emptied)");
                return Ok(Outcome::NotFound.reading(existing));
            }
            Submitted::Rejected(rejection) => {
                if interactive {
                    // The draft being asked about is the temporary one the editor opens again.
                    report(rejection.lines(file.path()));
                    if ask("edit the draft again? [Y/n] ") {
                        continue;
                    }
                }
                // The temporary draft goes when errdex ends: the problems name the kept copy.
                match drafts::keep(file.path()) {
                    Ok(kept) => {
                        report(rejection.lines(&kept));
                        crate::say!(
                            "errdex: nothing added; the draft is kept at {}",
                            kept.display()
                        );
                    }
                    Err(why) => {
                        report(rejection.lines(file.path()));
                        crate::say!("errdex: nothing added; {why}");
                    }
                }
                return Ok(Outcome::NotFound.reading(existing));
            }
        }
    }
}

fn ask(question: &str) -> bool {
    crate::out::err_part(format_args!("{question}"));
    let mut answer = String::new();
    if std::io::stdin().lock().read_line(&mut answer).is_err() {
        return false;
    }
    !matches!(
        answer.trim().to_ascii_lowercase().as_str(),
        "n" | "no" | "q"
    )
}

fn keep(draft: &Path) {
    match drafts::keep(draft) {
        Ok(path) => crate::say!(
            "errdex: nothing added; the draft is kept at {}",
            path.display()
        ),
        Err(why) => crate::say!("errdex: nothing added; {why}"),
    }
}
