use super::lang::Language;
use super::site::Site;

/// The sites of `src` as (line, type, message, pattern, function, logger).
pub(crate) fn sites(language: Language, src: &str) -> Vec<Site> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.tree_sitter())
        .expect("grammar loads");
    let tree = parser.parse(src, None).expect("parses");
    super::tree::sites(language.grammar(), &tree, src, Some("m"), &[], None).0
}

fn brief(language: Language, src: &str) -> Vec<String> {
    sites(language, src)
        .iter()
        .map(|s| {
            format!(
                "{} {} {} | {} | {} | {}{}",
                s.row + 1,
                s.kind.as_str(),
                s.error_type,
                s.message.message(),
                s.message.pattern(),
                s.function.as_deref().unwrap_or("-"),
                s.logger
                    .as_ref()
                    .map(|l| format!(" @{l}"))
                    .unwrap_or_default()
            )
        })
        .collect()
}

#[test]
fn rust_sites() {
    let src = r#"
impl<T> Store<T> {
    fn open(&self, path: &Path) -> Result<()> {
        bail!("failed to open {}: {err}", path.display());
        tracing::error!(target: "db", attempt = 3, "write failed for {}", self.key);
        let _ = Err(format!("bad {}", name));
        let v = x.expect("config must load");
        let w = y.with_context(|| format!("reading {path:?}"))?;
        assert!(ok, "lost {n} rows");
        assert_eq!(a, b);
        println!("not an error {}", x);
        // bail!("a comment");
        unreachable!();
        Err(io::Error::new(io::ErrorKind::Other, "disk full"))
    }
}
#[derive(Debug, thiserror::Error)]
enum StoreError {
    /// Docs.
    #[error("key {0} not found")]
    Missing(String),
    #[error(transparent)]
    Io(io::Error),
}
fn free() { log::warn!("slow query: {}ms", ms); let m = format!("lost {n}"); bail!(m); }
#[cfg(test)]
mod tests {
    #[test]
    fn t() { assert!(false, "test code is not a site"); }
}
#[tokio::test]
async fn t2() { panic!("nor is this"); }
#[cfg(all(test, feature = "slow"))]
mod slow { fn s() { panic!("gated test code"); } }
#[cfg(any(test, feature = "fuzz"))]
fn helper() { panic!("built outside tests too"); }
macro_rules! rng_integer {
    ($t:ty) => {
        fn gen(r: Range<$t>) -> $t {
            if r.is_empty() { panic!("empty range: {:?}..{:?}", r.start, r.end); }
            wrap!(format!("not a site"))
        }
    };
}
macro_rules! panic_oob {
    ($method_name:expr, $index:expr, $len:expr) => {
        panic!(concat!("Vec::", $method_name, ": index {} out of ", 8, " or {}"), $index, $len)
    }
}
fn at() { panic!(concat!("no ", env!("CARGO_PKG_NAME"), " in {}"), dir); }
"#;
    assert_eq!(
        brief(Language::Rust, src),
        [
            "4 raise bail! | failed to open {}: {err} | failed to open {}: {} | Store::open",
            "5 log error | write failed for {key} | write failed for {} | Store::open @db",
            "6 raise Err | bad {name} | bad {} | Store::open",
            "7 panic expect | config must load | config must load | Store::open",
            "8 raise with_context | reading {path} | reading {} | Store::open",
            "9 panic assert! | lost {n} rows | lost {} rows | Store::open",
            "10 panic assert_eq! | assertion `left == right` failed | assertion `left == right` failed | Store::open",
            "13 panic unreachable! | internal error: entered unreachable code | internal error: entered unreachable code | Store::open",
            "14 raise io::Error | disk full | disk full | Store::open",
            "20 raise StoreError::Missing | key {} not found | key {} not found | -",
            "25 log warn | slow query: {ms}ms | slow query: {}ms | free",
            "25 raise bail! | lost {n} | lost {} | free",
            "36 panic panic! | built outside tests too | built outside tests too | helper",
            "40 panic panic! | empty range: {start}..{end} | empty range: {}..{} | -",
            "47 panic panic! | Vec::{method_name}: index {index} out of 8 or {len} | Vec::{}: index {} out of 8 or {} | -",
            "50 panic panic! | no {value} in {dir} | no {} in {} | at",
        ]
    );
}

