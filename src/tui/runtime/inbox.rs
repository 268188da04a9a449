//! The event loop's one inbox. Every thread with something for `update` (the input reader,
//! the loader, the search engine, each worker, the signal watcher) holds a clone and posts a
//! `Msg`; the loop blocks on the other end.

use std::sync::mpsc::{self, Receiver, Sender};

use crate::tui::app::msg::Msg;

/// Where answers go: cheap to clone, shared by no lock.
#[derive(Clone)]
pub struct Inbox(Sender<Msg>);

impl Inbox {
    /// The inbox and the loop's end of it.
    pub fn new() -> (Inbox, Receiver<Msg>) {
        let (tx, rx) = mpsc::channel();
        (Inbox(tx), rx)
    }

    /// Hands `msg` to the loop; false once the loop is gone (the sender's thread may stop).
    pub fn post(&self, msg: Msg) -> bool {
        self.0.send(msg).is_ok()
    }
}
