//! A Go error type whose `Error()` prints its fields (`"invalid " + e.Type + ": " + e.Text`,
//! Go's own `net.ParseError`) gets a record for each message the literals of its package
//! set (`&ParseError{Type: "CIDR address", Text: s}` in another file, or its values in the
//! fields' order): a line that says
//! `invalid CIDR address: 10.0.0.1/33` finds it by its words. A rescan that reads only the
//! file of the literal updates the records of the file it did not read again.

use std::path::Path;

use errdex_core::scan::Filter;
use errdex_core::scan::rescan::rescan;
use serde_json::Value;

const NET: &str = r#"package net

// A ParseError is the error type of literal network address parsers.
type ParseError struct {
	// Type is the type of string that was expected, such as
	// "IP address", "CIDR address".
	Type string

	// Text is the malformed text string.
	Text string
}

func (e *ParseError) Error() string { return "invalid " + e.Type + ": " + e.Text }

// An UnknownNetworkError names a network by itself: nothing of its own to fill.
type UnknownNetworkError string

func (e UnknownNetworkError) Error() string { return "unknown network " + string(e) }
"#;

/// A file with no call of the table: only its literals bring it into the parse.
fn ip(cidr: &str) -> String {
    format!(
        r#"package net

func ParseIP(s string) (IP, error) {{
	if ip := parseIP(s); ip != nil {{
		return ip, nil
	}}
	return nil, &ParseError{{Type: "IP address", Text: s}}
}}

func ParseCIDR(s string) (IP, *IPNet, error) {{
	i := bytealg.IndexByteString(s, '/')
	if i < 0 {{
		return nil, nil, &ParseError{{Type: "{cidr}", Text: s}}
	}}
	return parseCIDR(s[:i], s[i+1:])
}}
"#
    )
}

/// Another package's literal of a type of the same name, and a call of the table, so the
/// file is parsed with the blocks that hold no site left out.
const OTHER: &str = r#"package dns

import "errors"

var errNoSuchHost = errors.New("no such host")

func lookup(name string) error {
	if name == "" {
		return &ParseError{Type: "host name", Text: name}
	}
	return nil
}
"#;

/// A literal that does not name the fields, long enough that the parse would leave its
/// insides out, in a file with a call of the table.
const PORT: &str = r#"package net

import "errors"

var errNoSuitableAddress = errors.New("no suitable address found")

func splitHostPort(hostport string) (host, port string, err error) {
	if hostport == "" {
		return "", "", &ParseError{"host and port", "the address " + hostport + " is empty"}
	}
	return hostport, "", nil
}
"#;

/// The patterns of the records of `net/net.go` the output holds, sorted.
fn net_patterns(output: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_to_string(output)
        .expect("output written")
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a record"))
        .filter(|r| r["filePath"] == "net/net.go")
        .map(|r| r["messagePattern"].as_str().unwrap_or("").to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn an_error_type_printing_its_fields_gets_a_record_per_literal_of_its_package() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (tree, cache) = (dir.path().join("repo"), dir.path().join("cache"));
    for folder in ["net", "dns"] {
        std::fs::create_dir_all(tree.join(folder)).expect("mkdir");
    }
    let output = dir.path().join("out.jsonl");
    std::fs::write(tree.join("net/net.go"), NET).expect("write");
    std::fs::write(tree.join("net/ip.go"), ip("CIDR address")).expect("write");
    std::fs::write(tree.join("dns/lookup.go"), OTHER).expect("write");
    std::fs::write(tree.join("net/port.go"), PORT).expect("write");
    let filter = Filter::default();

    let first = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("scan");
    assert_eq!(first.scanned.files_parsed, 4);
    assert_eq!(
        net_patterns(&output),
        [
            "invalid CIDR address: {}",
            "invalid IP address: {}",
            "invalid host and port: the address {} is empty",
            "invalid {}: {}",
            "unknown network {}",
        ]
    );
    let filled = first
        .scanned
        .resolved
        .iter()
        .find(|r| r["messagePattern"] == "invalid CIDR address: {}")
        .expect("the CIDR record");
    assert_eq!(filled["errorMessage"], "invalid CIDR address: {Text}");
    assert_eq!(filled["lineNumber"], 13);
    assert_eq!(filled["errorType"], "ParseError");
    assert_eq!(filled["function"], "net.(*ParseError).Error");
    let snippet = filled["sourceCode"].as_str().expect("a snippet");
    assert!(
        snippet.contains("func (e *ParseError) Error() string"),
        "{snippet}"
    );

    // Only the literal's file changes: the type's file is not read again.
    std::fs::write(tree.join("net/ip.go"), ip("CIDR block")).expect("write");
    let second = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("rescan");
    assert_eq!(second.scanned.files_parsed, 1, "net.go is not read again");
    assert_eq!(
        net_patterns(&output),
        [
            "invalid CIDR block: {}",
            "invalid IP address: {}",
            "invalid host and port: the address {} is empty",
            "invalid {}: {}",
            "unknown network {}",
        ]
    );
    assert_eq!(
        (second.summary.new, second.summary.gone),
        (1, 1),
        "{}",
        second.summary
    );
    let kept = second
        .scanned
        .resolved
        .iter()
        .find(|r| r["messagePattern"] == "invalid CIDR block: {}")
        .expect("the new record");
    assert!(
        kept["sourceCode"]
            .as_str()
            .is_some_and(|s| s.contains("e.Type")),
        "{kept:#?}"
    );

    // The literals gone: only the type's own record is left.
    std::fs::remove_file(tree.join("net/ip.go")).expect("remove");
    std::fs::remove_file(tree.join("net/port.go")).expect("remove");
    let third = rescan(&tree, &tree, &filter, &output, Some(&cache)).expect("rescan");
    assert_eq!(
        net_patterns(&output),
        ["invalid {}: {}", "unknown network {}"]
    );
    assert_eq!(third.summary.gone, 4, "{}", third.summary);
}
