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

    /// The value of a logfmt level field (`level=info`, `lvl=WARN`, `severity="error"`)
    /// wherever it stands in the line: go-kit and slog put `ts=`, `caller=` or `source=`
    /// before it, past the words a level is otherwise looked for in. The field decides.
    pub fn from_logfmt(line: &str) -> Option<Level> {
        let b = line.as_bytes();
        let mut from = 0;
        while let Some(eq) = memchr::memchr(b'=', &b[from..]).map(|k| from + k) {
            from = eq + 1;
            let key_start = b[..eq]
                .iter()
                .rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_' || *c == b'.'))
                .map_or(0, |k| k + 1);
            // A field starts the line or follows a space.
            if key_start > 0 && b[key_start - 1] != b' ' {
                continue;
            }
            let key = line[key_start..eq].to_ascii_lowercase();
            if !matches!(key.as_str(), "level" | "lvl" | "severity" | "loglevel") {
                continue;
            }
            let value = line[eq + 1..].trim_start_matches('"');
            let end = value
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(value.len());
            return Level::from_word(&value[..end].to_ascii_lowercase());
        }
        None
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

#[cfg(test)]
mod tests {
    use super::Level;

    #[test]
    fn a_logfmt_level_field_decides_wherever_it_stands() {
        let line = "ts=2024-01-15T10:23:45.123456789Z caller=server.go:85 \
                    component=api level=info msg=\"request failed, retrying\"";
        assert_eq!(Level::from_logfmt(line), Some(Level::Info));
        assert_eq!(
            Level::from_logfmt("time=x source=/a/b.go:3 level=\"ERROR\" msg=y"),
            Some(Level::Error)
        );
        assert_eq!(Level::from_logfmt("msg=\"sublevel=info\" x"), None);
        assert_eq!(Level::from_logfmt("level=verbose msg=x"), None);
        assert_eq!(Level::from_logfmt("no fields here"), None);
    }
}
