//! Log levels: which lines are ordinary, and how JSON logs and syslog number them.

/// A log level, as far as deciding whether a line may be an error goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
    Fatal,
}

impl Level {
    /// Ordinary lines: they only match a record whose message they contain.
    pub fn is_benign(self) -> bool {
        self <= Level::Info
    }

    pub fn from_word(word: &str) -> Option<Level> {
        Some(match word {
            "trace" | "trc" | "finest" | "finer" => Level::Trace,
            "debug" | "dbg" | "fine" => Level::Debug,
            "info" | "inf" | "notice" | "information" => Level::Info,
            "warn" | "warning" | "wrn" => Level::Warn,
            "error" | "err" | "eror" | "severe" => Level::Error,
            "fatal" | "crit" | "critical" | "alert" | "emerg" | "emergency" => Level::Fatal,
            _ => return None,
        })
    }

    /// Syslog severities 0–7, and the numbers of pino/bunyan JSON logs (10 trace … 60 fatal).
    pub fn from_number(n: i64) -> Option<Level> {
        Some(match n {
            0..=2 | 60.. => Level::Fatal,
            3 | 50..=59 => Level::Error,
            4 | 40..=49 => Level::Warn,
            5 | 6 | 30..=39 => Level::Info,
            7 | 20..=29 => Level::Debug,
            10..=19 => Level::Trace,
            _ => return None,
        })
    }
}
