//! The value of one known field: its type checked against the schema, coerced where the
//! schema allows it (with a warning), kept or only checked depending on the depth.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::record::{Field, FieldKind, FieldValue, coerce_integer};

/// How much of the record to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// Only the fields the search index keeps (`Field::indexed`).
    Index,
    /// Every field, unknown ones included.
    Full,
}

pub struct FieldSeed<'s> {
    warnings: &'s mut Vec<String>,
    name: &'static str,
    kind: FieldKind,
    /// A line of a file: it must be one a file can have.
    is_line: bool,
    /// False for large text that the index pass only checks.
    keep: bool,
    /// Text that is not kept, in a document checked as UTF-8 whole: skipped unread where
    /// that surely finds what reading it would (see `READ_AGAIN`).
    skim: bool,
}

/// The error a skimmed value returns where skipping it might not find what reading it would
/// (a `\u` escape, which may be half of a surrogate pair; a value that is not a string; any
/// error): the document is read again without skimming, for the same answer.
pub const READ_AGAIN: &str = "errdex: read the document again without skimming";

impl<'s> FieldSeed<'s> {
    /// The seed of `field`; `utf8`: the document was checked as UTF-8 whole, so text that is
    /// not kept may be skimmed.
    pub fn new(warnings: &'s mut Vec<String>, (depth, utf8): (Depth, bool), field: Field) -> Self {
        let keep = depth == Depth::Full || field.indexed();
        FieldSeed {
            warnings,
            name: field.name(),
            kind: field.kind(),
            is_line: field.is_line(),
            keep,
            skim: utf8 && !keep && field.kind() == FieldKind::Text,
        }
    }

    /// The wrapper's `datasetVersion`: text, kept at every depth.
    pub fn dataset_version(warnings: &'s mut Vec<String>) -> Self {
        FieldSeed {
            warnings,
            name: "datasetVersion",
            kind: FieldKind::Text,
            is_line: false,
            keep: true,
            skim: false,
        }
    }

    fn wrong<E: de::Error>(&self, found: de::Unexpected) -> E {
        let expected = match self.kind {
            FieldKind::Text => "a string or null",
            FieldKind::Integer => "an integer or null",
            FieldKind::List => "an array of strings or null",
        };
        E::custom(format!(
            "field `{}`: expected {expected}, found {}",
            self.name,
            json_kind(found)
        ))
    }

    /// An integer for this field; a line number must be one a file can have, so the
    /// arithmetic of numbering a snippet cannot overflow.
    fn integer(&mut self, n: i64) -> FieldValue {
        let integer = if self.is_line && !(0..=MAX_LINE).contains(&n) {
            self.warnings.push(format!(
                "field `{}`: {n} is not a line number (0 to {MAX_LINE}); ignored",
                self.name
            ));
            None
        } else {
            Some(n)
        };
        FieldValue {
            integer,
            ..FieldValue::default()
        }
    }
}

/// The largest line number a snippet or an error line may have.
const MAX_LINE: i64 = u32::MAX as i64;

/// A value as a JSON user names it: `null`, `an array`, `the number 1.5`, `the string "x"`.
pub fn json_kind(found: de::Unexpected) -> String {
    use de::Unexpected as U;
    match found {
        U::Unit | U::Option => "null".into(),
        U::Bool(b) => format!("`{b}`"),
        U::Signed(n) => format!("the number {n}"),
        U::Unsigned(n) => format!("the number {n}"),
        U::Float(v) => format!("the number {}", json_number(v)),
        U::Str(v) => format!("the string {}", Value::from(v)),
        U::Seq => "an array".into(),
        U::Map => "an object".into(),
        other => other.to_string(),
    }
}

/// A float as JSON writes it: whole numbers without `.0`, in full (2^64 is not
/// `18446744073709552000.0`).
fn json_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e21 {
        format!("{v:.0}")
    } else {
        v.to_string()
    }
}

/// A JSON number with no fraction that fits an i64 is an integer, however it is written
/// (`-0`, `4e2`, `1.0`).
fn whole(v: f64) -> Option<i64> {
    const LIMIT: f64 = 9_223_372_036_854_775_808.0; // 2^63
    (v.fract() == 0.0 && (-LIMIT..LIMIT).contains(&v)).then_some(v as i64)
}

impl<'de> DeserializeSeed<'de> for FieldSeed<'_> {
    type Value = FieldValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<FieldValue, D::Error> {
        if !self.skim {
            return d.deserialize_any(self);
        }
        // Skipped as its bytes (a source snippet is most of a record): in a document that is
        // UTF-8, the skip checks a string's control characters and escapes as reading it
        // would, except that a `\u` escape is half of a surrogate pair.
        match <&RawValue as de::Deserialize>::deserialize(d) {
            Ok(raw) if skimmed(raw.get()) => Ok(FieldValue::default()),
            _ => Err(de::Error::custom(READ_AGAIN)),
        }
    }
}