#[test]
fn rust_test_modules_in_files_of_their_own_are_test_code() {
    for name in ["tests.rs", "test.rs", "update_tests.rs", "parse_test.rs"] {
        assert!(Language::Rust.is_test_file(name), "{name}");
    }
    for name in ["lib.rs", "testing.rs", "contest.rs", "tests_data.rs"] {
        assert!(!Language::Rust.is_test_file(name), "{name}");
    }
}

#[test]
fn go_sites() {
    let src = r#"package store

func (s *Store[K]) Open(path string) error {
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	log.Printf("not an error %d", n)
	logger.Named("db").Error("write failed", zap.Error(err))
	slog.WarnContext(ctx, "slow query", "ms", ms)
	klog.ErrorS(err, "sync failed", "pod", pod)
	return errors.Wrapf(err, "reading "+name+" at %d", off)
}

func helper() {
	panic("unreachable state " + state)
	t.Errorf("test helper %d", 1)
	return errors.New(`raw message`)
	ctxt.Errorf(sym, "stack over %d bytes", limit)
	panic(plainError("closed channel"))
	panic(wrap(err))
	panic(n.no("SetVal"))
	p.errorf("expected %s, found %s", want, tok)
	errorf("unhandled tag %v", tag)
	check.errorf(at, code, "%s is not a type", name)
	return false, f.failf("flag provided but not defined: -%s", name)
	check.softErrorf(at, code, "%s declared but not used", name)
	check.versionErrorf(lit, "go1.13", "binary literals")
	t.Fatalf("a test's %s", name)
	log.Errorf("logged %d", n)
}
"#;
    assert_eq!(
        brief(Language::Go, src),
        [
            "5 raise fmt.Errorf | open {path}: {err} | open {}: {} | store.(*Store).Open",
            "8 log error | write failed | write failed | store.(*Store).Open @db",
            "9 log warn | slow query | slow query | store.(*Store).Open",
            "10 log error | sync failed | sync failed | store.(*Store).Open",
            "15 panic panic | unreachable state {state} | unreachable state {} | store.helper",
            "17 raise errors.New | raw message | raw message | store.helper",
            "18 log error | stack over {limit} bytes | stack over {} bytes | store.helper",
            "19 panic panic | closed channel | closed channel | store.helper",
            "22 raise errorf | expected {want}, found {tok} | expected {}, found {} | store.helper",
            "23 raise errorf | unhandled tag {tag} | unhandled tag {} | store.helper",
            "24 raise errorf | {name} is not a type | {} is not a type | store.helper",
            "25 raise failf | flag provided but not defined: -{name} | flag provided but not defined: -{} | store.helper",
            "26 raise softErrorf | {name} declared but not used | {} declared but not used | store.helper",
            "27 raise versionErrorf | binary literals | binary literals | store.helper",
            "29 log error | logged {n} | logged {} | store.helper",
        ]
    );
}

#[test]
fn a_go_error_value_of_the_package_is_shared_and_one_made_in_a_function_is_not() {
    let src = r#"package io

var ErrUnexpectedEOF = errors.New("unexpected EOF")

var (
	errWhence = errors.New("Seek: invalid whence")
	errOffset = fmt.Errorf("Seek: invalid offset %d", 0)
)

var check = func() error { return errors.New("made when called") }

func read() error {
	var err = errors.New("made in a function")
	return err
}
"#;
    let shared: Vec<(usize, bool)> = sites(Language::Go, src)
        .iter()
        .map(|s| (s.row + 1, s.shared))
        .collect();
    assert_eq!(
        shared,
        [(3, true), (6, true), (7, true), (10, false), (13, false)]
    );
}

#[test]
fn rust_error_displays_write_their_types_messages() {
    let src = r#"
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Eof => f.write_str("unexpected end of input"),
            Kind::Header(n) => write!(f, "invalid header {}", n),
            Kind::Other => write!(f, "{}: {}", self.a, self.b),
            Kind::Io => f.write_str("Io"),
            Kind::Colon => f.write_str("expected `:`"),
        }
    }
}

