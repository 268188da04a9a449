//! A seeded synthetic corpus in the shape of the real dataset, for benchmarks.
//!
//! cargo run --release --example gen_corpus -- --records 100000 [--seed 42] [--zipf|--dense] > corpus.jsonl
//!
//! `--zipf`: messages from a 70-word vocabulary with Zipf-like frequencies (the hard case for
//! triage) instead of distinct phrases. `--dense`: 25–60 words from the 24 most common of them
//! (the hard case for search: every word matches much of the corpus).
//!
//! The same seed and count always give the same bytes.
// A developer's tool writing generated data, not errdex's output to a person.
#![allow(clippy::disallowed_methods)]

use std::io::{self, BufWriter, Write};

#[path = "support/corpus.rs"]
mod corpus;

fn main() {
    let mut records = 100_000usize;
    let mut seed = 42u64;
    let mut shape = corpus::Shape::Phrases;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--zipf" => shape = corpus::Shape::Zipf,
            "--dense" => shape = corpus::Shape::Dense,
            _ => {}
        }
        if a == "--zipf" || a == "--dense" {
            continue;
        }
        let value = args.next().and_then(|v| v.parse().ok());
        match (a.as_str(), value) {
            ("--records", Some(v)) => records = v as usize,
            ("--seed", Some(v)) => seed = v,
            _ => {
                eprintln!(
                    "usage: gen_corpus [--records N] [--seed S] [--zipf|--dense] > corpus.jsonl"
                );
                std::process::exit(2);
            }
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    if corpus::write(&mut out, records, seed, shape).is_ok() {
        let _ = out.flush();
    }
}
