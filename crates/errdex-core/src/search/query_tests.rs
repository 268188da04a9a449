use super::*;

fn one(text: &str) -> Term {
    let q = Query::parse(text);
    assert_eq!(q.groups.len(), 1, "{text}: {q:?}");
    assert_eq!(q.groups[0].len(), 1, "{text}: {q:?}");
    q.groups[0][0].clone()
}

fn term(scope: Scope, kind: Kind, negated: bool, text: &str) -> Term {
    Term {
        scope,
        kind,
        negated,
        text: text.into(),
        case_sensitive: text.chars().any(|c| c.is_ascii_uppercase()),
    }
}

#[test]
fn plain_terms_are_fuzzy_and_anded() {
    let q = Query::parse("  conn  refused ");
    assert_eq!(q.groups.len(), 2);
    assert_eq!(q.groups[0][0], term(Scope::Any, Kind::Fuzzy, false, "conn"));
    assert!(q.warnings().is_empty());
    assert!(!q.is_empty());
    assert!(Query::parse("   ").is_empty());
}

#[test]
fn fzf_operators() {
    assert_eq!(one("'exact"), term(Scope::Any, Kind::Exact, false, "exact"));
    assert_eq!(one("^src"), term(Scope::Any, Kind::Prefix, false, "src"));
    assert_eq!(one(".rs$"), term(Scope::Any, Kind::Suffix, false, ".rs"));
    assert_eq!(
        one("^main.rs$"),
        term(Scope::Any, Kind::Equal, false, "main.rs")
    );
    // Negation is an exact match, as in fzf.
    assert_eq!(one("!test"), term(Scope::Any, Kind::Exact, true, "test"));
    assert_eq!(one("!^test"), term(Scope::Any, Kind::Prefix, true, "test"));
    assert_eq!(one("!.go$"), term(Scope::Any, Kind::Suffix, true, ".go"));
    // Lone operator characters are searched literally.
    assert_eq!(one("^"), term(Scope::Any, Kind::Fuzzy, false, "^"));
    assert_eq!(one("$"), term(Scope::Any, Kind::Fuzzy, false, "$"));
    assert_eq!(one("'"), term(Scope::Any, Kind::Fuzzy, false, "'"));
    assert_eq!(
        one("price\\$"),
        term(Scope::Any, Kind::Fuzzy, false, "price$")
    );
}

#[test]
fn every_scope_and_alias() {
    let cases = [
        ("tag:", Scope::Tags),
        ("tags:", Scope::Tags),
        ("t:", Scope::Tags),
        ("path:", Scope::Path),
        ("p:", Scope::Path),
        ("file:", Scope::Path),
        ("msg:", Scope::Message),
        ("m:", Scope::Message),
        ("repo:", Scope::Repo),
        ("r:", Scope::Repo),
        ("sev:", Scope::Severity),
        ("s:", Scope::Severity),
        ("type:", Scope::Type),
        ("TAG:", Scope::Tags),
    ];
    for (prefix, scope) in cases {
        let t = one(&format!("{prefix}value"));
        assert_eq!((t.scope, t.text.as_str()), (scope, "value"), "{prefix}");
    }
    // Ids are matched by prefix unless an operator says otherwise.
    assert_eq!(one("id:a11"), term(Scope::Id, Kind::Prefix, false, "a11"));
    assert_eq!(one("id:'174e"), term(Scope::Id, Kind::Exact, false, "174e"));
    assert_eq!(
        one("!tag:flaky"),
        term(Scope::Tags, Kind::Exact, true, "flaky")
    );
    assert_eq!(
        one("path:^src/"),
        term(Scope::Path, Kind::Prefix, false, "src/")
    );
    let p = one("is:pinned");
    assert_eq!((p.scope, p.negated), (Scope::Pinned, false));
    assert!(one("!is:PINNED").negated);
    assert_eq!(one("is:recent").scope, Scope::Recent);
}

#[test]
fn quoted_phrases_are_one_exact_term() {
    assert_eq!(
        one("\"connection refused\""),
        term(Scope::Any, Kind::Exact, false, "connection refused")
    );
    assert_eq!(
        one("msg:\"a b\""),
        term(Scope::Message, Kind::Exact, false, "a b")
    );
    assert_eq!(
        one("!\"x | y\""),
        term(Scope::Any, Kind::Exact, true, "x | y")
    );
    assert_eq!(
        one("^\"a b\""),
        term(Scope::Any, Kind::Prefix, false, "a b")
    );
    let q = Query::parse("\"unclosed phrase");
    assert_eq!(q.groups[0][0].text, "unclosed phrase");
    assert_eq!(q.warnings().len(), 1, "{:?}", q.warnings());
}

