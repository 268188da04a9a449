//! The value of one known field: its type checked against the schema, coerced where the
//! schema allows it (with a warning), kept or only checked depending on the depth.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::record::{FieldKind, coerce_integer};

/// How much of the record to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// Only the fields search needs (id, message, pattern, repo, path, line, severity, type, tags).
    Index,
    /// Every field, unknown ones included.
    Full,
}

/// The checked value of one known field. Only the part for the field's kind is set.
#[derive(Default)]
pub struct FieldValue {
    pub text: Option<String>,
    pub integer: Option<i64>,
    pub list: Vec<String>,
}

pub struct FieldSeed<'s> {
    warnings: &'s mut Vec<String>,
    name: &'s str,
    kind: FieldKind,
    /// False for large text that the index pass only checks.
    keep: bool,
}

impl<'s> FieldSeed<'s> {
    pub fn new(
        warnings: &'s mut Vec<String>,
        depth: Depth,
        name: &'s str,
        kind: FieldKind,
    ) -> Self {
        let keep = depth == Depth::Full
            || matches!(
                name,
                "id" | "errorMessage"
                    | "messagePattern"
                    | "repo"
                    | "filePath"
                    | "lineNumber"
                    | "severity"
                    | "errorType"
                    | "tags"
                    | "datasetVersion"
            );
        FieldSeed {
            warnings,
            name,
            kind,
            keep,
        }
    }

    fn wrong<E: de::Error>(&self, found: de::Unexpected) -> E {
        let expected = match self.kind {
            FieldKind::Text => "a string or null",
            FieldKind::Integer => "an integer or null",
            FieldKind::List => "a list of strings or null",
        };
        E::custom(format!(
            "field `{}`: expected {expected}, found {found}",
            self.name
        ))
    }
}

impl<'de> DeserializeSeed<'de> for FieldSeed<'_> {
    type Value = FieldValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<FieldValue, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FieldSeed<'_> {
    type Value = FieldValue;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "the value of field `{}`", self.name)
    }
    fn visit_unit<E: de::Error>(self) -> Result<FieldValue, E> {
        Ok(FieldValue::default())
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<FieldValue, E> {
        let mut out = FieldValue::default();
        match self.kind {
            FieldKind::Text => out.text = self.keep.then(|| v.to_string()),
            FieldKind::Integer => match coerce_integer(v) {
                Some(n) => {
                    self.warnings.push(format!(
                        "field `{}`: integer written as a string ({v:?}), read as {n}",
                        self.name
                    ));
                    out.integer = Some(n);
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
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<FieldValue, E> {
        if self.kind != FieldKind::Integer {
            return Err(self.wrong(de::Unexpected::Signed(v)));
        }
        Ok(FieldValue {
            integer: Some(v),
            ..FieldValue::default()
        })
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<FieldValue, E> {
        match i64::try_from(v) {
            Ok(n) if self.kind == FieldKind::Integer => Ok(FieldValue {
                integer: Some(n),
                ..FieldValue::default()
            }),
            _ => Err(self.wrong(de::Unexpected::Unsigned(v))),
        }
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<FieldValue, E> {
        Err(self.wrong(de::Unexpected::Float(v)))
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
                        "field `{}`: expected a list of strings, found an item {other}",
                        self.name
                    )));
                }
            }
        }
        Ok(out)
    }
}
