//! Handing the terminal to another program in the foreground — the editor, for `N` — and
//! taking it back afterwards.
//!
//! While the browser runs, two things hold the terminal: the screen modes (raw mode, the
//! alternate screen, mouse capture, bracketed paste) and the input thread, which reads every
//! key. Both let go before the program starts, or the browser would swallow the editor's keys
//! and the editor would draw into the browser's screen; both come back after it exits,
//! whatever its exit.

use std::process::{Command, ExitStatus};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::terminal::Guard;

/// How long the input thread waits for an event before it looks at the gate: the longest a
/// hand-over waits for it to stop reading.
pub const INPUT_POLL: Duration = Duration::from_millis(100);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Reading,
    /// A hand-over asked the input thread to stop.
    Stopping,
    /// The input thread stopped and waits to be let go on.
    Stopped,
}

/// Stops and restarts the input thread's reading, in step with it.
#[derive(Clone)]
pub struct InputGate {
    shared: Arc<(Mutex<State>, Condvar)>,
}

impl Default for InputGate {
    fn default() -> Self {
        InputGate {
            shared: Arc::new((Mutex::new(State::Reading), Condvar::new())),
        }
    }
}

impl InputGate {
    pub fn new() -> InputGate {
        InputGate::default()
    }

    /// The input thread calls this before each read: it returns at once unless a hand-over
    /// wants the terminal; then it reports that it stopped and waits until reading may go on.
    pub fn checkpoint(&self) {
        let (lock, signal) = &*self.shared;
        let Ok(mut state) = lock.lock() else { return };
        if *state != State::Stopping {
            return;
        }
        *state = State::Stopped;
        signal.notify_all();
        while *state != State::Reading {
            state = match signal.wait(state) {
                Ok(s) => s,
                Err(_) => return,
            };
        }
    }

    /// Asks the input thread to stop and waits until it has (or has ended: `alive` false).
    fn stop(&self, alive: impl Fn() -> bool) {
        let (lock, signal) = &*self.shared;
        let Ok(mut state) = lock.lock() else { return };
        *state = State::Stopping;
        while *state == State::Stopping && alive() {
            state = match signal.wait_timeout(state, INPUT_POLL) {
                Ok((s, _)) => s,
                Err(_) => return,
            };
        }
    }

    fn go_on(&self) {
        let (lock, signal) = &*self.shared;
        if let Ok(mut state) = lock.lock() {
            *state = State::Reading;
            signal.notify_all();
        }
    }
}

/// The input thread and its gate: what handing the terminal over needs.
pub struct HandOver {
    gate: InputGate,
    input: JoinHandle<()>,
}

impl HandOver {
    pub fn new(gate: InputGate, input: JoinHandle<()>) -> HandOver {
        HandOver { gate, input }
    }

    /// Runs `command` in the foreground with the terminal handed over, and takes the terminal
    /// back. The error says why the program could not start or the terminal not be restored.
    pub fn run(&self, guard: &mut Guard, mut command: Command) -> Result<ExitStatus, String> {
        self.gate.stop(|| !self.input.is_finished());
        let suspended = guard.suspend();
        // With a log piped in, stdin is that log: the editor reads the keyboard instead.
        errdex_core::editor::keyboard_stdin(&mut command);
        let status = match suspended {
            Ok(()) => command
                .status()
                .map_err(|e| format!("cannot start it: {e}")),
            Err(e) => Err(format!("cannot hand the terminal over: {e}")),
        };
        let resumed = guard.resume();
        self.gate.go_on();
        resumed.map_err(|e| format!("cannot take the terminal back: {e}"))?;
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_stopped_reader_reads_nothing_until_it_may_go_on() {
        let gate = InputGate::new();
        let reads = Arc::new(AtomicUsize::new(0));
        let (g, r) = (gate.clone(), Arc::clone(&reads));
        let reader = std::thread::spawn(move || {
            for _ in 0..40 {
                g.checkpoint();
                r.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        gate.stop(|| true);
        let frozen = reads.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(25));
        assert_eq!(reads.load(Ordering::SeqCst), frozen, "read while stopped");
        gate.go_on();
        reader.join().expect("reader");
        assert_eq!(reads.load(Ordering::SeqCst), 40);
    }

    #[test]
    fn stopping_does_not_wait_for_a_reader_that_ended() {
        let gate = InputGate::new();
        gate.stop(|| false);
        gate.go_on();
        gate.checkpoint();
    }
}