impl<'a> std::fmt::Display for ErrorKind<'a> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        writeln!(f, "bad key {key}", key = self.0)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "point at {}", self.x) }
}

impl fmt::Display for InvalidHeaderValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("failed to parse header value")
    }
}

impl Error for InvalidHeaderValue {}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a message on the line after its call",
        )
    }
}

impl fmt::Display for BernoulliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BernoulliError::InvalidProbability => "p is outside [0, 1]",
            BernoulliError::Other => other_text(),
            BernoulliError::Nan => "probability is NaN",
        })
    }
}
impl Error for PointError {}
impl Error for BernoulliError {}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "parse error {}", self.x) }
}
"#;
    assert_eq!(
        brief(Language::Rust, src),
        [
            "5 raise ParseError | unexpected end of input | unexpected end of input | ParseError::fmt",
            "6 raise ParseError | invalid header {n} | invalid header {} | ParseError::fmt",
            "9 raise ParseError | expected `:` | expected `:` | ParseError::fmt",
            "16 raise ErrorKind | bad key {key} | bad key {} | ErrorKind::fmt",
            "26 raise InvalidHeaderValue | failed to parse header value | failed to parse header value | InvalidHeaderValue::fmt",
            "34 raise SplitError | a message on the line after its call | a message on the line after its call | SplitError::fmt",
            "43 raise BernoulliError | p is outside [0, 1] | p is outside [0, 1] | BernoulliError::fmt",
            "45 raise BernoulliError | probability is NaN | probability is NaN | BernoulliError::fmt",
        ]
    );
}

#[test]
fn go_error_methods_write_their_types_messages() {
    let src = r#"package asn1

func (e SyntaxError) Error() string { return "asn1: syntax error: " + e.Msg }

func (e *UnmarshalTypeError) Error() string {
	if e == nil {
		return "<nil>"
	}
	if e.Field != "" {
		return fmt.Sprintf("json: cannot unmarshal %s into Go struct field %s", e.Value, e.Field)
	}
	f := func() string { return "not the method's " + e.Value }
	return e.Op + " " + e.Path + ": " + e.Err.Error()
}

func (e *Other) Error(depth int) string { return "takes an argument: " + e.s }
func (e *Other) String() string { return "not an error: " + e.s }
func Error() string { return "a function: " + s }
"#;
    assert_eq!(
        brief(Language::Go, src),
        [
            "3 raise SyntaxError | asn1: syntax error: {Msg} | asn1: syntax error: {} | asn1.SyntaxError.Error",
            "10 raise UnmarshalTypeError | json: cannot unmarshal {Value} into Go struct field {Field} | json: cannot unmarshal {} into Go struct field {} | asn1.(*UnmarshalTypeError).Error",
        ]
    );
}

#[test]
fn python_sites() {
    let src = r#"
import logging
log = logging.getLogger(__name__)
other = logging.getLogger("audit")

class Store:
    @property
    def open(self, path):
        raise ValueError(f"cannot open {path!r}: {self.err}")
        log.error("write failed for %s (%d)", key, n)
        other.warning("slow query: {}ms".format(ms))
        print("not an error %s" % x)
        raise KeyError("missing " + str(key))
        logging.exception("boom")

def free():
    warnings.warn("deprecated", DeprecationWarning)
    raise RuntimeError("a %s b" % (x, y))
    raise NotFound(message)
    msg = f"cannot convert {val!r}"
    raise ValueError(msg)
"#;
    assert_eq!(
        brief(Language::Python, src),
        [
            "9 raise ValueError | cannot open {path}: {err} | cannot open {}: {} | Store.open",
            "10 log error | write failed for {key} ({n}) | write failed for {} ({}) | Store.open @m",
            "11 log warning | slow query: {ms}ms | slow query: {}ms | Store.open @audit",
            "13 raise KeyError | missing {key} | missing {} | Store.open",
            "14 log exception | boom | boom | Store.open",
            "17 log DeprecationWarning | deprecated | deprecated | free",
            "18 raise RuntimeError | a {x} b | a {} b | free",
            "21 raise ValueError | cannot convert {val} | cannot convert {} | free",
        ]
    );
}

