//! Curated meets code: a scanned site for which a curated or team record exists (same
//! repository, file and message) is hidden behind that record, so nothing is listed twice;
//! the record then knows the site (`Dataset::code_site`): where its statement is now.

use std::collections::HashMap;
use std::path::Path;

use super::Dataset;
use crate::paths::CODE_DIR;

/// Whether a source is a file of `code/` in the data folder, where `errdex scan` writes.
fn is_code_source(name: &str) -> bool {
    Path::new(name)
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == CODE_DIR)
}

/// Whether `message`, a message as logged or written up, is one `pattern` (holes `{}`)
/// can print: its literal pieces in order, the first at the start and the last at the end.
pub fn fits(pattern: &str, message: &str) -> bool {
    let pieces: Vec<&str> = pattern.split("{}").collect();
    let (Some(first), Some(last)) = (pieces.first(), pieces.last()) else {
        return false;
    };
    if pieces.len() == 1 {
        return pattern == message;
    }
    let Some(mut rest) = message.strip_prefix(first) else {
        return false;
    };
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Hides the scanned sites of `code/` that another record names (same repository and file,
/// a message the site's pattern prints). Costs nothing when no `code/` source is loaded.
/// Whether any was hidden.
pub fn hide_sites_with_records(dataset: &mut Dataset) -> bool {
    if !dataset.source_names().any(is_code_source) {
        return false;
    }
    let code: Vec<bool> = dataset.source_names().map(is_code_source).collect();
    let entries = dataset.entries();
    let n = dataset.len();
    // (repo, file) → the scanned sites there: (index, pattern).
    let mut sites: HashMap<(String, &str), Vec<(usize, &str)>> = HashMap::new();
    for i in 0..n {
        let e = entries.at(i);
        if !code.get(e.source as usize).copied().unwrap_or(false) {
            continue;
        }
        if let (Some(repo), Some(file)) = (e.repo, e.file_path) {
            let pattern = e.pattern.unwrap_or(e.message);
            sites
                .entry((repo.to_ascii_lowercase(), file))
                .or_default()
                .push((i, pattern));
        }
    }
    // Per scanned site, the record it is hidden behind.
    let mut behind: Vec<Option<usize>> = vec![None; n];
    let mut any = false;
    for i in 0..n {
        let e = entries.at(i);
        if code.get(e.source as usize).copied().unwrap_or(false) {
            continue;
        }
        let (Some(repo), Some(file)) = (e.repo, e.file_path) else {
            continue;
        };
        let Some(here) = sites.get(&(repo.to_ascii_lowercase(), file)) else {
            continue;
        };
        for &(j, pattern) in here {
            let same = e.pattern == Some(pattern) || fits(pattern, e.message);
            if same && behind[j].is_none() {
                behind[j] = Some(i);
                any = true;
            }
        }
    }
    if any {
        dataset.hide_behind(&behind);
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_fits_the_messages_it_prints() {
        assert!(fits(
            "failed to open {}: {}",
            "failed to open /etc/x: denied"
        ));
        assert!(fits("disk full", "disk full"));
        assert!(fits("{} not found", "key 7 not found"));
        assert!(!fits(
            "failed to open {}: {}",
            "failed to read /etc/x: denied"
        ));
        assert!(!fits("a {} a", "a"));
        assert!(!fits("disk full", "disk full now"));
    }
}
