//! Cutting a log's text: an event's text to its cap, a batch of lines where a second thread
//! may take over.

use super::events::has_header;
use super::line::{MAX_LINE_BYTES, truncate};

/// How far past the middle of a batch a line that surely starts an event is looked for.
const MAX_CUT_SEARCH: usize = 4096;

/// A line near the middle that starts an event whatever precedes it.
pub(super) fn safe_cut<S: AsRef<str>>(lines: &[S]) -> Option<usize> {
    let middle = lines.len() / 2;
    (middle..lines.len().min(middle + MAX_CUT_SEARCH)).find(|&i| {
        let line = lines[i].as_ref();
        !line.starts_with([' ', '\t']) && has_header(line.trim_end())
    })
}

/// Appends a line to an event's text, a line break between, up to `MAX_LINE_BYTES` in all.
pub(super) fn push_capped(to: &mut String, line: &str) {
    if to.len() >= MAX_LINE_BYTES {
        return;
    }
    if !to.is_empty() {
        to.push('\n');
    }
    to.push_str(truncate(line, MAX_LINE_BYTES - to.len()));
}