#[test]
fn java_sites() {
    let src = r#"package com.acme.shop;

public class Store {
    private static final Logger LOG = LoggerFactory.getLogger(Store.class);

    public Store() { throw new IllegalStateException("no store"); }

    void open(String path) throws IOException {
        throw new IOException("cannot open " + path + ": " + err.getMessage());
        LOG.error("write failed for {} after {}", key, tries, e);
        log.log(Level.SEVERE, String.format("bad %s", x));
        callback.fail(new TimeoutException("timed out"));
        System.out.println("not an error");
        LOG.info("not an error either");
        throw new IllegalArgumentException(neg ? "negative size" : "size too large: " + n);
    }
}
"#;
    assert_eq!(
        brief(Language::Java, src),
        [
            "6 raise IllegalStateException | no store | no store | com.acme.shop.Store.<init>",
            "9 raise IOException | cannot open {path}: {} | cannot open {}: {} | com.acme.shop.Store.open",
            "10 log error | write failed for {key} after {tries} | write failed for {} after {} | com.acme.shop.Store.open @com.acme.shop.Store",
            "11 log severe | bad {x} | bad {} | com.acme.shop.Store.open",
            "12 raise TimeoutException | timed out | timed out | com.acme.shop.Store.open",
            "15 raise IllegalArgumentException | negative size | negative size | com.acme.shop.Store.open",
            "15 raise IllegalArgumentException | size too large: {n} | size too large: {} | com.acme.shop.Store.open",
        ]
    );
}

#[test]
fn javascript_and_typescript_sites() {
    let src = r#"
class Store {
  open(path: string) {
    throw new Error(`cannot open ${path}: ${err.message}`);
    console.error("write failed", e);
    logger.warn('slow ' + ms + 'ms');
    logger.error({ err }, "sync failed");
    winston.log('error', "disk full");
    console.log("not an error");
    log.warn('registry', `no auth for ${uri}`);
  }
}
const load = () => { return Promise.reject(new TypeError("bad input")); };
throw new AggregateError(errors, "all attempts failed");
throw new TypeError(s ? "Object is not iterable." : "Symbol.iterator is not defined.");
"#;
    let expected = [
        "4 raise Error | cannot open {path}: {message} | cannot open {}: {} | Store.open",
        "5 log error | write failed {e} | write failed {} | Store.open",
        "6 log warn | slow {ms}ms | slow {}ms | Store.open",
        "7 log error | sync failed | sync failed | Store.open",
        "8 log error | disk full | disk full | Store.open",
        "10 log warn | registry no auth for {uri} | registry no auth for {} | Store.open",
        "13 raise TypeError | bad input | bad input | load",
        "14 raise AggregateError | all attempts failed | all attempts failed | -",
        "15 raise TypeError | Object is not iterable. | Object is not iterable. | -",
        "15 raise TypeError | Symbol.iterator is not defined. | Symbol.iterator is not defined. | -",
    ];
    assert_eq!(brief(Language::TypeScript, src), expected);
    let js = src.replace("(path: string)", "(path)");
    assert_eq!(brief(Language::JavaScript, &js), expected);
}

#[test]
fn c_and_cpp_sites() {
    let src = r#"
static int open_it(const char *path) {
    fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
    fprintf(out, "not an error %d\n", n);
    syslog(LOG_ERR, "lost " "%d rows", n);
    syslog(LOG_INFO, "not an error");
    err(1, "open %s", path);
    perror("read");
    return 0;
}
"#;
    assert_eq!(
        brief(Language::C, src),
        [
            "3 log fprintf | cannot open {path}: {} | cannot open {}: {} | open_it",
            "5 log syslog | lost {n} rows | lost {} rows | open_it",
            "7 log err | open {path}: {} | open {}: {} | open_it",
            "8 log perror | read: {} | read: {} | open_it",
        ]
    );
    let cpp =
        "class Store {\n  void open() {\n    throw std::runtime_error(\"bad \" + path);\n  }\n};\n";
    assert_eq!(
        brief(Language::Cpp, cpp),
        ["3 raise std::runtime_error | bad {path} | bad {} | Store::open"]
    );
}

