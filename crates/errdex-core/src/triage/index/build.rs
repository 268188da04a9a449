//! Builds the line index (see the parent module for what it holds) and lays it out with
//! `layout`.

use foldhash::HashMap;

use super::layout::{Sec, Writer};
use super::{MAX_FORM_TOKENS, NONE, VAR, fits, gram};
use crate::dataset::Entries;
use crate::triage::normalize::{Tok, Tokens, tokenize};

/// The most forms a word may be in and still find overlap candidates.
const MAX_POSTINGS: u32 = 512;

/// Compressed rows: `items[offsets[k]..offsets[k + 1]]` belong to key `k`.
#[derive(Debug, Default)]
pub(super) struct Rows {
    pub(super) offsets: Vec<u32>,
    pub(super) items: Vec<u32>,
}

impl Rows {
    fn build(keys: usize, pairs: &[(u32, u32)]) -> Self {
        let mut offsets = vec![0u32; keys + 1];
        for &(k, _) in pairs {
            offsets[k as usize + 1] += 1;
        }
        for k in 0..keys {
            offsets[k + 1] += offsets[k];
        }
        let mut fill = offsets.clone();
        let mut items = vec![0u32; pairs.len()];
        for &(k, v) in pairs {
            items[fill[k as usize] as usize] = v;
            fill[k as usize] += 1;
        }
        Rows { offsets, items }
    }

    pub(super) fn lay_out(&self, w: &mut Writer, offsets: Sec, items: Sec) {
        w.put(offsets, &self.offsets);
        w.put(items, &self.items);
    }
}

/// One distinct normalised message or pattern (see `super::Form`).
#[derive(Debug)]
pub(super) struct Form {
    /// Word ids and `VAR`s, without leading or trailing `VAR`s.
    pub(super) tokens: Box<[u32]>,
    /// Sum of the idf of its distinct words: what full coverage weighs.
    pub(super) weight: f32,
    /// Number of word tokens (a measure of how specific a containment hit is).
    pub(super) word_count: u16,
    /// Its two rarest distinct words (`NONE` when it has fewer): a line without them cannot
    /// contain it, checked before the full comparison.
    pub(super) rare: [u32; 2],
}

/// The index as built, before it is laid out.
#[derive(Debug, Default)]
pub(super) struct Built {
    pub(super) vocab: HashMap<Box<str>, u32>,
    /// Characters per word id.
    pub(super) letters: Vec<usize>,
    pub(super) idf: Vec<f32>,
    pub(super) df: Vec<u32>,
    pub(super) forms: Vec<Form>,
    /// Records (dataset indices, ascending id order) per form.
    pub(super) form_records: Rows,
    /// Anchor keys: a form's rarest run of one to three adjacent words (containable forms).
    pub(super) anchor_keys: HashMap<u64, u32>,
    /// Forms per anchor key.
    pub(super) anchors: Rows,
    /// Forms too short to be contained anywhere, by their token sequence: they match a line's
    /// whole message.
    pub(super) whole: HashMap<Box<[u32]>, Vec<u32>>,
    /// Every `whole` key, and those opening with a variable also without it: the tails a line
    /// must end with for a short form to be worth finding its header.
    pub(super) whole_tails: foldhash::HashSet<Box<[u32]>>,
    /// The longest whole-message form, in tokens (with a variable at either end).
    pub(super) max_whole: usize,
    /// Forms per word (every form), for the overlap fallback.
    pub(super) postings: Rows,
    /// Words this common are not used to find overlap candidates (their idf is low anyway).
    pub(super) max_df: u32,
    /// The message form and the pattern form of each record (`NONE` when absent).
    pub(super) record_forms: Vec<[u32; 2]>,
    /// Each record's position in id order: ties between equal scores go to the smaller id.
    pub(super) rank: Vec<u32>,
    /// Records per file name (last path component), for `path:line` boosts.
    pub(super) files: HashMap<Box<str>, Vec<u32>>,
    /// Each record's group: one repository, one messagePattern (or message when it has none).
    pub(super) group_of: Vec<u32>,
    /// Records per group, in dataset order.
    pub(super) groups: Rows,
}

