//! One normaliser for both sides: a log line and a record's message or pattern become the same
//! kind of token sequence, so "the message appears inside the line" is a comparison of tokens.
//!
//! Words are lowercased; everything that varies between occurrences of one error — numbers,
//! timestamps, UUIDs, hex ids, single-word quoted values, format placeholders (`{port}`, `{}`,
//! `%s`, `%d`, `%v`, `%(name)s`, `<name>`, `.*`) — becomes one `Var`, and runs of them collapse
//! into one. A placeholder glued to a word after it (`{}C`, `%dms`) takes that word in, as a
//! line's `41C` is one variable. Level words (INFO, ERROR, …) are dropped on both sides; the
//! first one seen near the start of a line is kept as the line's level. Punctuation separates
//! words and is otherwise ignored, but for a run of `*` standing alone (`****` for a missing
//! value), which is a word. ANSI colour sequences are skipped.

pub use super::level::Level;
pub(super) use super::spans::ansi_len;
use super::spans::{MAX_ANGLED, MAX_BRACED, enclosed_len, printf_len, quoted_len};

/// A normalised token: a lowercase word, or a variable part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok<'a> {
    Word(&'a str),
    Var,
}

/// How many leading tokens may carry the line's level (after timestamps, hosts, loggers).
const LEVEL_WINDOW: usize = 8;

const VAR: (u32, u32) = (u32::MAX, u32::MAX);

/// The tokens of one line, in reusable buffers (a scanner normalises millions of lines).
#[derive(Default, Debug)]
pub struct Tokens {
    text: String,
    spans: Vec<(u32, u32)>,
    /// Where each token starts in the normalised line (bytes): header boundaries map to tokens.
    starts: Vec<u32>,
    level: Option<Level>,
    seen: usize,
    /// Where the level word dropped last is in the line, while no token has followed it.
    trailing_level: Option<(usize, usize)>,
    /// Byte range in the input of each `Var` (a collapsed run spans all of it).
    var_ranges: Vec<(usize, usize)>,
}

impl Tokens {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn level(&self) -> Option<Level> {
        self.level
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// The index of the first token that starts at or after byte `at` of the line.
    pub fn token_at(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| (s as usize) < at)
    }

    pub fn iter(&self) -> impl Iterator<Item = Tok<'_>> + '_ {
        self.spans.iter().map(|&(s, e)| {
            if (s, e) == VAR {
                Tok::Var
            } else {
                Tok::Word(&self.text[s as usize..e as usize])
            }
        })
    }

    /// Where each `Var` is in the text that was tokenized, in order.
    pub fn var_ranges(&self) -> &[(usize, usize)] {
        &self.var_ranges
    }

    fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
        self.starts.clear();
        self.var_ranges.clear();
        self.level = None;
        self.seen = 0;
        self.trailing_level = None;
    }

    fn push_var(&mut self, from: usize, to: usize) {
        self.seen += 1;
        self.trailing_level = None;
        if self.spans.last() != Some(&VAR) {
            self.spans.push(VAR);
            self.starts.push(from as u32);
            self.var_ranges.push((from, to));
        } else if let Some(last) = self.var_ranges.last_mut() {
            last.1 = to;
        }
    }

    /// Takes back the tokens that start at or after byte `at` of the line.
    fn pop_from(&mut self, at: usize) {
        while self.starts.last().is_some_and(|&s| s as usize >= at) {
            self.starts.pop();
            match self.spans.pop() {
                Some(VAR) => {
                    self.var_ranges.pop();
                }
                Some((s, _)) => self.text.truncate(s as usize),
                None => {}
            }
        }
    }

    fn push_word(&mut self, raw: &str, at: usize) {
        self.seen += 1;
        self.trailing_level = None;
        let start = self.text.len();
        if raw.is_ascii() {
            self.text.push_str(raw);
            self.text[start..].make_ascii_lowercase();
        } else {
            self.text.extend(raw.chars().flat_map(char::to_lowercase));
        }
        let word = &self.text[start..];
        if let Some(level) = Level::from_word(word) {
            if self.level.is_none() && self.seen <= LEVEL_WINDOW {
                self.level = Some(level);
            }
            self.text.truncate(start);
            self.trailing_level = Some((at, at + raw.len()));
            return;
        }
        match shape(word.as_bytes()) {
            Shape::Word => {}
            Shape::Variable => {
                self.text.truncate(start);
                self.seen -= 1;
                self.push_var(at, at + raw.len());
                return;
            }
            Shape::Glued(prefix) => {
                // `blk_123`, `storage12`, `v2`: the name and a number glued to it, as a pattern
                // writes `blk_{}`: the name is a word, the number a variable.
                self.spans.push((start as u32, (start + prefix) as u32));
                self.starts.push(at as u32);
                self.text.truncate(start + prefix);
                self.seen -= 1;
                self.push_var(at + prefix, at + raw.len());
                return;
            }
        }
        self.spans.push((start as u32, self.text.len() as u32));
        self.starts.push(at as u32);
    }

    /// Where the level word that ends the text is in it, if one does: HPC's `… 1 warning` is a
    /// message of that one word, which a line's whole message is matched with.
    pub fn trailing_level(&self) -> Option<(usize, usize)> {
        self.trailing_level
    }

    /// A record that is only a level word (`warning`, `{} critical`) keeps it as its word:
    /// without it the record would have nothing to be matched by.
    pub fn keep_level_if_alone(&mut self, text: &str) {
        let Some((from, to)) = self.trailing_level else {
            return;
        };
        if self.spans.iter().any(|&s| s != VAR) {
            return;
        }
        let start = self.text.len();
        self.text
            .extend(text[from..to].chars().flat_map(char::to_lowercase));
        self.spans.push((start as u32, self.text.len() as u32));
        self.starts.push(from as u32);
        self.trailing_level = None;
    }
}

/// Normalises `line` into `out` (cleared first).
pub fn tokenize(line: &str, out: &mut Tokens) {
    out.clear();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if is_word_byte(c) {
            let end = i + b[i..].iter().take_while(|&&c| is_word_byte(c)).count();
            if out.seen == 0 && is_klog_prefix(&b[i..end]) {
                out.level = klog_level(c);
                out.push_var(i, end);
            } else {
                out.push_word(&line[i..end], i);
            }
            i = end;
            continue;
        }
        let prev_is_word = i > 0 && is_word_byte(b[i - 1]);
        if c == b'*' {
            // `****` where a value is missing, `*.log`: a run of stars standing alone is text
            // (glued to a word, as in `**bold**` or `char *p`, it is punctuation).
            let run = b[i..].iter().take_while(|&&c| c == b'*').count();
            if !prev_is_word && !b.get(i + run).is_some_and(|&c| is_word_byte(c)) {
                out.push_word(&line[i..i + run], i);
            }
            i += run;
            continue;
        }
        let skip = match c {
            0x1b => Some(ansi_len(&b[i..])),
            b'"' | b'\'' | b'`' if !prev_is_word => quoted_len(&b[i..]),
            b'{' => enclosed_len(&b[i..], b'}', MAX_BRACED),
            b'<' => enclosed_len(&b[i..], b'>', MAX_ANGLED),
            b'%' => printf_len(&b[i..]),
            b'.' if matches!(b.get(i + 1), Some(b'*' | b'+')) => Some(2),
            b'\\' if matches!(b.get(i + 1), Some(b'd' | b'w' | b's' | b'S')) => {
                Some(if matches!(b.get(i + 2), Some(b'+' | b'*')) {
                    3
                } else {
                    2
                })
            }
            _ => None,
        };
        match skip {
            Some(n) if c == 0x1b => i += n.max(1),
            Some(n) => {
                let (mut from, mut to) = (i, (i + n).min(b.len()));
                if matches!(c, b'{' | b'<' | b'%') {
                    // A placeholder glued to a word after it (`({}C)`, `%dms`, `x{}y`) stands for
                    // what a line has there, one word with a number in it (`41C`, `250ms`,
                    // `x5y`), which is a variable as a whole: so is the placeholder with the
                    // words glued to it on both sides. (`blk_{}` alone keeps its name, as the
                    // line's `blk_123` does.)
                    let glued = b[to..].iter().take_while(|&&c| is_word_byte(c)).count();
                    if glued > 0 {
                        to += glued;
                        if prev_is_word {
                            from = i - b[..i]
                                .iter()
                                .rev()
                                .take_while(|&&c| is_word_byte(c))
                                .count();
                            out.pop_from(from);
                        }
                    }
                }
                out.push_var(from, to);
                i = to;
            }
            None => i += 1,
        }
    }
}

