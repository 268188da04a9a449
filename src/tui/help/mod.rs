//! The help overlay: every key from the keymap table with its action, and the query syntax.

pub mod view;
