//! A record's source snippet prepared for the source pane: real line numbers, the marked
//! line, syntax colours, tabs expanded. Done once when a record is selected, so drawing only
//! slices the visible lines.

use syntect::easy::HighlightLines;
use syntect::highlighting::ThemeSet;
use syntect::parsing::SyntaxSet;
use syntect::util::LinesWithEndings;

use crate::tui::ui::text;
use errdex_core::record::Record;

/// Snippets longer than this are shown without colour: highlighting is sequential and the
/// pane must appear at once.
const MAX_HIGHLIGHT_LINES: usize = 1_000;
/// Lines longer than this (minified code) are not highlighted either.
const MAX_HIGHLIGHT_LINE_BYTES: usize = 2_000;

/// A syntax colour; None is the theme's code colour.
pub type Rgb = Option<(u8, u8, u8)>;
/// One piece of a line: its colour and its text.
pub type Piece = (Rgb, String);

#[derive(Debug, Clone, PartialEq)]
pub struct SourceLines {
    /// The number of the first line.
    pub first: i64,
    /// The line to mark (index into `lines`).
    pub marked: Option<usize>,
    /// Why the lines are numbered from 1 instead of their real numbers.
    pub notice: Option<String>,
    pub lines: Vec<Vec<Piece>>,
}

impl SourceLines {
    /// Columns the widest line number needs.
    pub fn gutter_width(&self) -> usize {
        let last = self.first + self.lines.len().max(1) as i64 - 1;
        last.to_string().len().max(self.first.to_string().len())
    }
}

/// Syntax definitions and a colour theme, loaded once.
pub struct Highlighter {
    syntaxes: SyntaxSet,
    theme: Option<syntect::highlighting::Theme>,
}

impl Highlighter {
    pub fn new(theme_name: &str) -> Highlighter {
        let mut themes = ThemeSet::load_defaults().themes;
        Highlighter {
            syntaxes: SyntaxSet::load_defaults_newlines(),
            theme: themes.remove(theme_name),
        }
    }

    /// Coloured pieces per line, or None when the language is unknown or the snippet too big.
    fn highlight(&self, path: &str, code: &str) -> Option<Vec<Vec<Piece>>> {
        let theme = self.theme.as_ref()?;
        let ext = path.rsplit_once('.')?.1;
        let syntax = self.syntaxes.find_syntax_by_extension(ext)?;
        if code.lines().count() > MAX_HIGHLIGHT_LINES
            || code.lines().any(|l| l.len() > MAX_HIGHLIGHT_LINE_BYTES)
        {
            return None;
        }
        let mut h = HighlightLines::new(syntax, theme);
        let mut out = Vec::new();
        for line in LinesWithEndings::from(code) {
            let ranges = h.highlight_line(line, &self.syntaxes).ok()?;
            let pieces: Vec<(Rgb, &str)> = ranges
                .into_iter()
                .map(|(style, text)| {
                    let c = style.foreground;
                    (Some((c.r, c.g, c.b)), text)
                })
                .collect();
            out.push(text::expand_pieces(&pieces));
        }
        Some(out)
    }
}

fn plain(code: &str) -> Vec<Vec<Piece>> {
    code.lines()
        .map(|line| {
            let cleaned = text::clean_line(line);
            if cleaned.is_empty() {
                Vec::new()
            } else {
                vec![(None, cleaned)]
            }
        })
        .collect()
}

/// The record's code fields (`exampleFix`, `validationCode`, `tryCatchPattern`, `typeGuard`),
/// coloured like its source: by the extension of its `filePath`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FixCode {
    pub example_fix: Option<Vec<Vec<Piece>>>,
    pub validation: Option<Vec<Vec<Piece>>>,
    pub try_catch: Option<Vec<Vec<Piece>>>,
    pub type_guard: Option<Vec<Vec<Piece>>>,
}

/// Colours a record's code fields (plain pieces without a highlighter or a known language).
pub fn prepare_fixes(record: &Record, highlighter: Option<&Highlighter>) -> FixCode {
    let path = record.file_path.as_deref().unwrap_or("");
    let colour = |field: &Option<String>| {
        let code = field.as_deref().filter(|c| !c.trim().is_empty())?;
        Some(
            highlighter
                .and_then(|h| h.highlight(path, code))
                .unwrap_or_else(|| plain(code)),
        )
    };
    FixCode {
        example_fix: colour(&record.example_fix),
        validation: colour(&record.validation_code),
        try_catch: colour(&record.try_catch_pattern),
        type_guard: colour(&record.type_guard),
    }
}

