//! `--data`: which datasets a command reads, and loading them with a word on stderr about
//! anything that was wrong.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;

use super::Failure;
use errdex_core::config;
use errdex_core::diag::Diagnostic;
use errdex_core::load::cache::Cache;
use errdex_core::load::{self, Loaded, Options, Progress, SourceSpec};

#[derive(Args, Debug, Clone, Default)]
pub struct DataArgs {
    /// Dataset file or directory (JSON, JSON Lines, gzip; `-` for stdin). Repeatable.
    /// Without it: the datasets in the config file, else the built-in sample.
    #[arg(long = "data", short = 'd', value_name = "PATH", global = true)]
    pub data: Vec<String>,
}

/// Which sources a command reads, and the config that was consulted to decide.
pub struct Resolved {
    pub specs: Vec<SourceSpec>,
    pub config: config::Loaded,
    /// Problems with the configured datasets (a pattern that matches nothing).
    pub diagnostics: Vec<Diagnostic>,
}

impl DataArgs {
    /// `--data` if given; else the config's datasets, synced remotes and scanned code
    /// (`code/`; when there is none of these, the built-in sample), and the team's own
    /// records file (`write_to`), once.
    pub fn resolve(&self) -> Resolved {
        let config = config::load();
        let mut diagnostics = Vec::new();
        let specs = if self.data.is_empty() {
            let mut specs = config::dataset_specs(&config.config, &mut diagnostics);
            if let Ok(dir) = errdex_core::state::data_dir() {
                let remotes = &config.config.remotes;
                specs.extend(errdex_core::sync::synced_specs(
                    &dir,
                    remotes,
                    &mut diagnostics,
                ));
                specs.extend(errdex_core::scan::output::code_spec(&dir));
            }
            // The sample stands in only for a config that names nothing: answering from it
            // when remotes are configured would look like an answer from them.
            let configured = &config.config;
            if specs.is_empty() && configured.datasets.is_empty() && configured.remotes.is_empty() {
                specs.push(errdex_core::sample::spec());
            }
            if let Some(own) = config.config.write_to_path() {
                errdex_core::state::records::add_spec(&mut specs, &own);
            }
            specs
        } else {
            self.data.iter().map(|d| SourceSpec::parse(d)).collect()
        };
        Resolved {
            specs,
            config,
            diagnostics,
        }
    }

    pub fn specs(&self) -> Vec<SourceSpec> {
        self.resolve().specs
    }
}

/// How many diagnostics a command other than `validate` prints before summarising.
const SHOWN_DIAGNOSTICS: usize = 3;

/// Loads the datasets for a command. Problems in the data are summarised on stderr; only
/// when nothing at all could be read is it a failure.
///
/// The result lives until the process ends: a command exits right after using it, and freeing
/// 100k records one by one was a fifth of a warm `errdex search`.
pub fn load_data(args: &DataArgs) -> Result<&'static Loaded, Failure> {
    let Resolved {
        specs,
        config,
        diagnostics,
    } = args.resolve();
    for p in &config.problems {
        crate::say!("{p}");
    }
    for d in &diagnostics {
        crate::say!("{d}");
    }
    if specs.is_empty() {
        let path = config.path.map(|p| p.display().to_string());
        let path = path.as_deref().unwrap_or("the config");
        return Err(Failure::new(if config.config.datasets.is_empty() {
            format!("none of the remotes in {path} can be read (`errdex sync` fetches them)")
        } else {
            format!("none of the datasets in {path} exist")
        }));
    }
    let cache = Cache::open_default();
    let loaded = load_reporting(&specs, Options::default(), cache.as_ref());
    for d in loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .take(SHOWN_DIAGNOSTICS)
    {
        crate::say!("{d}");
    }
    let (errors, warnings) = (loaded.errors(), loaded.warnings());
    if errors > SHOWN_DIAGNOSTICS || warnings > 0 {
        crate::say!(
            "errdex: {}, {} in the data ({} skipped); `errdex validate PATH` lists them all",
            super::output::plural(errors, "error"),
            super::output::plural(warnings, "warning"),
            super::output::plural(loaded.skipped, "record")
        );
    }
    if loaded.unreadable > 0 && loaded.unreadable == specs.len() && loaded.dataset.is_empty() {
        return Err(Failure::new("no dataset could be read"));
    }
    Ok(Box::leak(Box::new(loaded)))
}

/// Loads, drawing a progress line on stderr when it is a terminal and the load is slow.
pub fn load_with_progress(specs: &[SourceSpec], options: Options) -> Loaded {
    load_reporting(specs, options, None)
}

fn load_reporting(specs: &[SourceSpec], options: Options, cache: Option<&Cache>) -> Loaded {
    let tty = crate::out::stderr_is_terminal();
    let started = Instant::now();
    let last = Mutex::new(started);
    let report = |p: Progress| {
        if !tty || started.elapsed() < Duration::from_millis(300) {
            return;
        }
        let Ok(mut last) = last.lock() else { return };
        if p.done {
            crate::out::progress_end();
        } else if last.elapsed() >= Duration::from_millis(100) {
            *last = Instant::now();
            let pct = (p.bytes * 100).checked_div(p.total_bytes).unwrap_or(0);
            crate::out::progress(&format!("loading {pct:>3}%  {} records", p.records));
        }
    };
    // Which record wins when two sources hold one id depends on where each lives: the
    // data folder and the team's file of this user's config.
    let layout = config::load().config.source_kinds();
    let options = Options {
        kinds: Some(options.kinds.unwrap_or(&layout)),
        ..options
    };
    load::load_cached(specs, options, cache, &report)
}

/// Resolves an id (or unique prefix) to a record index, explaining on stderr when it cannot.
pub fn find(dataset: &errdex_core::dataset::Dataset, id: &str) -> Option<usize> {
    match dataset.lookup(id) {
        errdex_core::dataset::Lookup::Found(i) => Some(i),
        errdex_core::dataset::Lookup::Missing => {
            crate::say!(
                "errdex: no record with id `{}`",
                errdex_core::text::one_line(id)
            );
            None
        }
        errdex_core::dataset::Lookup::Ambiguous(ids) => {
            let ids = errdex_core::text::one_line(&ids.join(", "));
            crate::say!(
                "errdex: `{}` could be any of: {ids} …",
                errdex_core::text::one_line(id)
            );
            None
        }
    }
}
