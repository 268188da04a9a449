//! Which record an id means when sources disagree: the one precedence rule.
//!
//! Datasets come from people who trust each other differently. When two sources hold the same
//! id, the record from the more trusted kind of source is the record: it is the one search
//! lists and `show`, `copy` and the browser act on; the other is hidden from search and named
//! wherever the record is shown, so nobody acts on a substitute without being told. From most
//! to least trusted ([`Precedence`], ordered so that `Team > Named > Remote > Code > Sample`):
//!
//! 1. `Team`: the team's own records file (`write_to`, by default `<data folder>/records.jsonl`);
//! 2. `Named`: datasets named by `--data` or the config's `datasets`;
//! 3. `Remote`: synced remotes (`<data folder>/remotes/`);
//! 4. `Code`: sites found by scanning code (`<data folder>/code/`);
//! 5. `Sample`: the built-in sample.
//!
//! Two records of the same kind with one id are both kept (a warning says so): neither has the
//! better claim. A kind is decided from where a source lives ([`Layout::of`]), so a path given
//! with `--data` that lies under `remotes/` is still a remote.

use std::path::{Path, PathBuf};

use super::Dataset;
use crate::diag::Diagnostic;

/// How much a kind of source is trusted; a greater value wins an id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Precedence {
    Sample,
    Code,
    Remote,
    Named,
    Team,
}

impl Precedence {
    /// The kind of source, as a sentence names it.
    pub fn describe(self) -> &'static str {
        match self {
            Precedence::Team => "the team's own records",
            Precedence::Named => "a dataset named by --data or the config",
            Precedence::Remote => "a synced remote",
            Precedence::Code => "scanned code",
            Precedence::Sample => "the built-in sample",
        }
    }
}

/// Where the kinds of source live: what [`Layout::of`] compares a source's path with. The
/// caller says where (`Config::source_kinds` for this user's): the loader reads no config.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub data_dir: Option<PathBuf>,
    /// The team's records file.
    pub team: Option<PathBuf>,
}

/// The name the built-in sample loads under.
const SAMPLE: &str = "<sample>";

impl Layout {
    /// The kind of the source loaded under this name (its path, or `<sample>`).
    pub fn of(&self, source: &str) -> Precedence {
        if source == SAMPLE {
            return Precedence::Sample;
        }
        let path = real(Path::new(source));
        if self.team.as_deref().is_some_and(|t| real(t) == path) {
            return Precedence::Team;
        }
        if let Some(dir) = self.data_dir.as_deref().map(real) {
            if path.starts_with(dir.join("remotes")) {
                return Precedence::Remote;
            }
            if path.starts_with(dir.join("code")) {
                return Precedence::Code;
            }
        }
        Precedence::Named
    }
}

fn real(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// A record hidden because a more trusted source holds its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub id: String,
    /// `PATH:LINE` of the record that is used, and its kind.
    pub kept_at: String,
    pub kept: Precedence,
    /// `PATH:LINE` of the hidden record, and its kind.
    pub hidden_at: String,
    pub hidden: Precedence,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "id `{}` is also at {} ({}), hidden: {} come first",
            crate::text::one_line(&self.id),
            self.hidden_at,
            self.hidden.describe(),
            self.kept.describe()
        )
    }
}

/// Hides every record whose id a more trusted source also holds; `pairs` are the dataset's
/// `(first, later)` duplicate pairs. Returns a warning for each hidden record.
pub(crate) fn apply(
    dataset: &mut Dataset,
    pairs: &[(usize, usize)],
    layout: &Layout,
) -> Vec<Diagnostic> {
    let mut groups: foldhash::HashMap<usize, Vec<usize>> = foldhash::HashMap::default();
    for &(first, later) in pairs {
        groups
            .entry(first)
            .or_insert_with(|| vec![first])
            .push(later);
    }
    let kind = |i: usize| layout.of(dataset.source_name(i));
    let at = |i: usize| {
        format!(
            "{}:{}",
            dataset.source_name(i),
            dataset.entries().at(i).line
        )
    };
    let mut hide = vec![false; dataset.len()];
    let mut conflicts = Vec::new();
    let mut warnings = Vec::new();
    for members in groups.values() {
        let ranked: Vec<(usize, Precedence)> = members.iter().map(|&i| (i, kind(i))).collect();
        // The most trusted kind wins; among records of that kind, the first loaded.
        let Some(&(winner, best)) = ranked
            .iter()
            .min_by_key(|(i, p)| (std::cmp::Reverse(*p), *i))
        else {
            continue;
        };
        for &(i, p) in ranked.iter().filter(|(_, p)| *p < best) {
            hide[i] = true;
            let conflict = Conflict {
                id: dataset.entries().at(i).id.to_string(),
                kept_at: at(winner),
                kept: best,
                hidden_at: at(i),
                hidden: p,
            };
            warnings.push(Diagnostic::warning(
                dataset.source_name(i),
                dataset.entries().at(i).line,
                format!(
                    "id `{}` hidden: {} at {} come first",
                    crate::text::one_line(&conflict.id),
                    best.describe(),
                    conflict.kept_at
                ),
            ));
            conflicts.push(conflict);
        }
    }
    if !conflicts.is_empty() {
        conflicts.sort_by(|a, b| (&a.id, &a.hidden_at).cmp(&(&b.id, &b.hidden_at)));
        // Out of search, but not "replaced": the record did not ask to replace them.
        let replaced = dataset.shadowed.len();
        dataset.shadow(&hide);
        dataset.shadowed.truncate(replaced);
        dataset.conflicts.extend(conflicts);
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_team_named_remote_code_sample() {
        use Precedence::*;
        let mut kinds = [Sample, Team, Code, Named, Remote];
        kinds.sort();
        assert_eq!(kinds, [Sample, Code, Remote, Named, Team]);
    }

    #[test]
    fn a_source_is_placed_by_where_it_lives() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("errdex");
        std::fs::create_dir_all(data.join("remotes/feed")).expect("mkdir");
        std::fs::create_dir_all(data.join("code")).expect("mkdir");
        let team = data.join("records.jsonl");
        std::fs::write(&team, "").expect("write");
        let layout = Layout {
            data_dir: Some(data.clone()),
            team: Some(team.clone()),
        };
        let name = |p: &Path| p.display().to_string();
        assert_eq!(layout.of(&name(&team)), Precedence::Team);
        assert_eq!(
            layout.of(&name(&data.join("remotes/feed/v1/r.jsonl"))),
            Precedence::Remote
        );
        assert_eq!(
            layout.of(&name(&data.join("code/app.jsonl"))),
            Precedence::Code
        );
        assert_eq!(
            layout.of(&name(&dir.path().join("mine.jsonl"))),
            Precedence::Named
        );
        assert_eq!(layout.of("<sample>"), Precedence::Sample);
    }
}
