//! What a line says about where it came from, beside `path:line` frames: a tracing target or
//! Rust path (`crate::a::b`), a logger name (`pkg.sub.mod`), a Java class (`com.x.Pool`). Each
//! names a file by its trailing components — `crate::a::b` is `…/src/a/b.rs` or `…/a/b/mod.rs`,
//! `pkg.mod` is `pkg/mod.py`, `com.x.Pool` is `…/com/x/Pool.java` — which picks one site of a
//! message written at many. Failing that, a word of the line that names one of a site's
//! folders: Go's errors open with their package (`strconv.ParseInt: …`, `gif: …`), Python's
//! with their module (`json.decoder.JSONDecodeError: …`).

use crate::text::is_word_byte as is_ident;

/// Names read from one line; a line names few.
const MAX_NAMES: usize = 16;
/// Components of one name compared.
const MAX_PARTS: usize = 12;

/// Module-like names in `line`: two or more identifiers joined by `::` or `.`.
pub fn names(line: &str) -> Vec<Vec<&str>> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() && out.len() < MAX_NAMES {
        if !is_ident(b[i]) || (i > 0 && (is_ident(b[i - 1]) || b[i - 1] == b'.')) {
            i += 1;
            continue;
        }
        let mut parts = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < b.len() && is_ident(b[j]) {
                j += 1;
            }
            parts.push(&line[start..j]);
            let sep = if line[j..].starts_with("::") {
                2
            } else {
                usize::from(line[j..].starts_with('.'))
            };
            if sep == 0 || !b.get(j + sep).is_some_and(|&c| is_ident(c)) || parts.len() >= MAX_PARTS
            {
                break;
            }
            j += sep;
        }
        i = j.max(i + 1);
        // Numbers (`10.0.3.17`, `3.2.1`) and a file name with its extension are not modules.
        if parts.len() >= 2
            && parts
                .iter()
                .all(|p| p.bytes().next().is_some_and(|c| !c.is_ascii_digit()))
        {
            out.push(parts);
        }
    }
    out
}

/// Words of a line weighed against a site's folders, at most this many.
const MAX_WORDS: usize = 64;

