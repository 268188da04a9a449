//! Where a config mistake is and how it is worded: the problems found while reading the file,
//! each at its line and column, and the short names of wrong values. `parse.rs` and the
//! tables it hands on (`remotes.rs`) both report through it.

use toml::Spanned;
use toml::de::DeValue;

use super::Problem;

/// A value with where it stands in the file.
pub(super) type Value<'i> = Spanned<DeValue<'i>>;

/// The problems found so far in one file.
pub(super) struct Problems<'a> {
    pub(super) text: &'a str,
    pub(super) name: &'a str,
    pub(super) list: Vec<Problem>,
}

impl Problems<'_> {
    /// `PATH:LINE:COLUMN` of a byte offset in the file.
    pub(super) fn place(&self, offset: usize) -> String {
        let (line, column) = line_column(self.text, offset);
        format!("{}:{line}:{column}", self.name)
    }

    pub(super) fn add(&mut self, offset: usize, message: String) {
        let (line, column) = line_column(self.text, offset);
        self.list.push(Problem {
            path: self.name.to_string(),
            line,
            column,
            message,
        });
    }
}

pub(super) fn number(value: &DeValue) -> Option<f64> {
    match value {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
            .ok()
            .map(|n| n as f64),
        DeValue::Float(f) => f.as_str().parse::<f64>().ok().filter(|f| f.is_finite()),
        _ => None,
    }
}

/// How a wrong value is named in a message: short, and never the whole of a big table.
pub(super) fn describe(value: &DeValue) -> String {
    match value {
        DeValue::String(s) => {
            let s: String = s.chars().take(40).collect();
            format!("{s:?}")
        }
        DeValue::Integer(i) => i.to_string(),
        DeValue::Float(f) => f.as_str().to_string(),
        DeValue::Boolean(b) => b.to_string(),
        DeValue::Datetime(_) => "a date".into(),
        DeValue::Array(_) => "a list".into(),
        DeValue::Table(_) => "a table".into(),
    }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}
