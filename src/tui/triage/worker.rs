//! The runtime's side of triage: one worker thread builds the triage index once per dataset
//! (the complete one: a log is matched against every record), matches pasted logs with it,
//! and hands a piped log to a reader thread that streams it through a scanner, so a log that
//! never ends (`kubectl logs -f POD | errdex`) keeps the screen up to date.

use std::io::Read;
use std::sync::Arc;
use std::sync::mpsc::RecvTimeoutError;
use std::thread;
use std::time::{Duration, Instant};

use super::state::{Phase, TriageNews};
use crate::tui::app::msg::Msg;
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::{Job, Take};
use errdex_core::dataset::Dataset;
use errdex_core::triage::feed::{self, Feed};
use errdex_core::triage::{LineHits, Triage};

/// How often news of a streaming log reach the screen while lines keep coming.
const NEWS_EVERY: Duration = Duration::from_millis(100);
/// Lines read before they are matched as one batch (on two threads).
const BATCH_LINES: usize = 16 * 1024;
/// Records reported per log event: the best one, as `errdex triage` does by default.
const LIMIT: usize = 1;

/// The triage worker's jobs; logs wait until the dataset is complete.
pub enum TriageJob {
    /// The complete dataset; the index is built when a log first needs it.
    Dataset(Arc<Dataset>),
    Paste {
        id: u64,
        log: String,
    },
    /// A log read from `input` until it ends, with news as it goes.
    Stream {
        id: u64,
        input: Box<dyn Read + Send>,
    },
}

/// What the worker keeps: the dataset, its index once built, the logs waiting for both.
#[derive(Default)]
pub struct TriageState {
    dataset: Option<Arc<Dataset>>,
    index: Option<Arc<Triage>>,
    waiting: Vec<TriageJob>,
}

impl Job for TriageJob {
    type State = TriageState;
    const TAKE: Take = Take::Each;

    fn run(self, state: &mut TriageState, inbox: &Inbox) {
        match self {
            TriageJob::Dataset(ds) => {
                state.dataset = Some(ds);
                state.index = None;
            }
            log => state.waiting.push(log),
        }
        let Some(ds) = &state.dataset else { return };
        if state.waiting.is_empty() {
            return;
        }
        let triage = Arc::clone(state.index.get_or_insert_with(|| Arc::new(Triage::new(ds))));
        for job in state.waiting.drain(..) {
            match job {
                TriageJob::Paste { id, log } => {
                    inbox.post(scan_paste(&triage, ds, id, &log).into());
                }
                TriageJob::Stream { id, input } => {
                    // A log that never ends must not hold up the pastes.
                    let triage = Arc::clone(&triage);
                    let ds = Arc::clone(ds);
                    let inbox = inbox.clone();
                    thread::spawn(move || stream(&triage, &ds, id, input, &inbox));
                }
                TriageJob::Dataset(_) => {}
            }
        }
    }
}

/// A pasted log's news, all at once: its known error events and the error events no record
/// knows (the view lists those under the known ones).
pub fn scan_paste(triage: &Triage, ds: &Dataset, id: u64, log: &str) -> TriageNews {
    let lines: Vec<&str> = log.lines().collect();
    let mut scanner = triage.scanner(ds, LIMIT).report_unknown(true);
    let mut hits = Vec::new();
    scanner.push_many(&lines, &mut hits);
    hits.extend(scanner.finish());
    TriageNews {
        id,
        phase: Phase::Done,
        lines: lines.len(),
        extent: scanner.extent(),
        hits,
    }
}

impl From<TriageNews> for Msg {
    fn from(news: TriageNews) -> Msg {
        Msg::Triage(news)
    }
}

