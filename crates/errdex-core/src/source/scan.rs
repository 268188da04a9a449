//! Reads one JSON document into a `Record` in a single streaming pass, checking every known
//! field's type as it goes. The index pass skips the large text fields (it only checks their
//! type), so loading 100k records allocates only what search keeps in memory.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

pub use super::field::Depth;
use super::field::{FieldSeed, READ_AGAIN};
use crate::record::{Field, Record, derive_id};

/// A record read from one document, with the coercions that were needed.
#[derive(Debug, Default)]
pub struct Scanned {
    pub record: Record,
    pub warnings: Vec<String>,
}

/// Why a document is not a record. `line` and `column` are 1-based within the document, when
/// the JSON itself is at fault.
#[derive(Debug)]
pub struct ScanError {
    pub message: String,
    pub position: Option<(usize, usize)>,
}

pub fn scan(doc: &[u8], depth: Depth) -> Result<Scanned, ScanError> {
    let mut state = State::new(depth);
    // A document checked as UTF-8 whole is parsed without checking each string again (a
    // cold `errdex stats` of a million records: 9.6 s, 8.0 so); one that is not is parsed as
    // bytes, for the same error at the same place.
    let parsed = match std::str::from_utf8(doc) {
        Ok(text) => {
            // Its large text not kept is skimmed (`FieldSeed`); where that cannot tell, read.
            state.utf8 = true;
            match parse(&mut serde_json::Deserializer::from_str(text), &mut state) {
                Err(e) if e.is_data() && e.to_string().starts_with(READ_AGAIN) => {
                    state = State::new(depth);
                    parse(&mut serde_json::Deserializer::from_str(text), &mut state)
                }
                parsed => parsed,
            }
        }
        Err(_) => parse(&mut serde_json::Deserializer::from_slice(doc), &mut state),
    };
    if let Err(e) = parsed {
        return Err(to_scan_error(&e, doc));
    }
    state.finish()
}

/// Reads one document into `state`, and checks nothing follows it.
fn parse<'de, R: serde_json::de::Read<'de>>(
    de: &mut serde_json::Deserializer<R>,
    state: &mut State,
) -> serde_json::Result<()> {
    DocSeed { state }.deserialize(&mut *de)?;
    de.end()
}

fn to_scan_error(e: &serde_json::Error, doc: &[u8]) -> ScanError {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let mut message = text.strip_suffix(&suffix).unwrap_or(&text).to_string();
    let about_escapes = [
        "unexpected end of hex escape",
        "lone leading surrogate in hex escape",
        "invalid unicode code point",
    ];
    if about_escapes.contains(&message.as_str())
        && let Some(escape) = surrogate_escape(doc)
    {
        message = format!(
            "`{escape}` is half of a UTF-16 surrogate pair without its other half: not a character"
        );
    }
    let position = (e.is_syntax() || e.is_eof()).then(|| (e.line(), e.column()));
    ScanError { message, position }
}

/// The first `\uD800`–`\uDFFF` escape in a document, as written.
fn surrogate_escape(doc: &[u8]) -> Option<String> {
    doc.windows(6).find_map(|w| {
        let hex = std::str::from_utf8(&w[2..]).ok()?;
        let n = u16::from_str_radix(hex, 16).ok()?;
        (w.starts_with(b"\\u") && (0xD800..=0xDFFF).contains(&n))
            .then(|| String::from_utf8_lossy(w).into_owned())
    })
}

struct State {
    depth: Depth,
    top: Record,
    /// The record inside a `{"record": {...}, "datasetVersion": ...}` wrapper.
    inner: Option<Record>,
    dataset_version: Option<String>,
    warnings: Vec<String>,
    has_message: bool,
    /// The document is UTF-8 as a whole: large text not kept may be skimmed.
    utf8: bool,
}

impl State {
    fn new(depth: Depth) -> State {
        State {
            depth,
            top: Record::default(),
            inner: None,
            dataset_version: None,
            warnings: Vec::new(),
            has_message: false,
            utf8: false,
        }
    }

    fn finish(self) -> Result<Scanned, ScanError> {
        let wrapped = self.inner.is_some();
        let mut record = self.inner.unwrap_or(self.top);
        let fail = |message: String| {
            Err(ScanError {
                message,
                position: None,
            })
        };
        if record.error_message.trim().is_empty() {
            let place = if wrapped { " in `record`" } else { "" };
            return fail(if self.has_message {
                format!("field `errorMessage` is empty{place}")
            } else {
                format!("missing required field `errorMessage`{place}")
            });
        }
        record.dataset_version = self.dataset_version;
        let mut warnings = self.warnings;
        if record.id.trim().is_empty() {
            record.id = derive_id(
                &record.error_message,
                record.repo.as_deref(),
                record.file_path.as_deref(),
                record.line_number,
            );
            record.id_derived = true;
            warnings.push(format!("no `id`; derived `{}` from the content", record.id));
        }
        Ok(Scanned { record, warnings })
    }
}

struct DocSeed<'s> {
    state: &'s mut State,
}

