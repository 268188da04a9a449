//! Datasets of every error site of a real source tree, and lines pasted from them.
//!
//! cargo run --example gen_pasted -- sites rust rustls ~/.cargo/registry/src/*/rustls-0.23.*/ > ds.jsonl
//! cargo run --example gen_pasted -- sites go go /usr/lib/go/src/net > ds.jsonl
//! cargo run --example gen_pasted -- sites python stdlib /usr/lib/python3.11/email > ds.jsonl
//! cargo run --example gen_pasted -- lines ds.jsonl SEED [COUNT] > lines.jsonl
//!
//! `sites` writes one record per site with the fields `errdex scan` writes (`module`,
//! `language`, `scanKind`); several trees may be named, one repository. `lines` writes COUNT
//! (150) lines in the programs' own log formats — a third or more naming their origin, a
//! quarter cut at 180–220 characters — and 50 error lines of other software, each a JSON
//! object with the expected record (`expect`) and the records of its chain (`chain`).

// A developer's tool writing generated data, not errdex's output to a person.
#![allow(clippy::disallowed_methods)]

#[path = "support/pasted_lines.rs"]
mod pasted_lines;
#[path = "support/pasted_sites.rs"]
mod pasted_sites;

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    match args.first().map(String::as_str) {
        Some("sites") if args.len() >= 4 => {
            let lang: &'static str = match args[1].as_str() {
                "rust" => "rust",
                "go" => "go",
                _ => "python",
            };
            for dir in &args[3..] {
                for site in pasted_sites::scan(lang, &args[2], std::path::Path::new(dir)) {
                    writeln!(out, "{}", pasted_sites::record(&site)).expect("write");
                }
            }
        }
        Some("lines") if args.len() >= 3 => {
            let text = std::fs::read_to_string(&args[1]).expect("read the dataset");
            let recs = pasted_lines::read_records(&text);
            let seed: u64 = args[2].parse().expect("a seed");
            let count: usize = args.get(3).map_or(150, |c| c.parse().expect("a count"));
            let mut w = pasted_lines::Writer::new(&recs, seed);
            let (mut written, mut tries) = (0, 0);
            while written < count && tries < count * 20 {
                tries += 1;
                // Every fourth line is written long enough to be cut, and cut.
                if let Some(l) = w.line(written % 4 == 3) {
                    writeln!(out, "{}", l.to_json()).expect("write");
                    written += 1;
                }
            }
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut strangers: Vec<&str> = pasted_lines::STRANGERS.to_vec();
            rng.shuffle(&mut strangers);
            for s in strangers.iter().take(50) {
                let line = s.replace("{n}", &rng.u32(2..9999).to_string());
                let l = serde_json::json!({"line": line, "expect": null, "chain": [], "origin": false, "cut": false, "other": true});
                writeln!(out, "{l}").expect("write");
            }
        }
        _ => {
            eprintln!(
                "usage: gen_pasted sites LANG REPO DIR... | gen_pasted lines DATASET SEED [COUNT]"
            );
            std::process::exit(2);
        }
    }
}
