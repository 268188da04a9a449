//! Keys in: the action vocabulary and the one keymap table that keys, hints, help and the
//! config's `[keys]` all read.

pub mod action;
mod key;
pub mod keymap;
