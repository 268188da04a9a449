//! Copy inside a real tmux server (its own socket): the text lands in tmux's paste buffer.
//! Needs tmux: `cargo test -- --ignored` (.ci/run installs it).

mod copy_support;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use copy_support::{FULL, ROUTES, fixture};

struct Server(String);

impl Server {
    fn tmux(&self, args: &[&str]) -> Output {
        let mut c = Command::new("tmux");
        for var in ROUTES {
            c.env_remove(var);
        }
        c.args(["-L", &self.0, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux is installed")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn wait_for(path: &Path) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if let Ok(s) = std::fs::read_to_string(path)
            && s.ends_with('\n')
        {
            return s;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("errdex did not finish inside tmux");
}

#[test]
#[ignore = "needs tmux"]
fn copy_inside_tmux_fills_the_paste_buffer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, err) = (dir.path().join("code"), dir.path().join("err"));
    let server = Server(format!("errdex-test-{}", std::process::id()));
    let script = format!(
        "{} copy {FULL} --what validation --data {} 2>{}; echo $? >{}; sleep 60",
        quote(env!("CARGO_BIN_EXE_errdex")),
        quote(&fixture()),
        quote(&err.to_string_lossy()),
        quote(&code.to_string_lossy()),
    );
    // The session outlives errdex (`sleep`), or the server would leave with it, buffer and all.
    let o = server.tmux(&["new-session", "-d", "-x", "80", "-y", "24", &script]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let code = wait_for(&code);
    let err = std::fs::read_to_string(&err).unwrap_or_default();
    assert_eq!(code.trim(), "0", "{err}");
    assert!(
        err.contains("validation of c0ffee0000000001: copied (tmux buffer)"),
        "{err}"
    );
    let buffer = server.tmux(&["show-buffer"]);
    assert_eq!(
        String::from_utf8_lossy(&buffer.stdout),
        "assert not token.expired"
    );
}
