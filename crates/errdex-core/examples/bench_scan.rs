//! `errdex scan` on a large real tree: the first scan with an empty cache, a rescan with
//! nothing changed, a rescan after one file changed; MB/s, peak RSS; and `rg` over the same
//! tree with a regex of the same call names, as the reference.
//!
//! cargo run --release -p errdex-core --example bench_scan -- [MB] [SOURCE_FOLDER] [--compare]
//!
//! `--compare` also parses every file whole and checks that leaving the blocks without a
//! word of the table out finds the same sites (see `scan::elide`).
//!
//! Without SOURCE_FOLDER, the crates of the cargo registry (~/.cargo/registry/src) are
//! copied, whole crates in name order, until their `.rs` files reach MB megabytes
//! (default 30), into a temporary folder; so are the outputs and the cache. Figures depend
//! on the machine's load: print `uptime` beside them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use errdex_core::scan::{self, Filter, Language, rescan};

/// The Rust call names of the scan's table, for `rg`.
const RG_REGEX: &str = r"(anyhow|bail|ensure|eyre|format_err|panic|unreachable|unimplemented|todo|assert|assert_eq|assert_ne|debug_assert|error|warn)!|\.(expect|context|with_context|wrap_err)\(|Err\(|#\[error\(|Error::(new|other)\(";

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let compare = args.iter().any(|a| a == "--compare");
    args.retain(|a| a != "--compare");
    let megabytes: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(30);
    let work = tempfile::tempdir().expect("temp dir");
    let tree = match args.get(1) {
        Some(folder) => PathBuf::from(folder),
        None => copy_registry(&work.path().join("tree"), megabytes << 20),
    };
    let output = work.path().join("out/code.jsonl");
    let cache = work.path().join("cache");
    let filter = Filter::default();
    let bytes = source_bytes(&tree);
    println!(
        "tree: {} ({:.1} MB of .rs)",
        tree.display(),
        bytes as f64 / 1e6
    );

    let run = |label: &str| {
        let (t, cpu) = (Instant::now(), cpu_seconds());
        let report = rescan::rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("scan");
        let secs = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        // Read: the files whose size or mtime changed (a file without a word of the table
        // is read, not parsed).
        let read = report.scanned.bytes_parsed as f64 / 1e6;
        println!(
            "{label:<18} {secs:>7.3} s ({cpu:.2} s CPU)  {read:>6.1} MB read  {:>7.1} MB/s  {:>6} files read  {:>7} sites  {}",
            read / secs,
            report.scanned.files_parsed,
            report.summary.total,
            report.summary
        );
        secs
    };
    let cold = run("cold (empty cache)");
    let rss_cold = peak_rss_mb();
    run("warm (unchanged)");
    let changed = first_rs(&tree).expect("a .rs file");
    let mut text = std::fs::read_to_string(&changed).unwrap_or_default();
    text.push_str("\nfn bench_scan_added() { panic!(\"added by bench_scan\"); }\n");
    std::fs::write(&changed, text).expect("change one file");
    run("one file changed");
    println!(
        "peak RSS after the cold scan: {rss_cold:.0} MB; at the end: {:.0} MB",
        peak_rss_mb()
    );

    let t = Instant::now();
    let rg = Command::new("rg")
        .args(["-c", "--type", "rust", "-e", RG_REGEX])
        .arg(&tree)
        .output();
    let rg_secs = t.elapsed().as_secs_f64();
    match rg {
        Ok(out) => {
            let hits: u64 = String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter_map(|l| l.rsplit(':').next()?.parse::<u64>().ok())
                .sum();
            println!(
                "rg (same call names) {rg_secs:>7.3} s, {hits} lines; cold scan / rg = {:.1}×",
                cold / rg_secs
            );
        }
        Err(e) => println!("rg: not run ({e})"),
    }
    if compare {
        compare_whole(&tree);
    }
}

