//! Opening a record's URL in a web browser: `$BROWSER`, else the platform opener. Waits a
//! moment to hear whether the opener failed, never longer.

use std::fmt;
use std::process::Command;
use std::time::Duration;

use crate::process::{Run, RunError};

/// How long an opener may take to fail before we take its silence for success (a browser
/// started directly from `$BROWSER` keeps running).
const GRACE: Duration = Duration::from_millis(1500);

/// Why a URL was not opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// Only http(s) URLs are opened: data must not make errdex run a `file:` URL or pass an
    /// option to the opener.
    NotWeb(String),
    /// No opener to try; the caller shows the URL and offers to copy it.
    NoOpener(String),
    /// Every opener tried failed.
    Failed(Vec<String>),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::NotWeb(url) => write!(f, "not a web URL, not opened: {url}"),
            OpenError::NoOpener(why) => write!(f, "no browser to open it with ({why})"),
            OpenError::Failed(why) => write!(f, "could not open it: {}", why.join("; ")),
        }
    }
}

/// The commands to try, in order, each as program + arguments with the URL in place.
/// `$BROWSER` is a `:`-separated list; `%s` in an entry stands for the URL, else it is
/// appended. No shell is involved, so the URL cannot inject a command.
pub fn openers(url: &str, browser: Option<&str>, has_display: bool) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for entry in browser.unwrap_or("").split(':') {
        let mut words: Vec<String> = entry.split_whitespace().map(str::to_string).collect();
        if words.is_empty() {
            continue;
        }
        if words.iter().any(|w| w.contains("%s")) {
            words = words.into_iter().map(|w| w.replace("%s", url)).collect();
        } else {
            words.push(url.to_string());
        }
        out.push(words);
    }
    let platform = if cfg!(target_os = "macos") {
        Some("open")
    } else if cfg!(windows) {
        Some("explorer")
    } else if has_display {
        // Without a display xdg-open falls back to a text browser that would fight the
        // browser for the terminal.
        Some("xdg-open")
    } else {
        None
    };
    if let Some(p) = platform {
        out.push(vec![p.to_string(), url.to_string()]);
    }
    out
}

/// Opens `url`, returning the name of the program that took it.
pub fn open(url: &str) -> Result<String, OpenError> {
    let url = url.trim();
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(OpenError::NotWeb(url.to_string()));
    }
    let browser = std::env::var("BROWSER").ok();
    let env = crate::clipboard_settings::Env::from_process();
    let candidates = openers(url, browser.as_deref(), env.display || env.wayland);
    if candidates.is_empty() {
        return Err(OpenError::NoOpener(
            "$BROWSER is not set and there is no display for xdg-open".into(),
        ));
    }
    let mut failures = Vec::new();
    for argv in candidates {
        match launch(&argv) {
            Ok(()) => return Ok(argv[0].clone()),
            Err(e) => failures.push(e),
        }
    }
    Err(OpenError::Failed(failures))
}

fn launch(argv: &[String]) -> Result<(), String> {
    let (program, args) = argv.split_first().ok_or("empty command")?;
    let mut command = Command::new(program);
    command.args(args);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let run = Run::new(command)
        .timeout(GRACE)
        .discard_output()
        .leave_running_at_deadline()
        .run();
    match run {
        // Still running: a browser that stays in the foreground (reaped when it ends).
        Ok(_) | Err(RunError::StillRunning { .. }) => Ok(()),
        Err(RunError::Failed { code, .. }) => Err(match code {
            Some(code) => format!("{program} failed (exit status: {code})"),
            None => format!("{program} failed (killed by a signal)"),
        }),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    const URL: &str = "https://github.com/a/b/blob/c/x.rs#L3";

    #[test]
    fn browser_variable_is_a_list_with_optional_placeholder() {
        let o = openers(URL, Some("firefox --new-tab:echo <%s>"), false);
        let platform = usize::from(cfg!(any(target_os = "macos", windows)));
        assert_eq!(o.len(), 2 + platform);
        assert_eq!(o[0], ["firefox", "--new-tab", URL]);
        assert_eq!(o[1], ["echo", &format!("<{URL}>")]);
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn xdg_open_only_with_a_display() {
        assert!(openers(URL, None, false).is_empty());
        assert_eq!(openers(URL, Some(""), true), [["xdg-open", URL]]);
    }

    #[test]
    fn only_web_urls_are_opened() {
        assert_eq!(
            open("file:///etc/passwd"),
            Err(OpenError::NotWeb("file:///etc/passwd".into()))
        );
        assert!(matches!(open("--help"), Err(OpenError::NotWeb(_))));
    }

    #[cfg(unix)]
    #[test]
    fn launch_reports_failure_and_success_quickly() {
        assert_eq!(launch(&["true".into()]), Ok(()));
        let err = launch(&["false".into()]).expect_err("false fails");
        assert!(err.starts_with("false failed"), "{err}");
        let started = Instant::now();
        assert_eq!(launch(&["sleep".into(), "2".into()]), Ok(()));
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(
            launch(&["errdex-no-such-browser".into()]),
            Err("errdex-no-such-browser not found".into())
        );
    }
}
