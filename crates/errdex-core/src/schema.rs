//! The record's JSON Schema (draft 2020-12), built from `record::Field` — the table the
//! loader checks every field against — so the schema and the loader cannot drift apart.
//! `assets/record.schema.json` holds the same text for editors; a test keeps them equal.

use serde_json::{Map, Value, json};

use crate::record::{Field, FieldKind};

fn field_schema(field: Field) -> Value {
    let mut v = match (field, field.kind()) {
        // Required and never empty: the one field a record cannot do without.
        (Field::ErrorMessage, _) => json!({"type": "string", "minLength": 1}),
        (_, FieldKind::Text) => json!({"type": ["string", "null"]}),
        (_, FieldKind::Integer) => json!({"type": ["integer", "null"]}),
        (_, FieldKind::List) => json!({"type": ["array", "null"], "items": {"type": "string"}}),
    };
    if let Some(obj) = v.as_object_mut() {
        obj.insert("description".into(), json!(field.description()));
    }
    v
}

/// The schema as a JSON value: a record, or a record wrapped with its dataset's version.
pub fn schema() -> Value {
    let mut properties = Map::new();
    for field in Field::ALL {
        properties.insert(field.name().to_string(), field_schema(*field));
    }
    properties.insert(
        "replaces".into(),
        json!({"type": "boolean", "description": "Written by `errdex add --replace`: this record hides the earlier records with its id from search."}),
    );
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "errdex record",
        "description": "One known error. A file holds records, one JSON document each (or JSON Lines, or an array); fields outside this list are kept.",
        "oneOf": [
            {"$ref": "#/$defs/record"},
            {
                "type": "object",
                "required": ["record"],
                "properties": {
                    "record": {"$ref": "#/$defs/record"},
                    "datasetVersion": {"type": ["string", "null"]}
                }
            }
        ],
        "$defs": {
            "record": {
                "type": "object",
                "required": ["errorMessage"],
                "properties": properties,
                "additionalProperties": true
            }
        }
    })
}

/// The schema as `errdex schema` prints it and the asset file holds it.
pub fn schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&schema()).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_asset_file_is_the_generated_schema() {
        let asset = include_str!("../../../assets/record.schema.json");
        assert_eq!(
            asset,
            schema_text(),
            "assets/record.schema.json is stale: run `cargo run -- schema > assets/record.schema.json`"
        );
    }

    /// The loader accepts every type the schema allows for a field and refuses the others
    /// (its two documented coercions, a number in a string and a lone string for a list, are
    /// warnings, so they are left out).
    #[test]
    fn the_loader_agrees_with_the_schema_on_every_field() {
        use crate::load::{self, Depth, Options, SourceSpec};
        let s = schema();
        let props = s["$defs"]["record"]["properties"]
            .as_object()
            .expect("properties");
        let samples = [
            ("string", json!("text")),
            ("integer", json!(7)),
            ("array", json!(["a", "b"])),
            ("null", Value::Null),
            ("boolean", json!(true)),
            ("object", json!({"a": 1})),
            ("number", json!(1.5)),
        ];
        for (name, def) in props.iter().filter(|(n, _)| *n != "replaces") {
            let allowed: Vec<&str> = match &def["type"] {
                Value::String(t) => vec![t.as_str()],
                Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                _ => panic!("{name} has no type"),
            };
            for (kind, value) in &samples {
                let coerced = *kind == "string"
                    && (allowed.contains(&"integer") || allowed.contains(&"array"));
                if coerced {
                    continue;
                }
                let mut doc = json!({"id": "x", "errorMessage": "boom"});
                doc[name.as_str()] = value.clone();
                let text = format!("{doc}\n");
                let bytes: &'static [u8] = Box::leak(text.into_bytes().into_boxed_slice());
                let spec = SourceSpec::Embedded { name: "t", bytes };
                let options = Options {
                    depth: Depth::Full,
                    ..Options::default()
                };
                let loaded = load::load(&[spec], options, &|_| {});
                let accepted = loaded.errors() == 0;
                assert_eq!(
                    accepted,
                    allowed.contains(kind),
                    "field {name} with a {kind}: loader {}, schema {allowed:?}",
                    if accepted { "accepts" } else { "refuses" }
                );
            }
        }
    }

    #[test]
    fn every_loader_field_is_described_in_order() {
        let s = schema();
        let props = s["$defs"]["record"]["properties"]
            .as_object()
            .expect("properties");
        let names: Vec<&str> = props.keys().map(String::as_str).collect();
        let fields: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(&names[..fields.len()], &fields[..]);
        for (name, v) in props {
            let d = v["description"].as_str().unwrap_or("");
            assert!(!d.is_empty(), "no description for {name}");
        }
    }
}
