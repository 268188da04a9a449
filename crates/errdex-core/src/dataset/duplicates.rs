//! Records that share an id. A mapped part knows its own (written with the table, with its ids
//! in sorted order); across parts, the smaller side's ids are looked up in the larger, so a
//! million mapped records and a small team file cost a few lookups, not a million hashes.

use foldhash::{HashMap, HashMapExt};

use super::entries::{Part, PartRows};

/// One id of a part and the part's records with it (dataset indices, ascending).
type Group = (Vec<u8>, Vec<usize>);

/// The part's records grouped by id, each group's records ascending.
fn groups(part: &Part) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    match &part.rows {
        PartRows::Owned(v) => {
            let mut at: HashMap<&str, usize> = HashMap::with_capacity(v.len());
            for (k, e) in v.iter().enumerate() {
                let g = *at.entry(&e.id).or_insert_with(|| {
                    out.push((e.id.as_bytes().to_vec(), Vec::new()));
                    out.len() - 1
                });
                out[g].1.push(part.first + k);
            }
        }
        PartRows::Mapped { .. } => {
            // Sorted by id, ties by row: runs of equal ids, each in row order.
            for (id, index) in part.by_id_from(b"").into_iter().flatten() {
                match out.last_mut() {
                    Some((last, records)) if last.as_slice() == id => records.push(index),
                    _ => out.push((id.to_vec(), vec![index])),
                }
            }
        }
    }
    out
}

/// Whether the part holds any id twice, without grouping it (a mapped table's own pairs say
/// so for every range of it; none there means none in any range).
fn may_repeat(part: &Part) -> bool {
    match &part.rows {
        PartRows::Owned(_) => true,
        PartRows::Mapped { table, .. } => !table.duplicates().is_empty(),
    }
}

/// `(first, later)` within one part.
fn within(part: &Part) -> Vec<(usize, usize)> {
    match &part.rows {
        PartRows::Mapped {
            table, from: 0, to, ..
        } if *to as usize == table.len() => table
            .duplicates()
            .iter()
            .map(|&[a, b]| (part.first + a as usize, part.first + b as usize))
            .collect(),
        _ if !may_repeat(part) => Vec::new(),
        PartRows::Mapped { .. } => {
            // Sorted by id, ties by row: each run of equal ids starts with its first record.
            let mut pairs = Vec::new();
            let mut run: Option<(&[u8], usize)> = None;
            for (id, index) in part.by_id_from(b"").into_iter().flatten() {
                match run {
                    Some((same, first)) if same == id => pairs.push((first, index)),
                    _ => run = Some((id, index)),
                }
            }
            pairs.sort_unstable_by_key(|p| p.1);
            pairs
        }
        PartRows::Owned(v) => {
            // Sorted by id, ties by row, as a mapped part is: no map of a million ids.
            let by_id = super::order::of_entries(v);
            let mut pairs = Vec::new();
            for run in by_id.chunk_by(|&a, &b| v[a as usize].id == v[b as usize].id) {
                let first = part.first + run[0] as usize;
                pairs.extend(run[1..].iter().map(|&k| (first, part.first + k as usize)));
            }
            pairs.sort_unstable_by_key(|p| p.1);
            pairs
        }
    }
}

/// Whether two parts are rows of the same mapped table that holds no id twice.
fn disjoint_ranges(a: &Part, b: &Part) -> bool {
    match (&a.rows, &b.rows) {
        (PartRows::Mapped { table: x, .. }, PartRows::Mapped { table: y, .. }) => {
            std::sync::Arc::ptr_eq(x, y) && x.duplicates().is_empty()
        }
        _ => false,
    }
}

/// A part's records by id: a mapped part's sorted ids are searched in place.
enum Lookup<'a> {
    Owned(HashMap<&'a str, Vec<usize>>),
    Mapped(&'a Part),
}

impl<'a> Lookup<'a> {
    fn new(part: &'a Part) -> Lookup<'a> {
        match &part.rows {
            PartRows::Owned(v) => {
                let mut map: HashMap<&str, Vec<usize>> = HashMap::with_capacity(v.len());
                for (k, e) in v.iter().enumerate() {
                    map.entry(&e.id).or_default().push(part.first + k);
                }
                Lookup::Owned(map)
            }
            PartRows::Mapped { .. } => Lookup::Mapped(part),
        }
    }

    /// The dataset indices of the records with this id, ascending.
    fn all(&self, id: &[u8]) -> Vec<usize> {
        match self {
            Lookup::Owned(map) => std::str::from_utf8(id)
                .ok()
                .and_then(|id| map.get(id))
                .cloned()
                .unwrap_or_default(),
            Lookup::Mapped(part) => part
                .by_id_from(id)
                .into_iter()
                .flatten()
                .take_while(|&(found, _)| found == id)
                .map(|(_, index)| index)
                .collect(),
        }
    }
}

/// For the records of `later` whose id `earlier` holds: the first such record of `earlier`.
fn across(earlier: &Part, later: &Part, out: &mut HashMap<usize, usize>) {
    if disjoint_ranges(earlier, later) || earlier.is_empty() || later.is_empty() {
        return;
    }
    // The smaller side's ids, looked up in the other side's groups.
    let (small, big) = if earlier.len() <= later.len() {
        (earlier, later)
    } else {
        (later, earlier)
    };
    let lookup = Lookup::new(big);
    for (id, records) in groups(small) {
        let others = lookup.all(&id);
        if others.is_empty() {
            continue;
        }
        let (first, laters) = if std::ptr::eq(small, earlier) {
            (records[0], &others)
        } else {
            (others[0], &records)
        };
        for &i in laters {
            out.entry(i).or_insert(first);
        }
    }
}

/// `(first, later)`: for each record whose id an earlier record has, the first record with
/// that id; dataset indices, in order of `later`.
pub fn pairs(parts: &[Part]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        let mut earliest: HashMap<usize, usize> = HashMap::new();
        for earlier in &parts[..k] {
            across(earlier, part, &mut earliest);
        }
        let own = within(part);
        if earliest.is_empty() {
            out.extend(own);
            continue;
        }
        let own: HashMap<usize, usize> = own.into_iter().map(|(f, l)| (l, f)).collect();
        let mut laters: Vec<usize> = earliest.keys().chain(own.keys()).copied().collect();
        laters.sort_unstable();
        laters.dedup();
        for i in laters {
            // An earlier part's record comes before any of this part's.
            let first = earliest.get(&i).or_else(|| own.get(&i)).copied();
            if let Some(f) = first {
                out.push((f, i));
            }
        }
    }
    out
}
