//! Copying and opening from the browser: the copy menu's state and keys (`update.rs`, and
//! `keys.rs` which row each keymap action picks), its overlay (`view.rs`), and the clipboard and URL opener on worker threads (`worker.rs`).

pub mod keys;
pub mod update;
pub mod view;
pub mod worker;

use errdex_core::copy::Offer;

/// The copy menu over the screen: the selected record's targets and the highlighted one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyMenu {
    /// The record the offers are for (none on an unknown error in the triage view).
    pub index: Option<usize>,
    pub offers: Vec<Offer>,
    pub selected: usize,
    /// In the triage view: its incident report, listed after the record's targets.
    pub report: Option<String>,
}

impl CopyMenu {
    /// Rows in the menu: the record's targets, then the incident report.
    pub fn rows(&self) -> usize {
        self.offers.len() + usize::from(self.report.is_some())
    }
}
