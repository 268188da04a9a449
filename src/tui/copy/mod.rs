//! Copying and opening from the browser: the copy menu's state and keys (`update.rs`), its
//! overlay (`view.rs`), and the clipboard and URL opener on worker threads (`worker.rs`).

pub mod update;
pub mod view;
pub mod worker;
