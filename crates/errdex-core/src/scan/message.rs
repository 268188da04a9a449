//! A message as the code writes it: literal text and holes, the holes named by the
//! expression that fills them where that is a plain variable. The two renderings are the
//! record's `errorMessage` (`failed to open {path}`) and `messagePattern` (`failed to open {}`).

/// One piece of a message.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub enum Piece {
    Text(String),
    /// Filled at run time; the name of the variable that fills it, when there is one.
    Hole(Option<String>),
}

#[derive(Debug, Clone, Default, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct Message(pub Vec<Piece>);

impl Message {
    pub fn text(s: &str) -> Self {
        let mut m = Message::default();
        m.push_text(s);
        m
    }

    pub fn hole(name: Option<String>) -> Self {
        Message(vec![Piece::Hole(name)])
    }

    pub fn push_text(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        if let Some(Piece::Text(last)) = self.0.last_mut() {
            last.push_str(s);
        } else {
            self.0.push(Piece::Text(s.to_string()));
        }
    }

    pub fn push_hole(&mut self, name: Option<String>) {
        self.0.push(Piece::Hole(name));
    }

    pub fn append(&mut self, other: Message) {
        for piece in other.0 {
            match piece {
                Piece::Text(t) => self.push_text(&t),
                hole @ Piece::Hole(_) => self.0.push(hole),
            }
        }
    }

    /// Whether any literal text survives: a message that is only holes says nothing a log
    /// line could be matched on.
    pub fn has_text(&self) -> bool {
        self.0
            .iter()
            .any(|p| matches!(p, Piece::Text(t) if !t.trim().is_empty()))
    }

    /// Whether it renders to nothing (`io::Error::new(kind, "")`, `assert!(ok, "")`): the
    /// loader rejects an empty `errorMessage`, so such a site makes no record.
    pub fn is_blank(&self) -> bool {
        self.0
            .iter()
            .all(|p| matches!(p, Piece::Text(t) if t.trim().is_empty()))
    }

    /// Whether the literal text holds a letter: `{}: {}` says nothing a line could be told by.
    pub fn has_word(&self) -> bool {
        self.0
            .iter()
            .any(|p| matches!(p, Piece::Text(t) if t.chars().any(char::is_alphabetic)))
    }

    /// Whether it says something alone, as a type's whole message: a word, and a hole or a
    /// second word (`invalid header {}`, `no commits`; not `{}: {}`, nor a lone `<nil>`). A
    /// quoted piece of code counts as a word (serde_json's ``expected `:` ``).
    pub fn stands_alone(&self) -> bool {
        let has_hole = self.0.iter().any(|p| matches!(p, Piece::Hole(_)));
        let words = self
            .0
            .iter()
            .filter_map(|p| match p {
                Piece::Text(t) => Some(t),
                Piece::Hole(_) => None,
            })
            .flat_map(|t| t.split_whitespace())
            .filter(|w| {
                let quoted = w.len() > 2 && w.starts_with('`') && w.ends_with('`');
                quoted || w.chars().any(char::is_alphabetic)
            })
            .count();
        words >= 2 || (words == 1 && has_hole)
    }

    /// `errorMessage`: holes named by their variable, `{}` where there is none.
    pub fn message(&self) -> String {
        self.render(true)
    }

    /// `messagePattern`: every hole `{}`.
    pub fn pattern(&self) -> String {
        self.render(false)
    }

    fn render(&self, named: bool) -> String {
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Hole(Some(name)) if named => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
                Piece::Hole(_) => out.push_str("{}"),
            }
        }
        out.trim().to_string()
    }
}