#[test]
fn what_only_a_debug_build_compiles_is_left_out() {
    let src = r#"
int main(void) {
#ifdef DEBUG
    fprintf(stderr, "environment: %s\n", env);
#else
    syslog(LOG_ERR, "invoked as an executable");
#endif
#if defined(MY_DEBUG)
    fprintf(stderr, "dump %d\n", n);
#endif
#ifndef DEBUG
    fprintf(stderr, "release only\n");
#endif
    return 0;
}
"#;
    assert_eq!(
        brief(Language::C, src),
        [
            "6 log syslog | invoked as an executable | invoked as an executable | main",
            "12 log fprintf | release only | release only | main",
        ]
    );
}

#[test]
fn only_files_with_a_word_of_the_table_are_parsed() {
    assert!(!Language::Rust.may_have_sites(b"fn add(a: u8) -> u8 { a + 1 }"));
    assert!(Language::Rust.may_have_sites(b"fn f() { x.expect(\"y\") }"));
    assert!(!Language::Go.may_have_sites(b"package p\nfunc f() int { return 1 }"));
    assert!(Language::Python.may_have_sites(b"raise ValueError('x')"));
}

#[test]
fn messages_built_in_a_variable_before_the_raise_are_followed() {
    let py = r#"
def convert(x, y):
    msg = "cannot convert %r to %s"
    raise TypeError(msg % (x, y))

def key(k):
    msg = "unknown key {}"
    raise KeyError(msg.format(k))

def outer(x, y):
    msg = f"wrong {x}"
    if y:
        raise ValueError(msg)

def grown(x):
    msg = "first part"
    msg += " and %s" % x
    raise ValueError(msg)

def other(msg):
    raise ValueError(msg)

_ERR_MSG = "No module named {!r}"

def find(name, opt):
    raise ImportError(_ERR_MSG.format(name), name=name)
    raise GetoptError(_("option --%s not recognized") % opt, opt)
"#;
    assert_eq!(
        brief(Language::Python, py),
        [
            "4 raise TypeError | cannot convert {x} to {y} | cannot convert {} to {} | convert",
            "8 raise KeyError | unknown key {k} | unknown key {} | key",
            "13 raise ValueError | wrong {x} | wrong {} | outer",
            "18 raise ValueError | first part and {x} | first part and {} | grown",
            "26 raise ImportError | No module named {name} | No module named {} | find",
            "27 raise GetoptError | option --{opt} not recognized | option --{} not recognized | find",
        ]
    );
    let go = "package p\nfunc f(n int) error {\n\terr := fmt.Sprintf(\"bad count %d\", n)\n\tif n > 0 {\n\t\treturn errors.New(err)\n\t}\n\treturn nil\n}\n";
    assert_eq!(
        brief(Language::Go, go),
        ["5 raise errors.New | bad count {n} | bad count {} | p.f"]
    );
    let java = "class A {\n  void f(String x) {\n    String m = \"no such user: \" + x;\n    m += \" (disabled)\";\n    throw new IllegalStateException(m);\n  }\n}\n";
    assert_eq!(
        brief(Language::Java, java),
        [
            "5 raise IllegalStateException | no such user: {x} (disabled) | no such user: {} (disabled) | A.f"
        ]
    );
}

#[test]
fn a_message_that_renders_to_nothing_makes_no_site() {
    // Real sites (bincode's `unexpected_eof`, harfrust's `debug_assert!`): the loader rejects
    // an empty `errorMessage`, so a record of either would fail every command on the dataset.
    let rust = r#"
fn unexpected_eof() -> io::Error { io::Error::new(io::ErrorKind::UnexpectedEof, "") }
fn check(n: usize) { assert!(n > 0, "  "); assert!(n < 9, "{}", n); }
"#;
    assert_eq!(
        brief(Language::Rust, rust),
        ["3 panic assert! | {n} | {} | check"]
    );
    let python = "def f(x):\n    raise ValueError('')\n    raise KeyError(' ')\n";
    assert!(brief(Language::Python, python).is_empty());
}
