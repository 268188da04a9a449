//! The config's own functions in every language, inside blocks the parse would leave out.

use super::lang::{Calls, Language};
use super::{anchors, elide, tree};

/// (line, type, severity, pattern) of every site of `src` as a scan finds them: blocks
/// without an anchor of `calls` left out, `extra` the config's functions.
fn scanned(language: Language, src: &str, calls: &Calls, extra: &[String]) -> Vec<String> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.tree_sitter())
        .expect("grammar loads");
    let anchors = anchors::anchors(calls, language, src.as_bytes());
    let tree = super::parse(&mut parser, language, src, anchors.as_deref()).expect("parses");
    let (sites, _) = tree::sites(
        language.grammar(),
        &tree,
        src,
        Some("m"),
        extra,
        anchors.as_deref(),
    );
    sites
        .iter()
        .map(|s| {
            format!(
                "{} {} {} {}",
                s.row + 1,
                s.error_type,
                s.severity,
                s.message.pattern()
            )
        })
        .collect()
}

/// A quiet function long enough to be left out, whose only call is `call`.
fn quiet_block(language: Language, call: &str) -> String {
    let filler = "x = x + 1; x = x + 2; x = x + 3; x = x + 4; x = x + 5;";
    match language {
        Language::Rust => format!("fn f(mut x: u32) {{\n    {filler}\n    {call};\n}}\n"),
        Language::Go => format!("package p\n\nfunc f(x int) {{\n\t{filler}\n\t{call}\n}}\n"),
        Language::Java => {
            format!("class A {{\n  void f(int x) {{\n    {filler}\n    {call};\n  }}\n}}\n")
        }
        Language::C | Language::Cpp => format!("void f(int x) {{\n    {filler}\n    {call};\n}}\n"),
        Language::Python => format!("def f(x):\n    x = x + 1\n    {call}\n"),
        Language::JavaScript | Language::TypeScript | Language::Tsx => {
            format!("function f(x) {{\n  {filler}\n  {call};\n}}\n")
        }
    }
}

#[test]
fn a_configured_function_in_a_block_left_out_by_default_is_found() {
    let extra = vec![
        "app_die".to_string(),
        "audit.fail".to_string(),
        "app_abort!".to_string(),
    ];
    let calls = Calls::new(&extra);
    for (language, call, line, want) in [
        (
            Language::Rust,
            r#"app_abort!("disk {} full", name)"#,
            3,
            "app_abort error disk {} full",
        ),
        (
            Language::Rust,
            r#"app_die("lost lease")"#,
            3,
            "app_die error lost lease",
        ),
        (
            Language::Go,
            r#"audit.fail("no quota for %s", user)"#,
            5,
            "audit.fail error no quota for {}",
        ),
        (
            Language::C,
            r#"app_die("cannot bind %d", port)"#,
            3,
            "app_die error cannot bind {}",
        ),
        (
            Language::Java,
            r#"audit.fail("user {} denied", id)"#,
            4,
            "audit.fail error user {} denied",
        ),
        (
            Language::Python,
            r#"app_die("bad row %r", row)"#,
            3,
            "app_die error bad row {}",
        ),
        (
            Language::JavaScript,
            r"app_die(`no ${key}`)",
            3,
            "app_die error no {}",
        ),
    ] {
        let src = quiet_block(language, call);
        // Without the config's names the block is left out and the call is no site …
        if let Some(syntax) = language.syntax() {
            let words =
                anchors::anchors(Calls::builtin(), language, src.as_bytes()).expect("compiles");
            assert!(
                elide::kept_ranges(src.as_bytes(), syntax, &words).is_some(),
                "{language:?}: the quiet block is left out by default:\n{src}"
            );
        }
        assert!(
            scanned(language, &src, Calls::builtin(), &extra).is_empty(),
            "{language:?}: {src}"
        );
        // … with them it is an anchor: parsed, visited, found.
        let got = scanned(language, &src, &calls, &extra);
        assert_eq!(got, vec![format!("{line} {want}")], "{language:?}:\n{src}");
    }
}

#[test]
fn a_name_not_configured_is_no_site() {
    let src = quiet_block(Language::C, r#"app_die("cannot bind %d", port)"#);
    let extra = vec!["other".to_string()];
    assert!(scanned(Language::C, &src, &Calls::new(&extra), &extra).is_empty());
}
