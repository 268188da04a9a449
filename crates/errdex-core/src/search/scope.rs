//! The fields a query term can be scoped to (`tag:`, `path:`, …) and their names.

/// Which field(s) a term looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Message, path or tags.
    Any,
    Message,
    Tags,
    Path,
    Repo,
    Severity,
    Type,
    Id,
    /// `is:pinned`: the record's id is in the context's pinned set.
    Pinned,
    /// `is:recent`: the record was viewed recently (the context's recent set).
    Recent,
    /// `note:`: the team's notes on the record (the context's notes) contain the text.
    Note,
    /// `is:new`: the last `errdex sync` added or changed the record (the context's new set).
    New,
}

impl Scope {
    /// The scope a `name:` prefix selects, aliases included (lowercase names; see `NAMES`).
    pub fn from_name(name: &str) -> Option<Scope> {
        NAMES
            .iter()
            .find(|(names, _)| names.contains(&name))
            .map(|&(_, scope)| scope)
    }

    /// `is:pinned`, `is:recent`, `is:new`: a set the record's id is in, not a field to match.
    pub fn is_flag(self) -> bool {
        matches!(
            self,
            Scope::Pinned | Scope::Recent | Scope::New | Scope::Note
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Scope::Any => "any",
            Scope::Message => "msg",
            Scope::Tags => "tag",
            Scope::Path => "path",
            Scope::Repo => "repo",
            Scope::Severity => "sev",
            Scope::Type => "type",
            Scope::Id => "id",
            Scope::Note => "note",
            Scope::Pinned | Scope::Recent | Scope::New => "is",
        }
    }
}

/// Field scopes by name, aliases included: one row per scope, so a new scope is one line here
/// (plus its `Scope` variant).
const NAMES: &[(&[&str], Scope)] = &[
    (&["tag", "tags", "t"], Scope::Tags),
    (&["path", "p", "file"], Scope::Path),
    (&["msg", "m", "message"], Scope::Message),
    (&["repo", "r"], Scope::Repo),
    (&["sev", "s", "severity"], Scope::Severity),
    (&["type"], Scope::Type),
    (&["id"], Scope::Id),
    (&["note", "notes"], Scope::Note),
];
