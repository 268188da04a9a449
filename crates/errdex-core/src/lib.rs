//! The core of errdex: records and how they load, the search and triage over them, the
//! team's own state, the config, sync and the local checkout, and the exports.
//!
//! It knows nothing of terminals: ratatui, crossterm and arboard are not among its
//! dependencies, so the compiler keeps it that way. What reaches a terminal is made safe by
//! [`text`]; the browser and the clipboard routes live in the `errdex` binary crate.
#![deny(unsafe_code)]

pub mod checkout;
pub mod choice;
pub mod clipboard_settings;
pub mod config;
pub mod copy;
pub mod dataset;
pub mod diag;
pub mod editor;
pub mod export;
pub mod facets;
pub mod git;
pub mod load;
pub mod markdown;
pub mod mmap;
pub mod open;
pub mod paths;
pub mod process;
pub mod record;
pub mod sample;
pub mod scan;
pub mod schema;
pub mod search;
pub mod source;
pub mod state;
pub mod sync;
pub mod text;
pub mod triage;
