//! `errdex tmux`'s bindings in a real tmux server (its own socket, no tmux.conf of the user's):
//! the popup shows the triage of the pane's scrollback, a copy in it reaches tmux's buffer, and
//! `q` closes it; Esc closes the browser's popup once it is browsing.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use support::Home;
use support::pty::Spawn;

/// A tmux server on a socket of the test's own, killed when the test ends.
struct Server {
    socket: String,
}

impl Server {
    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .env_remove("TMUX")
            .args(["-S", &self.socket])
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

fn quote(s: &Path) -> String {
    format!("'{}'", s.display().to_string().replace('\'', r"'\''"))
}

#[test]
fn the_popup_triages_the_pane_you_are_reading() {
    let home = Home::new();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui.jsonl");
    home.write_config(&format!(
        "datasets = [{:?}]\n",
        fixture.display().to_string()
    ));
    let bindings = home.run(&["tmux"]);
    assert!(bindings.status.success());
    // The bindings as printed, after a config that is only the test's.
    let conf = home.path("tmux.conf");
    std::fs::write(&conf, &bindings.stdout).expect("write tmux.conf");
    let server = Server {
        socket: home.path("tmux.sock").display().to_string(),
    };
    let bin = Path::new(env!("CARGO_BIN_EXE_errdex"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin dir").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The client runs in a pseudo-terminal; errdex in the popup inherits the server's
    // environment: the private home, and the built errdex first on PATH.
    let mut client = Spawn::in_home(home)
        .size(40, 120)
        .env("PATH", &path)
        .shell(&format!(
            "tmux -S {} -f {} new-session \"PS1='pane> ' sh\"",
            quote(Path::new(&server.socket)),
            quote(&conf)
        ));
    client.wait_for("pane> ");
    // The typed command differs from the line it prints, so seeing the line means it ran.
    client.send("e=ERROR; echo \"2024-01-15 10:00:02 $e request timed out after 30s\"\r");
    client.wait_for("10:00:02 ERROR request timed out");
    // prefix + E
    client.send("\x02E");
    client.wait_for("errdex · triage");
    // Both the typed command and its output name the error.
    client.wait_for("log from stdin: 1 known error in 2 log events");
    client.wait_for("2× warn request timed out after 30s");
    // The fix of the known error reaches tmux's buffer from inside the popup.
    client.wait_for("severity  warning");
    client.send("\x19");
    client.wait_for("copied");
    let buffer = server.tmux(&["show-buffer"]);
    assert_eq!(
        String::from_utf8_lossy(&buffer.stdout),
        "Raise the timeout for slow endpoints."
    );
    client.send("q");
    // The popup closed: the pane is back, without the triage.
    gone(&client, "errdex · triage");
    assert!(
        client
            .contents()
            .contains("10:00:02 ERROR request timed out")
    );
    // prefix + e: the browser in a popup. Esc leaves the search box, a second Esc closes it.
    client.send("\x02e");
    client.wait_for(" SEARCH ");
    client.send("\x1b");
    client.wait_for("esc close");
    client.send("\x1b");
    gone(&client, "esc close");
    assert!(client.contents().contains("pane> "));
}

/// Waits until `text` is off the client's screen.
fn gone(client: &support::pty::Session, text: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while client.contents().contains(text) {
        assert!(
            std::time::Instant::now() < deadline,
            "{}",
            client.contents()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
