//! The triage view of a pasted or piped log: its state (`state.rs`), its part of `update`
//! (`update.rs`), the worker that matches the log against the records (`worker.rs`) and the
//! view (`view.rs`).

pub mod state;
pub mod update;
pub mod view;
pub mod worker;

pub use state::{LINES_KEPT, Origin, Phase, TriageNews, TriageState};
pub use update::{
    incident_report, leave, on_news, on_paste, reopen, scroll_lines, selected_unknown, start,
    write_report,
};

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod timeline_tests;
#[cfg(test)]
mod unknown_tests;