/// `text` with its variable parts as `{}` (numbers, ids, single-word quoted values; a number
/// glued to a name keeps the name: `blk_{}`), runs of them joined by punctuation as one, ANSI
/// colours dropped: a `messagePattern` that matches `text` and its siblings.
pub fn templated(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if is_word_byte(c) {
            let end = i + b[i..].iter().take_while(|&&c| is_word_byte(c)).count();
            let word = &text[i..end];
            match shape(word.as_bytes()) {
                Shape::Word => out.push_str(word),
                Shape::Variable => push_placeholder(&mut out),
                Shape::Glued(name) => {
                    out.push_str(&word[..name]);
                    push_placeholder(&mut out);
                }
            }
            i = end;
            continue;
        }
        let prev_is_word = i > 0 && is_word_byte(b[i - 1]);
        match c {
            0x1b => i += ansi_len(&b[i..]).max(1),
            b'"' | b'\'' | b'`' if !prev_is_word && quoted_len(&b[i..]).is_some() => {
                push_placeholder(&mut out);
                i += quoted_len(&b[i..]).unwrap_or(1);
            }
            _ => {
                let ch = text[i..].chars().next().unwrap_or(' ');
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    out
}

/// `{}`, unless the text ends in `{}` and punctuation (`{}.{}`, `{}:`): then that one grows.
fn push_placeholder(out: &mut String) {
    let glue = out
        .bytes()
        .rev()
        .take_while(|c| matches!(c, b'.' | b':' | b'-' | b'/' | b'_' | b'+'))
        .count();
    if glue > 0 && out[..out.len() - glue].ends_with("{}") {
        out.truncate(out.len() - glue);
        return;
    }
    if !out.ends_with("{}") {
        out.push_str("{}");
    }
}

/// Letters, digits, `_`, and any non-ASCII byte (so UTF-8 words stay whole).
fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// What a word with digits in it is.
enum Shape {
    Word,
    /// Names an instance: a number, an id, a timestamp part.
    Variable,
    /// A name with a number glued to its end (`blk_123`, `storage12`, `ssh2`): the name's length.
    Glued(usize),
}

/// Words without digits are words; hex-looking ids (`a716`, `e29b`) and anything mixing digits
/// and letters otherwise are variables; letters then digits is a name with a number glued on.
fn shape(b: &[u8]) -> Shape {
    if !b.iter().any(u8::is_ascii_digit) {
        return Shape::Word;
    }
    if b.len() >= 4 && b.iter().all(u8::is_ascii_hexdigit) {
        return Shape::Variable;
    }
    let name = b
        .iter()
        .take_while(|c| c.is_ascii_alphabetic() || **c == b'_')
        .count();
    // `blk_123`, `v2`; and `task_1445_0020_m_000001`, which a pattern writes `task_{}`: a name
    // ending with `_` is the name, whatever id follows it.
    if name > 0 && (b[name - 1] == b'_' || b[name..].iter().all(u8::is_ascii_digit)) {
        Shape::Glued(name)
    } else {
        Shape::Variable
    }
}

/// klog's `E0115` (level letter, month, day) at the very start of a line.
fn is_klog_prefix(token: &[u8]) -> bool {
    token.len() == 5
        && matches!(token[0], b'I' | b'W' | b'E' | b'F')
        && token[1..].iter().all(u8::is_ascii_digit)
}

fn klog_level(letter: u8) -> Option<Level> {
    Some(match letter {
        b'I' => Level::Info,
        b'W' => Level::Warn,
        b'E' => Level::Error,
        _ => Level::Fatal,
    })
}

#[cfg(test)]
#[path = "normalize_tests.rs"]
mod tests;
