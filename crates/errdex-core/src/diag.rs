//! Diagnostics about the data: where (file and line) and what.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, bitcode::Encode, bitcode::Decode)]
pub enum Level {
    Error,
    Warning,
}

/// `PATH:LINE: error|warning: MESSAGE`; line 0 means the whole file.
#[derive(Debug, Clone, PartialEq, Eq, bitcode::Encode, bitcode::Decode)]
pub struct Diagnostic {
    pub path: String,
    pub line: u32,
    pub level: Level,
    pub message: String,
}

impl Diagnostic {
    pub fn error(path: impl Into<String>, line: u32, message: impl Into<String>) -> Self {
        Self::new(path, line, Level::Error, message)
    }

    pub fn warning(path: impl Into<String>, line: u32, message: impl Into<String>) -> Self {
        Self::new(path, line, Level::Warning, message)
    }

    fn new(path: impl Into<String>, line: u32, level: Level, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.into(),
            line,
            level,
            message: message.into(),
        }
    }

    pub fn is_error(&self) -> bool {
        self.level == Level::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.level {
            Level::Error => "error",
            Level::Warning => "warning",
        };
        if self.line == 0 {
            write!(f, "{}: {level}: {}", self.path, self.message)
        } else {
            write!(f, "{}:{}: {level}: {}", self.path, self.line, self.message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_a_compiler() {
        assert_eq!(
            Diagnostic::error("a.jsonl", 3, "boom").to_string(),
            "a.jsonl:3: error: boom"
        );
        assert_eq!(
            Diagnostic::warning("dir", 0, "empty").to_string(),
            "dir: warning: empty"
        );
    }
}