/// Whether a value skipped as its JSON text is what reading it would accept and not keep: a
/// string whose `\u` escapes pair their surrogates, or null.
fn skimmed(json: &str) -> bool {
    json == "null" || json.starts_with('"') && surrogates_pair(json.as_bytes())
}

/// Whether every UTF-16 surrogate a string's `\u` escapes write is half of a pair, as reading
/// it into a string requires: a leading one followed at once by a `\u` escape of a trailing
/// one. The skip has checked the escapes' hex already; data written with every non-ASCII
/// character escaped (Python's `json.dumps`) is skimmed, not read twice.
fn surrogates_pair(text: &[u8]) -> bool {
    // Where the escape of a trailing surrogate must start, after a leading one.
    let mut trail_at = None;
    let mut from = 0;
    while let Some(found) = memchr::memchr(b'\\', &text[from..]) {
        let at = from + found;
        if trail_at.is_some_and(|t| t != at) {
            return false;
        }
        let unit = (text.get(at + 1) == Some(&b'u'))
            .then(|| std::str::from_utf8(text.get(at + 2..at + 6)?).ok())
            .flatten()
            .and_then(|hex| u16::from_str_radix(hex, 16).ok());
        trail_at = match (unit, trail_at) {
            (Some(0xDC00..=0xDFFF), Some(_)) => None,
            (_, Some(_)) | (Some(0xDC00..=0xDFFF), None) => return false,
            (Some(0xD800..=0xDBFF), None) => Some(at + 6),
            (_, None) => None,
        };
        from = at + if unit.is_some() { 6 } else { 2 };
    }
    trail_at.is_none()
}

impl<'de> Visitor<'de> for FieldSeed<'_> {
    type Value = FieldValue;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "the value of field `{}`", self.name)
    }
    fn visit_unit<E: de::Error>(self) -> Result<FieldValue, E> {
        Ok(FieldValue::default())
    }
    fn visit_str<E: de::Error>(mut self, v: &str) -> Result<FieldValue, E> {
        let mut out = FieldValue::default();
        match self.kind {
            FieldKind::Text => out.text = self.keep.then(|| v.to_string()),
            FieldKind::Integer => match coerce_integer(v) {
                Some(n) => {
                    self.warnings.push(format!(
                        "field `{}`: integer written as a string ({v:?}), read as {n}",
                        self.name
                    ));
                    return Ok(self.integer(n));
                }
                None => return Err(self.wrong(de::Unexpected::Str(v))),
            },
            FieldKind::List => {
                self.warnings.push(format!(
                    "field `{}`: a lone string where a list is expected, read as a list of one",
                    self.name
                ));
                if self.keep {
                    out.list.push(v.to_string());
                }
            }
        }
        Ok(out)
    }
    fn visit_i64<E: de::Error>(mut self, v: i64) -> Result<FieldValue, E> {
        if self.kind != FieldKind::Integer {
            return Err(self.wrong(de::Unexpected::Signed(v)));
        }
        Ok(self.integer(v))
    }
    fn visit_u64<E: de::Error>(mut self, v: u64) -> Result<FieldValue, E> {
        match i64::try_from(v) {
            Ok(n) if self.kind == FieldKind::Integer => Ok(self.integer(n)),
            _ => Err(self.wrong(de::Unexpected::Unsigned(v))),
        }
    }
    fn visit_f64<E: de::Error>(mut self, v: f64) -> Result<FieldValue, E> {
        match whole(v) {
            Some(n) if self.kind == FieldKind::Integer => Ok(self.integer(n)),
            _ => Err(self.wrong(de::Unexpected::Float(v))),
        }
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<FieldValue, E> {
        Err(self.wrong(de::Unexpected::Bool(v)))
    }
    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<FieldValue, A::Error> {
        Err(self.wrong(de::Unexpected::Map))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<FieldValue, A::Error> {
        if self.kind != FieldKind::List {
            return Err(self.wrong(de::Unexpected::Seq));
        }
        let mut out = FieldValue::default();
        while let Some(item) = seq.next_element::<Value>()? {
            match item {
                Value::String(s) if self.keep => out.list.push(s),
                Value::String(_) => {}
                other => {
                    return Err(de::Error::custom(format!(
                        "field `{}`: expected an array of strings, found an item {}",
                        self.name,
                        item_kind(&other)
                    )));
                }
            }
        }
        Ok(out)
    }
}

/// An array item that is not a string, named as in `json_kind`.
fn item_kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {}", Value::from(s.as_str())),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}
