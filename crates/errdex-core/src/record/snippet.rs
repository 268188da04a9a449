//! How a record's snippet is numbered, one rule for every place that shows it (`errdex show`,
//! `copy --what snippet:numbered`, the browser's source pane): its real line numbers from
//! `sourceCodeStart` with `lineNumber` marked, unless those numbers cannot be trusted.

use super::Record;

/// The numbers a snippet is shown with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbering {
    /// The number of the snippet's first line.
    pub first: i64,
    /// The line to mark, as an index into the snippet's lines.
    pub marked: Option<usize>,
    /// Why the lines are numbered from 1 instead of their real numbers.
    pub notice: Option<String>,
}

impl Numbering {
    /// The number of the snippet's `index`-th line (0-based).
    pub fn number(&self, index: usize) -> i64 {
        self.first
            .saturating_add(i64::try_from(index).unwrap_or(i64::MAX))
    }
}

impl Record {
    /// The numbering of `sourceCode`'s lines (`numbering`); None without a snippet.
    pub fn snippet_numbering(&self) -> Option<Numbering> {
        let code = self.source_code.as_deref()?;
        Some(numbering(
            self.source_code_start,
            self.line_number,
            code.lines().count(),
        ))
    }
}

/// The numbering of a snippet of `lines` lines that starts at `start` and holds the error
/// line `line`. A `line` outside the snippet's range says the range is wrong (a start past the
/// error line, or a snippet longer than the stretch it claims to be): the lines are numbered
/// from 1, nothing is marked, and the notice says why. So is a snippet whose start is unknown.
pub fn numbering(start: Option<i64>, line: Option<i64>, lines: usize) -> Numbering {
    let count = i64::try_from(lines).unwrap_or(i64::MAX);
    let from_one = |notice: String| Numbering {
        first: 1,
        marked: None,
        notice: Some(notice),
    };
    match (start, line) {
        (Some(start), Some(line)) if line >= start && line - start < count => Numbering {
            first: start,
            marked: usize::try_from(line - start).ok(),
            notice: None,
        },
        (Some(start), Some(line)) => from_one(format!(
            "line {line} is outside the snippet (lines {start}–{}); numbered from 1",
            start.saturating_add(count - 1)
        )),
        (Some(start), None) => Numbering {
            first: start,
            marked: None,
            notice: None,
        },
        (None, _) => from_one("the snippet's first line number is unknown; numbered from 1".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(code: &str, start: Option<i64>, line: Option<i64>) -> Record {
        Record {
            source_code: Some(code.into()),
            source_code_start: start,
            line_number: line,
            ..Record::default()
        }
    }

    #[test]
    fn real_numbers_when_the_error_line_is_in_the_snippet() {
        let n = record("a\nb\nc", Some(98), Some(100))
            .snippet_numbering()
            .expect("snippet");
        assert_eq!(n.number(2), 100);
        assert_eq!((n.first, n.marked, n.notice), (98, Some(2), None));
    }

    #[test]
    fn untrustworthy_numbers_count_from_one_and_say_why() {
        // The start is past the error line; the snippet runs past it; no start at all.
        for (start, line) in [(Some(60), Some(50)), (Some(10), Some(13)), (None, Some(2))] {
            let n = record("a\nb\nc", start, line)
                .snippet_numbering()
                .expect("snippet");
            assert_eq!((n.first, n.marked), (1, None), "{start:?} {line:?}");
            assert!(n.notice.is_some());
        }
        let n = record("a\nb", Some(10), Some(50)).snippet_numbering();
        let notice = n.and_then(|n| n.notice).unwrap_or_default();
        assert_eq!(
            notice,
            "line 50 is outside the snippet (lines 10–11); numbered from 1"
        );
        // Without an error line the start is all there is to go by.
        let n = record("a", Some(7), None).snippet_numbering();
        assert_eq!(n.map(|n| (n.first, n.marked)), Some((7, None)));
        assert_eq!(Record::default().snippet_numbering(), None);
    }
}
