//! The input thread, and handing the terminal to another program — an editor — and taking it
//! back: the one way the browser runs something in the foreground (`e` opens the local file; a new record in the
//! editor goes the same way).
//!
//! Two things own the terminal while the browser runs: the screen (raw mode, alternate screen,
//! mouse, bracketed paste) and the input thread, which reads every byte typed. Both are
//! stopped before the program starts — otherwise the browser would eat the editor's keys — and
//! started again after it exits, whatever its exit.

use std::io::IsTerminal;
use std::process::{Command, ExitStatus};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crossterm::event::{self, Event};

use super::terminal::Guard;
use crate::tui::app::msg::Msg;
use crate::tui::input::action::Action;

/// How long the input thread waits for a key before looking whether it should pause: the
/// longest a hand-over waits for it, and its only wake-up when idle.
pub const INPUT_POLL: Duration = Duration::from_millis(100);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gate {
    Open,
    /// The loop wants the terminal: the input thread is to stop reading.
    Closing,
    /// The input thread has stopped and waits for `Open`.
    Closed,
}

/// Lets the loop stop the input thread's reading and start it again.
#[derive(Clone)]
pub struct InputGate {
    inner: Arc<(Mutex<Gate>, Condvar)>,
}

impl InputGate {
    pub fn new() -> InputGate {
        InputGate {
            inner: Arc::new((Mutex::new(Gate::Open), Condvar::new())),
        }
    }

    /// Called by the input thread between reads: returns at once while open; when a pause
    /// is asked for, says it has stopped and waits until the gate opens again.
    pub fn checkpoint(&self) {
        let (lock, changed) = &*self.inner;
        let Ok(mut gate) = lock.lock() else { return };
        if *gate != Gate::Closing {
            return;
        }
        *gate = Gate::Closed;
        changed.notify_all();
        while *gate != Gate::Open {
            match changed.wait(gate) {
                Ok(g) => gate = g,
                Err(_) => return,
            }
        }
    }

    /// Stops the input thread; returns once it no longer reads. `alive` is false when the
    /// input thread has ended (it never stops, then there is nothing to wait for).
    fn close(&self, alive: impl Fn() -> bool) {
        let (lock, changed) = &*self.inner;
        let Ok(mut gate) = lock.lock() else { return };
        *gate = Gate::Closing;
        while *gate == Gate::Closing && alive() {
            match changed.wait_timeout(gate, INPUT_POLL * 2) {
                Ok((g, _)) => gate = g,
                Err(_) => return,
            }
        }
    }

    fn open(&self) {
        let (lock, changed) = &*self.inner;
        if let Ok(mut gate) = lock.lock() {
            *gate = Gate::Open;
            changed.notify_all();
        }
    }
}

/// The thread that reads the terminal's events and `post`s them (until `post` says the loop
/// is gone). Between events it passes the gate, so while another program has the terminal
/// it does not read; it waits on the terminal at most `INPUT_POLL` at a time for that.
pub fn spawn_input(gate: InputGate, post: impl Fn(Msg) -> bool + Send + 'static) -> JoinHandle<()> {
    thread::spawn(move || {
        loop {
            gate.checkpoint();
            let msg = match event::poll(INPUT_POLL).and_then(|ready| {
                if ready {
                    event::read().map(Some)
                } else {
                    Ok(None)
                }
            }) {
                Ok(None) => continue,
                Ok(Some(Event::Key(key))) => Msg::Key(key),
                Ok(Some(Event::Mouse(mouse))) => Msg::Mouse(mouse),
                Ok(Some(Event::Resize(w, h))) => Msg::Resize(w, h),
                Ok(Some(Event::Paste(text))) => Msg::Paste(text),
                Ok(Some(_)) => continue,
                // The terminal is gone: nothing more will be read, so quit.
                Err(_) => Msg::Action(Action::Quit),
            };
            let quit = matches!(msg, Msg::Action(_));
            if !post(msg) || quit {
                return;
            }
        }
    })
}

/// What handing the terminal over needs: the input thread and its gate.
pub struct HandOver {
    gate: InputGate,
    input: JoinHandle<()>,
}

impl HandOver {
    pub fn new(gate: InputGate, input: JoinHandle<()>) -> HandOver {
        HandOver { gate, input }
    }

    /// Runs `command` in the foreground with the terminal handed over (see
    /// `run_in_terminal`).
    pub fn run(&self, guard: &mut Guard, command: Command) -> Result<ExitStatus, String> {
        let alive = || !self.input.is_finished();
        run_in_terminal(guard, &self.gate, alive, command)
    }
}

/// Runs `command` in the foreground with the terminal handed over, and takes the terminal
/// back afterwards. `input_alive` tells whether the input thread still runs. The error is
/// why the program could not start or the terminal could not be taken back.
pub fn run_in_terminal(
    guard: &mut Guard,
    gate: &InputGate,
    input_alive: impl Fn() -> bool,
    mut command: Command,
) -> Result<ExitStatus, String> {
    gate.close(input_alive);
    guard.suspend();
    // A log piped into the browser is stdin: the program reads the keyboard instead.
    if !std::io::stdin().is_terminal()
        && let Ok(tty) = std::fs::File::open("/dev/tty")
    {
        command.stdin(tty);
    }
    let status = command.status();
    let resumed = guard.resume();
    gate.open();
    resumed.map_err(|e| format!("cannot take the terminal back: {e}"))?;
    status.map_err(|e| format!("cannot start it: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn closing_waits_for_the_reader_to_stop_and_opening_lets_it_go_on() {
        let gate = InputGate::new();
        let reads = Arc::new(AtomicUsize::new(0));
        let (g, r) = (gate.clone(), Arc::clone(&reads));
        let reader = std::thread::spawn(move || {
            for _ in 0..50 {
                g.checkpoint();
                r.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        gate.close(|| true);
        let frozen = reads.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(reads.load(Ordering::SeqCst), frozen, "read while closed");
        gate.open();
        reader.join().expect("reader");
        assert_eq!(reads.load(Ordering::SeqCst), 50);
    }

    #[test]
    fn closing_does_not_wait_for_a_reader_that_is_gone() {
        let gate = InputGate::new();
        gate.close(|| false);
        gate.open();
        gate.checkpoint();
    }
}
