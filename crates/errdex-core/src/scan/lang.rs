//! The languages `errdex scan` reads: which files are which, and each one's grammar and table.

use std::path::Path;
use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use super::elide::Syntax;
use super::tree::Grammar;

/// The one table per language of the calls a site is written with, as they are written (a
/// Rust macro's `!`, a method's `(`): a file in which none starts has no site and is not
/// parsed (parsing is most of a scan's time), a block in which none starts is left out of
/// the parse ([`super::anchors`], [`super::elide`]). The config's `[scan] log_functions`
/// are added to it by [`Calls::new`].
fn calls(language: Language) -> &'static [&'static str] {
    match language {
        Language::Rust => &[
            "anyhow!",
            "bail!",
            "ensure!",
            "eyre!",
            "format_err!",
            "panic!",
            "unreachable!",
            "unimplemented!",
            "todo!",
            "assert!",
            "assert_eq!",
            "assert_ne!",
            "error!",
            "warn!",
            "[error(",
            "expect(",
            "expect_err(",
            "context(",
            "wrap_err",
            "Error::new(",
            "Error::other(",
            // An error type's `impl Display`, whose writes are sites (`super::rust_display`).
            "Display for ",
            RUST_ERR,
        ],
        Language::Go => &[
            "Error", "errors.", "panic(", "Warn", "Fatal", "Panic", "Log(", "errorf(", "failf(",
        ],
        Language::Python => &["raise", "error", "warn", "exception", "critical", "fatal"],
        Language::Java => &[
            "throw",
            "Exception",
            "Error",
            "error",
            "warn",
            "fatal",
            "severe",
            "SEVERE",
            "WARNING",
        ],
        Language::JavaScript | Language::TypeScript | Language::Tsx => {
            &["throw", "Error", "Exception", "error", "warn", "fatal"]
        }
        Language::C | Language::Cpp => &["fprintf", "syslog", "err", "warn", "perror", "throw"],
    }
}

/// Rust's `Err(`: in most functions, a site only with a message in it ([`super::anchors`]).
pub const RUST_ERR: &str = "Err(";

/// Where a call of one language's table starts in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallAt {
    pub start: usize,
    pub end: usize,
    /// Rust's `Err(` of the built-in table (a configured name is never narrowed).
    pub rust_err: bool,
}

/// The calls a scan looks for: each language's table and the names the config adds, found
/// in one pass over a file.
#[derive(Debug, Clone)]
pub struct Calls {
    /// Per language of [`Language::ALL`]: the finder, and how many of its patterns are the
    /// built-in table's (the configured names come after them); `None` when the patterns
    /// could not be compiled (then every file and block may hold a site).
    finders: Vec<Option<(AhoCorasick, usize)>>,
}

impl Calls {
    /// The tables with `extra` (the config's own functions, a Rust macro written with or
    /// without its `!`) added to every language's.
    pub fn new(extra: &[String]) -> Calls {
        let extra: Vec<&str> = extra
            .iter()
            .map(|name| name.trim().trim_end_matches('!'))
            .filter(|name| !name.is_empty())
            .collect();
        let finders = Language::ALL
            .iter()
            .map(|language| {
                let table = calls(*language);
                let patterns = table.iter().copied().chain(extra.iter().copied());
                AhoCorasick::new(patterns).ok().map(|f| (f, table.len()))
            })
            .collect();
        Calls { finders }
    }

