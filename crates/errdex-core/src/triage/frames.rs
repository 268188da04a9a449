//! `path:line` locations in log lines: Rust panics (`src/x.rs:12:5`), Go traces
//! (`/x/y.go:42 +0x1d`), Python tracebacks (`File "x.py", line 7`), Java frames
//! (`at a.b(File.java:27)`), Node (`(/app/x.js:10:5)`), .NET (`in C:\x\Y.cs:line 42`).

use memchr::memchr_iter;
use memchr::memmem;

/// A source location named in a log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub path: String,
    pub line: u32,
}

impl Frame {
    /// The last path component: what the record index is keyed by.
    pub fn file_name(&self) -> &str {
        file_name(&self.path)
    }
}

pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

const MAX_LINE_DIGITS: usize = 7;
const MAX_EXTENSION: usize = 10;

/// Appends every location in `text` to `out`, in the order written.
pub fn extract(text: &str, out: &mut Vec<Frame>) {
    // A pasted traceback is one text of many lines, and a Python frame is read per line.
    for line in text.split('\n') {
        extract_line(line, out);
    }
}

fn extract_line(line: &str, out: &mut Vec<Frame>) {
    let b = line.as_bytes();
    if let Some(frame) = python_frame(line) {
        out.push(frame);
        return;
    }
    for colon in memchr_iter(b':', b) {
        let Some((number, _)) = line_number_after(&b[colon + 1..]) else {
            continue;
        };
        let start = b[..colon]
            .iter()
            .rposition(|&c| !is_path_byte(c))
            .map_or(0, |p| p + 1);
        let path = &line[start..colon];
        if has_source_extension(path) {
            out.push(Frame {
                path: java_path(&line[..start], path).unwrap_or_else(|| path.to_string()),
                line: number,
            });
        }
    }
}

/// A Java (or Kotlin, Scala, Groovy) frame names its file without a folder but its class with its
/// package: `at com.x.pool.Pool.get(Pool.java:197)` is `com/x/pool/Pool.java`, so that it matches
/// that class's file, not every `Pool.java`.
fn java_path(before: &str, file: &str) -> Option<String> {
    // Only JVM sources live in folders named after their package.
    let jvm = ["java", "kt", "scala", "groovy"];
    let ext = file.rsplit('.').next()?;
    if file.contains(['/', '\\']) || !jvm.contains(&ext) {
        return None;
    }
    let call = before.strip_suffix('(')?;
    // `java.base/java.util.X.run`: the module before the slash is not a folder.
    let qualified = call.rsplit([' ', '\t', '/']).next()?;
    let mut parts: Vec<&str> = qualified.split('.').collect();
    // The method, then the class (with any `$Inner`): what is left is the package.
    parts.pop()?;
    parts.pop()?;
    let lowercase = |p: &&str| p.starts_with(|c: char| c.is_ascii_lowercase());
    if parts.is_empty() || !parts.iter().all(lowercase) {
        return None;
    }
    Some(format!("{}/{file}", parts.join("/")))
}

/// `  File "/app/x.py", line 7, in handler`
fn python_frame(line: &str) -> Option<Frame> {
    let at = memmem::find(line.as_bytes(), b"File \"")? + 6;
    let rest = &line[at..];
    let close = rest.find('"')?;
    let after = rest[close + 1..].strip_prefix(", line ")?;
    let (number, _) = line_number_after(after.as_bytes())?;
    Some(Frame {
        path: rest[..close].to_string(),
        line: number,
    })
}

/// The digits right after a colon (or after `line ` for .NET): the line number and its length.
fn line_number_after(b: &[u8]) -> Option<(u32, usize)> {
    let b = b.strip_prefix(b"line ").unwrap_or(b);
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > MAX_LINE_DIGITS {
        return None;
    }
    let text = std::str::from_utf8(&b[..digits]).ok()?;
    let n: u32 = text.parse().ok()?;
    (n > 0).then_some((n, digits))
}

fn is_path_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'_' | b'.' | b'/' | b'\\' | b'-' | b'+' | b'@' | b'~' | b'$'
        )
}

/// `x.rs`, `File.java`, `server.go`: a last component with a short extension that starts with
/// a letter, so `10.0.0.1:8080` and `10:23:45` are not taken for files.
fn has_source_extension(path: &str) -> bool {
    let name = file_name(path);
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    !stem.is_empty()
        && (1..=MAX_EXTENSION).contains(&ext.len())
        && ext.as_bytes()[0].is_ascii_alphabetic()
        && ext.bytes().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(line: &str) -> Vec<(String, u32)> {
        let mut out = Vec::new();
        extract(line, &mut out);
        out.into_iter().map(|f| (f.path, f.line)).collect()
    }

    fn one(path: &str, line: u32) -> Vec<(String, u32)> {
        vec![(path.to_string(), line)]
    }

    #[test]
    fn rust_panic_location() {
        assert_eq!(
            frames("thread 'main' panicked at src/stream/executor.rs:428:33:"),
            one("src/stream/executor.rs", 428)
        );
    }

    #[test]
    fn go_trace_line() {
        assert_eq!(
            frames("\t/home/app/server.go:42 +0x1d"),
            one("/home/app/server.go", 42)
        );
    }

    #[test]
    fn python_traceback_line() {
        assert_eq!(
            frames(r#"  File "/app/models/user.py", line 7, in save"#),
            one("/app/models/user.py", 7)
        );
    }

    #[test]
    fn java_and_node_and_dotnet_frames() {
        assert_eq!(
            frames("\tat com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:197)"),
            one("com/zaxxer/hikari/pool/HikariPool.java", 197)
        );
        assert_eq!(
            frames("\tat java.base/java.util.concurrent.Worker$1.run(Worker.java:9)"),
            one("java/util/concurrent/Worker.java", 9)
        );
        assert_eq!(frames("\tat Main.main(Main.java:3)"), one("Main.java", 3));
        assert_eq!(
            frames("    at Server.handle (/app/dist/server.js:10:5)"),
            one("/app/dist/server.js", 10)
        );
        assert_eq!(
            frames(r"   at App.Run() in C:\src\App\Program.cs:line 42"),
            one(r"\src\App\Program.cs", 42)
        );
    }

    #[test]
    fn every_frame_of_a_pasted_python_traceback() {
        let traceback = "Traceback (most recent call last):\n  File \"/app/main.py\", line 3, in <module>\n    run()\n  File \"/usr/lib/python3.11/json/decoder.py\", line 355, in raw_decode\n    raise JSONDecodeError(\"Expecting value\", s, err.value) from None\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)";
        assert_eq!(
            frames(traceback),
            vec![
                ("/app/main.py".to_string(), 3),
                ("/usr/lib/python3.11/json/decoder.py".to_string(), 355)
            ]
        );
    }

    #[test]
    fn hosts_addresses_and_times_are_not_frames() {
        assert!(frames("connect 10.0.0.1:8080 at 10:23:45.123").is_empty());
        assert!(frames("GET http://localhost:8080/health").is_empty());
        assert!(frames("ratio 3:2, file.rs: no line").is_empty());
        assert!(frames("file.rs:0 and x.rs:99999999").is_empty());
    }

    #[test]
    fn file_name_is_the_last_component() {
        assert_eq!(file_name("a/b/c.rs"), "c.rs");
        assert_eq!(file_name(r"C:\a\B.cs"), "B.cs");
        assert_eq!(file_name("c.rs"), "c.rs");
    }
}
