//! The search box and the results list under it.

pub mod edit;
pub mod list;
pub mod listing;
pub mod row;
pub mod scanned;
pub mod search_box;
mod sites;
pub mod update;

#[cfg(test)]
mod group_tests;
#[cfg(test)]
mod scanned_tests;
#[cfg(test)]
mod tests;
