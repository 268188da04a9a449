//! The syntax highlighter the workers that colour code share (the detail, the local
//! checkout). Loading syntect's syntaxes and themes takes a moment, so it starts on a thread
//! of its own at launch; a worker that needs it before it is ready waits for it on the
//! worker's thread, never on the UI thread.

use std::sync::{Arc, OnceLock};
use std::thread;

use super::snippet::Highlighter;

/// The shared highlighter, or none when colour is off.
#[derive(Clone, Default)]
pub struct Highlighting(Option<Arc<Started>>);

struct Started {
    theme: &'static str,
    ready: OnceLock<Highlighter>,
}

impl Highlighting {
    /// No colours (NO_COLOR): code is shown plain.
    pub fn off() -> Highlighting {
        Highlighting(None)
    }

    /// Starts loading the highlighter for this syntect theme in the background.
    pub fn start(theme: &'static str) -> Highlighting {
        let started = Arc::new(Started {
            theme,
            ready: OnceLock::new(),
        });
        let warm = Arc::clone(&started);
        // Without the thread the first `get` loads it instead.
        let _ = thread::Builder::new()
            .name("errdex-syntaxes".into())
            .spawn(move || {
                warm.get();
            });
        Highlighting(Some(started))
    }

    /// The highlighter, waiting for its start-up the first time.
    pub fn get(&self) -> Option<&Highlighter> {
        self.0.as_deref().map(Started::get)
    }
}

impl Started {
    fn get(&self) -> &Highlighter {
        self.ready.get_or_init(|| Highlighter::new(self.theme))
    }
}