/// printf verbs (`%s`, `%-10.3f`, `%w`, `%+v`, `%%`) as holes, filled by `args` in order.
/// Go, Python's `%` and C share the syntax.
pub fn printf(format: &str, args: &[Option<String>]) -> Message {
    let mut out = Message::default();
    let mut next = 0;
    let mut rest = format;
    while let Some(at) = rest.find('%') {
        out.push_text(&rest[..at]);
        let tail = &rest[at + 1..];
        if let Some(after) = tail.strip_prefix('%') {
            out.push_text("%");
            rest = after;
            continue;
        }
        // Python's `%(name)s` names the hole itself.
        let (mut named, mut spec) = (None, tail);
        if let Some(inner) = tail.strip_prefix('(')
            && let Some(close) = inner.find(')')
        {
            named = Some(inner[..close].to_string());
            spec = &inner[close + 1..];
        }
        // No space flag: `100% sure` is text, not `% s`.
        let flags = spec
            .find(|c: char| !matches!(c, '-' | '+' | '#' | '0'..='9' | '.' | '*' | '[' | ']'))
            .unwrap_or(spec.len());
        let verb_and_more = &spec[flags..];
        // C length modifiers before the conversion (`%lu`, `%zd`, `%lld`).
        let modifiers = verb_and_more
            .find(|c: char| !matches!(c, 'h' | 'l' | 'z' | 'j' | 'L'))
            .unwrap_or(verb_and_more.len());
        let Some(verb) = verb_and_more[modifiers..].chars().next() else {
            out.push_text("%");
            rest = tail;
            continue;
        };
        if !verb.is_ascii_alphabetic() {
            out.push_text("%");
            rest = tail;
            continue;
        }
        let consumed = tail.len() - verb_and_more.len() + modifiers + verb.len_utf8();
        let name = named.or_else(|| args.get(next).cloned().flatten());
        next += 1;
        out.push_hole(name);
        rest = &tail[consumed..];
    }
    out.push_text(rest);
    out
}

/// `{}`/`{0}`/`{name}`/`{name:?}` holes with `{{`/`}}` escapes, as in Rust's `format!` and
/// Python's `str.format`; a positional hole is named by its argument.
pub fn braces(format: &str, args: &[Option<String>]) -> Message {
    let mut out = Message::default();
    let mut next = 0;
    let mut chars = format.char_indices().peekable();
    let mut text = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '{' if chars.peek().is_some_and(|(_, n)| *n == '{') => {
                chars.next();
                text.push('{');
            }
            '}' if chars.peek().is_some_and(|(_, n)| *n == '}') => {
                chars.next();
                text.push('}');
            }
            '{' => {
                let Some(close) = format[at..].find('}') else {
                    text.push_str(&format[at..]);
                    break;
                };
                let inner = &format[at + 1..at + close];
                let key = inner.split([':', '!']).next().unwrap_or("").trim();
                let name = if key.is_empty() {
                    next += 1;
                    args.get(next - 1).cloned().flatten()
                } else if let Ok(index) = key.parse::<usize>() {
                    args.get(index).cloned().flatten()
                } else {
                    Some(key.to_string())
                };
                out.push_text(&text);
                text.clear();
                out.push_hole(name);
                while chars.peek().is_some_and(|(i, _)| *i <= at + close) {
                    chars.next();
                }
            }
            c => text.push(c),
        }
    }
    out.push_text(&text);
    out
}

/// slf4j's `{}` anchors (no names inside, no escapes but `\{}`).
pub fn anchors(format: &str, args: &[Option<String>]) -> Message {
    let mut out = Message::default();
    for (i, part) in format.split("{}").enumerate() {
        if i > 0 {
            out.push_hole(args.get(i - 1).cloned().flatten());
        }
        out.push_text(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn printf_verbs_become_holes_named_by_their_arguments() {
        let m = printf("open %s: %-5d%% %w %q %t", &[n("path"), None, n("err")]);
        assert_eq!(m.message(), "open {path}: {}% {err} {} {}");
        assert_eq!(m.pattern(), "open {}: {}% {} {} {}");
        assert_eq!(printf("%(user)s left %lu", &[]).message(), "{user} left {}");
        assert_eq!(printf("100% sure", &[]).pattern(), "100% sure");
    }

    #[test]
    fn braces_name_positional_and_inline_holes() {
        let m = braces("{path}: {} {{x}} {0:?}", &[n("err")]);
        assert_eq!(m.message(), "{path}: {err} {x} {err}");
        assert_eq!(m.pattern(), "{}: {} {x} {}");
        assert_eq!(braces("a {", &[]).pattern(), "a {");
    }

    #[test]
    fn anchors_fill_in_order_and_text_survives_only_when_not_blank() {
        let m = anchors("user {} failed: {}", &[n("id")]);
        assert_eq!(m.message(), "user {id} failed: {}");
        assert!(m.has_text());
        assert!(!printf(" %s ", &[]).has_text());
    }
}
