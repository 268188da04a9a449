//! errdex: search a dataset of known errors, read everything about one, copy its fix.
//!
//! This crate is the program around the core (`errdex_core`): the command line, the routes
//! to a clipboard, and the browser.
#![forbid(unsafe_code)]

pub mod cli;
pub mod clipboard;
pub mod tui;
