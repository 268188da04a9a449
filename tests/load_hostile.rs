//! Inputs that are not plain files of good JSON: FIFOs and pipes, gzip on stdin, truncated
//! gzip, broken array elements, bad unknown fields, numbers at the edge of i64.

mod support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::mpsc;
use std::time::Duration;

use errdex_core::load::{self, Depth, Loaded, Options, SourceSpec};
use support::{gzip, ids};

fn rec(id: &str) -> String {
    format!(r#"{{"id":"{id}","errorMessage":"message {id}","repo":"o/r"}}"#)
}

fn write(dir: &Path, name: &str, content: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Loads on another thread, so a load that hangs fails the test instead of hanging it.
fn load_within(specs: Vec<SourceSpec>, depth: Depth) -> Loaded {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let options = Options {
            depth,
            ..Options::default()
        };
        let _ = tx.send(load::load(&specs, options, &|_| {}));
    });
    rx.recv_timeout(Duration::from_secs(20))
        .expect("the load finished instead of hanging")
}

fn load_path(path: &Path, depth: Depth) -> Loaded {
    load_within(vec![SourceSpec::Path(path.to_path_buf())], depth)
}

fn messages(l: &Loaded) -> Vec<String> {
    l.diagnostics.iter().map(ToString::to_string).collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn errdex(home: &support::Home, args: &[&str], stdin: Option<&[u8]>) -> Output {
    support::output_with_stdin(home.cmd().args(args).env_remove("RUST_BACKTRACE"), stdin)
}

#[test]
fn a_fifo_in_a_dataset_folder_is_skipped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.jsonl", rec("a").as_bytes());
    mkfifo(&dir.path().join("pipe.jsonl"));
    let l = load_path(dir.path(), Depth::Index);
    assert_eq!(ids(&l), ["a"]);
    let m = messages(&l);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(
        m[0].ends_with(
            "pipe.jsonl: warning: not a regular file (a FIFO, socket or device); skipped"
        ),
        "{m:?}"
    );
}

#[test]
fn a_fifo_given_directly_is_read_like_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("feed");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            f.write_all(format!("{}\n{}\n", rec("a"), rec("b")).as_bytes())
                .unwrap();
        })
    };
    let l = load_path(&fifo, Depth::Index);
    writer.join().unwrap();
    assert_eq!(ids(&l), ["a", "b"]);
    assert!(l.diagnostics.is_empty(), "{:?}", messages(&l));
}

#[test]
fn process_substitution_is_read_like_stdin() {
    let home = support::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "f.jsonl",
        format!("{}\n{}\n", rec("a"), rec("b")).as_bytes(),
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(r#""$0" stats --json --data <(cat "$1")"#)
        .arg(env!("CARGO_BIN_EXE_errdex"))
        .arg(&f)
        .envs(home.cmd().get_envs().filter_map(|(k, v)| Some((k, v?))))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with(r#"{"records":2,"#),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn gzip_on_stdin_is_detected() {
    let home = support::Home::new();
    let packed = gzip(format!("{}\n{}\n{}\n", rec("a"), rec("b"), rec("c")).as_bytes());
    let out = errdex(&home, &["stats", "--json", "--data", "-"], Some(&packed));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with(r#"{"records":3,"#),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn a_truncated_gzip_keeps_the_records_before_the_cut_and_reports_it() {
    let dir = tempfile::tempdir().unwrap();
    let all: String = (0..3000).map(|i| rec(&format!("r{i}")) + "\n").collect();
    let packed = gzip(all.as_bytes());
    let p = write(dir.path(), "cut.jsonl.gz", &packed[..packed.len() / 2]);
    let l = load_path(&p, Depth::Index);
    let got = ids(&l);
    assert!(got.len() > 500, "kept {} records", got.len());
    let expected: Vec<String> = (0..got.len()).map(|i| format!("r{i}")).collect();
    assert_eq!(got, expected, "the records before the cut, in order");
    let m = messages(&l);
    assert!(
        m.iter()
            .any(|d| d.contains("cut.jsonl.gz: error: gzip data breaks off after")),
        "{m:?}"
    );
}

#[test]
fn a_broken_array_element_costs_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    let broken = r#"{"id":"b","errorMessage":"unclosed}"#;
    let one_line = format!("[{},{broken},{},{}]", rec("a"), rec("c"), rec("d"));
    let p = write(dir.path(), "one.json", one_line.as_bytes());
    let l = load_path(&p, Depth::Index);
    assert_eq!(ids(&l), ["a", "c", "d"]);
    let m = messages(&l);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].contains("one.json:1: error: invalid JSON"), "{m:?}");

    let pretty = format!(
        "[\n  {},\n  {{\"id\": \"b\", \"errorMessage\": \"no closing brace\",\n  {},\n  {}\n]\n",
        rec("a"),
        rec("c"),
        rec("d")
    );
    let p = write(dir.path(), "pretty.json", pretty.as_bytes());
    let l = load_path(&p, Depth::Full);
    assert_eq!(ids(&l), ["a", "c", "d"]);
    let m = messages(&l);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].contains("pretty.json:3: error: invalid JSON"), "{m:?}");
}

