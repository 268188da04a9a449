//! The search box and the results list under it.

pub mod edit;
pub mod list;
pub mod search_box;
pub mod update;

#[cfg(test)]
mod tests;
