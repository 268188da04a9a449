//! The core's top-level modules import each other without a circle (ARCHITECTURE.md, Rules):
//! read from the sources, every `crate::MODULE` a module names outside its tests is an edge,
//! and the graph of those edges has no cycle. A new import that closes one fails here, naming
//! the files that make each edge of the cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Edges = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

#[test]
fn the_core_modules_import_each_other_without_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = edges(&src);
    assert!(
        edges.len() > 10,
        "too few modules read from {}",
        src.display()
    );
    if let Some(cycle) = find_cycle(&edges) {
        let mut why = String::new();
        for pair in cycle.windows(2) {
            let files = &edges[&pair[0]][&pair[1]];
            why.push_str(&format!("\n  {} -> {} ({files:?})", pair[0], pair[1]));
        }
        panic!("the core's modules import each other in a circle:{why}");
    }
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    fn add(edges: &mut Edges, a: &str, b: &str) {
        edges
            .entry(a.into())
            .or_default()
            .entry(b.into())
            .or_default()
            .insert(format!("{a}.rs"));
    }
    let mut edges = Edges::new();
    add(&mut edges, "load", "dataset");
    add(&mut edges, "dataset", "record");
    assert_eq!(find_cycle(&edges), None);
    add(&mut edges, "record", "load");
    let cycle = find_cycle(&edges).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4, "{cycle:?}");
}

/// module -> module it names -> the files that name it.
fn edges(src: &Path) -> Edges {
    let modules: BTreeSet<String> = fs::read_dir(src)
        .expect("src")
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".rs").unwrap_or(&name).to_string();
            (stem != "lib" && stem != "main").then_some(stem)
        })
        .collect();
    let mut out = Edges::new();
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).expect("under src");
        let Some(top) = rel.iter().next().map(|c| c.to_string_lossy().into_owned()) else {
            continue;
        };
        let module = top.strip_suffix(".rs").unwrap_or(&top).to_string();
        let name = rel.file_name().map(|n| n.to_string_lossy().into_owned());
        if !modules.contains(&module) || name.as_deref().is_some_and(is_test_file) {
            continue;
        }
        let text = fs::read_to_string(&file).expect("source");
        // A module's own unit tests may use anything: only the code before them counts.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for named in named_modules(code) {
            if named != module && modules.contains(&named) {
                out.entry(module.clone())
                    .or_default()
                    .entry(named)
                    .or_default()
                    .insert(rel.display().to_string());
            }
        }
    }
    out
}

fn is_test_file(name: &str) -> bool {
    let stem = name.strip_suffix(".rs").unwrap_or(name);
    stem == "tests" || stem.ends_with("_tests")
}

/// The first segment after each `crate::` in the text, comments and doc links included: a
/// doc link to a higher layer is a dependency of its reader too.
fn named_modules(code: &str) -> Vec<String> {
    code.match_indices("crate::")
        .filter(|(at, _)| {
            // `errdex_core::` or `my_crate::` are not this crate's paths.
            !code[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .map(|(at, m)| {
            code[at + m.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).expect("folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// A cycle as its modules in order, the first repeated at the end; `None` when there is none.
fn find_cycle(edges: &Edges) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &Edges,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flat_map(BTreeMap::keys) {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|start| visit(start, edges, &mut Vec::new(), &mut done))
}
