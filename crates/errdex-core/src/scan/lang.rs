//! The languages `errdex scan` reads: which files are which, and each one's grammar and table.

use std::path::Path;
use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use super::elide::Syntax;
use super::tree::Grammar;

/// Words one of which every site of a language's table contains: a file with none of them
/// has no site and is not parsed (parsing is most of a scan's time).
fn words(language: Language) -> &'static [&'static str] {
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
            "assert",
            "error!",
            "warn!",
            "error(",
            "expect",
            "context",
            "wrap_err",
            "Err(",
            "Error::new",
            "Error::other",
        ],
        Language::Go => &[
            "Error", "errors.", "panic(", "Warn", "Fatal", "Panic", "Log(",
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

    /// Whether `text` may hold a site: it has one of the table's words.
    pub fn may_have_sites(self, text: &[u8]) -> bool {
        match self.finder() {
            Some(finder) => finder.is_match(text),
            None => true,
        }
    }

    /// Where each of the table's words starts in `text`, in order; `None` when the table's
    /// words could not be compiled (every block may then hold a site).
    pub fn word_starts(self, text: &[u8]) -> Option<Vec<usize>> {
        let finder = self.finder()?;
        Some(
            finder
                .find_overlapping_iter(text)
                .map(|m| m.start())
                .collect(),
        )
    }

    fn finder(self) -> Option<&'static AhoCorasick> {
        static FINDERS: OnceLock<Vec<Option<AhoCorasick>>> = OnceLock::new();
        let finders = FINDERS.get_or_init(|| {
            Language::ALL
                .iter()
                .map(|l| AhoCorasick::new(words(*l)).ok())
                .collect()
        });
        let at = Language::ALL.iter().position(|l| *l == self)?;
        finders.get(at)?.as_ref()
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
            Language::Rust => false,
        }
    }
}