/// The snippet of a record, numbered and marked, or None when it has no source code.
pub fn prepare(record: &Record, highlighter: Option<&Highlighter>) -> Option<SourceLines> {
    let code = record
        .source_code
        .as_deref()
        .filter(|c| !c.trim().is_empty())?;
    let path = record.file_path.as_deref().unwrap_or("");
    let lines = highlighter
        .and_then(|h| h.highlight(path, code))
        .unwrap_or_else(|| plain(code));
    // One numbering with `errdex show`'s and the copied `snippet:numbered`.
    let numbering =
        errdex_core::record::numbering(record.source_code_start, record.line_number, lines.len());
    let (first, marked, notice) = (numbering.first, numbering.marked, numbering.notice);
    Some(SourceLines {
        first,
        marked,
        notice,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(code: &str, start: Option<i64>, line: Option<i64>) -> Record {
        Record {
            source_code: Some(code.into()),
            source_code_start: start,
            line_number: line,
            file_path: Some("src/lib.rs".into()),
            ..Record::default()
        }
    }

    #[test]
    fn real_numbers_and_the_marked_line() {
        let s = prepare(&record("a\r\nb\r\nc\r\n", Some(98), Some(99)), None).expect("snippet");
        assert_eq!(s.first, 98);
        assert_eq!(s.marked, Some(1));
        assert_eq!(s.notice, None);
        assert_eq!(s.lines.len(), 3);
        assert_eq!(s.lines[1], vec![(None, "b".to_string())]);
        assert_eq!(s.gutter_width(), 3);
    }

    #[test]
    fn outside_or_missing_range_numbers_from_one_and_says_so() {
        let s = prepare(&record("a\nb", Some(10), Some(50)), None).expect("snippet");
        assert_eq!((s.first, s.marked), (1, None));
        assert!(s.notice.as_deref().is_some_and(|n| n.contains("line 50")));
        let s = prepare(&record("a\nb", None, Some(2)), None).expect("snippet");
        assert_eq!((s.first, s.marked), (1, None));
        assert!(s.notice.is_some());
        assert!(prepare(&record("  \n", Some(1), None), None).is_none());
    }

    /// `errdex show` (and `copy --what snippet:numbered`) and the source pane give every line
    /// the same number and mark the same line, out-of-range snippets included.
    #[test]
    fn show_and_the_source_pane_number_alike() {
        let code = "a\nb\nc";
        let cases = [
            (Some(98), Some(99)),
            // The start past the error line; the snippet longer than the range holding it.
            (Some(60), Some(50)),
            (Some(10), Some(13)),
            (None, Some(2)),
            (Some(7), None),
            (Some(0), Some(0)),
        ];
        for (start, line) in cases {
            let r = record(code, start, line);
            let pane = prepare(&r, None).expect("snippet");
            let pane_numbers: Vec<(i64, bool)> = (0..pane.lines.len())
                .map(|i| (pane.first + i as i64, pane.marked == Some(i)))
                .collect();
            let shown = errdex_core::export::numbered_snippet(&r, code);
            let show_numbers: Vec<(i64, bool)> = shown
                .lines()
                .map(|l| {
                    let (head, _) = l.split_once(" | ").expect("numbered line");
                    let number = head[1..].trim().parse().expect("a number");
                    (number, head.starts_with('>'))
                })
                .collect();
            assert_eq!(pane_numbers, show_numbers, "{start:?} {line:?}");
            let text = errdex_core::export::to_text(&r);
            match &pane.notice {
                Some(notice) => assert!(text.contains(&format!("Source ({notice})")), "{text}"),
                None => assert!(text.contains("\nSource\n"), "{text}"),
            }
        }
    }

    #[test]
    fn fix_code_is_coloured_by_the_records_language() {
        let h = Highlighter::new("base16-eighties.dark");
        let r = Record {
            example_fix: Some("let x = compute(1);".into()),
            type_guard: Some("  ".into()),
            ..record("", None, None)
        };
        let fixes = prepare_fixes(&r, Some(&h));
        let line = &fixes.example_fix.expect("example fix")[0];
        let colours: std::collections::HashSet<_> = line.iter().filter_map(|(c, _)| *c).collect();
        assert!(colours.len() > 1, "expected several colours: {colours:?}");
        assert_eq!(fixes.type_guard, None);
        let plain = prepare_fixes(&r, None).example_fix.expect("example fix");
        assert_eq!(plain, vec![vec![(None, "let x = compute(1);".to_string())]]);
    }

    #[test]
    fn highlighting_colours_rust_and_expands_tabs() {
        let h = Highlighter::new("base16-eighties.dark");
        let s = prepare(
            &record("fn main() {\n\tlet x = 1;\n}", Some(1), Some(2)),
            Some(&h),
        )
        .expect("snippet");
        let line: String = s.lines[1].iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(line, "    let x = 1;");
        let colours: std::collections::HashSet<_> =
            s.lines[1].iter().filter_map(|(c, _)| *c).collect();
        assert!(colours.len() > 1, "expected several colours: {colours:?}");
    }
}
