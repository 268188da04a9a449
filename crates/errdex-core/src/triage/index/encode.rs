//! Lays the built index out (`layout`): each lookup table beside the keys it is probed for.

use super::build::Built;
use super::layout::{self, Counts, FormMeta, Sec, Writer};

impl Built {
    pub(super) fn lay_out(self) -> Vec<u64> {
        let mut w = Writer::new();
        let mut words: Vec<(&str, u32)> = self.vocab.iter().map(|(k, &v)| (&**k, v)).collect();
        words.sort_unstable_by_key(|&(_, id)| id);
        let hashes = words.iter().map(|(k, _)| layout::hash_bytes(k.as_bytes()));
        w.put(Sec::WordSlots, &layout::slots(hashes));
        let words = words.iter().map(|(k, _)| k.as_bytes());
        w.rows(Sec::WordOffsets, Sec::WordBytes, words);
        w.put(Sec::Idf, &self.idf);
        w.put(Sec::Df, &self.df);
        let meta: Vec<FormMeta> = self
            .forms
            .iter()
            .map(|f| FormMeta {
                weight: f.weight,
                word_count: u32::from(f.word_count),
                rare: f.rare,
            })
            .collect();
        w.put(Sec::FormMeta, &meta);
        let tokens = self.forms.iter().map(|f| &*f.tokens);
        w.rows(Sec::FormTokenOffsets, Sec::FormTokens, tokens);
        self.form_records
            .lay_out(&mut w, Sec::FormRecordOffsets, Sec::FormRecords);
        let mut anchor_keys = vec![0u64; self.anchor_keys.len()];
        for (&key, &id) in &self.anchor_keys {
            anchor_keys[id as usize] = key;
        }
        let hashes = anchor_keys.iter().map(|&k| layout::hash_gram(k));
        w.put(Sec::AnchorSlots, &layout::slots(hashes));
        w.put(Sec::AnchorKeys, &anchor_keys);
        self.anchors
            .lay_out(&mut w, Sec::AnchorOffsets, Sec::Anchors);
        // Sorted, so that the same records lay out the same bytes.
        let mut whole: Vec<(&[u32], &Vec<u32>)> =
            self.whole.iter().map(|(k, v)| (&**k, v)).collect();
        whole.sort_unstable();
        w.put(
            Sec::WholeSlots,
            &layout::slots(whole.iter().map(|(k, _)| layout::hash_ids(k))),
        );
        let keys = whole.iter().map(|(k, _)| *k);
        w.rows(Sec::WholeKeyOffsets, Sec::WholeKeys, keys);
        let forms = whole.iter().map(|(_, v)| v.as_slice());
        w.rows(Sec::WholeFormOffsets, Sec::WholeForms, forms);
        let mut tails: Vec<&[u32]> = self.whole_tails.iter().map(|k| &**k).collect();
        tails.sort_unstable();
        w.put(
            Sec::TailSlots,
            &layout::slots(tails.iter().map(|k| layout::hash_ids(k))),
        );
        w.rows(Sec::TailKeyOffsets, Sec::TailKeys, tails.iter().copied());
        self.postings
            .lay_out(&mut w, Sec::PostingOffsets, Sec::Postings);
        w.put(Sec::RecordForms, &self.record_forms);
        w.put(Sec::Rank, &self.rank);
        self.lay_out_places(&mut w);
        w.put(Sec::GroupOf, &self.group_of);
        self.groups.lay_out(&mut w, Sec::GroupOffsets, Sec::Groups);
        w.finish(Counts {
            records: self.record_forms.len() as u64,
            forms: self.forms.len() as u64,
            words: self.idf.len() as u64,
            max_whole: self.max_whole as u64,
            max_df: u64::from(self.max_df),
        })
    }

    /// The records per file name (their paths and lines are the records' own: `Entries`).
    fn lay_out_places(&self, w: &mut Writer) {
        let mut files: Vec<(&str, &Vec<u32>)> = self.files.iter().map(|(k, v)| (&**k, v)).collect();
        files.sort_unstable();
        let hashes = files.iter().map(|(k, _)| layout::hash_bytes(k.as_bytes()));
        w.put(Sec::FileSlots, &layout::slots(hashes));
        let names = files.iter().map(|(k, _)| k.as_bytes());
        w.rows(Sec::FileNameOffsets, Sec::FileNameBytes, names);
        let records = files.iter().map(|(_, v)| v.as_slice());
        w.rows(Sec::FileRecordOffsets, Sec::FileRecords, records);
    }
}
