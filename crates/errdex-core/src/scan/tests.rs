use super::lang::Language;
use super::site::Site;

/// The sites of `src` as (line, type, message, pattern, function, logger).
pub(crate) fn sites(language: Language, src: &str) -> Vec<Site> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.tree_sitter())
        .expect("grammar loads");
    let tree = parser.parse(src, None).expect("parses");
    super::tree::sites(language.grammar(), &tree, src, Some("m"))
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
fn free() { log::warn!("slow query: {}ms", ms); }
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
        ]
    );
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
        ]
    );
}