impl<'de> DeserializeSeed<'de> for DocSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(DocVisitor { state: self.state })
    }
}

struct DocVisitor<'s> {
    state: &'s mut State,
}

fn not_a_record<E: de::Error>(found: de::Unexpected) -> E {
    E::custom(format!(
        "not a record: expected a JSON object, found {}",
        super::field::json_kind(found)
    ))
}

impl<'de> Visitor<'de> for DocVisitor<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let state = self.state;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Other(name) if name == "record" && state.inner.is_none() => {
                    let mut inner = Record::default();
                    let seed = RecordOrValue {
                        state: &mut *state,
                        record: &mut inner,
                    };
                    match map.next_value_seed(seed)? {
                        Some(extra) => {
                            if state.depth == Depth::Full {
                                state.top.extra.insert(name, extra);
                            }
                        }
                        None => state.inner = Some(inner),
                    }
                }
                Key::Other(name) if name == "datasetVersion" => {
                    let seed = FieldSeed::dataset_version(&mut state.warnings);
                    state.dataset_version = map.next_value_seed(seed)?.text;
                }
                key => {
                    let mut top = std::mem::take(&mut state.top);
                    let result = read_field(&mut map, state, &mut top, key);
                    state.top = top;
                    result?;
                }
            }
        }
        Ok(())
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        Err(not_a_record(de::Unexpected::Bool(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        Err(not_a_record(de::Unexpected::Signed(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        Err(not_a_record(de::Unexpected::Unsigned(v)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        Err(not_a_record(de::Unexpected::Float(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        Err(not_a_record(de::Unexpected::Str(v)))
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Err(not_a_record(de::Unexpected::Unit))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<(), A::Error> {
        Err(not_a_record(de::Unexpected::Seq))
    }
}

/// Reads the value of one field of a record (known or not) into `record`.
fn read_field<'de, A: MapAccess<'de>>(
    map: &mut A,
    state: &mut State,
    record: &mut Record,
    key: Key,
) -> Result<(), A::Error> {
    let Key::Field(field) = key else {
        match (key, state.depth) {
            (Key::Other(name), Depth::Full) => {
                let value: Value = map.next_value()?;
                record.extra.insert(name, value);
            }
            // What the index keeps of a scanned site beside the schema (`Entry::shared`).
            (Key::Other(name), _) if name == crate::record::SHARED_VALUE => {
                let value: Value = map.next_value()?;
                record.extra.insert(name, value);
            }
            // Checked, not kept: the same bad value must reject the record at every depth.
            _ => {
                map.next_value::<Checked>()?;
            }
        }
        return Ok(());
    };
    if field == Field::ErrorMessage {
        state.has_message = true;
    }
    let seed = FieldSeed::new(&mut state.warnings, (state.depth, state.utf8), field);
    record.set(field, map.next_value_seed(seed)?);
    Ok(())
}

/// Any JSON value, read and dropped. Unlike `IgnoredAny`, whose fast skip neither checks
/// strings for UTF-8 nor limits nesting, it is held to the rules a kept value is.
struct Checked;

impl<'de> de::Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CheckedVisitor)
    }
}

struct CheckedVisitor;

impl<'de> Visitor<'de> for CheckedVisitor {
    type Value = Checked;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        while map.next_entry::<Checked, Checked>()?.is_some() {}
        Ok(Checked)
    }
}

/// A map key: a field of the schema, found as the key is read (most keys are, and need no
/// copy of their name), or any other name, kept only as long as the map is being read.
enum Key {
    Field(Field),
    Other(String),
}

impl<'de> de::Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl Visitor<'_> for KeyVisitor {
    type Value = Key;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        Ok(Field::from_name(v).map_or_else(|| Key::Other(v.to_string()), Key::Field))
    }
}

/// The value of `record`: a nested record (wrapper form) or, in a bare record, any other
/// value that is then kept as an unknown field.
struct RecordOrValue<'s> {
    state: &'s mut State,
    record: &'s mut Record,
}

impl<'de> DeserializeSeed<'de> for RecordOrValue<'_> {
    type Value = Option<Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<Value>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RecordOrValue<'_> {
    type Value = Option<Value>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a record")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Value>, A::Error> {
        // A wrapper's record: its own errorMessage is what counts.
        self.state.has_message = false;
        while let Some(key) = map.next_key::<Key>()? {
            read_field(&mut map, self.state, self.record, key)?;
        }
        Ok(None)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Option<Value>, E> {
        Ok(Some(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Option<Value>, E> {
        Ok(Some(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Option<Value>, E> {
        Ok(Some(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Option<Value>, E> {
        Ok(Some(v.into()))
    }
    fn visit_str<E>(self, v: &str) -> Result<Option<Value>, E> {
        Ok(Some(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Option<Value>, E> {
        Ok(Some(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<Value>, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element::<Value>()? {
            items.push(v);
        }
        Ok(Some(Value::Array(items)))
    }
}

#[cfg(test)]
#[path = "scan_tests.rs"]
mod tests;
