//! Fingerprints the scanner's own code (`src/scan/`): a rescan reuses a file's records only
//! when they were found by the same rules, so a new release rescans every file once.

use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;
use std::path::Path;

fn main() {
    let dir = Path::new("src/scan");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    // SipHash with fixed keys: the same sources give the same fingerprint on every build.
    let mut hasher = DefaultHasher::new();
    for file in &files {
        hasher.write(file.to_string_lossy().as_bytes());
        hasher.write(&std::fs::read(file).unwrap_or_default());
    }
    println!("cargo:rustc-env=ERRDEX_SCAN_RULES={:016x}", hasher.finish());
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
