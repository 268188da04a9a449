//! The input thread: reads the terminal's bytes itself (on Unix), frames pastes and decodes
//! keys with `paste_frame`, turns resizes (SIGWINCH) into messages, and stops reading while
//! the terminal is handed to another program (`external::InputGate`). A read error, or the
//! terminal going away, quits.

use std::thread::{self, JoinHandle};

use super::external::InputGate;
use super::inbox::Inbox;
use crate::tui::app::msg::Msg;
use crate::tui::input::action::Action;

/// Starts the input thread. It ends after a quit it sent or once the loop is gone.
pub fn spawn(inbox: Inbox, gate: InputGate) -> std::io::Result<JoinHandle<()>> {
    thread::Builder::new()
        .name("errdex-input".into())
        .spawn(move || read_loop(&inbox, &gate))
}

/// Sends `msgs`; false when the thread is done (a quit went out, or the loop is gone).
fn send_all(inbox: &Inbox, msgs: Vec<Msg>) -> bool {
    for msg in msgs {
        let quit = matches!(msg, Msg::Action(Action::Quit));
        if !inbox.post(msg) || quit {
            return false;
        }
    }
    true
}

fn quit(inbox: &Inbox) {
    inbox.post(Msg::Action(Action::Quit));
}

#[cfg(unix)]
fn read_loop(inbox: &Inbox, gate: &InputGate) {
    use std::time::Instant;

    use rustix::event::{PollFd, PollFlags, Timespec, poll};

    use super::external::INPUT_POLL;
    use super::paste_frame::Framer;
    use unix::{Tty, Winch, messages};

    let Ok(tty) = Tty::open() else {
        return quit(inbox);
    };
    // Without it the browser still works; it only misses resizes until the next key.
    let winch = Winch::register().ok();
    let mut framer = Framer::new();
    // Big enough that a paste arrives in few reads.
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        gate.checkpoint();
        let wait = framer.deadline().map_or(INPUT_POLL, |deadline| {
            deadline
                .saturating_duration_since(Instant::now())
                .min(INPUT_POLL)
        });
        let Ok(timeout) = Timespec::try_from(wait) else {
            return quit(inbox);
        };
        let input = PollFlags::IN;
        let (tty_ready, winch_ready) = {
            let mut fds = vec![PollFd::new(&tty, input)];
            if let Some(w) = &winch {
                fds.push(PollFd::new(w, input));
            }
            match poll(&mut fds, Some(&timeout)) {
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(_) => return quit(inbox),
            }
            // Readable, or hung up / in error: the read then says which.
            let ready = |fd: &PollFd| !fd.revents().is_empty();
            (ready(&fds[0]), fds.get(1).is_some_and(ready))
        };
        let mut msgs = Vec::new();
        if winch_ready && let Some(w) = &winch {
            w.drain();
            if let Ok((width, height)) = crossterm::terminal::size() {
                msgs.push(Msg::Resize(width, height));
            }
        }
        let inputs = if tty_ready {
            match rustix::io::read(&tty, &mut buf[..]) {
                Ok(0) => return quit(inbox),
                Ok(n) => framer.feed(&buf[..n], Instant::now()),
                Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => Vec::new(),
                Err(_) => return quit(inbox),
            }
        } else {
            framer.tick(Instant::now())
        };
        msgs.extend(inputs.into_iter().flat_map(messages));
        if !send_all(inbox, msgs) {
            return;
        }
    }
}