impl Built {
    fn build(entries: Entries<'_>) -> Self {
        let mut index = Built::default();
        let mut form_ids: HashMap<Box<[u32]>, u32> = HashMap::default();
        let mut open: Vec<[bool; 2]> = Vec::new();
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(entries.len() * 2);
        let mut tokens = Tokens::new();
        let mut group_ids: HashMap<u64, u32> = HashMap::default();
        let mut group_pairs: Vec<(u32, u32)> = Vec::with_capacity(entries.len());
        index.record_forms = vec![[NONE; 2]; entries.len()];
        for (record, entry) in entries.iter().enumerate() {
            let record = record as u32;
            let texts = [Some(entry.message), entry.pattern];
            let mut seen = NONE;
            for (k, text) in texts.into_iter().enumerate() {
                let Some(text) = text else { continue };
                tokenize(text, &mut tokens);
                tokens.keep_level_if_alone(text);
                let (seq, ends) = index.intern(&tokens);
                if seq.is_empty() {
                    continue;
                }
                let next = form_ids.len() as u32;
                let form = *form_ids.entry(seq.into_boxed_slice()).or_insert(next);
                if form == next {
                    open.push(ends);
                }
                if form == seen {
                    continue;
                }
                seen = form;
                index.record_forms[record as usize][k] = form;
                pairs.push((form, record));
            }
            let group = group_key(entry.repo, entry.pattern.unwrap_or(entry.message), record);
            let next = group_ids.len() as u32;
            let group = *group_ids.entry(group).or_insert(next);
            index.group_of.push(group);
            group_pairs.push((group, record));
            if let Some(path) = entry.file_path {
                let name = crate::triage::frames::file_name(path);
                // Looked up before inserting: a key is allocated once a name, not once a record.
                match index.files.get_mut(name) {
                    Some(records) => records.push(record),
                    None => _ = index.files.insert(name.into(), vec![record]),
                }
            }
        }
        let mut sequences: Vec<(Box<[u32]>, u32)> = form_ids.into_iter().collect();
        sequences.sort_unstable_by_key(|(_, id)| *id);
        index.finish(sequences, &open, pairs, entries);
        index.groups = Rows::build(group_ids.len(), &group_pairs);
        index
    }

    /// Word ids of a record text, `VAR`s kept, outer `VAR`s dropped (and said whether there were
    /// any), cut at `MAX_FORM_TOKENS`.
    fn intern(&mut self, tokens: &Tokens) -> (Vec<u32>, [bool; 2]) {
        let open_start = tokens.iter().next() == Some(Tok::Var);
        let open_end = tokens.len() <= MAX_FORM_TOKENS && tokens.iter().last() == Some(Tok::Var);
        let mut seq: Vec<u32> = Vec::with_capacity(tokens.len());
        for t in tokens.iter().take(MAX_FORM_TOKENS) {
            match t {
                Tok::Var if seq.is_empty() => {}
                Tok::Var => seq.push(VAR),
                Tok::Word(w) => {
                    let id = if let Some(&id) = self.vocab.get(w) {
                        id
                    } else {
                        let id = self.vocab.len() as u32;
                        self.vocab.insert(w.into(), id);
                        self.letters.push(w.chars().count());
                        id
                    };
                    seq.push(id);
                }
            }
        }
        while seq.last() == Some(&VAR) {
            seq.pop();
        }
        (seq, [open_start, open_end])
    }

