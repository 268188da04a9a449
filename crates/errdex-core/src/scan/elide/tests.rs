use std::path::Path;

use super::*;
use crate::scan::Language;

fn elided(text: &str, syntax: Syntax, words: &[&str]) -> Option<Vec<String>> {
    let starts: Vec<usize> = words
        .iter()
        .map(|w| text.find(w).expect("the word is in the text"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let blocks = elided_blocks(text.as_bytes(), syntax, &starts)?;
    Some(
        blocks
            .into_iter()
            .map(|b| text[b].trim().to_string())
            .collect(),
    )
}

const LONG: &str = "let a = 1; let b = 2; let c = a + b; let d = c * 2;";

#[test]
fn a_block_without_a_word_is_left_out_and_one_with_a_word_is_kept() {
    let text =
        format!("fn quiet() {{ {LONG} }}\nfn loud() {{ if x {{ {LONG} }} bail!(\"no\"); }}\n");
    let blocks = elided(&text, Syntax::Go, &["bail!"]).expect("braces match");
    // `quiet`'s body and the `if` inside `loud`: `loud`'s own body holds the word.
    assert_eq!(blocks, vec![LONG.to_string(), LONG.to_string()]);
    // Rust leaves out the quiet item whole, its header too.
    let blocks = elided(&text, Syntax::Rust, &["bail!"]).expect("braces match");
    assert_eq!(
        blocks,
        vec![format!("fn quiet() {{ {LONG} }}"), LONG.to_string()]
    );
}

#[test]
fn rust_items_without_a_word_are_left_out_inside_impl_blocks_too() {
    let text = format!(
        "use a::b;\n/// panic!(\"in a doc\")\nconst X: [u8; 2] = [1, 2];\nstatic S: T = T {{ a: 1 }};\n\
         impl A {{\n    fn quiet(&self) {{ {LONG} }}\n    fn loud(&self) {{ bail!(\"no\") }}\n}}\n\
         fn f() -> impl Fn() {{ {LONG} }}\n"
    );
    let starts: Vec<usize> = text
        .match_indices("bail!")
        .map(|(at, _)| at)
        .chain(text.find("panic!"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let kept = kept_ranges(text.as_bytes(), Syntax::Rust, &starts).expect("something left out");
    let kept: String = kept.into_iter().map(|r| &text[r]).collect();
    // The `impl` header and the loud function stay; the quiet items, their doc comments
    // (a word in a comment is no call) and the `;`-ended items go whole.
    assert_eq!(
        kept.split_whitespace().collect::<Vec<_>>().join(" "),
        "impl A { fn loud(&self) { bail!(\"no\") } }"
    );
}

#[test]
fn a_macros_braces_are_its_arguments_and_kept() {
    let text = format!("fn f() {{ if x {{ bail! {{ \"{LONG}\", }} }} }}\n");
    assert_eq!(elided(&text, Syntax::Rust, &["bail!"]), Some(vec![]));
}

#[test]
fn only_the_outermost_quiet_block_is_named() {
    let text = format!("fn quiet() {{ {LONG} if y {{ {LONG} }} }}\n");
    let blocks = elided(&text, Syntax::Go, &[]).expect("braces match");
    assert_eq!(blocks.len(), 1);
    assert!(blocks[0].starts_with("let a") && blocks[0].ends_with('}'));
}

#[test]
fn braces_in_strings_comments_and_chars_are_not_blocks() {
    let rust = format!(
        "fn f<'a>(s: &'a str) {{ let x = '{{'; let y = \"}}\\\"\"; let z = r#\"}}\"#; /* {{ /* }} */ }} */ // }}\n {LONG} }}\n"
    );
    assert_eq!(elided(&rust, Syntax::Rust, &[]).map(|b| b.len()), Some(1));
    let go = format!("func f() {{ s := `}}`; r := '}}'; {LONG} }}\n");
    assert_eq!(elided(&go, Syntax::Go, &[]).map(|b| b.len()), Some(1));
    let java = format!("class A {{ String s = \"\"\"\n  }} \" }}\n\"\"\"; {LONG} }}\n");
    assert_eq!(elided(&java, Syntax::Java, &[]).map(|b| b.len()), Some(1));
    let cpp = format!("void f() {{ auto s = R\"x(}} )\" )x\"; char c = '}}'; {LONG} }}\n");
    assert_eq!(elided(&cpp, Syntax::C, &[]).map(|b| b.len()), Some(1));
}

#[test]
fn braces_that_do_not_match_leave_nothing_out() {
    let text = format!("#if A\nvoid f() {{\n#else\nvoid g() {{\n#endif\n {LONG} }}\n");
    assert_eq!(elided(&text, Syntax::C, &[]), None);
    assert_eq!(elided("} {", Syntax::C, &[]), None);
}

#[test]
fn kept_ranges_are_the_rest_and_their_points_are_the_files() {
    let text = format!("func a() {{\n    {LONG}\n}}\nfunc b() {{}}\n");
    let kept = kept_ranges(text.as_bytes(), Syntax::Go, &[]).expect("something left out");
    assert_eq!(kept.len(), 2);
    let ranges = ts_ranges(text.as_bytes(), &kept);
    assert_eq!(ranges[0].end_point, tree_sitter::Point::new(0, 10));
    assert_eq!(ranges[1].start_point, tree_sitter::Point::new(2, 0));
    assert_eq!(&text[ranges[1].start_byte..=ranges[1].start_byte], "}");
}

/// Every site and its function as (line, type, message, function).
fn sites(language: Language, text: &str, elide: bool) -> Vec<String> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.tree_sitter())
        .expect("grammar loads");
    let words = crate::scan::anchors::anchors(
        crate::scan::lang::Calls::builtin(),
        language,
        text.as_bytes(),
    );
    let words = words.as_deref().filter(|_| elide);
    let tree = crate::scan::parse(&mut parser, language, text, words).expect("parses");
    let (sites, _) =
        crate::scan::tree::sites(language.grammar(), &tree, text, Some("m"), &[], words);
    sites
        .iter()
        .map(|s| {
            format!(
                "{} {} {} {:?}",
                s.row + 1,
                s.error_type,
                s.message.pattern(),
                s.function
            )
        })
        .collect()
}

/// On the committed real files of every language that leaves blocks out, what is found
/// is what a parse of the whole file finds.
#[test]
fn leaving_quiet_blocks_out_finds_what_the_whole_parse_finds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scan");
    let mut compared = 0;
    let mut left_out = 0;
    for dir in std::fs::read_dir(&root).expect("fixtures").flatten() {
        for file in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = file.path();
            let Some(language) = Language::of_path(&path) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).expect("utf-8 fixture");
            let words = crate::scan::anchors::anchors(
                crate::scan::lang::Calls::builtin(),
                language,
                text.as_bytes(),
            )
            .unwrap_or_default();
            if let Some(syntax) = language.syntax()
                && kept_ranges(text.as_bytes(), syntax, &words).is_some()
            {
                left_out += 1;
            }
            let whole = sites(language, &text, false);
            assert_eq!(sites(language, &text, true), whole, "{}", path.display());
            compared += whole.len();
        }
    }
    assert!(
        compared >= 20 && left_out >= 10,
        "{compared} sites, {left_out} files"
    );
}
