//! One log line against the index: containment of a form's token sequence (a `VAR` in the
//! form spans a few log tokens), else a token-overlap score weighted by rarity.

use super::header;
use super::index::{Index, NONE, UNKNOWN, VAR, fits, gram};
use super::normalize::{Tok, Tokens};

/// How many log tokens one placeholder may stand for (`%s` = "/var/lib/x y").
const MAX_GAP: usize = 12;
/// Overlap fallback: share of the form's weight the line must cover, distinct words shared, and
/// share of the form's distinct words (so a short message missing its one telling word, like
/// "replica is invalid" against "replica is behind", is not a hit).
const MIN_COVERAGE: f32 = 0.65;
const MIN_SHARED: usize = 4;
const MIN_SHARED_PART: f32 = 0.75;
/// Forms whose cheap partial sum is below this share of their weight are not checked fully.
const PREFILTER: f32 = 0.3;

/// How a line matched a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// The record's message (or pattern) appears in the line.
    Contains,
    /// Enough of the record's rarer words appear in the line.
    Overlap,
    /// Only a `path:line` of the log names the record's location.
    Location,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FormHit {
    pub form: u32,
    pub score: f32,
    pub via: Via,
}

/// Reused buffers for scanning lines.
#[derive(Debug, Default)]
pub struct Scratch {
    pub tokens: Tokens,
    /// Token indices where the line's message may start (see `header`).
    starts: Vec<usize>,
    ids: Vec<u32>,
    /// `ids` with the line's last field as one variable.
    swallowed: Vec<u32>,
    /// `ids` with the level word that ends the line as a word.
    leveled: Vec<u32>,
    /// `ids` up to a `: ` and then one variable for all after it: a wrapper's value may be a
    /// sentence (`Parse error: {}` in `Parse error: invalid float literal`).
    wrapped: Vec<u32>,
    set: Vec<u32>,
    acc: Vec<f32>,
    touched: Vec<u32>,
    reach: Vec<bool>,
    next: Vec<bool>,
}

impl Index {
    /// Matches the line already tokenised in `s.tokens`, appending hits to `out`. The overlap
    /// fallback runs only when `fallback` is set and nothing was contained.
    /// `text` is the line as tokenised (its header is read only when a short form may match).
    pub fn match_line(&self, s: &mut Scratch, text: &str, fallback: bool, out: &mut Vec<FormHit>) {
        s.ids.clear();
        for t in s.tokens.iter() {
            s.ids.push(match t {
                Tok::Var => VAR,
                Tok::Word(w) => self.word(w),
            });
        }
        s.set.clear();
        s.set
            .extend(s.ids.iter().copied().filter(|&t| t != VAR && t != UNKNOWN));
        s.set.sort_unstable();
        s.set.dedup();
        let before = out.len();
        self.containment(s, out);
        self.whole_message(s, text, out);
        if fallback && out.len() == before {
            self.overlap(s, out);
        }
    }

    /// Forms anchored on a run of words the line has, checked in full: each line position
    /// looks up at most three keys, and an anchor (a form's rarest run) is shared by few forms
    /// however common the words are, so the cost follows the line's length.
    fn containment(&self, s: &mut Scratch, out: &mut Vec<FormHit>) {
        let ids = &s.ids;
        for p in 0..ids.len() {
            for n in 1..=3 {
                let Some(run) = ids.get(p..p + n) else { break };
                let last = run[n - 1];
                if last == VAR || last == UNKNOWN || (n > 1 && !fits(run)) {
                    break;
                }
                for &f in self.anchored(gram(run)) {
                    let form = self.form(f);
                    let absent = |w: u32| w != NONE && s.set.binary_search(&w).is_err();
                    if absent(form.rare[0]) || absent(form.rare[1]) {
                        continue;
                    }
                    if contains(form.tokens, ids, &mut s.reach, &mut s.next) {
                        out.push(FormHit {
                            form: f,
                            score: contained_score(form.word_count),
                            via: Via::Contains,
                        });
                    }
                }
            }
        }
    }