    fn finish(
        &mut self,
        sequences: Vec<(Box<[u32]>, u32)>,
        open: &[[bool; 2]],
        mut pairs: Vec<(u32, u32)>,
        entries: Entries<'_>,
    ) {
        let words = self.vocab.len();
        let mut df = vec![0u32; words];
        let mut distinct: Vec<Box<[u32]>> = Vec::with_capacity(sequences.len());
        for (seq, _) in &sequences {
            let mut w: Vec<u32> = seq.iter().copied().filter(|&t| t != VAR).collect();
            w.sort_unstable();
            w.dedup();
            for &t in &w {
                df[t as usize] += 1;
            }
            distinct.push(w.into_boxed_slice());
        }
        let n = sequences.len().max(1) as f32;
        self.idf = df
            .iter()
            .map(|&d| (1.0 + n / d.max(1) as f32).ln())
            .collect();
        // Capped: a line costs at most this many postings per word, however skewed the words.
        self.max_df = (sequences.len() as u32 / 20).clamp(64, MAX_POSTINGS);
        let mut gram_df: HashMap<u64, u32> = HashMap::default();
        let mut grams = Vec::new();
        for (seq, _) in &sequences {
            grams.clear();
            runs(seq, &mut grams);
            grams.sort_unstable();
            grams.dedup();
            for &g in &grams {
                *gram_df.entry(g).or_default() += 1;
            }
        }
        let mut anchor_pairs = Vec::new();
        let mut posting_pairs = Vec::new();
        for (form_id, ((seq, _), words)) in sequences.into_iter().zip(distinct).enumerate() {
            let form_id = form_id as u32;
            let mut by_rarity = words.to_vec();
            by_rarity.sort_by_key(|&w| (df[w as usize], w));
            let word_count = seq.iter().filter(|&&t| t != VAR).count();
            let letters: usize = seq
                .iter()
                .filter(|&&t| t != VAR)
                .map(|&t| self.letters[t as usize])
                .sum();
            let containable = match word_count {
                0 => false,
                1 => letters >= 14,
                2 => letters >= 12,
                _ => true,
            };
            // Forms too short to be specific match a line's whole message only.
            if containable {
                grams.clear();
                runs(&seq, &mut grams);
                let rarest = grams
                    .iter()
                    .copied()
                    .min_by_key(|g| (gram_df.get(g).copied().unwrap_or(0), u64::MAX - g))
                    .unwrap_or(gram(&[by_rarity[0]]));
                let next = self.anchor_keys.len() as u32;
                let key = *self.anchor_keys.entry(rarest).or_insert(next);
                anchor_pairs.push((key, form_id));
            } else if word_count > 0 {
                let [start, end] = open[form_id as usize];
                let mut key = Vec::with_capacity(seq.len() + 2);
                if start {
                    key.push(VAR);
                }
                key.extend_from_slice(&seq);
                if end {
                    key.push(VAR);
                }
                self.max_whole = self.max_whole.max(key.len());
                if start {
                    self.whole_tails.insert(key[1..].into());
                }
                self.whole_tails.insert(key.clone().into());
                self.whole.entry(key.into()).or_default().push(form_id);
            }
            posting_pairs.extend(words.iter().map(|&w| (w, form_id)));
            self.forms.push(Form {
                weight: words.iter().map(|&w| self.idf[w as usize]).sum(),
                word_count: word_count.min(u16::MAX as usize) as u16,
                rare: [
                    by_rarity.first().copied().unwrap_or(NONE),
                    by_rarity.get(1).copied().unwrap_or(NONE),
                ],
                tokens: seq,
            });
        }
        self.df = df;
        self.anchors = Rows::build(self.anchor_keys.len(), &anchor_pairs);
        self.postings = Rows::build(words, &posting_pairs);
        let order = entries.id_order();
        self.rank = vec![0; entries.len()];
        for (rank, &record) in order.iter().enumerate() {
            self.rank[record as usize] = rank as u32;
        }
        // Records of a form in id order, so "the first k" is stable without sorting per hit.
        pairs.sort_unstable_by_key(|&(form, record)| (form, self.rank[record as usize]));
        self.form_records = Rows::build(self.forms.len(), &pairs);
    }
}

/// A group's key: a 64-bit hash of the repository and the pattern (a collision only merges two
/// groups' site lists). A pattern that says nothing (`{}`, `{}, {}`: a raise whose message the
/// scan cannot read) is its record's own group: its sites share no message.
fn group_key(repo: Option<&str>, text: &str, record: u32) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(repo.unwrap_or("").as_bytes());
    h.update(&[0]);
    h.update(text.as_bytes());
    if !super::super::locate::says_something(text) {
        h.update(&[0]);
        h.update(&record.to_le_bytes());
    }
    h.digest()
}

/// Every run of one to three adjacent words of a form (no `VAR` inside), as keys.
fn runs(seq: &[u32], out: &mut Vec<u64>) {
    for i in 0..seq.len() {
        for n in 1..=3 {
            let Some(run) = seq.get(i..i + n) else { break };
            if run.contains(&VAR) || (n > 1 && !fits(run)) {
                break;
            }
            out.push(gram(run));
        }
    }
}

/// The index of `entries`, laid out.
pub fn build(entries: Entries<'_>) -> Vec<u64> {
    Built::build(entries).lay_out()
}