/// The distinct identifier-like words of `line` (two or more characters, not opening with a
/// digit), in order.
pub fn words(line: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for word in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if out.len() >= MAX_WORDS {
            break;
        }
        if word.len() >= 2 && !word.as_bytes()[0].is_ascii_digit() && !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

/// How many of the folders `path` sits in (not `src`) are among `words`.
pub fn folders_named(words: &[&str], path: &str) -> usize {
    let mut parts: Vec<&str> = path.split(['/', '\\']).collect();
    parts.pop();
    parts.sort_unstable();
    parts.dedup();
    parts
        .iter()
        .filter(|p| !p.is_empty() && **p != "src" && words.contains(p))
        .count()
}

/// How many trailing components of the best of `names` a file path has (0: none names it).
/// The file's last component without its extension — or its folder, for `mod.rs`,
/// `__init__.py`, `index.js` — must be the name's last.
pub fn closeness(names: &[Vec<&str>], path: &str) -> usize {
    // A module path leaves out the source folder (`crate::a` is `crate/src/a.rs`).
    let mut file: Vec<&str> = path
        .split(['/', '\\'])
        .filter(|c| !c.is_empty() && *c != "src")
        .collect();
    if let Some(last) = file.last_mut() {
        *last = last.split('.').next().unwrap_or(last);
    }
    if file
        .last()
        .is_some_and(|l| matches!(*l, "mod" | "__init__" | "index" | "lib" | "main"))
    {
        file.pop();
    }
    names
        .iter()
        .map(|name| {
            name.iter()
                .rev()
                .zip(file.iter().rev())
                .take_while(|(a, b)| a == b)
                .count()
        })
        .max()
        .unwrap_or(0)
}

/// Go's operating systems, as its file names say which one a file is built for
/// (`lp_windows.go`, `zerrors_linux_amd64.go`); `unix` stands for those of that family.
const GO_SYSTEMS: &[&str] = &[
    "aix",
    "android",
    "darwin",
    "dragonfly",
    "freebsd",
    "hurd",
    "illumos",
    "ios",
    "js",
    "linux",
    "netbsd",
    "openbsd",
    "plan9",
    "solaris",
    "unix",
    "wasip1",
    "windows",
    "zos",
];

/// Go's architectures, which may follow the system in a file's name.
const GO_ARCHES: &[&str] = &[
    "386", "amd64", "arm", "arm64", "loong64", "mips", "mipsle", "mips64", "mips64le", "ppc64",
    "ppc64le", "riscv64", "s390x", "wasm",
];

/// Whether `path` may be built for the system errdex runs on: a Go file named for another
/// system (`lp_js.go`, `lp_plan9.go` beside `lp_unix.go`) is not. Of a message written once
/// per platform, the copy for the machines being debugged is the one that printed it; a line
/// says nothing else about that, so the host decides.
pub fn for_host(path: &str, host: &str) -> bool {
    let Some(stem) = path
        .rsplit(['/', '\\'])
        .next()
        .and_then(|f| f.strip_suffix(".go"))
    else {
        return true;
    };
    let mut parts = stem.rsplit('_');
    // `name_GOOS`, or `name_GOOS_GOARCH`: the system is last, or last but one after an arch.
    let (last, before) = (parts.next().unwrap_or(""), parts.next());
    let system = if GO_SYSTEMS.contains(&last) {
        before.map(|_| last)
    } else if GO_ARCHES.contains(&last) {
        before.filter(|b| GO_SYSTEMS.contains(b))
    } else {
        None
    };
    let Some(system) = system else {
        return true;
    };
    let unix = matches!(
        host,
        "linux" | "macos" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "solaris" | "illumos"
    );
    match system {
        "unix" => unix,
        "darwin" => host == "macos",
        "linux" => host == "linux" || host == "android",
        other => other == host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_point_at_their_files() {
        let line = "2025-12-01T10:00:00Z ERROR connector::source::kafka: broker 10.0.3.17 down";
        let n = names(line);
        assert_eq!(n, vec![vec!["connector", "source", "kafka"]]);
        assert_eq!(closeness(&n, "src/connector/src/source/kafka/mod.rs"), 3);
        assert_eq!(closeness(&n, "src/connector/src/source/kafka.rs"), 3);
        assert_eq!(closeness(&n, "src/connector/src/sink/kafka.rs"), 1);
        assert_eq!(closeness(&n, "src/x.rs"), 0);
        let n = names("2025-12-01 10:00:00,123 - email._header_value_parser - ERROR - x");
        assert_eq!(closeness(&n, "email/_header_value_parser.py"), 2);
        assert!(names("host 10.0.3.17 v3.2.1").is_empty());
    }

    #[test]
    fn go_files_named_for_another_system_are_not_the_hosts() {
        assert!(for_host("os/exec/lp_unix.go", "linux"));
        assert!(!for_host("os/exec/lp_js.go", "linux"));
        assert!(!for_host("os/exec/lp_windows.go", "linux"));
        assert!(for_host("os/exec/lp_windows.go", "windows"));
        assert!(!for_host("os/exec/lp_unix.go", "windows"));
        assert!(for_host("syscall/zerrors_linux_amd64.go", "linux"));
        assert!(!for_host("syscall/zerrors_darwin_arm64.go", "linux"));
        assert!(for_host("syscall/zerrors_darwin_arm64.go", "macos"));
        // Not a system's name, not Go, or no suffix at all: any host.
        assert!(for_host("net/http/server.go", "linux"));
        assert!(for_host("crypto/x509/root_js_helper.go", "linux"));
        assert!(for_host("js.go", "linux"));
        assert!(for_host("src/windows.rs", "linux"));
    }

    #[test]
    fn a_word_of_the_line_names_a_sites_folder() {
        let w = words("2026/12/03 strconv.ParseFloat: parsing \"1e999\": value out of range");
        assert!(w.contains(&"strconv") && w.contains(&"ParseFloat"));
        assert!(!w.contains(&"1e999") && !w.contains(&"2026"));
        assert_eq!(folders_named(&w, "strconv/atoi.go"), 1);
        assert_eq!(folders_named(&w, "flag/flag.go"), 0);
        // The file itself and `src` are not folders that name a package.
        assert_eq!(folders_named(&["src", "value"], "src/value.go"), 0);
        assert_eq!(
            folders_named(&["archive", "tar"], "archive/tar/writer.go"),
            2
        );
    }
}