    /// Short forms (`normal`, `data address: {}`) against the line's message as a whole: the
    /// tokens from each place the message may start to the end of the line. A form ending with
    /// a placeholder also takes the line's last field whole, however many tokens it is
    /// (`visible is {}` and `visible is system.charge.show`), but never more than that field,
    /// so a short form does not swallow a sentence. A level word ending the line, not after a
    /// word, is also tried as the message's last word (`… 1 critical` is the record
    /// `critical`'s line).
    fn whole_message(&self, s: &mut Scratch, text: &str, out: &mut Vec<FormHit>) {
        let n = s.ids.len();
        // The line with its last field as one variable, and the line with the level word that
        // ends it as its last word: each kept only when it may end a whole-message form.
        let field = text.trim_end();
        let last_field = field
            .char_indices()
            .rfind(|(_, c)| c.is_whitespace())
            .map_or(0, |(p, c)| p + c.len_utf8());
        let last_tok = s.tokens.token_at(last_field).min(n);
        s.swallowed.clear();
        if last_tok > 0 && last_tok < n && s.ids.get(last_tok..) != Some(&[VAR][..]) {
            self.ending_with(&mut s.swallowed, &s.ids[..last_tok], VAR);
        }
        s.leveled.clear();
        let mut buf = [0u8; 12];
        // Only a level word that is a field of its own (`… 1 critical`, `state: error`): one
        // after a word ends that sentence (`x: parse error` is not the record `error`'s line).
        let level_word = s
            .tokens
            .trailing_level()
            .filter(|&(from, _)| {
                !text
                    .get(..from)
                    .and_then(|before| before.trim_end().chars().next_back())
                    .is_some_and(char::is_alphabetic)
            })
            .and_then(|(from, to)| {
                header::lowercase(text.get(from..to)?, &mut buf).map(|w| self.word(w))
            });
        if let Some(id) = level_word.filter(|&id| id != UNKNOWN) {
            self.ending_with(&mut s.leveled, &s.ids, id);
        }
        let plain: &[u32] = if self.ends_whole(&s.ids) { &s.ids } else { &[] };
        // The first `: ` after a few tokens, past which a wrapper's value may run.
        s.wrapped.clear();
        let colon = memchr::memmem::find_iter(text.as_bytes(), b": ")
            .map(|at| s.tokens.token_at(at))
            .find(|&k| k > 0 && k < n && k <= self.max_whole());
        if let Some(k) = colon {
            self.ending_with(&mut s.wrapped, &s.ids[..k], VAR);
        }
        let variants = [plain, &s.leveled, &s.swallowed, &s.wrapped];
        if variants.iter().all(|v| v.is_empty()) {
            return;
        }
        header::message_starts(text, &mut s.starts);
        for start in &mut s.starts {
            *start = s.tokens.token_at(*start);
        }
        for ids in variants.iter().filter(|v| !v.is_empty()) {
            for &start in &s.starts {
                let Some(tail) = ids.get(start..) else {
                    continue;
                };
                if tail.is_empty() || tail.len() > self.max_whole() {
                    continue;
                }
                // A variable that opens the message may have merged with the header's numbers
                // before it (`… 1 63543 double-hummer …`): try the tail with one put back.
                // And one before it may be a header's column (HPC's `… 1073192214 1 Link ok`).
                let mut opened = Vec::new();
                if tail[0] != VAR && tail.len() < self.max_whole() {
                    opened.push(VAR);
                    opened.extend_from_slice(tail);
                }
                let bare = if tail[0] == VAR { &tail[1..] } else { &[][..] };
                for key in [tail, &opened[..], bare] {
                    if key.is_empty() {
                        continue;
                    }
                    for &f in self.whole(key) {
                        let form = self.form(f);
                        let hit = FormHit {
                            form: f,
                            score: contained_score(form.word_count),
                            via: Via::Contains,
                        };
                        if !out.contains(&hit) {
                            out.push(hit);
                        }
                    }
                }
            }
        }
    }

    /// Whether a line ending with `ids` may hold a whole-message form.
    fn ends_whole(&self, ids: &[u32]) -> bool {
        (1..=self.max_whole().min(ids.len())).any(|k| self.is_whole_tail(&ids[ids.len() - k..]))
    }

    /// `out` = `head` and then `last` (a run of variables stays one), when such a line may end
    /// a whole-message form; else empty. Its last tokens are asked first, so most lines cost
    /// no copy of the whole.
    fn ending_with(&self, out: &mut Vec<u32>, head: &[u32], last: u32) {
        for from in [head.len().saturating_sub(self.max_whole()), 0] {
            out.clear();
            out.extend_from_slice(&head[from..]);
            if !(last == VAR && out.last() == Some(&VAR)) {
                out.push(last);
            }
            if !self.ends_whole(out) {
                out.clear();
                return;
            }
        }
    }

