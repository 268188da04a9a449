//! The loader's tests' helpers: records, files in a temp dir, and what a load found, in forms
//! that compare stably.

use std::path::{Path, PathBuf};

use errdex_core::diag::Diagnostic;
use errdex_core::load::{self, Loaded, Options, SourceSpec};

pub fn rec(id: &str, msg: &str) -> String {
    format!(r#"{{"id":"{id}","errorMessage":"{msg}","repo":"o/r","tags":["t"]}}"#)
}

pub fn write(dir: &Path, name: &str, content: &[u8]) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, content).unwrap();
    path
}

pub fn load_paths(paths: &[&Path]) -> Loaded {
    let specs: Vec<SourceSpec> = paths
        .iter()
        .map(|p| SourceSpec::Path(p.to_path_buf()))
        .collect();
    load::load(&specs, Options::default(), &|_| {})
}

pub fn lines(l: &Loaded) -> Vec<u32> {
    l.dataset.entries().iter().map(|e| e.line).collect()
}

/// Diagnostics without the directory part of the path, for stable comparisons.
pub fn diags(l: &Loaded) -> Vec<String> {
    l.diagnostics
        .iter()
        .map(|d: &Diagnostic| {
            let name = Path::new(&d.path)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .to_string();
            Diagnostic {
                path: name,
                ..d.clone()
            }
            .to_string()
        })
        .collect()
}
