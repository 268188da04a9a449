//! Python messages that are not written at the raising statement: a message its class
//! writes (in the same file or another), an exception raised by name, a message the caller
//! passes in.

use serde_json::{Map, Value};

use super::deferred::{Deferred, resolve};
use super::git::Origin;
use super::lang::Language;
use super::python_classes::file_records;
use super::record::FileCx;

fn origin() -> Origin {
    Origin {
        repo: "acme/shop".into(),
        web: None,
        sha: None,
    }
}

/// One file's records and what it leaves to the repository.
fn scan_file(path: &str, src: &str) -> (Vec<Map<String, Value>>, Deferred) {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&Language::Python.tree_sitter())
        .expect("grammar loads");
    let tree = parser.parse(src, None).expect("parses");
    let (mut sites, _) =
        super::tree::sites(Language::Python.grammar(), &tree, src, Some("m"), &[], None);
    let origin = origin();
    let cx = FileCx {
        origin: &origin,
        path,
        language: Language::Python,
        module: Some("m"),
        tag: None,
        analyzed_at: "2026-01-01T00:00:00Z",
    };
    file_records(&tree, src, &mut sites, &cx)
}

/// `line type | pattern | function` of records.
fn brief(records: &[Map<String, Value>]) -> Vec<String> {
    let mut out: Vec<String> = records
        .iter()
        .map(|r| {
            format!(
                "{} {} | {} | {}",
                r["lineNumber"],
                r["errorType"].as_str().unwrap_or(""),
                r["messagePattern"].as_str().unwrap_or(""),
                r["function"].as_str().unwrap_or("-")
            )
        })
        .collect();
    out.sort();
    out
}

/// A file's path, its own records and what it leaves to the repository.
type Scanned<'a> = (&'a str, Vec<Map<String, Value>>, Deferred);

/// Every record of the files as one repository, own and resolved.
fn repository(files: &[(&str, &str)]) -> Vec<String> {
    let scanned: Vec<Scanned> = files
        .iter()
        .map(|(path, src)| {
            let (records, deferred) = scan_file(path, src);
            (*path, records, deferred)
        })
        .collect();
    let deferred: Vec<(&str, &Deferred)> = scanned.iter().map(|(p, _, d)| (*p, d)).collect();
    let mut all: Vec<Map<String, Value>> = scanned.iter().flat_map(|f| f.1.clone()).collect();
    all.extend(resolve(&deferred, &origin(), std::path::Path::new(".")));
    brief(&all)
}

#[test]
fn a_class_that_writes_its_message_gives_it_to_its_raises() {
    let errors = r#"
class IllegalMonthError(ValueError):
    def __init__(self, month):
        self.month = month
    def __str__(self):
        return "bad month number %r; must be 1-12" % self.month

class NotFound(LookupError):
    def __init__(self, name):
        super().__init__(f"No package metadata was found for {name}")

class Gone(NotFound):
    pass

class Legacy(Exception):
    def __init__(self, path, why):
        Exception.__init__(self, "cannot read %s: %s" % (path, why))

class Opaque(ValueError):
    def __str__(self):
        return self.text
"#;
    let user = r#"
from .errors import *

def month(m):
    if not 1 <= m <= 12:
        raise IllegalMonthError(m)
    raise NotFound(m)

def more(p):
    raise Gone(p)
    raise errors.Legacy(p, "eof")
    raise Opaque(p)
    raise ValueError(p)
"#;
    assert_eq!(
        repository(&[("errors.py", errors), ("user.py", user)]),
        [
            "10 Gone | No package metadata was found for {} | more",
            "11 Legacy | cannot read {}: eof | more",
            "12 Opaque | {} | more",
            "13 ValueError | {} | more",
            "6 IllegalMonthError | bad month number {}; must be 1-12 | month",
            "7 NotFound | No package metadata was found for {} | month",
        ]
    );
}

