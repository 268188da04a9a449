//! Reading the selected record's detail off the UI thread: its whole document from the
//! dataset's source, the snippet and the fixes' code highlighted, where it was synced from
//! and which records it hides. Only the newest selection is read; the view shows what it
//! showed until the answer comes.

use std::sync::Arc;

use super::highlighting::Highlighting;
use super::snippet::{self, Highlighter};
use crate::tui::app::generation::Generation;
use crate::tui::app::msg::{Detail, Msg};
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::{Job, Take};
use errdex_core::dataset::Dataset;

/// Read record `index` of `dataset`; the answer is `Msg::Detail` with this generation.
pub struct ReadDetail {
    pub generation: Generation,
    pub index: usize,
    pub dataset: Arc<Dataset>,
}

impl Job for ReadDetail {
    type State = Highlighting;
    const TAKE: Take = Take::Newest;

    fn run(self, highlighting: &mut Highlighting, inbox: &Inbox) {
        let detail = read(&self.dataset, self.index, highlighting.get());
        inbox.post(Msg::Detail(self.generation, detail.map(Box::new)));
    }
}

/// Every field of the record, its snippet prepared for the source pane.
pub fn read(
    dataset: &Dataset,
    index: usize,
    highlighter: Option<&Highlighter>,
) -> Result<Detail, String> {
    let record = dataset.record(index).map_err(|e| e.to_string())?;
    let source = snippet::prepare(&record, highlighter);
    let (code_site, source) = super::code_now::read(dataset, &record, source, highlighter);
    let fixes = snippet::prepare_fixes(&record, highlighter);
    let origin = errdex_core::state::data_dir().ok().and_then(|dir| {
        errdex_core::sync::origin(&dir, dataset.source_name(index)).map(|o| o.describe())
    });
    let conflicts = dataset.conflicts(&record.id);
    let conflicts = conflicts.iter().map(ToString::to_string).collect();
    Ok(Detail {
        index,
        record,
        source,
        fixes,
        origin,
        conflicts,
        code_site,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::tui::runtime::worker::Worker;
    use crate::tui::testing::dataset;

    #[test]
    fn the_detail_answers_with_its_request_generation_and_the_whole_record() {
        let ds = dataset();
        let (inbox, answers) = Inbox::new();
        let worker = Worker::spawn("detail", inbox, |_| Highlighting::off());
        worker.ask(ReadDetail {
            generation: Generation(7),
            index: 2,
            dataset: Arc::clone(&ds),
        });
        worker.finish();
        let answer = answers.recv_timeout(Duration::from_secs(10));
        let Ok(Msg::Detail(generation, Ok(detail))) = answer else {
            panic!("expected a detail");
        };
        assert_eq!(generation, Generation(7));
        assert_eq!(detail.index, 2);
        let wanted = ds.record(2).expect("fixture record");
        assert_eq!(detail.record.id, wanted.id);
        assert_eq!(
            detail.source,
            snippet::prepare(&wanted, None),
            "the snippet is prepared on the worker"
        );
    }

    #[test]
    fn with_colour_the_snippet_is_highlighted_on_the_worker() {
        let ds = dataset();
        let index = (0..ds.len())
            .find(|&i| ds.record(i).is_ok_and(|r| r.source_code.is_some()))
            .expect("a fixture record with a snippet");
        let (inbox, answers) = Inbox::new();
        let worker = Worker::spawn("detail", inbox, |_| {
            Highlighting::start("base16-eighties.dark")
        });
        worker.ask(ReadDetail {
            generation: Generation(1),
            index,
            dataset: Arc::clone(&ds),
        });
        worker.finish();
        let Ok(Msg::Detail(_, Ok(detail))) = answers.recv_timeout(Duration::from_secs(10)) else {
            panic!("expected a detail");
        };
        let plain = snippet::prepare(&detail.record, None);
        assert!(detail.source.is_some());
        assert_ne!(detail.source, plain, "coloured, unlike the plain snippet");
    }
}
