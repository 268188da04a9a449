//! `errdex config`: check the config file, say where it is, or print the documented default.

use super::output::{Failure, Outcome, emit};
use crate::config::{self, DEFAULT_CONFIG};
use crate::diag::Diagnostic;
use crate::load::SourceSpec;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigAction {
    /// Report every problem in the file (exit 1 if there is one).
    Check,
    Path,
    Default,
}

pub fn run(action: ConfigAction) -> Result<Outcome, Failure> {
    match action {
        ConfigAction::Default => {
            emit(|out| out.write_all(DEFAULT_CONFIG.as_bytes()))?;
            Ok(Outcome::Found)
        }
        ConfigAction::Path => {
            let path = crate::paths::config_file()
                .ok_or_else(|| Failure::new("no config folder (is HOME set?)"))?;
            emit(|out| writeln!(out, "{}", path.display()))?;
            Ok(Outcome::Found)
        }
        ConfigAction::Check => check(),
    }
}

fn check() -> Result<Outcome, Failure> {
    let loaded = config::load();
    let path = loaded
        .path
        .as_ref()
        .map(|p| p.display().to_string())
        .ok_or_else(|| Failure::new("no config folder (is HOME set?)"))?;
    if !loaded.found {
        emit(|out| {
            writeln!(
                out,
                "{path}: no such file; the defaults apply (`errdex config --default` prints them)"
            )
        })?;
        return Ok(Outcome::Found);
    }
    let c = &loaded.config;
    // The datasets are checked too: a typo there is the likeliest reason for an empty start.
    let mut diags = Vec::new();
    let specs = config::dataset_specs(c, &mut diags);
    for spec in &specs {
        if let SourceSpec::Path(p) = spec
            && !p.exists()
        {
            diags.push(Diagnostic::error(
                p.display().to_string(),
                0,
                "no such file or directory",
            ));
        }
    }
    let problems = loaded.problems.len() + diags.len();
    emit(|out| {
        for p in &loaded.problems {
            writeln!(out, "{p}")?;
        }
        for d in &diags {
            writeln!(out, "{d}")?;
        }
        writeln!(
            out,
            "{path}: {problems} problem{}; {} datasets, theme {}, clipboard {}, {} key overrides",
            if problems == 1 { "" } else { "s" },
            c.datasets.len(),
            config::Choice::name(c.theme),
            config::Choice::name(c.clipboard),
            c.keys.len()
        )
    })?;
    Ok(if problems == 0 {
        Outcome::Found
    } else {
        Outcome::NotFound
    })
}
