//! The one line `errdex sync` prints per remote.

use std::fmt;

use super::{Counts, Failure, Version};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A new version is in use.
    Synced { counts: Counts, version: Version },
    /// The remote has nothing new.
    Unchanged { version: Version },
    /// `--rollback`: `to` is in use again, `from` is kept.
    RolledBack { to: Version, from: Version },
    /// Nothing changed on disk; `kept` is what stays in use.
    Failed {
        failure: Failure,
        kept: Option<Version>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub name: String,
    /// The remote's folder had this name before it was renamed in the config.
    pub renamed_from: Option<String>,
    pub outcome: Outcome,
}

impl Report {
    pub fn failed(&self) -> bool {
        matches!(self.outcome, Outcome::Failed { .. })
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        if let Some(old) = &self.renamed_from {
            write!(f, " (was {old})")?;
        }
        match &self.outcome {
            Outcome::Synced { counts, version } => write!(
                f,
                ": {} (+{} new, {} changed, {} removed) — version {}",
                records(counts.records),
                grouped(counts.added),
                grouped(counts.changed),
                grouped(counts.removed),
                version.version
            ),
            Outcome::Unchanged { version } => write!(
                f,
                ": unchanged — {}, version {} from {}",
                records(version.records),
                version.version,
                version.date()
            ),
            Outcome::RolledBack { to, from } => write!(
                f,
                ": rolled back to version {} from {} — {} (version {} is kept: --rollback again returns to it)",
                to.version,
                to.date(),
                records(to.records),
                from.version
            ),
            Outcome::Failed { failure, kept } => {
                if failure.offline {
                    write!(f, ": offline ({})", failure.message)?;
                } else {
                    write!(f, ": {}", failure.message)?;
                }
                match kept {
                    Some(v) => write!(f, " — kept {} from {}", records(v.records), v.date()),
                    None => write!(f, " — nothing synced yet"),
                }
            }
        }
    }
}

fn records(n: usize) -> String {
    format!("{} record{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// `1204` → `1,204`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(records: usize) -> Version {
        Version {
            dir: "v2".into(),
            version: "2026-11-30".into(),
            synced_at: "2026-11-28T09:00:00Z".into(),
            records,
            sha256: String::new(),
            etag: None,
            last_modified: None,
            commit: None,
        }
    }

    #[test]
    fn lines_read_as_the_issue_shows() {
        let synced = Report {
            name: "public".into(),
            renamed_from: None,
            outcome: Outcome::Synced {
                counts: Counts {
                    records: 1204,
                    added: 37,
                    changed: 12,
                    removed: 3,
                },
                version: version(1204),
            },
        };
        assert_eq!(
            synced.to_string(),
            "public: 1,204 records (+37 new, 12 changed, 3 removed) — version 2026-11-30"
        );
        let offline = Report {
            name: "public".into(),
            renamed_from: Some("old".into()),
            outcome: Outcome::Failed {
                failure: Failure::offline("connection refused".into()),
                kept: Some(version(1167)),
            },
        };
        assert!(offline.failed());
        assert_eq!(
            offline.to_string(),
            "public (was old): offline (connection refused) — kept 1,167 records from 2026-11-28"
        );
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
