//! What a copy did, in the words the status line and `errdex copy` print.

use std::fmt;

/// A way text reached a clipboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// The tmux paste buffer (and, through `-w`, the outer terminal's clipboard).
    Tmux,
    /// The X11 CLIPBOARD selection, served by errdex's helper process.
    X11,
    /// The Wayland clipboard, through wl-copy.
    Wayland,
    /// A clipboard tool: xclip or xsel.
    Tool(&'static str),
    /// The system clipboard on macOS or Windows.
    System,
    /// The configured `clipboard_command`.
    Command,
    /// The OSC 52 escape sequence: written, but the terminal never says whether it obeyed.
    Osc52,
}

impl Route {
    fn label(&self) -> &str {
        match self {
            Route::Tmux => "tmux buffer",
            Route::X11 => "X11",
            Route::Wayland => "Wayland",
            Route::Tool(name) => name,
            Route::System => "system clipboard",
            Route::Command => "clipboard_command",
            Route::Osc52 => "OSC 52",
        }
    }
}

/// The outcome of one copy: the routes that took the text, and why the others did not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub routes: Vec<Route>,
    /// Why each route that was not taken was not: "no display", "not in tmux", …
    pub reasons: Vec<String>,
    /// The clipboard mode when it is not `auto`, to explain a narrow choice of routes.
    pub mode_note: Option<String>,
}

impl Report {
    /// The text went somewhere (perhaps only as an unconfirmed OSC 52 sequence).
    pub fn copied(&self) -> bool {
        !self.routes.is_empty()
    }

    /// Something confirmed holding the text: anything but OSC 52.
    pub fn confirmed(&self) -> bool {
        self.routes.iter().any(|r| *r != Route::Osc52)
    }

    /// The one line for the status bar or stderr.
    pub fn message(&self) -> String {
        let confirmed: Vec<&str> = self
            .routes
            .iter()
            .filter(|r| **r != Route::Osc52)
            .map(Route::label)
            .collect();
        let osc52 = self.routes.contains(&Route::Osc52);
        let mode = self
            .mode_note
            .as_deref()
            .map(|m| format!(" ({m})"))
            .unwrap_or_default();
        match (confirmed.is_empty(), osc52) {
            (false, false) => format!("copied ({})", confirmed.join(", ")),
            (false, true) => format!("copied ({}); also sent via OSC 52", confirmed.join(", ")),
            (true, true) => "sent via OSC 52 — cannot confirm".to_string(),
            (true, false) if self.reasons.is_empty() => format!("cannot copy{mode}"),
            (true, false) => format!("cannot copy: {}{mode}", self.reasons.join(", ")),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(routes: Vec<Route>, reasons: &[&str]) -> Report {
        Report {
            routes,
            reasons: reasons.iter().map(ToString::to_string).collect(),
            mode_note: None,
        }
    }

    #[test]
    fn messages_say_what_was_confirmed() {
        assert_eq!(report(vec![Route::X11], &[]).message(), "copied (X11)");
        assert_eq!(
            report(vec![Route::Tmux], &[]).message(),
            "copied (tmux buffer)"
        );
        assert_eq!(
            report(vec![Route::Osc52], &["no display"]).message(),
            "sent via OSC 52 — cannot confirm"
        );
        assert_eq!(
            report(vec![Route::X11, Route::Osc52], &[]).message(),
            "copied (X11); also sent via OSC 52"
        );
        let none = report(vec![], &["no display", "not in tmux", "OSC 52 disabled"]);
        assert_eq!(
            none.message(),
            "cannot copy: no display, not in tmux, OSC 52 disabled"
        );
        assert!(!none.copied());
    }

    #[test]
    fn osc52_alone_is_copied_but_not_confirmed() {
        let r = report(vec![Route::Osc52], &[]);
        assert!(r.copied() && !r.confirmed());
        let r = report(vec![Route::Tool("xclip")], &[]);
        assert!(r.copied() && r.confirmed());
        assert_eq!(r.message(), "copied (xclip)");
    }

    #[test]
    fn a_narrow_mode_is_named_when_nothing_worked() {
        let mut r = report(vec![], &["no display"]);
        r.mode_note = Some("clipboard = \"native\"".into());
        assert_eq!(
            r.message(),
            "cannot copy: no display (clipboard = \"native\")"
        );
    }
}
