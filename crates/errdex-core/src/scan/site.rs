//! What a language's table finds at one place in the code, before it becomes a record.

use super::message::Message;

/// `scanKind`: what the statement does with the error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An error value created, returned or thrown.
    Raise,
    /// A logging call at error or warning level.
    Log,
    /// A panic, an assertion, an `expect`.
    Panic,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Raise => "raise",
            Kind::Log => "log",
            Kind::Panic => "panic",
        }
    }

    /// The severity a site of this kind has when its call names no level.
    pub fn severity(self) -> &'static str {
        match self {
            Kind::Panic => "critical",
            _ => "error",
        }
    }
}

/// The severity named by a log level word (`Warnf`, `warning`, `CRITICAL`, `fatal`).
pub fn level_severity(level: &str) -> &'static str {
    let l = level.to_ascii_lowercase();
    if l.starts_with("warn") {
        "warning"
    } else if l.starts_with("crit") || l.starts_with("fatal") || l.starts_with("panic") {
        "critical"
    } else {
        "error"
    }
}

/// One error site in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    pub kind: Kind,
    /// `errorType`: the exception class, error variant, macro or function, or the level word.
    pub error_type: String,
    pub severity: &'static str,
    pub message: Message,
    /// 0-based row of the call.
    pub row: usize,
    /// The enclosing function as the language names it in a stack frame.
    pub function: Option<String>,
    /// The logger or target the call names explicitly.
    pub logger: Option<String>,
    /// It makes a value its package shares (Go's package-level `var ErrUnexpectedEOF =
    /// errors.New(…)`), which any caller may return: the record says `sharedValue`.
    pub shared: bool,
}

/// What a grammar's table says about one node.
#[derive(Debug, Clone)]
pub struct Found {
    pub kind: Kind,
    pub error_type: String,
    pub severity: &'static str,
    pub message: Message,
    pub logger: Option<String>,
    /// The row to report when it is not the node's first (a method call at the end of a
    /// chain that starts lines above).
    pub row: Option<usize>,
    /// The other messages the statement may carry, a site each: the branches of a condition
    /// (`throw new TypeError(s ? "not iterable" : "no iterator")`), the arms of a `match`
    /// (each at its own row when it has one).
    pub others: Vec<(Message, Option<usize>)>,
    /// See [`Site::shared`].
    pub shared: bool,
}

impl Found {
    pub fn new(kind: Kind, error_type: impl Into<String>, message: Message) -> Self {
        Found {
            kind,
            error_type: error_type.into(),
            severity: kind.severity(),
            message,
            logger: None,
            row: None,
            others: Vec::new(),
            shared: false,
        }
    }

    /// A logging call: kind `log`, the level word as its type and severity.
    pub fn log(level: &str, message: Message) -> Self {
        Found {
            kind: Kind::Log,
            error_type: level.to_string(),
            severity: level_severity(level),
            message,
            logger: None,
            row: None,
            others: Vec::new(),
            shared: false,
        }
    }

    /// A statement whose message is one of `messages` (at least one), as
    /// [`super::tree::messages`] finds them.
    pub fn chosen(
        kind: Kind,
        error_type: impl Into<String>,
        mut messages: Vec<Message>,
    ) -> Option<Self> {
        if messages.is_empty() {
            return None;
        }
        let first = messages.remove(0);
        let mut found = Found::new(kind, error_type, first);
        found.others = messages.into_iter().map(|m| (m, None)).collect();
        Some(found)
    }

    /// Reported at the line `node` starts on.
    pub fn at(mut self, node: tree_sitter::Node) -> Self {
        self.row = Some(node.start_position().row);
        self
    }

    pub fn severity(mut self, severity: &'static str) -> Self {
        self.severity = severity;
        self
    }

    pub fn logger(mut self, logger: Option<String>) -> Self {
        self.logger = logger;
        self
    }

    pub fn shared(mut self, shared: bool) -> Self {
        self.shared = shared;
        self
    }
}