    /// The built-in tables alone.
    pub fn builtin() -> &'static Calls {
        static BUILTIN: OnceLock<Calls> = OnceLock::new();
        BUILTIN.get_or_init(|| Calls::new(&[]))
    }

    fn finder(&self, language: Language) -> Option<&(AhoCorasick, usize)> {
        let at = Language::ALL.iter().position(|l| *l == language)?;
        self.finders.get(at)?.as_ref()
    }

    /// Whether `text` may hold a site: one of the calls is in it.
    pub fn may_have_sites(&self, language: Language, text: &[u8]) -> bool {
        match self.finder(language) {
            Some((finder, _)) => finder.is_match(text),
            None => true,
        }
    }

    /// Every call that starts in `text`, in order; `None` when the table could not be
    /// compiled.
    pub fn find(&self, language: Language, text: &[u8]) -> Option<Vec<CallAt>> {
        let (finder, builtin) = self.finder(language)?;
        let table = calls(language);
        Some(
            finder
                .find_overlapping_iter(text)
                .map(|m| {
                    let pattern = m.pattern().as_usize();
                    CallAt {
                        start: m.start(),
                        end: m.end(),
                        rust_err: pattern < *builtin && table[pattern] == RUST_ERR,
                    }
                })
                .collect(),
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    Rust,
    Go,
    Python,
    Java,
    JavaScript,
    TypeScript,
    /// `.tsx`: TypeScript with JSX, its own grammar.
    Tsx,
    C,
    Cpp,
}

impl Language {
    pub const ALL: [Language; 9] = [
        Language::Rust,
        Language::Go,
        Language::Python,
        Language::Java,
        Language::JavaScript,
        Language::TypeScript,
        Language::Tsx,
        Language::C,
        Language::Cpp,
    ];

    /// The `language` field and the `--lang` value.
    pub fn name(self) -> &'static str {
        match self {
            Language::Rust => "rust",
            Language::Go => "go",
            Language::Python => "python",
            Language::Java => "java",
            Language::JavaScript => "javascript",
            Language::TypeScript | Language::Tsx => "typescript",
            Language::C => "c",
            Language::Cpp => "cpp",
        }
    }

    /// The languages a `--lang` word names (`typescript` is both grammars).
    pub fn named(name: &str) -> Vec<Language> {
        let name = name.to_ascii_lowercase();
        let alias = match name.as_str() {
            "rs" => "rust",
            "golang" => "go",
            "py" => "python",
            "js" => "javascript",
            "ts" | "tsx" => "typescript",
            "c++" | "cxx" => "cpp",
            other => other,
        };
        Language::ALL
            .into_iter()
            .filter(|l| l.name() == alias)
            .collect()
    }

    /// The `--lang` words, once each.
    pub fn names() -> Vec<&'static str> {
        let mut names: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
        names.dedup();
        names
    }

    pub fn of_path(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?;
        Some(match ext {
            "rs" => Language::Rust,
            "go" => Language::Go,
            "py" | "pyw" => Language::Python,
            "java" => Language::Java,
            "js" | "mjs" | "cjs" | "jsx" => Language::JavaScript,
            "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" => Language::Tsx,
            "c" | "h" => Language::C,
            "cc" | "cpp" | "cxx" | "c++" | "hpp" | "hh" | "hxx" => Language::Cpp,
            _ => return None,
        })
    }

    pub fn tree_sitter(self) -> tree_sitter::Language {
        match self {
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
            Language::Go => tree_sitter_go::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
            Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::Cpp => tree_sitter_cpp::LANGUAGE.into(),
        }
    }

    pub fn grammar(self) -> &'static dyn Grammar {
        match self {
            Language::Rust => &super::rust::Rust,
            Language::Go => &super::go::Go,
            Language::Python => &super::python::Python,
            Language::Java => &super::java::Java,
            Language::JavaScript | Language::TypeScript | Language::Tsx => &super::js::Js,
            Language::C | Language::Cpp => &super::c::C,
        }
    }

    /// Whether `text` may hold a site of the built-in table.
    pub fn may_have_sites(self, text: &[u8]) -> bool {
        Calls::builtin().may_have_sites(self, text)
    }

    /// How the language writes strings and comments, for parsing only the blocks that may
    /// hold a site; `None`: always parsed whole (Python has no braces; JavaScript's regular
    /// expressions and template strings are not told apart from code by a small lexer).
    pub fn syntax(self) -> Option<Syntax> {
        match self {
            Language::Rust => Some(Syntax::Rust),
            Language::Go => Some(Syntax::Go),
            Language::Java => Some(Syntax::Java),
            Language::C | Language::Cpp => Some(Syntax::C),
            Language::Python | Language::JavaScript | Language::TypeScript | Language::Tsx => None,
        }
    }

    /// Test code by its file name alone (`foo_test.go`, `test_foo.py`, `a.spec.ts`);
    /// folders are the walker's business.
    pub fn is_test_file(self, name: &str) -> bool {
        let stem = name.split('.').next().unwrap_or(name);
        match self {
            Language::Go => name.ends_with("_test.go"),
            Language::Python => {
                name.starts_with("test_") || name.ends_with("_test.py") || name == "conftest.py"
            }
            Language::Java => stem.ends_with("Test") || stem.ends_with("Tests"),
            Language::JavaScript | Language::TypeScript | Language::Tsx => {
                name.contains(".test.") || name.contains(".spec.")
            }
            Language::C | Language::Cpp => stem.ends_with("_test") || stem.starts_with("test_"),
            // `#[cfg(test)] mod tests;` keeps its tests in `tests.rs` (or `foo_tests.rs` by
            // `#[path]`) beside the code.
            Language::Rust => {
                ["test", "tests"].contains(&stem)
                    || stem.ends_with("_tests")
                    || stem.ends_with("_test")
            }
        }
    }
}
