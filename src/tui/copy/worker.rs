//! The clipboard and the web browser, reached from the runtime: copies run on one worker in
//! order, opens on another (a clipboard tool or an opener may take a moment), each answering
//! with a `Msg`.
//! OSC 52 bytes are queued here and written by the draw loop between frames, never in the
//! middle of one.

use std::io;
use std::sync::{Arc, Mutex};

use crate::clipboard::{self, Clipboard, SystemClipboard, TerminalWriter};
use crate::tui::app::msg::Msg;
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::{Job, Take, Worker};
use errdex_core::text;

/// Put `text` on the clipboard; the answer is `Msg::Copied`.
pub struct CopyText {
    what: String,
    text: String,
}

impl Job for CopyText {
    type State = Arc<dyn Clipboard>;
    // In order: the clipboard ends up holding the last thing copied.
    const TAKE: Take = Take::Each;

    /// Copies `text` without its control characters (as `errdex copy` does without
    /// `--raw`), and says how many were removed.
    fn run(self, clipboard: &mut Arc<dyn Clipboard>, inbox: &Inbox) {
        let (clean, removed) = text::for_clipboard(&self.text);
        let mut report = clipboard.copy(&clean).message();
        if let Some(note) = text::removed_note(removed) {
            report = format!("{report}; {note}");
        }
        inbox.post(Msg::Copied {
            what: self.what,
            report,
        });
    }
}

/// Open this URL in a web browser; the answer is `Msg::Opened`.
pub struct OpenUrl(String);

impl Job for OpenUrl {
    type State = ();
    const TAKE: Take = Take::Each;

    fn run(self, (): &mut (), inbox: &Inbox) {
        let result = errdex_core::open::open(&self.0);
        inbox.post(Msg::Opened(self.0, result));
    }
}

pub struct Effects {
    /// OSC 52 sequences waiting for the next gap between frames.
    pending: Arc<Mutex<Vec<u8>>>,
    copier: Worker<CopyText>,
    opener: Worker<OpenUrl>,
}

impl Effects {
    /// The system clipboard with the config's settings, its OSC 52 output queued.
    pub fn new(config: clipboard::Config, inbox: &Inbox) -> Effects {
        let pending = Arc::new(Mutex::new(Vec::new()));
        let clipboard = SystemClipboard::new(config).with_terminal(queue_writer(&pending));
        Effects::with_clipboard(Arc::new(clipboard), pending, inbox)
    }

    pub fn with_clipboard(
        clipboard: Arc<dyn Clipboard>,
        pending: Arc<Mutex<Vec<u8>>>,
        inbox: &Inbox,
    ) -> Effects {
        Effects {
            pending,
            copier: Worker::spawn("copy", inbox.clone(), move |_| clipboard),
            opener: Worker::spawn("open", inbox.clone(), |_| ()),
        }
    }

    pub fn copy(&self, what: String, text: String) {
        self.copier.ask(CopyText { what, text });
    }

    pub fn open(&self, url: String) {
        self.opener.ask(OpenUrl(url));
    }

    /// The bytes queued for the terminal since the last call.
    pub fn take_terminal_bytes(&self) -> Vec<u8> {
        self.pending
            .lock()
            .map(|mut p| std::mem::take(&mut *p))
            .unwrap_or_default()
    }
}

/// A terminal writer that only queues: the loop owns the terminal.
pub fn queue_writer(pending: &Arc<Mutex<Vec<u8>>>) -> TerminalWriter {
    let pending = Arc::clone(pending);
    Arc::new(move |bytes: &[u8]| {
        pending
            .lock()
            .map_err(|_| io::Error::other("terminal queue poisoned"))?
            .extend_from_slice(bytes);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use crate::clipboard::{Config, Env, Mode};

    #[test]
    fn a_copy_answers_with_its_report_and_queues_the_osc52_bytes() {
        let (inbox, rx) = Inbox::new();
        let pending = Arc::new(Mutex::new(Vec::new()));
        let config = Config {
            mode: Mode::Osc52,
            command: None,
        };
        let clipboard = SystemClipboard::new(config)
            .with_env(Env::default())
            .with_helper(None)
            .with_terminal(queue_writer(&pending));
        let effects = Effects::with_clipboard(Arc::new(clipboard), pending, &inbox);
        effects.copy("fix".into(), "retry()".into());
        let msg = rx.recv_timeout(Duration::from_secs(10)).expect("an answer");
        let Msg::Copied { what, report } = msg else {
            panic!("expected Copied");
        };
        assert_eq!(what, "fix");
        assert_eq!(report, "sent via OSC 52 — cannot confirm");
        assert_eq!(
            effects.take_terminal_bytes(),
            clipboard::osc52_sequence("retry()").as_bytes()
        );
        assert!(effects.take_terminal_bytes().is_empty(), "taken once");
        // A fix that would end a shell's bracketed paste early reaches the clipboard without
        // its escape, and the report says so.
        effects.copy("fix".into(), "retry()\u{1b}[201~\nrm -rf ~".into());
        let msg = rx.recv_timeout(Duration::from_secs(10)).expect("an answer");
        let Msg::Copied { report, .. } = msg else {
            panic!("expected Copied");
        };
        assert_eq!(
            report,
            "sent via OSC 52 — cannot confirm; 1 control character removed \
             (errdex copy --raw keeps them)"
        );
        assert_eq!(
            effects.take_terminal_bytes(),
            clipboard::osc52_sequence("retry()[201~\nrm -rf ~").as_bytes()
        );
    }
}
