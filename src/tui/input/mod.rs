//! Keys in: the action vocabulary and the one keymap table that keys, hints, help and the
//! config's `[keys]` all read; and the one line editor the one-line inputs share.

pub mod action;
mod key;
pub mod keymap;
pub mod line;
