//! errdex: search a dataset of known errors, read everything about one, copy its fix.
//!
//! The core (record, load, dataset, export, facets) knows nothing of terminals.

pub mod checkout;
pub mod cli;
pub mod clipboard;
pub mod config;
pub mod copy;
pub mod dataset;
pub mod diag;
pub mod editor;
pub mod export;
pub mod facets;
pub mod load;
pub mod open;
pub mod paths;
pub mod record;
pub mod sample;
pub mod schema;
pub mod search;
pub mod source;
pub mod state;
pub mod sync;
pub mod text;
pub mod triage;
pub mod tui;