/// Streams a log through a scanner: news every `NEWS_EVERY` while lines keep coming, and when
/// the input pauses — then with the pending event settled, so a live log's last error shows now
/// (if its trace arrives later, the event comes again, updated).
pub fn stream(triage: &Triage, ds: &Dataset, id: u64, input: Box<dyn Read + Send>, inbox: &Inbox) {
    let mut scanner = triage.scanner(ds, LIMIT).report_unknown(true);
    let news = |phase, scanner: &errdex_core::triage::Scanner<'_>, hits| -> Msg {
        TriageNews {
            id,
            phase,
            lines: scanner.lines_read(),
            extent: scanner.extent(),
            hits,
        }
        .into()
    };
    if !inbox.post(news(Phase::Reading, &scanner, Vec::new())) {
        return;
    }
    let feed = feed::read_lines(input, BATCH_LINES);
    let mut batch: Vec<LineHits> = Vec::new();
    let mut last = Instant::now();
    let end = loop {
        match feed.recv_timeout(feed::SETTLE) {
            Ok(Feed::Lines(more)) => {
                scanner.push_many(&more, &mut batch);
                if last.elapsed() >= NEWS_EVERY {
                    if !inbox.post(news(Phase::Reading, &scanner, std::mem::take(&mut batch))) {
                        return;
                    }
                    last = Instant::now();
                }
            }
            Ok(Feed::Failed(e)) => break Phase::Failed(format!("cannot read the log: {e}")),
            Err(RecvTimeoutError::Timeout) => {
                batch.extend(scanner.settle());
                if !inbox.post(news(Phase::Reading, &scanner, std::mem::take(&mut batch))) {
                    return;
                }
                last = Instant::now();
            }
            Err(RecvTimeoutError::Disconnected) => break Phase::Done,
        }
    };
    batch.extend(scanner.finish());
    inbox.post(news(end, &scanner, batch));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::testing::dataset;

    /// An inbox and what reached it of triage news, once its senders are gone.
    fn news(answers: &std::sync::mpsc::Receiver<Msg>) -> Vec<TriageNews> {
        answers
            .try_iter()
            .filter_map(|msg| match msg {
                Msg::Triage(news) => Some(news),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_stream_posts_every_hit_once_and_ends_done() {
        let ds = dataset();
        let triage = Triage::new(&ds);
        let (inbox, answers) = Inbox::new();
        let log = "INFO started\nERROR deadlock detected while updating rows\nINFO ok\n\
                   ERROR connection refused by peer\n";
        stream(&triage, &ds, 7, Box::new(log.as_bytes()), &inbox);
        let seen = news(&answers);
        assert_eq!(seen.first().map(|n| &n.phase), Some(&Phase::Reading));
        let last = seen.last().expect("final news");
        assert_eq!((&last.phase, last.lines), (&Phase::Done, 4));
        assert!(seen.iter().all(|n| n.id == 7));
        let lines: Vec<usize> = seen
            .iter()
            .flat_map(|n| n.hits.iter().map(|h| h.line))
            .collect();
        assert_eq!(lines, vec![2, 4]);
    }

    #[test]
    fn a_read_error_ends_the_stream_with_what_was_read() {
        struct Broken(bool);
        impl Read for Broken {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(std::io::Error::other("pipe broke"));
                }
                let line = b"deadlock detected while updating rows\n";
                buf[..line.len()].copy_from_slice(line);
                Ok(line.len())
            }
        }
        let ds = dataset();
        let triage = Triage::new(&ds);
        let (inbox, answers) = Inbox::new();
        stream(&triage, &ds, 1, Box::new(Broken(false)), &inbox);
        let seen = news(&answers);
        let last = seen.last().expect("final news");
        assert!(
            matches!(&last.phase, Phase::Failed(why) if why.contains("pipe broke")),
            "{:?}",
            last.phase
        );
        assert_eq!(last.lines, 1);
        assert_eq!(seen.iter().map(|n| n.hits.len()).sum::<usize>(), 1);
    }

    #[test]
    fn a_paste_waits_for_the_dataset() {
        let (inbox, answers) = Inbox::new();
        let mut state = TriageState::default();
        let paste = TriageJob::Paste {
            id: 3,
            log: "x\ndeadlock detected while updating rows\n".into(),
        };
        paste.run(&mut state, &inbox);
        assert!(news(&answers).is_empty());
        TriageJob::Dataset(dataset()).run(&mut state, &inbox);
        let seen = news(&answers);
        assert_eq!(seen.len(), 1);
        assert_eq!((seen[0].id, seen[0].lines), (3, 2));
        assert_eq!(seen[0].phase, Phase::Done);
        assert_eq!(seen[0].hits.len(), 1);
    }
}
