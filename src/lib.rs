//! errdex: search a dataset of known errors, read everything about one, copy its fix.
//!
//! This crate is the program around the core (`errdex_core`): the command line, the routes
//! to a clipboard, and the browser.
#![forbid(unsafe_code)]
// Text for a person reaches stdout and stderr only through `out`, which keeps whatever a
// dataset holds from acting on the terminal.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod cli;
pub mod clipboard;
pub mod out;
pub mod tui;
