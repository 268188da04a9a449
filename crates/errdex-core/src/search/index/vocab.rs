//! Distinct strings with small ids: the index's tag and facet vocabularies. The first mapped
//! table's vocabulary is used in place as the first ids (no copy, no hashing) until a value
//! from elsewhere must be interned.

use std::collections::HashMap;
use std::sync::Arc;

use crate::dataset::mapped::Table;
use crate::facets::NONE;

#[derive(Default)]
pub struct Interner {
    /// A table's vocabulary `k`, holding ids `0..base_len`.
    base: Option<(Arc<Table>, usize)>,
    base_len: usize,
    /// Ids from `base_len` on.
    values: Vec<Box<str>>,
    ids: HashMap<Box<str>, u32, foldhash::fast::RandomState>,
    /// Whether the base's values are in `ids` yet.
    base_indexed: bool,
    none: Option<u32>,
}

impl Interner {
    pub fn len(&self) -> usize {
        self.base_len + self.values.len()
    }

    pub fn value(&self, id: usize) -> &str {
        if id < self.base_len {
            return match &self.base {
                Some((table, k)) => table.vocab_value(*k, id as u32),
                None => "",
            };
        }
        self.values.get(id - self.base_len).map_or("", |v| v)
    }

    pub fn id(&mut self, value: &str) -> u32 {
        if !self.base_indexed {
            self.base_indexed = true;
            for id in 0..self.base_len {
                let v: Box<str> = self.value(id).into();
                self.ids.entry(v).or_insert(id as u32);
            }
        }
        if let Some(&id) = self.ids.get(value) {
            return id;
        }
        let id = self.len() as u32;
        self.values.push(value.into());
        self.ids.insert(value.into(), id);
        id
    }

    /// The id records without the value count under. Not looked up among the values: a
    /// mapped table marks a missing value apart from any string.
    pub fn none_id(&mut self) -> u32 {
        if let Some(id) = self.none {
            return id;
        }
        let id = self.len() as u32;
        self.values.push(NONE.into());
        self.none = Some(id);
        id
    }

    /// Takes in vocabulary `k` of `table`: as the first ids when nothing is interned yet
    /// (None: the table's ids are these ids), else interned, with the table's ids mapped.
    pub fn adopt(&mut self, table: &Arc<Table>, k: usize) -> Option<Vec<u32>> {
        if self.len() == 0 {
            self.base = Some((Arc::clone(table), k));
            self.base_len = table.vocabulary(k).len();
            return None;
        }
        let values: Vec<Box<str>> = table.vocabulary(k).map(Into::into).collect();
        Some(values.iter().map(|v| self.id(v)).collect())
    }
}
