//! The query language of DESIGN.md §3: AND of space-separated terms, `|` for OR, field scopes,
//! fzf operators and quoted phrases. Parsing never fails: what cannot be understood is searched
//! literally (or dropped when nothing sensible remains) and explained in `warnings`.

pub use super::scope::Scope;

/// How a term's text must occur in a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The characters in order, anywhere (SkimMatcherV2).
    Fuzzy,
    /// `'text` or `"text"`: a contiguous substring.
    Exact,
    /// `^text`: the field starts with it.
    Prefix,
    /// `text$`: the field ends with it.
    Suffix,
    /// `^text$`: the whole field.
    Equal,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Term {
    pub scope: Scope,
    pub kind: Kind,
    /// `!term`: the record must not match; adds no score.
    pub negated: bool,
    pub text: String,
    /// Smart case: a term with an ASCII capital matches case-sensitively.
    pub case_sensitive: bool,
}

/// A parsed query: every group must match; a group matches when any of its terms does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pub groups: Vec<Vec<Term>>,
    warnings: Vec<String>,
}

impl Query {
    pub fn parse(text: &str) -> Query {
        let mut q = Query::default();
        let mut group: Vec<Term> = Vec::new();
        let mut pending_or = false;
        for token in tokenize(text, &mut q.warnings) {
            if token.text == "|" && !token.quoted {
                if group.is_empty() {
                    q.warnings
                        .push("`|` with nothing before it, ignored".into());
                } else {
                    pending_or = true;
                }
                continue;
            }
            let Some(term) = parse_term(&token, &mut q.warnings) else {
                continue;
            };
            if pending_or {
                group.push(term);
                pending_or = false;
            } else {
                if !group.is_empty() {
                    q.groups.push(std::mem::take(&mut group));
                }
                group.push(term);
            }
        }
        if pending_or {
            q.warnings.push("`|` with nothing after it, ignored".into());
        }
        if !group.is_empty() {
            q.groups.push(group);
        }
        q
    }

    /// Malformed parts of the query, one sentence each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// An empty query matches every record, in dataset order.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Whether any term contributes a score (otherwise results keep dataset order).
    pub fn is_scored(&self) -> bool {
        self.terms().any(|t| !t.negated && t.scope != Scope::Pinned)
    }

    pub fn terms(&self) -> impl Iterator<Item = &Term> {
        self.groups.iter().flatten()
    }

    /// True when every record matching `self` also matches `prev`, so a search for `self` only
    /// needs to look at `prev`'s matches (the query grew while typing).
    pub fn narrows(&self, prev: &Query) -> bool {
        prev.groups.iter().all(|pg| {
            self.groups
                .iter()
                .any(|g| g.iter().all(|t| pg.iter().any(|p| t.implies(p))))
        })
    }
}

impl Term {
    /// Whether a record matching `self` always matches `other`.
    fn implies(&self, other: &Term) -> bool {
        if self == other {
            return true;
        }
        if self.negated || other.negated || self.scope == Scope::Pinned {
            return false;
        }
        let scope_ok = self.scope == other.scope
            || (other.scope == Scope::Any
                && matches!(self.scope, Scope::Message | Scope::Path | Scope::Tags));
        // A case-insensitive match of the old text is implied only if the new one is at least as strict.
        let case_ok = self.case_sensitive || !other.case_sensitive;
        if !scope_ok || !case_ok {
            return false;
        }
        let (new, old) = (self.text.as_str(), other.text.as_str());
        let new_folded = new.to_ascii_lowercase();
        let old_folded = old.to_ascii_lowercase();
        let (new_cmp, old_cmp) = if other.case_sensitive {
            (new, old)
        } else {
            (new_folded.as_str(), old_folded.as_str())
        };
        match (other.kind, self.kind) {
            (Kind::Fuzzy, _) => is_subsequence(old_cmp, new_cmp),
            (Kind::Exact, Kind::Fuzzy) => false,
            (Kind::Exact, _) => new_cmp.contains(old_cmp),
            (Kind::Prefix, Kind::Prefix | Kind::Equal) => new_cmp.starts_with(old_cmp),
            (Kind::Suffix, Kind::Suffix | Kind::Equal) => new_cmp.ends_with(old_cmp),
            _ => false,
        }
    }
}

fn is_subsequence(needle: &str, hay: &str) -> bool {
    let mut hay = hay.chars();
    needle.chars().all(|c| hay.any(|h| h == c))
}

struct Token {
    text: String,
    /// Whether (part of) the token was in double quotes: its spaces and operators are literal.
    quoted: bool,
    /// Where the quoted part starts and ends in `text`, when the token was `head"phrase"tail`.
    phrase_start: usize,
    phrase_end: usize,
}