    fn overlap(&self, s: &mut Scratch, out: &mut Vec<FormHit>) {
        let (idf, df, max_df) = (self.idf(), self.df(), self.max_df());
        if s.acc.len() < self.form_count() {
            s.acc.resize(self.form_count(), 0.0);
        }
        for &w in &s.set {
            let (Some(&d), Some(&idf)) = (df.get(w as usize), idf.get(w as usize)) else {
                continue;
            };
            if d > max_df {
                continue;
            }
            for &f in self.postings(w) {
                let Some(slot) = s.acc.get_mut(f as usize) else {
                    continue;
                };
                if *slot == 0.0 {
                    s.touched.push(f);
                }
                *slot += idf;
            }
        }
        for &f in &s.touched {
            let form = self.form(f);
            let partial = std::mem::take(&mut s.acc[f as usize]);
            if partial < PREFILTER * form.weight {
                continue;
            }
            let (mut shared, mut covered) = (0usize, 0f32);
            let words = form.words();
            for &w in words.iter() {
                if s.set.binary_search(&w).is_ok() {
                    shared += 1;
                    covered += idf.get(w as usize).copied().unwrap_or(0.0);
                }
            }
            let coverage = covered / form.weight.max(f32::EPSILON);
            let part = shared as f32 / words.len().max(1) as f32;
            if shared >= MIN_SHARED && part >= MIN_SHARED_PART && coverage >= MIN_COVERAGE {
                out.push(FormHit {
                    form: f,
                    score: 0.4 + 0.4 * coverage.min(1.0),
                    via: Via::Overlap,
                });
            }
        }
        s.touched.clear();
    }
}

/// 0.81–0.90 by the form's words, plus less than 0.001 more for each further word up to 48, so
/// that of two forms that both match, the longer (more specific) one wins even past ten words.
fn contained_score(words: u16) -> f32 {
    let words = f32::from(words.min(48));
    0.8 + words.min(10.0) / 100.0 + 0.0009 * words / 48.0
}

/// Whether `form` (words and `VAR`s, starting and ending with a word) occurs in `line`, each
/// `VAR` standing for 0..=MAX_GAP line tokens. A set-of-positions walk: no backtracking blowup.
fn contains(form: &[u32], line: &[u32], reach: &mut Vec<bool>, next: &mut Vec<bool>) -> bool {
    let Some(&first) = form.first() else {
        return false;
    };
    let n = line.len();
    reach.clear();
    reach.resize(n + 1, false);
    let mut any = false;
    for (p, &t) in line.iter().enumerate() {
        if t == first {
            reach[p + 1] = true;
            any = true;
        }
    }
    for &t in &form[1..] {
        if !any {
            return false;
        }
        next.clear();
        next.resize(n + 1, false);
        any = false;
        for p in 0..=n {
            if !reach[p] {
                continue;
            }
            if t == VAR {
                next[p..=(p + MAX_GAP).min(n)].fill(true);
                any = true;
            } else if p < n && line[p] == t {
                next[p + 1] = true;
                any = true;
            }
        }
        std::mem::swap(reach, next);
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: u32 = 1;
    const B: u32 = 2;
    const C: u32 = 3;
    const X: u32 = 9;

    fn has(form: &[u32], line: &[u32]) -> bool {
        contains(form, line, &mut Vec::new(), &mut Vec::new())
    }

    #[test]
    fn contiguous_words_must_be_contiguous() {
        assert!(has(&[A, B, C], &[X, A, B, C, X]));
        assert!(!has(&[A, B, C], &[A, B, X, C]));
        assert!(!has(&[A, B, C], &[A, B]));
    }

    #[test]
    fn a_placeholder_spans_a_few_tokens_or_none() {
        assert!(has(&[A, VAR, C], &[A, X, X, X, C]));
        assert!(has(&[A, VAR, C], &[A, VAR, C]));
        assert!(has(&[A, VAR, C], &[A, C]));
        let far: Vec<u32> = std::iter::once(A)
            .chain(std::iter::repeat_n(X, MAX_GAP + 1))
            .chain(std::iter::once(C))
            .collect();
        assert!(!has(&[A, VAR, C], &far));
    }

    #[test]
    fn a_line_variable_does_not_match_a_form_word() {
        assert!(!has(&[A, B, C], &[A, VAR, C]));
    }

    #[test]
    fn many_placeholders_stay_cheap() {
        let form: Vec<u32> = (0..40).map(|i| if i % 2 == 0 { A } else { VAR }).collect();
        let line = vec![A; 4000];
        assert!(has(&form[..39], &line));
    }
}
