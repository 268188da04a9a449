//! Pins, the query history and recently viewed records: what the model keeps (`memory.rs`),
//! the keys and the stores' answers (`update.rs`), the Ctrl-r overlay (`view.rs`), and the
//! stores on their own thread (`worker.rs`).

pub mod memory;
pub mod update;
pub mod view;
pub mod worker;
