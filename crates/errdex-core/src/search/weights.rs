//! How much a match in each field counts. The defaults say "a hit in the message means most";
//! the config's `[ranking]` table may say otherwise, and both the `search` command and the
//! browser rank with whatever is in force.

use super::matcher::Field;

/// Percent applied to a field's score before the scores of a record's terms are added up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub message: i64,
    pub tags: i64,
    pub path: i64,
    pub repo: i64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            message: 100,
            tags: 90,
            path: 75,
            repo: 60,
        }
    }
}

impl Weights {
    /// Weights from proportions (the config's `[ranking]`, where only the ratios matter): the
    /// largest becomes 100 and the others keep their ratio to it. All zero means no field counts
    /// more than another, and ties are broken as usual.
    pub fn from_proportions(message: f64, tags: f64, path: f64, repo: f64) -> Weights {
        let clean = |w: f64| if w.is_finite() && w > 0.0 { w } else { 0.0 };
        let [message, tags, path, repo] = [message, tags, path, repo].map(clean);
        let max = message.max(tags).max(path).max(repo);
        if max == 0.0 {
            return Weights {
                message: 0,
                tags: 0,
                path: 0,
                repo: 0,
            };
        }
        let pct = |w: f64| (w / max * 100.0).round() as i64;
        Weights {
            message: pct(message),
            tags: pct(tags),
            path: pct(path),
            repo: pct(repo),
        }
    }

    /// The percent for a field. Severity, type and id are only searched when a term names them,
    /// so they count fully.
    pub fn of(&self, field: Field) -> i64 {
        match field {
            Field::Message => self.message,
            Field::Tag(_) => self.tags,
            Field::Path => self.path,
            Field::Repo => self.repo,
            Field::Severity | Field::Type | Field::Id => 100,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proportions_scale_to_a_largest_of_100() {
        assert_eq!(
            Weights::from_proportions(1.0, 0.9, 0.75, 0.6),
            Weights::default()
        );
        let w = Weights::from_proportions(2.0, 8.0, 4.0, 0.0);
        assert_eq!((w.message, w.tags, w.path, w.repo), (25, 100, 50, 0));
        let none = Weights::from_proportions(0.0, -1.0, f64::NAN, 0.0);
        assert_eq!(none.of(Field::Message), 0);
        assert_eq!(none.of(Field::Id), 100);
    }
}
