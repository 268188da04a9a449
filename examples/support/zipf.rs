//! Messages from a small vocabulary with Zipf-like word frequencies: what a large organisation's
//! dataset looks like when "connection", "timeout", "failed", "invalid" are in every other
//! message. The hard case for triage: no message has a rare word to find it by.

/// Seventy common words of error messages, most frequent first.
pub const WORDS: &[&str] = &[
    "failed",
    "connection",
    "error",
    "timeout",
    "invalid",
    "request",
    "not",
    "found",
    "to",
    "the",
    "of",
    "in",
    "for",
    "user",
    "server",
    "client",
    "database",
    "file",
    "read",
    "write",
    "open",
    "close",
    "unable",
    "cannot",
    "missing",
    "value",
    "key",
    "config",
    "service",
    "response",
    "status",
    "session",
    "token",
    "expired",
    "denied",
    "access",
    "permission",
    "resource",
    "limit",
    "exceeded",
    "queue",
    "message",
    "handler",
    "retry",
    "after",
    "while",
    "during",
    "update",
    "delete",
    "create",
    "record",
    "table",
    "index",
    "cache",
    "memory",
    "disk",
    "network",
    "socket",
    "host",
    "port",
    "address",
    "header",
    "body",
    "format",
    "parse",
    "schema",
    "field",
    "type",
    "null",
    "empty",
];

/// A message of 5–10 words drawn with weight 1/rank, sometimes with a number in it.
pub fn message(rng: &mut fastrand::Rng) -> String {
    let n = 5 + rng.usize(..6);
    drawn(rng, WORDS, n)
}

/// The harder shape still: a message of 25–60 words from the 24 most common, with weight
/// 1/rank. Nearly every block of records then holds nearly every letter in every order, and
/// every word matches a large share of the records.
pub fn dense_message(rng: &mut fastrand::Rng) -> String {
    let n = 25 + rng.usize(..36);
    drawn(rng, &WORDS[..24], n)
}

/// `n` words of `vocab` drawn with weight 1/rank, and half the time a number among them.
fn drawn(rng: &mut fastrand::Rng, vocab: &[&str], n: usize) -> String {
    let total: f64 = (1..=vocab.len()).map(|r| 1.0 / r as f64).sum();
    let mut words: Vec<String> = Vec::with_capacity(n + 1);
    for _ in 0..n {
        let mut x = rng.f64() * total;
        let mut pick = vocab.len() - 1;
        for (rank, _) in vocab.iter().enumerate() {
            x -= 1.0 / (rank + 1) as f64;
            if x <= 0.0 {
                pick = rank;
                break;
            }
        }
        words.push(vocab[pick].to_string());
    }
    if rng.bool() {
        let at = 1 + rng.usize(..n - 1);
        words.insert(at, rng.u32(1..100_000).to_string());
    }
    words.join(" ")
}
