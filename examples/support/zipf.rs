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
    let total: f64 = (1..=WORDS.len()).map(|r| 1.0 / r as f64).sum();
    let n = 5 + rng.usize(..6);
    let mut words: Vec<String> = Vec::with_capacity(n + 1);
    for _ in 0..n {
        let mut x = rng.f64() * total;
        let mut pick = WORDS.len() - 1;
        for (rank, _) in WORDS.iter().enumerate() {
            x -= 1.0 / (rank + 1) as f64;
            if x <= 0.0 {
                pick = rank;
                break;
            }
        }
        words.push(WORDS[pick].to_string());
    }
    if rng.bool() {
        let at = 1 + rng.usize(..n - 1);
        words.insert(at, rng.u32(1..100_000).to_string());
    }
    words.join(" ")
}