/// Elsewhere crossterm's reader stays: there is no bracketed paste to frame.
#[cfg(not(unix))]
fn read_loop(inbox: &Inbox, gate: &InputGate) {
    use crossterm::event::{self, Event};
    loop {
        gate.checkpoint();
        // An error here is read again by `read`, which turns it into a quit.
        if !event::poll(super::external::INPUT_POLL).unwrap_or(true) {
            continue;
        }
        let msg = match event::read() {
            Ok(Event::Key(key)) => Msg::Key(key),
            Ok(Event::Mouse(mouse)) => Msg::Mouse(mouse),
            Ok(Event::Resize(w, h)) => Msg::Resize(w, h),
            Ok(Event::Paste(text)) => Msg::Paste(text),
            Ok(_) => continue,
            Err(_) => return quit(inbox),
        };
        if !send_all(inbox, vec![msg]) {
            return;
        }
    }
}

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io::{self, IsTerminal, Read};
    use std::os::fd::{AsFd, BorrowedFd};
    use std::os::unix::net::UnixStream;

    use crossterm::event::Event;

    use super::super::paste_frame::{Closed, Input};
    use crate::tui::app::msg::Msg;
    use crate::tui::input::action::Action;

    /// Where keys come from: stdin when it is the terminal, else `/dev/tty` (stdin is a piped
    /// log), as crossterm chose. Read unbuffered: `poll` must see every byte not yet taken.
    pub enum Tty {
        Stdin(io::Stdin),
        Device(File),
    }

    impl Tty {
        pub fn open() -> io::Result<Tty> {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                return Ok(Tty::Stdin(stdin));
            }
            File::open("/dev/tty").map(Tty::Device)
        }
    }

    impl AsFd for Tty {
        fn as_fd(&self) -> BorrowedFd<'_> {
            match self {
                Tty::Stdin(stdin) => stdin.as_fd(),
                Tty::Device(file) => file.as_fd(),
            }
        }
    }

    /// SIGWINCH as a readable socket: its handler writes a byte, the input loop polls it
    /// beside the terminal, so resizes arrive in order with keys and need no thread.
    pub struct Winch {
        read: UnixStream,
        id: signal_hook::SigId,
    }

    impl Winch {
        pub fn register() -> io::Result<Winch> {
            let (read, write) = UnixStream::pair()?;
            read.set_nonblocking(true)?;
            write.set_nonblocking(true)?;
            let id = signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, write)?;
            Ok(Winch { read, id })
        }

        /// Empties the socket first, so a resize during the size query wakes the loop again.
        pub fn drain(&self) {
            let mut buf = [0u8; 64];
            while matches!((&self.read).read(&mut buf), Ok(n) if n > 0) {}
        }
    }

    impl AsFd for Winch {
        fn as_fd(&self) -> BorrowedFd<'_> {
            self.read.as_fd()
        }
    }

    impl Drop for Winch {
        fn drop(&mut self) {
            signal_hook::low_level::unregister(self.id);
        }
    }

    /// What the loop hears of an input.
    pub fn messages(input: Input) -> Vec<Msg> {
        match input {
            Input::Event(Event::Key(key)) => vec![Msg::Key(key)],
            Input::Event(Event::Mouse(mouse)) => vec![Msg::Mouse(mouse)],
            Input::Event(_) => Vec::new(),
            Input::Paste(pasted) => {
                let notice = pasted.notice().map(Msg::Notice);
                // A stray start that caught nothing leaves no paste behind, only the notice.
                let keep = pasted.closed == Closed::Marker || !pasted.text.is_empty();
                let paste = keep.then(|| Msg::Paste(pasted.text));
                paste.into_iter().chain(notice).collect()
            }
            Input::Interrupt => vec![Msg::Action(Action::Quit)],
        }
    }

    #[cfg(test)]
    mod tests {
        use super::super::super::paste_frame::Pasted;
        use super::*;

        fn kinds(msgs: &[Msg]) -> Vec<&'static str> {
            msgs.iter()
                .map(|m| match m {
                    Msg::Paste(_) => "paste",
                    Msg::Notice(_) => "notice",
                    Msg::Action(Action::Quit) => "quit",
                    _ => "other",
                })
                .collect()
        }

        #[test]
        fn a_stray_paste_tells_the_user_and_ctrl_c_in_one_quits() {
            let pasted = |text: &str, closed| {
                messages(Input::Paste(Pasted {
                    text: text.into(),
                    closed,
                    dropped: 0,
                }))
            };
            assert_eq!(kinds(&pasted("x", Closed::Marker)), ["paste"]);
            assert_eq!(kinds(&pasted("", Closed::Marker)), ["paste"]);
            assert_eq!(kinds(&pasted("", Closed::Quiet)), ["notice"]);
            assert_eq!(kinds(&pasted("typed", Closed::Quiet)), ["paste", "notice"]);
            assert_eq!(kinds(&messages(Input::Interrupt)), ["quit"]);
        }
    }
}
