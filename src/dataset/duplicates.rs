//! Records that share an id. A mapped part knows its own (written with the table); across
//! parts, each record of a later part is looked up in the earlier ones, so a million mapped
//! records and a small team file cost a few thousand lookups, not a million hashes.

use foldhash::{HashMap, HashMapExt};

use super::entries::{Part, PartRows};
use super::entry::Entry;

/// Finds records with an id in one part.
enum Finder<'a> {
    /// The first index of each id, within the part, and the part's first index.
    Owned(HashMap<&'a str, usize>, usize),
    Mapped(&'a Part),
}

impl<'a> Finder<'a> {
    fn new(part: &'a Part) -> Finder<'a> {
        match &part.rows {
            PartRows::Owned(v) => Finder::Owned(first_of_each(v), part.first),
            PartRows::Mapped { .. } => Finder::Mapped(part),
        }
    }

    /// The first dataset index in this part with this id.
    fn first(&self, id: &str) -> Option<usize> {
        match self {
            Finder::Owned(map, first) => map.get(id).map(|k| first + k),
            Finder::Mapped(part) => part.find(id, 0).0,
        }
    }
}

fn first_of_each(v: &[Entry]) -> HashMap<&str, usize> {
    let mut map = HashMap::with_capacity(v.len());
    for (k, e) in v.iter().enumerate() {
        map.entry(&*e.id).or_insert(k);
    }
    map
}

/// `(first, later)`: for each record whose id an earlier record has, the first record with
/// that id; dataset indices, in order of `later`.
pub fn pairs(parts: &[Part]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut finders: Vec<Finder> = Vec::new();
    for part in parts {
        let within: Vec<(usize, usize)> = match &part.rows {
            PartRows::Owned(v) => {
                let first = first_of_each(v);
                v.iter()
                    .enumerate()
                    .filter_map(|(k, e)| {
                        let f = first[&*e.id];
                        (f != k).then_some((part.first + f, part.first + k))
                    })
                    .collect()
            }
            PartRows::Mapped {
                table, from: 0, to, ..
            } if *to as usize == table.len() => table
                .duplicates()
                .iter()
                .map(|&[a, b]| (part.first + a as usize, part.first + b as usize))
                .collect(),
            // Some rows taken out of search: the table's pairs may name them; look again.
            PartRows::Mapped { .. } => {
                let ids: Vec<&str> = (0..part.len())
                    .map(|k| part.get(k).map_or("", |e| e.id))
                    .collect();
                let mut first: HashMap<&str, usize> = HashMap::with_capacity(ids.len());
                let mut pairs = Vec::new();
                for (k, id) in ids.iter().enumerate() {
                    let f = *first.entry(id).or_insert(k);
                    if f != k {
                        pairs.push((part.first + f, part.first + k));
                    }
                }
                pairs
            }
        };
        if finders.is_empty() {
            out.extend(within);
        } else {
            let mut within = within.into_iter().peekable();
            for k in 0..part.len() {
                let i = part.first + k;
                let own = within.next_if(|&(_, later)| later == i);
                let Some(e) = part.get(k) else { continue };
                let earlier = finders.iter().find_map(|f| f.first(e.id));
                match (earlier, own) {
                    (Some(j), _) => out.push((j, i)),
                    (None, Some(pair)) => out.push(pair),
                    (None, None) => {}
                }
            }
        }
        finders.push(Finder::new(part));
    }
    out
}
