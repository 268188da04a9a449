//! One log line against the index: containment of a form's token sequence (a `VAR` in the
//! form spans a few log tokens), else a token-overlap score weighted by rarity.

use super::index::{Index, NONE, UNKNOWN, VAR};
use super::normalize::{Tok, Tokens};

/// How many log tokens one placeholder may stand for (`%s` = "/var/lib/x y").
const MAX_GAP: usize = 8;
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
    ids: Vec<u32>,
    set: Vec<u32>,
    acc: Vec<f32>,
    touched: Vec<u32>,
    reach: Vec<bool>,
    next: Vec<bool>,
}

impl Index {
    /// Matches the line already tokenised in `s.tokens`, appending hits to `out`. The overlap
    /// fallback runs only when `fallback` is set and nothing was contained.
    pub fn match_line(&self, s: &mut Scratch, fallback: bool, out: &mut Vec<FormHit>) {
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
        if fallback && out.len() == before {
            self.overlap(s, out);
        }
    }

    fn containment(&self, s: &mut Scratch, out: &mut Vec<FormHit>) {
        for i in 0..s.set.len() {
            let word = s.set[i];
            for &f in self.anchors.get(word) {
                let form = &self.forms[f as usize];
                if form.second != NONE && s.set.binary_search(&form.second).is_err() {
                    continue;
                }
                if contains(&form.tokens, &s.ids, &mut s.reach, &mut s.next) {
                    let specificity = f32::from(form.word_count.min(10)) / 100.0;
                    out.push(FormHit {
                        form: f,
                        score: 0.8 + specificity,
                        via: Via::Contains,
                    });
                }
            }
        }
    }

    fn overlap(&self, s: &mut Scratch, out: &mut Vec<FormHit>) {
        if s.acc.len() < self.forms.len() {
            s.acc.resize(self.forms.len(), 0.0);
        }
        for &w in &s.set {
            if self.df[w as usize] > self.max_df {
                continue;
            }
            let idf = self.idf[w as usize];
            for &f in self.postings.get(w) {
                let slot = &mut s.acc[f as usize];
                if *slot == 0.0 {
                    s.touched.push(f);
                }
                *slot += idf;
            }
        }
        for &f in &s.touched {
            let form = &self.forms[f as usize];
            let partial = std::mem::take(&mut s.acc[f as usize]);
            if partial < PREFILTER * form.weight {
                continue;
            }
            let (mut shared, mut covered) = (0usize, 0f32);
            for &w in form.words.iter() {
                if s.set.binary_search(&w).is_ok() {
                    shared += 1;
                    covered += self.idf[w as usize];
                }
            }
            let coverage = covered / form.weight.max(f32::EPSILON);
            let part = shared as f32 / form.words.len().max(1) as f32;
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