/// Each file's sites with blocks left out and parsed whole: the files where they differ.
fn compare_whole(tree: &Path) {
    let mut files = Vec::new();
    rs_files(tree, &mut files);
    let language = Language::Rust;
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.tree_sitter())
        .expect("grammar");
    let (mut same, mut differ, mut sites) = (0, 0, 0);
    let (mut t_whole, mut t_elided) = (0.0, 0.0);
    let (mut total_bytes, mut kept_bytes, mut fallbacks, mut unbalanced) = (0, 0, 0, 0);
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let Some(words) =
            scan::anchors::anchors(scan::lang::Calls::builtin(), language, text.as_bytes())
        else {
            continue;
        };
        total_bytes += text.len();
        if let Some(kept) =
            scan::elide::kept_ranges(text.as_bytes(), scan::elide::Syntax::Rust, &words)
        {
            kept_bytes += kept.iter().map(ExactSizeIterator::len).sum::<usize>();
            let ranges = scan::elide::ts_ranges(text.as_bytes(), &kept);
            let _ = parser.set_included_ranges(&ranges);
            let clean = parser
                .parse(text.as_bytes(), None)
                .is_some_and(|t| !t.root_node().has_error());
            let _ = parser.set_included_ranges(&[]);
            if !clean {
                fallbacks += 1;
            }
        } else {
            kept_bytes += text.len();
            unbalanced += 1;
            if std::env::var_os("BENCH_SCAN_SHOW").is_some() {
                println!("whole: {} ({} bytes)", file.display(), text.len());
            }
        }
        let mut run = |words: Option<&[usize]>, clock: &mut f64| {
            let t = Instant::now();
            let tree = scan::parse(&mut parser, language, &text, words);
            *clock += t.elapsed().as_secs_f64();
            tree.map(|tree| {
                let (found, _) =
                    scan::tree::sites(language.grammar(), &tree, &text, None, &[], words);
                found
                    .iter()
                    .map(|s| format!("{} {} {:?}", s.row, s.message.pattern(), s.function))
                    .collect::<Vec<_>>()
            })
        };
        let whole = run(None, &mut t_whole);
        let elided = run(Some(&words), &mut t_elided);
        if whole == elided {
            same += 1;
            sites += whole.map_or(0, |w| w.len());
        } else {
            differ += 1;
            println!("differs: {}", file.display());
            if std::env::var_os("BENCH_SCAN_SHOW").is_some() {
                println!("  whole:  {whole:?}\n  elided: {elided:?}");
            }
        }
    }
    println!(
        "kept {:.1} of {:.1} MB; {fallbacks} files parsed whole again (an error in what was kept), {unbalanced} whole from the start",
        kept_bytes as f64 / 1e6,
        total_bytes as f64 / 1e6
    );
    println!(
        "compare: {same} files the same ({sites} sites), {differ} differ; parse whole {t_whole:.2} s, blocks left out {t_elided:.2} s"
    );
}

/// Whole crates from the registry until their `.rs` files reach `budget` bytes.
fn copy_registry(into: &Path, budget: u64) -> PathBuf {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let registry = home.join(".cargo/registry/src");
    let mut crates: Vec<PathBuf> = std::fs::read_dir(&registry)
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|index| {
            std::fs::read_dir(index.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|e| e.path())
        .collect();
    crates.sort();
    std::fs::create_dir_all(into).expect("tree folder");
    let mut total = 0;
    for krate in crates {
        if total >= budget {
            break;
        }
        let name = krate.file_name().map(ToOwned::to_owned).unwrap_or_default();
        let copied = Command::new("cp")
            .arg("-r")
            .arg(&krate)
            .arg(into.join(&name))
            .status();
        if copied.is_ok_and(|s| s.success()) {
            total += source_bytes(&into.join(&name));
        }
    }
    into.to_path_buf()
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => rs_files(&path, out),
            Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "rs") => out.push(path),
            _ => {}
        }
    }
}

fn source_bytes(dir: &Path) -> u64 {
    let mut files = Vec::new();
    rs_files(dir, &mut files);
    files
        .iter()
        .filter_map(|f| f.metadata().ok())
        .map(|m| m.len())
        .sum()
}

fn first_rs(dir: &Path) -> Option<PathBuf> {
    let mut files = Vec::new();
    rs_files(dir, &mut files);
    files.sort();
    files
        .into_iter()
        .find(|f| f.to_string_lossy().contains("/src/"))
}

/// User and system time of this process so far (`/proc/self/stat`), in seconds: on a
/// machine other builds share, the wall clock says little and this says what the scan cost.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // After the command's name in parentheses: utime and stime are fields 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}

/// VmHWM of this process, in MB.
fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}
