//! `errdex config`: check the config file, say where it is, print or write the documented
//! default.

use super::output::{Failure, Outcome, emit, plural};
use errdex_core::config::{self, DEFAULT_CONFIG};
use errdex_core::diag::Diagnostic;
use errdex_core::load::SourceSpec;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigAction {
    /// Report every problem in the file (exit 1 if there is one).
    Check,
    Path,
    Default,
    /// Write the documented default to the config file's place, creating its folder.
    Init,
}

pub fn run(action: ConfigAction) -> Result<Outcome, Failure> {
    match action {
        ConfigAction::Default => {
            emit(|out| out.write_all(DEFAULT_CONFIG.as_bytes()))?;
            Ok(Outcome::Found)
        }
        ConfigAction::Path => {
            let path = errdex_core::paths::config_file()
                .ok_or_else(|| Failure::new("no config folder (is HOME set?)"))?;
            emit(|out| writeln!(out, "{}", path.display()))?;
            Ok(Outcome::Found)
        }
        ConfigAction::Init => init(),
        ConfigAction::Check => check(),
    }
}

fn init() -> Result<Outcome, Failure> {
    let path = errdex_core::paths::config_file()
        .ok_or_else(|| Failure::new("no config folder (is HOME set?)"))?;
    if path.exists() {
        return Err(Failure::new(format!(
            "{} already exists; edit it, or move it away and run `errdex config --init` again",
            path.display()
        )));
    }
    if let Some(dir) = path.parent() {
        errdex_core::paths::create_folder(dir)
            .map_err(|e| Failure::new(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(&path, DEFAULT_CONFIG)
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))?;
    emit(|out| {
        writeln!(
            out,
            "{}: written with the documented defaults",
            path.display()
        )
    })?;
    Ok(Outcome::Found)
}

fn check() -> Result<Outcome, Failure> {
    let loaded = config::load();
    let path = loaded
        .path
        .as_ref()
        .map(|p| p.display().to_string())
        .ok_or_else(|| Failure::new("no config folder (is HOME set?)"))?;
    if !loaded.found && loaded.problems.is_empty() {
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
    // Action names are the browser's: the same check it makes when it starts.
    let key_problems = crate::tui::configured_keymap(&c.keys).1;
    let problems = loaded.problems.len() + diags.len() + key_problems.len();
    emit(|out| {
        for p in &loaded.problems {
            writeln!(out, "{p}")?;
        }
        for p in &key_problems {
            writeln!(out, "{p}")?;
        }
        for d in &diags {
            writeln!(out, "{d}")?;
        }
        writeln!(
            out,
            "{path}: {}; {}, theme {}, clipboard {}, {}",
            plural(problems, "problem"),
            plural(c.datasets.len(), "dataset"),
            config::Choice::name(c.theme),
            config::Choice::name(c.clipboard),
            plural(c.keys.len(), "key override")
        )
    })?;
    Ok(if problems == 0 {
        Outcome::Found
    } else {
        Outcome::NotFound
    })
}