#[test]
fn broken_lines_in_a_json_file_cost_only_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let content = format!(
        "{{\"id\":\"x\",\"errorMessage\":\"unclosed\n{{\"id\":\"y\",\n{}\n{{\"id\":\"z\" \"errorMessage\":1}}\n{}\n",
        rec("a"),
        rec("b")
    );
    let p = write(dir.path(), "lines.json", content.as_bytes());
    let l = load_path(&p, Depth::Index);
    assert_eq!(ids(&l), ["a", "b"]);
    let lines: Vec<u32> = l.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(lines, [1, 2, 4], "{:?}", messages(&l));
}

#[test]
fn a_record_with_a_bad_unknown_field_is_rejected_by_every_command_alike() {
    let home = support::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let mut content = format!("{}\n", rec("good")).into_bytes();
    content.extend_from_slice(br#"{"id":"utf8","errorMessage":"m","extra":"bad "#);
    content.extend_from_slice(b"\xff\"}\n");
    let deep = format!(
        r#"{{"id":"deep","errorMessage":"m","extra":{}{}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    content.extend_from_slice(deep.as_bytes());
    content.push(b'\n');
    let p = write(dir.path(), "d.jsonl", &content);
    let path = p.to_str().unwrap();
    let stats = errdex(&home, &["stats", "--json", "--data", path], None);
    assert!(
        text(&stats.stdout).starts_with(r#"{"records":1,"#),
        "{}",
        text(&stats.stdout)
    );
    let validate = errdex(&home, &["validate", path], None);
    assert!(
        text(&validate.stdout).ends_with("1 record, 2 errors, 0 warnings\n"),
        "{}",
        text(&validate.stdout)
    );
    let search = errdex(
        &home,
        &["search", "--data", path, "id:utf8 | id:deep"],
        None,
    );
    assert_eq!(search.status.code(), Some(1), "{}", text(&search.stdout));
}

#[test]
fn utf16_input_gets_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let utf16: Vec<u8> = "\u{feff}"
        .chars()
        .chain(format!("{}\n{}\n", rec("a"), rec("b")).chars())
        .flat_map(|c| (c as u16).to_le_bytes())
        .collect();
    let p = write(dir.path(), "wide.jsonl", &utf16);
    let l = load_path(&p, Depth::Full);
    assert!(l.dataset.is_empty());
    let m = messages(&l);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(
        m[0].ends_with("wide.jsonl: error: UTF-16 text is not supported; convert it to UTF-8 (e.g. `iconv -f UTF-16 -t UTF-8 FILE > NEW`)"),
        "{m:?}"
    );
}

#[test]
fn line_numbers_near_i64_max_are_ignored_with_a_warning_not_wrapped() {
    let home = support::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let doc = r#"{"id":"big","errorMessage":"m","filePath":"a.rs","sourceCodeStart":9223372036854775806,"sourceCodeEnd":9223372036854775807,"lineNumber":9223372036854775807,"sourceCode":"x\ny\nz"}"#;
    let p = write(dir.path(), "big.jsonl", doc.as_bytes());
    let path = p.to_str().unwrap();
    let show = errdex(&home, &["show", "--data", path, "big"], None);
    assert!(show.status.success(), "{}", text(&show.stderr));
    let out = text(&show.stdout);
    assert!(!out.contains("-9223372036854775"), "{out}");
    let validate = errdex(&home, &["validate", path], None);
    let v = text(&validate.stdout);
    assert!(
        v.contains("warning: field `sourceCodeStart`: 9223372036854775806 is not a line number"),
        "{v}"
    );
}

#[test]
fn a_data_folder_that_is_a_file_is_named() {
    let home = support::Home::new();
    std::fs::write(home.path("data"), "").unwrap();
    let out = errdex(&home, &["pin", "a1174e815cc32dac"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("is a file, but errdex needs a folder there"),
        "{err}"
    );
    assert!(!err.contains("os error 17"), "{err}");
}
