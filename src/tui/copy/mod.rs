//! Copying and opening from the browser: the copy menu's state and keys (`update.rs`), its
//! overlay (`view.rs`), and the clipboard and URL opener on worker threads (`worker.rs`).

pub mod update;
pub mod view;
pub mod worker;

use crate::copy::Offer;

/// The copy menu over the screen: the selected record's targets and the highlighted one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyMenu {
    /// The record the offers are for.
    pub index: usize,
    pub offers: Vec<Offer>,
    pub selected: usize,
}
