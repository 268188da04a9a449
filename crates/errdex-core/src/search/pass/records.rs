//! Which records a pass reads, handed out a chunk at a time.

use super::CHUNK;

/// The records a pass reads, in order: a list (the previous matches, narrowed), or whole
/// ranges (every record, or the blocks the summaries keep), handed out a chunk at a time rather
/// than written out one index each (4 MB at a million records, and the fresh pages it faults in
/// cost a whole-process search more than the list is worth).
pub(super) enum Records<'a> {
    List(std::borrow::Cow<'a, [u32]>),
    Ranges(Vec<std::ops::Range<u32>>),
}

impl Records<'_> {
    pub(super) fn len(&self) -> usize {
        match self {
            Records::List(l) => l.len(),
            Records::Ranges(r) => r.iter().map(ExactSizeIterator::len).sum(),
        }
    }

    pub(super) fn chunks(&self) -> Chunks<'_> {
        Chunks {
            records: self,
            at: 0,
            next: None,
        }
    }
}

/// `Records` in chunks of `CHUNK`: where the last chunk ended (a list position, or a range
/// and the next record in it).
pub(super) struct Chunks<'a> {
    records: &'a Records<'a>,
    at: usize,
    next: Option<u32>,
}

impl Chunks<'_> {
    /// The next chunk (ranges are written into `buffer`); None at the end.
    pub(super) fn next<'b>(&'b mut self, buffer: &'b mut Vec<u32>) -> Option<&'b [u32]> {
        match self.records {
            Records::List(l) => {
                let chunk = l.get(self.at..(self.at + CHUNK).min(l.len()))?;
                self.at += chunk.len();
                (!chunk.is_empty()).then_some(chunk)
            }
            Records::Ranges(ranges) => {
                buffer.clear();
                while buffer.len() < CHUNK
                    && let Some(r) = ranges.get(self.at)
                {
                    let from = self.next.unwrap_or(r.start).max(r.start);
                    let to = r
                        .end
                        .min(from.saturating_add((CHUNK - buffer.len()) as u32));
                    buffer.extend(from..to);
                    if to >= r.end {
                        (self.at, self.next) = (self.at + 1, None);
                    } else {
                        self.next = Some(to);
                    }
                }
                (!buffer.is_empty()).then_some(buffer.as_slice())
            }
        }
    }
}

/// The records of `sorted` inside `ranges` (both in order).
pub(super) fn within(sorted: &[u32], ranges: &[std::ops::Range<u32>]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut rest = sorted;
    for r in ranges {
        let from = rest.partition_point(|&i| i < r.start);
        let to = from + rest[from..].partition_point(|&i| i < r.end);
        out.extend_from_slice(&rest[from..to]);
        rest = &rest[to..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(records: &Records) -> (Vec<u32>, Vec<usize>) {
        let (mut got, mut sizes, mut buffer) = (Vec::new(), Vec::new(), Vec::new());
        let mut chunks = records.chunks();
        while let Some(chunk) = chunks.next(&mut buffer) {
            sizes.push(chunk.len());
            got.extend_from_slice(chunk);
        }
        (got, sizes)
    }

    #[test]
    fn ranges_and_lists_come_out_whole_in_chunks() {
        let ranges = vec![0..5, 7..7, 10..CHUNK as u32 + 13, 90_000..90_002];
        let want: Vec<u32> = ranges.iter().cloned().flatten().collect();
        let records = Records::Ranges(ranges);
        assert_eq!(records.len(), want.len());
        let (got, sizes) = all(&records);
        assert_eq!(got, want);
        assert_eq!(sizes, [CHUNK, want.len() - CHUNK]);
        let list = Records::List(want.clone().into());
        assert_eq!(all(&list), (want, sizes));
        assert_eq!(all(&Records::Ranges(Vec::new())).0, Vec::<u32>::new());
    }
}
