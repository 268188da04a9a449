//! The languages `errdex scan` reads: which files are which, and each one's grammar and table.

use std::path::Path;

use super::tree::Grammar;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    Rust,
    Go,
    Python,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::Rust, Language::Go, Language::Python];

    /// The `language` field and the `--lang` value.
    pub fn name(self) -> &'static str {
        match self {
            Language::Rust => "rust",
            Language::Go => "go",
            Language::Python => "python",
        }
    }

    pub fn from_name(name: &str) -> Option<Language> {
        let name = name.to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|l| l.name() == name || l.aliases().contains(&name.as_str()))
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            Language::Rust => &["rs"],
            Language::Go => &["golang"],
            Language::Python => &["py"],
        }
    }

    pub fn of_path(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?;
        Some(match ext {
            "rs" => Language::Rust,
            "go" => Language::Go,
            "py" | "pyw" => Language::Python,
            _ => return None,
        })
    }

    pub fn tree_sitter(self) -> tree_sitter::Language {
        match self {
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
            Language::Go => tree_sitter_go::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
        }
    }

    pub fn grammar(self) -> &'static dyn Grammar {
        match self {
            Language::Rust => &super::rust::Rust,
            Language::Go => &super::go::Go,
            Language::Python => &super::python::Python,
        }
    }

    /// Test code by its file name alone (`foo_test.go`, `test_foo.py`); folders are the
    /// walker's business.
    pub fn is_test_file(self, name: &str) -> bool {
        match self {
            Language::Go => name.ends_with("_test.go"),
            Language::Python => {
                name.starts_with("test_") || name.ends_with("_test.py") || name == "conftest.py"
            }
            Language::Rust => false,
        }
    }
}
