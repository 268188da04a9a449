//! The one owner of the terminal: raw mode, alternate screen, mouse and bracketed paste on
//! entry; all of it undone on exit, on panic and on SIGTERM/SIGHUP, so a shell is never left
//! unusable.
//!
//! The browser owns stdout while it runs: ratatui draws cells whose text the views have made
//! safe, so this is the one module besides `crate::out` that holds stdout itself.
#![allow(clippy::disallowed_methods)]

use std::io::{self, Stdout};
use std::sync::Once;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// The terminal in browser mode; dropping it puts the terminal back.
pub struct Guard {
    pub terminal: Term,
}

impl Guard {
    pub fn enter() -> io::Result<Guard> {
        install_panic_hook();
        enable_raw_mode()?;
        let mut out = io::stdout();
        if let Err(e) = execute!(
            out,
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste
        ) {
            restore();
            return Err(e);
        }
        match Terminal::new(CrosstermBackend::new(io::stdout())) {
            Ok(terminal) => Ok(Guard { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Guard {
    /// Gives the terminal back to the shell's ways for a program run in the foreground.
    #[expect(
        clippy::unused_self,
        reason = "only the holder of the terminal may hand it over"
    )]
    pub fn suspend(&mut self) -> io::Result<()> {
        execute!(
            io::stdout(),
            DisableBracketedPaste,
            DisableMouseCapture,
            LeaveAlternateScreen,
            crossterm::cursor::Show
        )?;
        disable_raw_mode()
    }

    /// Takes the terminal back after `suspend`; the next frame is drawn whole.
    pub fn resume(&mut self) -> io::Result<()> {
        enable_raw_mode()?;
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            Clear(ClearType::All),
            EnableMouseCapture,
            EnableBracketedPaste
        )?;
        // Both buffers blank, as the screen is: the next draw writes every cell. (ratatui's
        // own `clear` asks the terminal where its cursor is, which takes a reply that a
        // paused input thread or a plain pseudo-terminal never sends.)
        self.terminal.swap_buffers();
        self.terminal.swap_buffers();
        Ok(())
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Undoes everything `enter` did. Safe to call more than once.
pub fn restore() {
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = disable_raw_mode();
}

/// A panic restores the terminal first, so the message that follows is readable.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// Calls `quit` with the signal's number when the process is asked to stop, from a thread
/// of its own.
#[cfg(unix)]
pub fn on_termination(quit: impl Fn(i32) + Send + 'static) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
    std::thread::Builder::new()
        .name("errdex-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                quit(signal);
            }
        })?;
    Ok(())
}

#[cfg(not(unix))]
pub fn on_termination(_quit: impl Fn(i32) + Send + 'static) -> io::Result<()> {
    Ok(())
}
