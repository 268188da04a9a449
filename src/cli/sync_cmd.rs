//! `errdex sync [NAME...]` and `errdex sync --rollback NAME`: one line per remote on stdout,
//! a progress line on stderr for a long download when stderr is a terminal.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;

use super::output::{Failure, Outcome, emit};
use errdex_core::config::{self, Remote};
use errdex_core::sync::{self, Progress, Report};

#[derive(Args, Debug)]
pub struct SyncArgs {
    /// Remotes to fetch (every `[[remotes]]` entry of the config when none is named).
    #[arg(value_name = "NAME")]
    names: Vec<String>,
    /// Bring back the version NAME had before its last sync (again: return to the newer one).
    #[arg(long, value_name = "NAME", conflicts_with = "names")]
    rollback: Option<String>,
}

pub fn run(args: SyncArgs) -> Result<Outcome, Failure> {
    let loaded = config::load();
    for p in &loaded.problems {
        crate::say!("{p}");
    }
    let data_dir = errdex_core::state::data_dir().map_err(Failure::new)?;
    if let Some(name) = args.rollback {
        // A remote taken out of the config can still be rolled back: its folder is there.
        let report = sync::rollback(&data_dir, &name, sync::LOCK_WAIT, &|| waiting(&name));
        return finish(&[report]);
    }
    let remotes = &loaded.config.remotes;
    if remotes.is_empty() {
        let path = loaded.path.map(|p| p.display().to_string());
        return Err(Failure::new(format!(
            "no [[remotes]] in {}; GUIDE.md's \"Keeping datasets fresh\" shows how to add one",
            path.as_deref().unwrap_or("the config")
        )));
    }
    let chosen = choose(remotes, &args.names)?;
    let configured: Vec<&str> = remotes.iter().map(|r| r.name.as_str()).collect();
    let mut reports = Vec::with_capacity(chosen.len());
    for remote in chosen {
        let meter = Meter::new(&remote.name);
        let report = sync::sync(
            &data_dir,
            remote,
            &configured,
            sync::LOCK_WAIT,
            &|p| meter.show(p),
            &|| waiting(&remote.name),
        );
        meter.clear();
        emit(|out| writeln!(out, "{}", errdex_core::text::one_line(&report.to_string())))?;
        reports.push(report);
    }
    if args.names.is_empty() {
        for (name, state) in sync::orphans(&data_dir, remotes) {
            let records = state.current.map_or(0, |v| v.records);
            crate::say!(
                "errdex: {name}: no longer in the config — its {} records stay in {}, not loaded (delete the folder if unwanted)",
                sync::grouped(records),
                sync::folder(&data_dir, &name).display()
            );
        }
    }
    finish_codes(&reports)
}

/// Another errdex holds the remote's lock: say why nothing seems to happen.
fn waiting(name: &str) {
    crate::say!(
        "errdex: {}: another errdex sync of it is running; waiting up to {} s for it to finish…",
        errdex_core::text::sanitize(name),
        sync::LOCK_WAIT.as_secs()
    );
}

fn finish(reports: &[Report]) -> Result<Outcome, Failure> {
    for r in reports {
        emit(|out| writeln!(out, "{}", errdex_core::text::one_line(&r.to_string())))?;
    }
    finish_codes(reports)
}

/// 0 when every remote synced or had nothing new, 1 when any failed (its old data stays).
fn finish_codes(reports: &[Report]) -> Result<Outcome, Failure> {
    Ok(if reports.iter().any(Report::failed) {
        Outcome::NotFound
    } else {
        Outcome::Found
    })
}

fn choose<'r>(remotes: &'r [Remote], names: &[String]) -> Result<Vec<&'r Remote>, Failure> {
    if names.is_empty() {
        return Ok(remotes.iter().collect());
    }
    let mut chosen = Vec::new();
    for name in names {
        match remotes.iter().find(|r| r.name == *name) {
            Some(r) if !chosen.iter().any(|c: &&Remote| c.name == r.name) => chosen.push(r),
            Some(_) => {}
            None => {
                let known: Vec<&str> = remotes.iter().map(|r| r.name.as_str()).collect();
                return Err(Failure::new(format!(
                    "no remote named `{name}` in the config (remotes: {})",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(chosen)
}

/// Draws `NAME: 12.3 of 40.0 MB` on stderr, for downloads that take a while, on a terminal.
struct Meter<'a> {
    name: &'a str,
    tty: bool,
    started: Instant,
    last: Mutex<Option<Instant>>,
}

impl<'a> Meter<'a> {
    fn new(name: &'a str) -> Self {
        Meter {
            name,
            tty: crate::out::stderr_is_terminal(),
            started: Instant::now(),
            last: Mutex::new(None),
        }
    }

    fn show(&self, p: Progress) {
        if !self.tty || self.started.elapsed() < Duration::from_millis(300) {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_some_and(|t| t.elapsed() < Duration::from_millis(100)) {
            return;
        }
        *last = Some(Instant::now());
        let mb = |b: u64| b as f64 / 1_000_000.0;
        crate::out::progress(&match p.total {
            Some(total) => format!("{}: {:.1} of {:.1} MB", self.name, mb(p.bytes), mb(total)),
            None => format!("{}: {:.1} MB", self.name, mb(p.bytes)),
        });
    }

    fn clear(&self) {
        if self.last.lock().is_ok_and(|l| l.is_some()) {
            crate::out::progress_end();
        }
    }
}
