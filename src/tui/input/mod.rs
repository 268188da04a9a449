//! Keys in: the action vocabulary and the one keymap table that keys, hints, help and the
//! config's `[keys]` all read; and where a one-line input's cursor is in its text.

pub mod action;
pub mod cursor;
mod key;
pub mod keymap;
