//! Pasted lines from a dataset of error sites, in the log formats those programs really write,
//! each labelled with the record it came from and the chain of records it holds.

#[path = "pasted_formats.rs"]
mod formats;
#[path = "pasted_strangers.rs"]
mod strangers;

pub use strangers::STRANGERS;

use serde_json::{Value, json};

/// The fields of a scanned record the writer needs.
#[derive(Debug, Clone)]
pub struct Rec {
    pub id: String,
    pub pattern: String,
    pub file: String,
    pub line: u64,
    pub module: String,
    pub lang: String,
    pub kind: String,
    pub class: String,
    pub wraps: bool,
}

pub fn read_records(text: &str) -> Vec<Rec> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|v| v.get("record").cloned().unwrap_or(v))
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or("").to_string();
            let tags: Vec<&str> = r["tags"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            Rec {
                id: s("id"),
                pattern: s("messagePattern"),
                file: s("filePath"),
                line: r["lineNumber"].as_u64().unwrap_or(0),
                module: s("module"),
                lang: s("language"),
                kind: tags.get(1).copied().unwrap_or("raise").to_string(),
                class: s("errorType"),
                wraps: tags.contains(&"wraps"),
            }
        })
        .collect()
}

/// One labelled line: `expect` is the root cause's record (None: a stranger's line, or one
/// whose every link was cut away), `chain` the records of its links, outer to inner.
pub struct Labelled {
    pub line: String,
    pub expect: Option<String>,
    pub chain: Vec<String>,
    pub origin: bool,
    pub cut: bool,
}

impl Labelled {
    /// A line of one link: `root` is the record it expects and the whole chain.
    fn single(root: &Rec, line: String, origin: bool) -> Labelled {
        Labelled {
            line,
            expect: Some(root.id.clone()),
            chain: vec![root.id.clone()],
            origin,
            cut: false,
        }
    }

    pub fn to_json(&self) -> Value {
        json!({"line": self.line, "expect": self.expect, "chain": self.chain,
               "origin": self.origin, "cut": self.cut})
    }
}

/// Values a placeholder takes: numbers, paths, names, addresses — what real lines hold.
const VALUES: &[&str] = &[
    "42",
    "8",
    "/var/lib/app/data/segment-0007.db",
    "users",
    "10.0.3.17:9092",
    "0x7f3a9c",
    "\"order_id\"",
    "3.2.1",
    "'tmp'",
    "1048576",
    "config.toml",
    "c0ffee42-1d2e-4b7a-9a61-2f3e4d5c6b7a",
    "-1",
    "main",
];

pub struct Writer<'a> {
    pub recs: &'a [Rec],
    rng: fastrand::Rng,
    ts: u64,
}

impl<'a> Writer<'a> {
    pub fn new(recs: &'a [Rec], seed: u64) -> Self {
        Writer {
            recs,
            rng: fastrand::Rng::with_seed(seed),
            ts: 1_764_540_000,
        }
    }

    /// The pattern with each `{}` filled; a wrapper's last one gets `inner` when given.
    fn fill(&mut self, pattern: &str, inner: Option<&str>) -> String {
        let n = pattern.matches("{}").count();
        let mut out = String::new();
        for (k, piece) in pattern.split("{}").enumerate() {
            if k > 0 {
                match inner {
                    Some(i) if k == n => out.push_str(i),
                    _ => out.push_str(VALUES[self.rng.usize(..VALUES.len())]),
                }
            }
            out.push_str(piece);
        }
        out
    }

    fn pick(&mut self, ok: impl Fn(&Rec) -> bool) -> Option<&'a Rec> {
        let ids: Vec<usize> = (0..self.recs.len())
            .filter(|&i| ok(&self.recs[i]))
            .collect();
        (!ids.is_empty()).then(|| &self.recs[ids[self.rng.usize(..ids.len())]])
    }

    fn stamp(&mut self) -> (String, String) {
        self.ts += self.rng.u64(1..90);
        let (s, ms) = (self.ts, self.rng.u32(0..1000));
        let (h, m, sec) = ((s / 3600) % 24, (s / 60) % 60, s % 60);
        (
            format!("2025-12-01T{h:02}:{m:02}:{sec:02}.{ms:03}412Z"),
            format!("2025-12-01 {h:02}:{m:02}:{sec:02},{ms:03}"),
        )
    }

    /// A line for one dataset: a single site, a logged error, or a chain of contexts.
    pub fn line(&mut self, cut: bool) -> Option<Labelled> {
        let recs = self.recs;
        let root = self.pick(|r| r.kind != "context")?;
        let lang = root.lang.clone();
        let shape = self.rng.u32(0..4);
        let mut out = match lang.as_str() {
            "rust" => self.rust(root, shape),
            "go" => self.go(root, shape),
            _ => self.python(root, shape),
        }?;
        if cut && !out.line.contains('\n') {
            // A long header before the message, or long fields after it, as real services add.
            let pad = format!(
                "host=ip-10-0-{}-17.eu-west-1.compute.internal pod=worker-7d9f6c5b8-x2x7k trace_id={:032x}",
                self.rng.u8(..),
                self.rng.u128(..)
            );
            out.line = if self.rng.bool() && !out.line.starts_with('{') {
                format!("{pad} {}", out.line)
            } else {
                format!(
                    "{} {pad} span_id={:016x} region=eu-west-1",
                    out.line,
                    self.rng.u64(..)
                )
            };
        }
        if cut || out.line.len() > 200 && self.rng.bool() {
            let at = self.rng.usize(180..=220);
            if out.line.len() > at {
                let mut end = at;
                while !out.line.is_char_boundary(end) {
                    end -= 1;
                }
                out.line.truncate(end);
                out.cut = true;
                let kept: Vec<String> = out
                    .chain
                    .iter()
                    .filter(|id| recs.iter().any(|r| &r.id == *id && shown(r, &out.line)))
                    .cloned()
                    .collect();
                out.expect = kept.last().cloned();
                out.chain = kept;
            }
        }
        if out.chain.len() < 2 {
            out.chain.clear();
        }
        Some(out)
    }
}

/// Whether a record's text survives in a (cut) line: its longest literal piece is there.
pub fn shown(r: &Rec, line: &str) -> bool {
    longest_piece(&r.pattern).is_some_and(|p| line.contains(p))
}

pub fn longest_piece(pattern: &str) -> Option<&str> {
    pattern
        .split("{}")
        .map(str::trim)
        .filter(|p| p.chars().any(char::is_alphabetic))
        .max_by_key(|p| p.len())
}