#[test]
fn or_groups() {
    let q = Query::parse("timeout | deadline tag:rust");
    assert_eq!(q.groups.len(), 2);
    assert_eq!(q.groups[0].len(), 2);
    assert_eq!(q.groups[0][1].text, "deadline");
    assert_eq!(q.groups[1][0].scope, Scope::Tags);
    let q = Query::parse("| a |");
    assert_eq!(q.groups.len(), 1);
    assert_eq!(q.warnings().len(), 2, "{:?}", q.warnings());
}

#[test]
fn smart_case() {
    assert!(!one("timeout").case_sensitive);
    assert!(one("TimeOut").case_sensitive);
    assert!(
        !one("tag:rust").case_sensitive,
        "the scope name does not count"
    );
    assert!(
        !one("über").case_sensitive,
        "only ASCII capitals switch case on"
    );
}

#[test]
fn malformed_parts_warn_and_search_literally() {
    let q = Query::parse("foo:bar");
    assert_eq!(
        q.groups[0][0],
        term(Scope::Any, Kind::Fuzzy, false, "foo:bar")
    );
    assert!(q.warnings()[0].contains("unknown field `foo:`"));
    let q = Query::parse("tag: timeout");
    assert_eq!(q.groups.len(), 1);
    assert!(q.warnings()[0].contains("empty `tag:`"));
    let q = Query::parse("is:open");
    assert_eq!(q.groups[0][0].text, "is:open");
    assert_eq!(q.warnings().len(), 1);
    // Not a field name: URLs and paths with colons are just text, without a warning.
    let q = Query::parse("C:\\x http2://a");
    assert_eq!(q.groups.len(), 2);
    let q = Query::parse("!");
    assert!(q.is_empty());
    assert_eq!(q.warnings().len(), 1);
}

#[test]
fn narrowing_is_only_claimed_when_safe() {
    let n = |new: &str, old: &str| Query::parse(new).narrows(&Query::parse(old));
    assert!(n("conn", "con"));
    assert!(n("conn ref", "conn"));
    assert!(n("conn", "cn"));
    assert!(n("'conn", "con"));
    assert!(n("msg:conn", "conn"));
    assert!(n("tag:rus", "tag:ru"));
    assert!(n("Conn", "con"));
    assert!(n("conn$", "conn"));
    assert!(!n("con", "Con"));
    assert!(!n("conn", "msg:conn"));
    assert!(!n("t:x", "t"));
    assert!(!n("!abcd", "!abc"));
    assert!(!n("a | b", "a"));
    assert!(!n("^ab", "'abc"));
    assert!(n("a b", "a | c"));
    assert!(n("x", ""));
}

#[test]
fn quoted_phrases_take_anchors_on_both_sides() {
    assert_eq!(
        one("\"a b\"$"),
        term(Scope::Any, Kind::Suffix, false, "a b")
    );
    assert_eq!(
        one("^\"a b\"$"),
        term(Scope::Any, Kind::Equal, false, "a b")
    );
    let q = Query::parse("\"a b\"c");
    assert_eq!(q.groups[0][0], term(Scope::Any, Kind::Exact, false, "a bc"));
    assert!(
        q.warnings()[0].contains("after a quote"),
        "{:?}",
        q.warnings()
    );
}

#[test]
fn tags_match_by_prefix_unless_tilde_asks_for_fuzzy() {
    assert_eq!(one("tag:go"), term(Scope::Tags, Kind::Prefix, false, "go"));
    assert_eq!(
        one("t:~sprbt"),
        term(Scope::Tags, Kind::Fuzzy, false, "sprbt")
    );
    assert_eq!(one("tag:go$"), term(Scope::Tags, Kind::Suffix, false, "go"));
    assert_eq!(one("~x"), term(Scope::Any, Kind::Fuzzy, false, "x"));
    assert_eq!(one("~"), term(Scope::Any, Kind::Fuzzy, false, "~"));
}
