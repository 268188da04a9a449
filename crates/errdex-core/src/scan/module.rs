//! What a log line's origin calls a file: `crate::a::b`, a Go import path, a dotted Python
//! module; and the crate, package or module a record is tagged with. Manifests (Cargo.toml,
//! go.mod) are found by the walk, so naming costs no extra reads.

use std::collections::HashMap;

use super::lang::Language;

/// The manifests of a checkout by the folder (relative, `/`-separated, "" = root) that
/// holds them.
#[derive(Debug, Default, Clone)]
pub struct Manifests {
    /// Folder → crate name (`-` as `_`).
    pub crates: HashMap<String, String>,
    /// Folder → Go module path.
    pub go_modules: HashMap<String, String>,
    /// Folder → npm package name.
    pub packages: HashMap<String, String>,
}

impl Manifests {
    pub fn read_cargo(&mut self, folder: &str, text: &str) {
        let Ok(doc) = text.parse::<toml::Table>() else {
            return;
        };
        let name = doc
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str());
        if let Some(name) = name {
            self.crates
                .insert(folder.to_string(), name.replace('-', "_"));
        }
    }

    pub fn read_go_mod(&mut self, folder: &str, text: &str) {
        let module = text.lines().find_map(|l| {
            let rest = l.trim().strip_prefix("module")?;
            rest.starts_with([' ', '\t'])
                .then(|| rest.trim().trim_matches('"').to_string())
        });
        if let Some(module) = module.filter(|m| !m.is_empty()) {
            self.go_modules.insert(folder.to_string(), module);
        }
    }

    pub fn read_package_json(&mut self, folder: &str, text: &str) {
        let name = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(str::to_string));
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            self.packages.insert(folder.to_string(), name);
        }
    }

    /// The nearest manifest folder at or above `dir` in `table`.
    fn nearest<'a>(table: &'a HashMap<String, String>, dir: &str) -> Option<(&'a str, &'a str)> {
        let mut at = dir;
        loop {
            if let Some((folder, value)) = table.get_key_value(at) {
                return Some((folder.as_str(), value.as_str()));
            }
            if at.is_empty() {
                return None;
            }
            at = at.rsplit_once('/').map_or("", |(parent, _)| parent);
        }
    }

    /// `(module, tag)` of the file at `path`.
    pub fn name(&self, language: Language, path: &str) -> (Option<String>, Option<String>) {
        let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
        let stem = file.rsplit_once('.').map_or(file, |(s, _)| s);
        match language {
            Language::Rust => {
                let Some((folder, krate)) = Self::nearest(&self.crates, dir) else {
                    return (None, None);
                };
                let inner = path[folder.len()..].trim_start_matches('/');
                let inner = inner.strip_prefix("src/").unwrap_or(inner);
                let inner = inner.strip_suffix(".rs").unwrap_or(inner);
                let inner = inner.strip_suffix("/mod").unwrap_or(inner);
                let module = match inner {
                    "lib" | "main" => krate.to_string(),
                    _ if inner.starts_with("bin/") => krate.to_string(),
                    _ => format!("{krate}::{}", inner.replace('/', "::")),
                };
                (Some(module), Some(krate.to_string()))
            }
            Language::Go => {
                if let Some((folder, module)) = Self::nearest(&self.go_modules, dir) {
                    let inner = dir[folder.len()..].trim_start_matches('/');
                    let path = if inner.is_empty() {
                        module.to_string()
                    } else {
                        format!("{module}/{inner}")
                    };
                    (Some(path), Some(module.to_string()))
                } else {
                    let dir = (!dir.is_empty()).then(|| dir.to_string());
                    (dir.clone(), dir)
                }
            }
            Language::Python => {
                let dotted = path.strip_prefix("src/").unwrap_or(path);
                let dotted = dotted.strip_suffix(".py").unwrap_or(dotted);
                let dotted = dotted.strip_suffix("/__init__").unwrap_or(dotted);
                let module = dotted.replace('/', ".");
                let top = module.split('.').next().unwrap_or(stem).to_string();
                (Some(module), Some(top))
            }
            // Java's module is its package and class, which only the file says.
            Language::Java | Language::C | Language::Cpp => {
                (Some(without_extension(path).to_string()), None)
            }
            Language::JavaScript | Language::TypeScript | Language::Tsx => {
                let package = Self::nearest(&self.packages, dir).map(|(_, p)| p.to_string());
                (Some(without_extension(path).to_string()), package)
            }
        }
    }
}

fn without_extension(path: &str) -> &str {
    match path.rsplit_once('.') {
        Some((stem, _)) if !stem.ends_with('/') && !stem.is_empty() => stem,
        _ => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_modules_follow_the_crate_and_its_src_folder() {
        let mut m = Manifests::default();
        m.read_cargo("crates/core", "[package]\nname = \"my-core\"\n");
        let name = |p| m.name(Language::Rust, p).0;
        assert_eq!(name("crates/core/src/lib.rs").as_deref(), Some("my_core"));
        assert_eq!(
            name("crates/core/src/a/b.rs").as_deref(),
            Some("my_core::a::b")
        );
        assert_eq!(
            name("crates/core/src/a/mod.rs").as_deref(),
            Some("my_core::a")
        );
        assert_eq!(name("other/x.rs"), None);
    }

    #[test]
    fn go_packages_are_the_module_path_and_folder() {
        let mut m = Manifests::default();
        m.read_go_mod("", "// x\nmodule example.com/shop\n\ngo 1.22\n");
        assert_eq!(
            m.name(Language::Go, "internal/db/db.go").0.as_deref(),
            Some("example.com/shop/internal/db")
        );
        assert_eq!(
            m.name(Language::Go, "main.go").0.as_deref(),
            Some("example.com/shop")
        );
    }

    #[test]
    fn python_modules_are_dotted() {
        let m = Manifests::default();
        assert_eq!(
            m.name(Language::Python, "src/pkg/sub/__init__.py"),
            (Some("pkg.sub".into()), Some("pkg".into()))
        );
        assert_eq!(
            m.name(Language::Python, "pkg/mod.py").0.as_deref(),
            Some("pkg.mod")
        );
    }
}