#[test]
fn a_raise_whose_message_nothing_says_is_a_record_of_where_it_is() {
    let src = r#"
class Opaque(ValueError):
    def __str__(self):
        return self.text

def f(attr, code, cmd):
    raise AttributeError(attr)
    raise Opaque(str(attr))
    raise CalledProcessError(code, cmd, None, output=None)
    raise ValueError("literal")
    raise TypeError
    raise TypeError()
    raise make_error(attr)
"#;
    let scanned = repository(&[("a.py", src)]);
    assert_eq!(
        scanned,
        [
            "10 ValueError | literal | f",
            "7 AttributeError | {} | f",
            "8 Opaque | {} | f",
            "9 CalledProcessError | {}, {}, {} | f",
        ]
    );
    // The holes are named by the variables; no literal text is kept, so no line's words
    // find these records.
    let (records, deferred) = scan_file("a.py", src);
    let all = resolve(&[("a.py", &deferred)], &origin(), std::path::Path::new("."));
    let named: Vec<&str> = all
        .iter()
        .map(|r| r["errorMessage"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(named, ["{attr}", "{attr}", "{code}, {cmd}, {}"]);
    assert_eq!(records.len(), 1);
}

#[test]
fn a_raise_fills_the_class_message_with_its_arguments() {
    let src = r#"
class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        errmsg = '%s: line %d (char %d)' % (msg, lineno, pos)
        ValueError.__init__(self, errmsg)

class Coded(Exception):
    def __init__(self, name):
        super().__init__("NotFound", f"no such thing: {name}")

class Bare(Exception):
    def __str__(self):
        return "%s: %s" % (self.a, self.b)

def decode(s, end):
    raise JSONDecodeError("Extra data", s, end)
    raise JSONDecodeError(why, s, end)
    raise Coded(s)
    raise Bare(s)
"#;
    assert_eq!(
        repository(&[("json.py", src)]),
        [
            "17 JSONDecodeError | Extra data | decode",
            "17 JSONDecodeError | Extra data: line {} (char {}) | decode",
            "18 JSONDecodeError | {}: line {} (char {}) | decode",
            // A tuple with a literal of its own, and a format of separators only: no
            // message to read, a record of where the raise is.
            "19 Coded | {} | decode",
            "20 Bare | {} | decode",
        ]
    );
}

#[test]
fn a_class_attribute_is_the_message_its_base_formats() {
    let errors = r#"
class ErrorMixin:
    msg_template: str

    def __init__(self, **ctx):
        self.__dict__ = ctx

    def __str__(self):
        return self.msg_template.format(**self.__dict__)

class TypeErr(ErrorMixin, TypeError):
    pass

class StrError(TypeErr):
    msg_template = 'str type expected'

class ColorError(TypeErr):
    msg_template = 'value is not a valid color: {reason}'

class NoTemplate(TypeErr):
    pass

class VersionNotFound(Exception):
    def __str__(self):
        return "Specification version not found"
"#;
    let user = r#"
def check(v):
    raise errors.StrError()
    raise ColorError(reason="tuples must have length 3 or 4")
    raise ColorError(reason=why)
    raise NoTemplate()
    raise VersionNotFound
"#;
    assert_eq!(
        repository(&[("errors.py", errors), ("v.py", user)]),
        [
            "3 StrError | str type expected | check",
            "4 ColorError | value is not a valid color: tuples must have length 3 or 4 | check",
            "5 ColorError | value is not a valid color: {} | check",
            "7 VersionNotFound | Specification version not found | check",
        ]
    );
}

#[test]
fn a_parameter_the_class_prints_takes_the_raise_argument_or_its_default() {
    let src = r#"
class InvalidFile(ValueError):
    def __init__(self, message="Invalid file"):
        ValueError.__init__(self, message)

class NotCallable(TypeError):
    def __init__(self, msg, value):
        super(TypeError, self).__init__(msg, value)
        self.msg = msg

    def __str__(self):
        return str(self.msg)

def load(fp, value):
    raise InvalidFile()
    raise InvalidFile("Invalid header")
    raise InvalidFile(why)
    message = "'{name}' must be callable (got {value!r})."
    raise NotCallable(msg=message.format(name="x", value=value), value=value)
    raise NotCallable(reason, value)
"#;
    assert_eq!(
        repository(&[("plist.py", src)]),
        [
            "15 InvalidFile | Invalid file | load",
            "16 InvalidFile | Invalid header | load",
            "17 InvalidFile | {} | load",
            "19 NotCallable | '{}' must be callable (got {}). | load",
            "20 NotCallable | {}, {} | load",
        ]
    );
}

#[test]
fn a_code_before_the_message_is_not_the_message() {
    let src = r#"
def color(v):
    raise PydanticCustomError("color_error", "value is not a valid color", {"reason": v})
    raise KeyError("name")
    raise ValueError("E1", code)
"#;
    assert_eq!(
        repository(&[("c.py", src)]),
        [
            "3 PydanticCustomError | value is not a valid color | color",
            "4 KeyError | name | color",
            // Python's own exception prints its two arguments as they are.
            "5 ValueError | ('E1', {}) | color",
        ]
    );
}

#[test]
fn an_exception_raised_by_name_is_its_raise() {
    let src = r#"
def check(x):
    exc = ValueError("bad value %r" % x)
    log(exc)
    raise exc

def rethrow(e):
    raise e
"#;
    assert_eq!(
        repository(&[("a.py", src)]),
        ["5 ValueError | bad value {} | check"]
    );
}

#[test]
fn a_message_the_caller_passes_in_lands_on_the_raise() {
    let src = r#"
class Parser:
    def _error(self, msg, pos=None):
        raise SyntaxError(msg)

    def _fail(self, msg):
        msg = msg.upper()
        raise ValueError(msg)

    def parse(self, tok):
        if tok is None:
            self._error("unexpected end of input")
        self._error("unexpected token %r" % tok)
        self._error(msg="bad token %s" % tok)
        self._error("unexpected end of input")
        self._error(tok)
        self._fail("never followed")

def fail(reason, code):
    raise RuntimeError(code)

def main():
    fail("why", "code %d" % 3)
    other.fail("elsewhere", "not this %d" % 4)
"#;
    assert_eq!(
        repository(&[("p.py", src)]),
        [
            "20 RuntimeError | code {} | fail",
            "4 SyntaxError | bad token {} | Parser._error",
            "4 SyntaxError | unexpected end of input | Parser._error",
            "4 SyntaxError | unexpected token {} | Parser._error",
            "8 ValueError | {} | Parser._fail",
        ]
    );
}

#[test]
fn ids_of_caller_messages_are_stable_across_line_moves() {
    let src = "def err(m):\n    raise KeyError(m)\n\ndef f():\n    err('no such key')\n";
    let moved = format!("\n\n# a comment\n{src}");
    let id = |s: &str| {
        let (records, _) = scan_file("k.py", s);
        records[0]["id"].as_str().map(str::to_string)
    };
    assert!(id(src).is_some());
    assert_eq!(id(src), id(&moved));
}

#[test]
fn an_exception_given_several_arguments_prints_them_as_a_tuple() {
    let errors = r"
class Base(ABC, Exception):
    pass

class InvalidResource(Base):
    def __init__(self, logical_id, message):
        self._logical_id = logical_id
        self._message = message

class TokenError(Exception): pass
";
    let user = r#"
from .errors import *

def check(logical_id, x):
    if x:
        raise InvalidResource(logical_id, "Logical ids must be alphanumeric.")
    raise ValueError("bad value", x)

def read(domain):
    raise FileNotFoundError(ENOENT, "No translation file found for domain", domain)

def tokens(start):
    raise TokenError("EOF in multi-line string", start)
"#;
    assert_eq!(
        repository(&[("errors.py", errors), ("user.py", user)]),
        [
            "10 FileNotFoundError | [Errno {}] No translation file found for domain: {} | read",
            "13 TokenError | EOF in multi-line string | tokens",
            "6 InvalidResource | ({}, 'Logical ids must be alphanumeric.') | check",
            "7 ValueError | ('bad value', {}) | check",
        ]
    );
}
