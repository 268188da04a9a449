//! Records sorted by a small key, then by id: a comparison sort reading each id through its
//! pointer misses the cache on every compare (seconds at a million records), so the sort runs
//! on fixed-size keys in place and reads whole ids only where the keys tie.

use super::entry::Entry;
use super::mapped::id_head_bytes;

/// `0..n` sorted by `(key(i), id(i), i)`. Where `key` holds the id's first bytes (`id_head`),
/// it must order as the id does, so that the whole id decides only among equal keys.
pub fn by_key_then_id<'a, K: Ord + Copy>(
    n: u32,
    key: impl Fn(usize) -> K,
    id: impl Fn(usize) -> &'a [u8],
) -> Vec<u32> {
    let mut keyed: Vec<(K, u32)> = (0..n).map(|i| (key(i as usize), i)).collect();
    keyed.sort_unstable();
    let mut order: Vec<u32> = keyed.iter().map(|&(_, i)| i).collect();
    let mut from = 0;
    for run in keyed.chunk_by(|a, b| a.0 == b.0) {
        if run.len() > 1 {
            order[from..from + run.len()]
                .sort_unstable_by(|&a, &b| id(a as usize).cmp(id(b as usize)).then(a.cmp(&b)));
        }
        from += run.len();
    }
    order
}

/// `0..n` sorted by id, ties by index.
pub fn by_id<'a>(n: u32, id: impl Fn(usize) -> &'a [u8] + Copy) -> Vec<u32> {
    by_key_then_id(n, |i| id_head_bytes(id(i)), id)
}

/// The indices of `entries` sorted by id, ties by index (`entries.len()` fits a `u32`).
pub fn of_entries(entries: &[Entry]) -> Vec<u32> {
    by_id(entries.len() as u32, |i| entries[i].id.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_a_full_sort_by_id_then_index() {
        let ids: Vec<&[u8]> = vec![
            b"b",
            b"abcdefghij",
            b"abcdefgh",
            b"abcdefgh\0",
            b"",
            b"abcdefghi",
            b"b",
            b"ab\0",
            b"ab",
            b"\xff",
            b"abcdefgh",
            b"a",
            b"",
        ];
        let got = by_id(ids.len() as u32, |i| ids[i]);
        let mut want: Vec<u32> = (0..ids.len() as u32).collect();
        want.sort_by(|&a, &b| ids[a as usize].cmp(ids[b as usize]).then(a.cmp(&b)));
        assert_eq!(got, want);
    }

    #[test]
    fn a_key_orders_before_the_id() {
        let ids: [&[u8]; 5] = [b"b", b"a", b"c", b"a", b"b"];
        let lens = [2, 1, 1, 2, 1];
        let got = by_key_then_id(5, |i| lens[i], |i| ids[i]);
        assert_eq!(got, [1, 4, 2, 3, 0]);
    }
}
