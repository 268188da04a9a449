//! The parts a Go file leaves to its package, and the messages they make.

use super::*;
use crate::scan::lang::Language;

fn parts(src: &str) -> (Vec<FieldTemplate>, Vec<TypeLiteral>) {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&Language::Go.tree_sitter())
        .expect("grammar loads");
    let tree = parser.parse(src, None).expect("parses");
    let (sites, facts) =
        crate::scan::tree::sites(Language::Go.grammar(), &tree, src, None, &[], None);
    let origin = Origin {
        repo: "acme/shop".into(),
        web: None,
        sha: None,
    };
    let cx = FileCx {
        origin: &origin,
        path: "net/net.go",
        language: Language::Go,
        module: None,
        tag: None,
        analyzed_at: "2026-01-01T00:00:00Z",
    };
    file_parts(&tree, src, &facts, &cx, &sites)
}

fn literal(ty: &str, fields: &[(&str, &str)]) -> TypeLiteral {
    TypeLiteral {
        ty: ty.into(),
        keyed: fields
            .iter()
            .map(|(f, v)| ((*f).to_string(), Message::text(v)))
            .collect(),
        positional: Vec::new(),
    }
}

fn messages(template: &FieldTemplate, literals: &[TypeLiteral]) -> Vec<String> {
    filled(template, &literals.iter().collect::<Vec<_>>())
        .iter()
        .map(Message::message)
        .collect()
}

#[test]
fn only_holes_the_receivers_fields_fill_are_filled_by_literals() {
    let src = r#"package net

type AddrError struct{ Err, Addr string }

func (e *AddrError) Error() string { return "address " + e.Addr + ": " + e.Err }

type OpError struct{ Op string }

func (e *OpError) Error() string { Op := "dial"; return Op + " failed" }

type NameError struct{ Name string; Parent *NameError }

func (e *NameError) Error() string { return "bad name " + e.Parent.Name + " in " + e.Name }

type Other struct{}

func (o Other) String() string { return "other " + o.Name }

func f(s string) error {
	if s == "" {
		return &AddrError{Err: "missing port in address", Addr: s}
	}
	_ = OpError{"positional"}
	_ = &net.AddrError{Err: "another package's"}
	_ = &AddrError{"too many colons", s}
	_ = &AddrError{"too few values"}
	_ = &NameError{Name: "root"}
	return &AddrError{Err: fmt.Sprint(s), Addr: "x:" + s}
}
"#;
    let (templates, literals) = parts(src);
    // Not `NameError`: its `{Name}` may be `e.Parent.Name`'s as well as `e.Name`'s.
    assert_eq!(templates.len(), 1, "{templates:#?}");
    let template = &templates[0];
    assert_eq!(template.ty, "AddrError");
    assert_eq!(template.fields, ["Addr", "Err"]);
    assert_eq!(template.order, ["Err", "Addr"]);
    assert_eq!(template.line, 5);
    assert_eq!(template.function.as_deref(), Some("net.(*AddrError).Error"));
    // Fields set to text only; a qualified type is another package's.
    assert_eq!(literals.len(), 6, "{literals:#?}");
    assert_eq!(
        literals[0],
        literal("AddrError", &[("Err", "missing port in address")])
    );
    assert_eq!(literals[1].ty, "OpError");
    assert_eq!(literals[2].positional.len(), 2);
    assert_eq!(literals[5].keyed[0].1.message(), "x:{s}");
    // A literal with fewer values than fields is not read by place.
    assert_eq!(
        messages(template, &literals),
        [
            "address {Addr}: missing port in address",
            "address {Addr}: too many colons",
            "address x:{s}: {Err}"
        ]
    );
}

#[test]
fn a_filled_message_that_says_too_little_or_again_is_left_out() {
    let template = FieldTemplate {
        ty: "PathError".into(),
        message: {
            let mut m = Message::hole(Some("Op".into()));
            m.push_text(" ");
            m.push_hole(Some("Path".into()));
            m.push_text(": ");
            m.push_hole(Some("Err".into()));
            m
        },
        fields: vec!["Op".into(), "Path".into()],
        function: None,
        record: "{}".into(),
        line: 1,
        snippet: None,
        taken: Vec::new(),
        order: Vec::new(),
    };
    let literals = [
        literal("PathError", &[("Op", "open")]),
        literal("PathError", &[("Op", "open"), ("Err", "not filled")]),
        literal("PathError", &[("Op", "-")]),
        literal("OtherError", &[("Op", "stat")]),
    ];
    assert_eq!(messages(&template, &literals), ["open {Path}: {Err}"]);
    let many: Vec<TypeLiteral> = (0..40)
        .map(|i| literal("PathError", &[("Op", &format!("op{i}"))]))
        .collect();
    assert_eq!(messages(&template, &many).len(), MAX_FILLED);
}

#[test]
fn literals_and_declarations_of_the_packages_error_types_are_anchors() {
    let src = b"x := &ParseError{Type: t}; y := net.ParseError{}; z := Thing{}; w := pathError{}\ntype ParseError struct {\n\tType string\n}";
    let at: Vec<&str> = literal_anchors(src)
        .iter()
        .map(|&i| std::str::from_utf8(&src[i - 3..i + 3]).unwrap_or(""))
        .collect();
    assert_eq!(at, ["or{Typ", "or{}\nt", "t {\n\tT"]);
    assert!(may_build(src));
    assert!(!may_build(b"return errors.New(\"x\")"));
    assert!(may_take_part(b"func (e T) Error() string { return e.s }"));
    assert!(!may_take_part(b"return errors.New(\"x\")"));
}
