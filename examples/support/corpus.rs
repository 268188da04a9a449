//! The records of `gen_corpus` (see there), for the benchmarks and for tests that need a
//! corpus in the shape of the real dataset.

use std::io::{self, Write};

use serde_json::json;

#[path = "zipf.rs"]
mod zipf;

#[path = "corpus_words.rs"]
mod words;
use words::{
    DIRS, FAILURES, FILES, LANGS, NAMES, OWNERS, PHRASES, SEVERITIES, STATES, SUBJECTS, TAGS,
    TYPES, WORDS,
};

struct Gen(fastrand::Rng);

impl Gen {
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.0.usize(..xs.len())]
    }

    fn sentence(&mut self, words: usize) -> String {
        let n = words / 2 + self.0.usize(..=words);
        let mut s: Vec<&str> = (0..n.max(3)).map(|_| self.pick(WORDS)).collect();
        let first = s[0].to_string();
        let mut cap = first[..1].to_uppercase();
        cap.push_str(&first[1..]);
        s[0] = &cap;
        format!("{}.", s.join(" "))
    }

    fn paragraph(&mut self, sentences: usize) -> String {
        let n = 1 + self.0.usize(..sentences);
        (0..n)
            .map(|_| self.sentence(14))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn message(&mut self) -> String {
        let phrase = self.pick(PHRASES);
        let mut m = phrase.to_string();
        for (key, value) in [
            ("{s}", self.pick(SUBJECTS).to_string()),
            ("{f}", self.pick(FAILURES).to_string()),
            ("{a}", self.pick(STATES).to_string()),
            ("{b}", self.pick(STATES).to_string()),
            ("{n}", self.0.u32(1..10_000).to_string()),
            ("{m}", self.0.u32(1..100_000).to_string()),
            (
                "{h}",
                self.pick(&["400", "401", "403", "404", "429", "500", "502", "503"])
                    .to_string(),
            ),
        ] {
            m = m.replace(key, &value);
        }
        m
    }

    fn code(&mut self, lines: usize, error_at: usize, message: &str, comment: &str) -> String {
        let mut out = Vec::with_capacity(lines);
        for i in 0..lines {
            let indent = "    ".repeat(1 + self.0.usize(..4));
            let line = if i == error_at {
                format!("{indent}return Err(anyhow!(\"{message}\").into());")
            } else if self.0.u8(..10) == 0 {
                format!("{indent}{comment} {}", self.sentence(8))
            } else {
                let (a, b, c) = (self.pick(SUBJECTS), self.pick(FILES), self.pick(WORDS));
                format!(
                    "{indent}let {a}_{c} = self.{b}.{c}_{a}(&{a}, {}).await?;",
                    self.0.u32(..999)
                )
            };
            out.push(line);
        }
        out.join("\n")
    }
}

/// What the messages are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Distinct phrases with subjects, failures and numbers filled in.
    Phrases,
    /// 5–10 words of a 70-word Zipf vocabulary.
    Zipf,
    /// 25–60 words of a 24-word Zipf vocabulary.
    Dense,
}

/// Writes `records` records of the corpus of `seed`, one JSON document a line.
pub fn write(out: &mut impl Write, records: usize, seed: u64, shape: Shape) -> io::Result<()> {
    let mut g = Gen(fastrand::Rng::with_seed(seed));
    for i in 0..records {
        let (lang, ext, comment) = LANGS[g.0.usize(..LANGS.len())];
        let repo = format!("{}/{}", g.pick(OWNERS), g.pick(NAMES));
        let depth = 1 + g.0.usize(..4);
        let mut path: Vec<String> = (0..depth).map(|_| g.pick(DIRS).to_string()).collect();
        path.push(format!("{}.{ext}", g.pick(FILES)));
        let path = path.join("/");
        let message = match shape {
            Shape::Phrases => g.message(),
            Shape::Zipf => zipf::message(&mut g.0),
            Shape::Dense => zipf::dense_message(&mut g.0),
        };
        let lines = 15 + g.0.usize(..25);
        let start = g.0.i64(1..2000);
        let error_at = g.0.usize(..lines);
        let code = g.code(lines, error_at, &message, comment);
        let sha: String = (0..40)
            .map(|_| char::from_digit(g.0.u32(..16), 16).unwrap_or('0'))
            .collect();
        let end = start + lines as i64 - 1;
        let roll = g.0.u32(..100);
        let mut acc = 0;
        let severity = SEVERITIES.iter().find(|(_, w)| {
            acc += w;
            roll < acc
        });
        let mut tags = vec![lang.to_string()];
        for _ in 0..(2 + g.0.usize(..4)) {
            let t = g.pick(TAGS).to_string();
            if !tags.contains(&t) {
                tags.push(t);
            }
        }
        let record = json!({
            "id": format!("{:016x}", xxhash_rust::xxh3::xxh3_64(format!("{seed}:{i}").as_bytes())),
            "repo": repo,
            "slug": message.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).take(50).collect::<String>(),
            "errorCode": if g.0.bool() { Some(format!("E{:04}", g.0.u32(..10_000))) } else { None },
            "errorMessage": message,
            "messagePattern": message,
            "errorType": g.pick(TYPES),
            "errorClass": if g.0.bool() { Some(format!("{}Error", g.pick(SUBJECTS))) } else { None },
            "httpStatus": if g.0.u8(..5) == 0 { Some(500 + g.0.u32(..4)) } else { None },
            "severity": severity.map_or("error", |s| s.0),
            "filePath": path,
            "lineNumber": start + error_at as i64,
            "sourceCode": code,
            "sourceCodeStart": start,
            "sourceCodeEnd": end,
            "githubUrl": format!("https://github.com/{repo}/blob/{sha}/{path}#L{start}-L{end}"),
            "documentation": g.paragraph(5),
            "triggerScenarios": g.paragraph(3),
            "commonSituations": g.paragraph(3),
            "solutions": (0..(2 + g.0.usize(..4))).map(|_| g.sentence(16)).collect::<Vec<_>>(),
            "exampleFix": if g.0.bool() { Some(g.code(3, 99, "", comment)) } else { None },
            "handlingStrategy": g.pick(&["validation", "retry", "fail-fast", "fallback", "configuration"]),
            "validationCode": g.code(2, 99, "", comment),
            "typeGuard": if g.0.bool() { Some(g.code(2, 99, "", comment)) } else { None },
            "tryCatchPattern": g.code(5, 99, "", comment),
            "preventionTips": (0..(2 + g.0.usize(..3))).map(|_| g.sentence(12)).collect::<Vec<_>>(),
            "tags": tags,
            "backgroundTag": g.pick(TAGS),
            "analyzedSha": sha,
            "analyzedAt": "2026-09-11T21:06:21.487Z",
            "contentChangedAt": "2026-09-11T21:06:21.487Z",
            "schemaVersion": 2,
        });
        let wrapped = json!({"record": record, "datasetVersion": "2026-09-14T16:17:12.679Z"});
        writeln!(out, "{wrapped}")?;
    }
    Ok(())
}