/// Splits on whitespace outside double quotes. `msg:"a b"` is one token.
fn tokenize(text: &str, warnings: &mut Vec<String>) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut tok = Token {
            text: String::new(),
            quoted: false,
            phrase_start: 0,
            phrase_end: 0,
        };
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            if c == '"' && !tok.quoted {
                tok.quoted = true;
                tok.phrase_start = tok.text.len();
                let mut closed = false;
                for q in chars.by_ref() {
                    if q == '"' {
                        closed = true;
                        break;
                    }
                    tok.text.push(q);
                }
                tok.phrase_end = tok.text.len();
                if !closed {
                    warnings.push("unclosed quote, searched to the end of the query".into());
                }
            } else {
                tok.text.push(c);
            }
        }
        tokens.push(tok);
    }
    tokens
}

fn parse_term(token: &Token, warnings: &mut Vec<String>) -> Option<Term> {
    // Operators and scope live in the unquoted prefix (and `$` after the phrase); a quoted part
    // is literal text.
    let (head, phrase, tail) = if token.quoted {
        let (head, quoted) = token.text.split_at(token.phrase_start);
        let (phrase, tail) = quoted.split_at(token.phrase_end - token.phrase_start);
        (head, phrase, tail)
    } else {
        (token.text.as_str(), "", "")
    };
    let mut rest = head;
    let mut negated = false;
    if let Some(r) = rest.strip_prefix('!') {
        negated = true;
        rest = r;
    }
    let mut scope = Scope::Any;
    if let Some((name, value)) = rest.split_once(':')
        && !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphabetic())
    {
        let lower = name.to_ascii_lowercase();
        if lower == "is" {
            let flag = match value.to_ascii_lowercase().as_str() {
                "pinned" => Some((Scope::Pinned, "pinned")),
                "recent" => Some((Scope::Recent, "recent")),
                "new" => Some((Scope::New, "new")),
                _ => None,
            };
            if let Some((scope, text)) = flag.filter(|_| phrase.is_empty()) {
                return Some(Term {
                    scope,
                    kind: Kind::Equal,
                    negated,
                    text: text.into(),
                    case_sensitive: false,
                });
            }
            warnings.push(format!(
                "unknown `is:{value}{phrase}` (only `is:pinned`, `is:recent`, `is:new`), searched literally"
            ));
        } else if let Some(s) = Scope::from_name(&lower) {
            if value.is_empty() && !token.quoted {
                warnings.push(format!("empty `{name}:` scope, ignored"));
                return None;
            }
            scope = s;
            rest = value;
        } else {
            warnings.push(format!("unknown field `{name}:`, searched literally"));
        }
    }
    let kind;
    let text;
    if token.quoted {
        // `"two words"` is one exact phrase; `^"a b"`, `"a b"$` and `^"a b"$` anchor it.
        let start = match rest {
            "^" => true,
            "" | "'" => false,
            _ => {
                warnings.push(format!(
                    "text before a quote is part of the phrase: `{rest}\"{phrase}\"`"
                ));
                false
            }
        };
        let end = tail == "$";
        if !end && !tail.is_empty() {
            warnings.push(format!(
                "text after a quote is part of the phrase: `\"{phrase}\"{tail}`"
            ));
        }
        kind = match (start, end) {
            (true, true) => Kind::Equal,
            (true, false) => Kind::Prefix,
            (false, true) => Kind::Suffix,
            (false, false) => Kind::Exact,
        };
        let head = if matches!(rest, "^" | "" | "'") {
            ""
        } else {
            rest
        };
        let tail = if end { "" } else { tail };
        text = format!("{head}{phrase}{tail}");
    } else if let Some(t) = rest.strip_prefix('~').filter(|t| !t.is_empty() && !negated) {
        // `tag:~sprbt`: explicitly fuzzy, where a scope would otherwise match by prefix.
        kind = Kind::Fuzzy;
        text = t.to_string();
    } else {
        let mut t = rest;
        let prefix = t.len() > 1 && t.starts_with('^');
        if prefix {
            t = &t[1..];
        }
        let suffix = t.len() > 1 && t.ends_with('$') && !t.ends_with("\\$");
        if suffix {
            t = &t[..t.len() - 1];
        }
        let mut k = match (prefix, suffix) {
            (true, true) => Kind::Equal,
            (true, false) => Kind::Prefix,
            (false, true) => Kind::Suffix,
            (false, false) => match t.strip_prefix('\'') {
                Some(e) if !e.is_empty() => {
                    t = e;
                    Kind::Exact
                }
                _ if negated => Kind::Exact,
                _ => Kind::Fuzzy,
            },
        };
        text = t.replace("\\$", "$");
        if matches!(scope, Scope::Id | Scope::Tags) && k == Kind::Fuzzy {
            // Ids are hex: a fuzzy match would hit nearly all of them. Tags are short words:
            // `tag:go` means go, go-modules, golang — not spring-boot's g…o.
            k = Kind::Prefix;
        }
        kind = k;
    }
    if text.is_empty() {
        if negated {
            warnings.push("`!` with nothing after it, ignored".into());
        }
        return None;
    }
    let case_sensitive = text.chars().any(|c| c.is_ascii_uppercase());
    Some(Term {
        scope,
        kind,
        negated,
        text,
        case_sensitive,
    })
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
