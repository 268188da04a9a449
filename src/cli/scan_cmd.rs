//! `errdex scan`: the error sites of a checkout's code as a dataset, in `code/` of the data
//! folder (loaded by every command without `--data`), or in one file, or on stdout.

use std::collections::HashMap;
use std::path::PathBuf;

use clap::Args;

use super::{Failure, Outcome, output};
use errdex_core::scan::output::{self as out, Summary};
use errdex_core::scan::rescan::{rescan, write_atomically};
use errdex_core::scan::{self, Filter, Language, Scanned};

#[derive(Args, Debug)]
pub struct ScanArgs {
    /// Folders to scan (default: the checkouts of the config's `[repos]` and `repo_roots`,
    /// else the git work tree around the current folder).
    pub paths: Vec<PathBuf>,
    /// Write every record into FILE (nothing is written to the data folder).
    #[arg(long, value_name = "FILE", conflicts_with = "stdout")]
    pub out: Option<PathBuf>,
    /// Print the records on stdout (JSON Lines) instead of writing them.
    #[arg(long)]
    pub stdout: bool,
    /// Only these languages (repeatable or comma-separated): rust, go, python, java,
    /// javascript, typescript, c, cpp.
    #[arg(long, value_name = "LANG", value_delimiter = ',')]
    pub lang: Vec<String>,
    /// Only files whose path (relative to the checkout) matches this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    pub include: Vec<String>,
    /// Leave out files whose path matches this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Also scan test code and the folders left out by default (target, vendor,
    /// node_modules, tests, …); `.gitignore` still applies.
    #[arg(long)]
    pub all_files: bool,
}

/// Problem lines printed per checkout before `… and N more`.
const SHOWN_PROBLEMS: usize = 20;

pub fn run(args: &ScanArgs) -> Result<Outcome, Failure> {
    let filter = filter(args)?;
    let roots = if args.paths.is_empty() {
        default_paths()?
    } else {
        args.paths.clone()
    };
    let mut starts = Vec::new();
    let mut unreadable = false;
    for path in &roots {
        match path.canonicalize() {
            Ok(start) if start.is_dir() => starts.push(start),
            Ok(_) => {
                crate::say!("errdex: {}: not a folder", path.display());
                unreadable = true;
            }
            Err(e) => {
                crate::say!("errdex: {}: {e}", path.display());
                unreadable = true;
            }
        }
    }
    let mut records = 0;
    if args.stdout || args.out.is_some() {
        let mut text = Vec::new();
        let mut scans = Vec::new();
        for start in &starts {
            let scanned = scan::scan(&out::checkout_root(start), start, &filter, &|_| None);
            report_problems(&scanned);
            records += out::write_jsonl(&scanned, &mut text).map_err(|e| io_failure(&e))?;
            scans.push(scanned);
        }
        match &args.out {
            Some(file) => write_atomically(file, &text)
                .map_err(|e| Failure::new(format!("cannot write {}: {e}", file.display())))?,
            None => output::emit(|w| w.write_all(&text))?,
        }
        for s in &scans {
            crate::say!("{}", line(s, None));
        }
    } else {
        let dir = errdex_core::state::data_dir()
            .map_err(Failure::new)?
            .join(errdex_core::paths::CODE_DIR);
        let cache = errdex_core::paths::cache_dir();
        for start in &starts {
            let root = out::checkout_root(start);
            let name = scan::output_name(&scan::git::origin(&root).repo);
            let file = dir.join(format!("{name}.jsonl"));
            let report = rescan(&root, start, &filter, &file, cache.as_deref())
                .map_err(|e| Failure::new(format!("cannot write {}: {e}", file.display())))?;
            report_problems(&report.scanned);
            records += report.summary.total;
            crate::say!(
                "{} → {}",
                line(&report.scanned, Some(report.summary)),
                file.display()
            );
        }
    }
    Ok((if records > 0 {
        Outcome::Found
    } else {
        Outcome::NotFound
    })
    .unless_unreadable(unreadable))
}

fn filter(args: &ScanArgs) -> Result<Filter, Failure> {
    let mut languages = Vec::new();
    for word in &args.lang {
        let named = Language::named(word.trim());
        if named.is_empty() {
            return Err(Failure::new(format!(
                "--lang {word}: not a language errdex scans ({})",
                Language::names().join(", ")
            )));
        }
        languages.extend(named);
    }
    let config = errdex_core::config::load().config.scan;
    Filter::configured(
        &config,
        languages,
        &args.include,
        &args.exclude,
        args.all_files,
    )
    .map_err(Failure::new)
}

/// The config's checkouts, else the git work tree around the current folder.
fn default_paths() -> Result<Vec<PathBuf>, Failure> {
    let config = errdex_core::config::load();
    let configured = errdex_core::checkout::configured_checkouts(&config.config.checkouts);
    if !configured.is_empty() {
        return Ok(configured);
    }
    let here =
        std::env::current_dir().map_err(|e| Failure::new(format!("no current folder: {e}")))?;
    let root = out::checkout_root(&here);
    if root.join(".git").exists() {
        Ok(vec![root])
    } else {
        Err(Failure::new(
            "nothing to scan: name a folder (`errdex scan PATH`), run it inside a git checkout, or list checkouts in the config ([repos], repo_roots)",
        ))
    }
}

fn report_problems(s: &Scanned) {
    for p in s.problems.iter().take(SHOWN_PROBLEMS) {
        crate::say!("{}: {p}", s.root.display());
    }
    if s.problems.len() > SHOWN_PROBLEMS {
        crate::say!(
            "{}: … and {} more files skipped",
            s.root.display(),
            s.problems.len() - SHOWN_PROBLEMS
        );
    }
}

fn line(s: &Scanned, summary: Option<Summary>) -> String {
    let parsed: usize = s
        .files
        .iter()
        .map(|f| f.records.as_ref().map_or(0, Vec::len))
        .sum::<usize>()
        + s.resolved.len();
    let sites = summary.map_or(parsed, |s| s.total);
    let by_lang = s
        .files
        .iter()
        .fold(HashMap::<&str, usize>::new(), |mut m, f| {
            *m.entry(f.language.name()).or_default() += 1;
            m
        });
    let mut langs: Vec<_> = by_lang.into_iter().collect();
    langs.sort_unstable();
    let langs: Vec<String> = langs.iter().map(|(l, n)| format!("{n} {l}")).collect();
    let mut text = format!(
        "{}: {} in {} ({})",
        s.origin.repo,
        output::plural(sites, "site"),
        output::plural(s.files.len(), "file"),
        if langs.is_empty() {
            "none".to_string()
        } else {
            langs.join(", ")
        }
    );
    match summary {
        // The new sites are a query away: say which.
        Some(s) if s.new > 0 => text.push_str(&format!(
            ", +{} new (errdex search is:new), {} moved, {} gone",
            s.new, s.moved, s.gone
        )),
        Some(s) => text.push_str(&format!(", {s}")),
        None => {}
    }
    text
}

fn io_failure(e: &std::io::Error) -> Failure {
    Failure::new(format!("cannot write records: {e}"))
}
