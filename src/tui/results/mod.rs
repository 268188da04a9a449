//! The search box and the results list under it.

pub mod list;
pub mod search_box;
pub mod update;
