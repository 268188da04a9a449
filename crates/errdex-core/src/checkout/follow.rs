//! Following a record's error line into today's version of its file: the snippet was cut at
//! `analyzedSha`; lines above it may have been added or removed since.

/// How many snippet lines above and below the error line are compared to choose between
/// repeats of the error line.
const NEIGHBOURS: usize = 3;

/// Where the record's error line is in the local file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The local line at `lineNumber` is still the snippet's error line.
    Same(usize),
    /// The error line is now at `to`.
    Moved { from: usize, to: usize },
    /// The snippet's error line is nowhere in the local file.
    Gone { from: usize },
    /// The record has no snippet to compare with: `lineNumber` as it is, if the file is that
    /// long.
    Unchecked(usize),
}

impl Line {
    /// Today's line, when there is one.
    pub fn local(self) -> Option<usize> {
        match self {
            Line::Same(n) | Line::Unchecked(n) | Line::Moved { to: n, .. } => Some(n),
            Line::Gone { .. } => None,
        }
    }
}

/// The snippet as the record gives it: text and the number of its first line.
#[derive(Clone, Copy)]
pub struct Snippet<'a> {
    pub text: &'a str,
    pub start: usize,
}

/// Lines compare without their indentation, trailing blanks and line ends: code that moved
/// into a block is still the same line.
fn same(a: &str, b: &str) -> bool {
    a.trim() == b.trim()
}

/// Finds the record's error line (`line`, 1-based) in `local` (the local file's lines).
pub fn follow(local: &[&str], line: usize, snippet: Option<Snippet>) -> Line {
    let snippet_lines: Vec<&str> = snippet.as_ref().map_or(Vec::new(), |s| lines(s.text));
    let at = snippet
        .as_ref()
        .and_then(|s| line.checked_sub(s.start))
        .filter(|&i| i < snippet_lines.len());
    let Some(at) = at else {
        return if line >= 1 && line <= local.len() {
            Line::Unchecked(line)
        } else {
            Line::Gone { from: line }
        };
    };
    best_by_neighbours(local, &snippet_lines, at, line)
}

/// Of the local lines equal to the snippet's error line, the one whose surroundings agree
/// best with the snippet's, the nearest to the old number among equals. So the line at the
/// old number is kept unless a copy elsewhere sits in surroundings that agree better — the
/// code moved and something similar took its place.
fn best_by_neighbours(local: &[&str], snippet: &[&str], at: usize, from: usize) -> Line {
    let wanted = snippet[at];
    // A blank error line matches every blank line: only its neighbours can place it.
    let blank_target = wanted.trim().is_empty();
    let mut best: Option<(usize, usize)> = None; // (score, line)
    for (i, text) in local.iter().enumerate() {
        if !same(text, wanted) {
            continue;
        }
        let score = agreement(local, i, snippet, at);
        if blank_target && score == 0 {
            continue;
        }
        let n = i + 1;
        let better = match best {
            None => true,
            Some((s, b)) => score > s || (score == s && n.abs_diff(from) < b.abs_diff(from)),
        };
        if better {
            best = Some((score, n));
        }
    }
    match best {
        Some((_, n)) if n == from => Line::Same(n),
        Some((_, to)) => Line::Moved { from, to },
        None => Line::Gone { from },
    }
}

/// How many of the snippet's neighbouring lines (non-blank) are found at the same distance
/// from local line `i`.
fn agreement(local: &[&str], i: usize, snippet: &[&str], at: usize) -> usize {
    let mut score = 0;
    for d in 1..=NEIGHBOURS {
        for (s, l) in [
            (at.checked_sub(d), i.checked_sub(d)),
            (at.checked_add(d), i.checked_add(d)),
        ] {
            let (Some(s), Some(l)) = (s, l) else { continue };
            let (Some(s), Some(l)) = (snippet.get(s), local.get(l)) else {
                continue;
            };
            if !s.trim().is_empty() && same(s, l) {
                score += 1;
            }
        }
    }
    score
}

/// Lines of a text without their `\r`.
pub fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SNIPPET: &str = "fn connect() {\n    let s = open()?;\n    if s.refused() {\n        return Err(refused());\n    }\n    Ok(s)\n}";

    fn snip() -> Option<Snippet<'static>> {
        Some(Snippet {
            text: SNIPPET,
            start: 10,
        })
    }

    fn file(before: usize, body: &str) -> String {
        let mut text = String::new();
        for n in 0..before {
            text.push_str(&format!("// line {n}\n"));
        }
        text + body
    }

    fn at(text: &str, line: usize) -> Line {
        follow(&lines(text), line, snip())
    }

    #[test]
    fn the_same_line_is_kept() {
        assert_eq!(at(&file(9, SNIPPET), 13), Line::Same(13));
        // Indentation and CRLF do not count.
        let crlf = file(9, &SNIPPET.replace('\n', "\r\n").replace("    ", "\t"));
        assert_eq!(at(&crlf, 13), Line::Same(13));
    }

    #[test]
    fn a_line_moved_down_or_up_is_found() {
        assert_eq!(at(&file(12, SNIPPET), 13), Line::Moved { from: 13, to: 16 });
        assert_eq!(at(&file(2, SNIPPET), 13), Line::Moved { from: 13, to: 6 });
    }

    #[test]
    fn between_repeats_the_neighbours_decide_then_the_distance() {
        // Another `return Err(refused());` nearby, in different surroundings, right at the old
        // number; the real one moved down by 5.
        let decoy = "fn other() {\n        return Err(refused());\n}\n";
        let text = file(11, decoy) + "// a\n// b\n" + SNIPPET;
        assert_eq!(at(&text, 13), Line::Moved { from: 13, to: 20 });
        // Two identical copies: the nearer one.
        let twice = file(3, SNIPPET) + "\n" + &file(2, SNIPPET);
        let copies: Vec<usize> = lines(&twice)
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains("return Err"))
            .map(|(i, _)| i + 1)
            .collect();
        assert_eq!(copies, [7, 16]);
        assert_eq!(at(&twice, 13), Line::Moved { from: 13, to: 16 });
        let twice = file(8, SNIPPET) + "\n" + &file(2, SNIPPET);
        assert_eq!(at(&twice, 13), Line::Moved { from: 13, to: 12 });
    }

    #[test]
    fn a_deleted_line_is_gone() {
        let text = file(9, &SNIPPET.replace("        return Err(refused());\n", ""));
        assert_eq!(at(&text, 13), Line::Gone { from: 13 });
    }

    #[test]
    fn without_a_snippet_the_number_is_taken_as_it_is() {
        let text = file(20, "");
        assert_eq!(follow(&lines(&text), 13, None), Line::Unchecked(13));
        assert_eq!(follow(&lines(&text), 99, None), Line::Gone { from: 99 });
        // A line number outside its snippet cannot be compared either.
        let off = Snippet {
            text: SNIPPET,
            start: 100,
        };
        assert_eq!(follow(&lines(&text), 13, Some(off)), Line::Unchecked(13));
    }

    #[test]
    fn a_blank_error_line_is_placed_by_its_neighbours() {
        let snippet = "a();\nb();\n\nc();\nd();";
        let s = || {
            Some(Snippet {
                text: snippet,
                start: 1,
            })
        };
        let text = format!("x\ny\n\n{snippet}");
        assert_eq!(
            follow(&lines(&text), 3, s()),
            Line::Moved { from: 3, to: 6 }
        );
        assert_eq!(follow(&lines("q\nr\n\ns"), 3, s()), Line::Gone { from: 3 });
    }
}
