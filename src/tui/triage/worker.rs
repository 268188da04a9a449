//! The runtime's side of triage: one worker thread builds the triage index once per dataset
//! (the complete one: a log is matched against every record), matches pasted logs with it,
//! and hands a piped log to a reader thread that streams it through a scanner, so a log that
//! never ends (`kubectl logs -f POD | errdex`) keeps the screen up to date.

use std::io::Read;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::state::{Phase, TriageNews};
use crate::tui::app::msg::Msg;
use errdex_core::dataset::Dataset;
use errdex_core::triage::feed::{self, Feed};
use errdex_core::triage::{LineHits, Triage};

/// How often news of a streaming log reach the screen while lines keep coming.
const NEWS_EVERY: Duration = Duration::from_millis(100);
/// Lines read before they are matched as one batch (on two threads).
const BATCH_LINES: usize = 16 * 1024;
/// Records reported per log event: the best one, as `errdex triage` does by default.
const LIMIT: usize = 1;

/// Hands a message to the browser; false once the browser is gone.
pub type Post = Arc<dyn Fn(Msg) -> bool + Send + Sync>;

enum Job {
    Dataset(Arc<Dataset>),
    Paste {
        id: u64,
        log: String,
    },
    Stream {
        id: u64,
        input: Box<dyn Read + Send>,
    },
}

/// The triage worker; jobs wait until the dataset is complete.
pub struct Worker {
    jobs: Sender<Job>,
}

impl Worker {
    pub fn spawn(post: Post) -> Worker {
        let (jobs, rx) = mpsc::channel();
        thread::spawn(move || work(&rx, &post));
        Worker { jobs }
    }

    /// The complete dataset; the index is built when a log first needs it.
    pub fn set_dataset(&self, dataset: Arc<Dataset>) {
        let _ = self.jobs.send(Job::Dataset(dataset));
    }

    pub fn paste(&self, id: u64, log: String) {
        let _ = self.jobs.send(Job::Paste { id, log });
    }

    /// Reads a log from `input` until it ends, posting news as it goes.
    pub fn stream(&self, id: u64, input: Box<dyn Read + Send>) {
        let _ = self.jobs.send(Job::Stream { id, input });
    }
}

fn work(rx: &Receiver<Job>, post: &Post) {
    let mut dataset: Option<Arc<Dataset>> = None;
    let mut index: Option<Arc<Triage>> = None;
    let mut pending = Vec::new();
    while let Ok(job) = rx.recv() {
        match job {
            Job::Dataset(ds) => {
                dataset = Some(ds);
                index = None;
            }
            job => pending.push(job),
        }
        let Some(ds) = &dataset else { continue };
        if pending.is_empty() {
            continue;
        }
        let triage = Arc::clone(index.get_or_insert_with(|| Arc::new(Triage::new(ds))));
        for job in pending.drain(..) {
            match job {
                Job::Paste { id, log } => {
                    post(scan_paste(&triage, id, &log).into());
                }
                Job::Stream { id, input } => {
                    let triage = Arc::clone(&triage);
                    let post = Arc::clone(post);
                    thread::spawn(move || stream(&triage, id, input, &post));
                }
                Job::Dataset(_) => {}
            }
        }
    }
}

/// A pasted log's news, all at once: its known error events and the error events no record
/// knows (the view lists those under the known ones).
pub fn scan_paste(triage: &Triage, id: u64, log: &str) -> TriageNews {
    let lines: Vec<&str> = log.lines().collect();
    let mut scanner = triage.scanner(LIMIT).report_unknown(true);
    let mut hits = Vec::new();
    scanner.push_many(&lines, &mut hits);
    hits.extend(scanner.finish());
    TriageNews {
        id,
        phase: Phase::Done,
        lines: lines.len(),
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
pub fn stream(triage: &Triage, id: u64, input: Box<dyn Read + Send>, post: &Post) {
    let news = |phase, lines, hits| -> Msg {
        TriageNews {
            id,
            phase,
            lines,
            hits,
        }
        .into()
    };
    if !post(news(Phase::Reading, 0, Vec::new())) {
        return;
    }
    let mut scanner = triage.scanner(LIMIT).report_unknown(true);
    let feed = feed::read_lines(input, BATCH_LINES);
    let mut lines = 0;
    let mut batch: Vec<LineHits> = Vec::new();
    let mut last = Instant::now();
    let end = loop {
        match feed.recv_timeout(feed::SETTLE) {
            Ok(Feed::Lines(more)) => {
                lines += more.len();
                scanner.push_many(&more, &mut batch);
                if last.elapsed() >= NEWS_EVERY {
                    if !post(news(Phase::Reading, lines, std::mem::take(&mut batch))) {
                        return;
                    }
                    last = Instant::now();
                }
            }
            Ok(Feed::Failed(e)) => break Phase::Failed(format!("cannot read the log: {e}")),
            Err(RecvTimeoutError::Timeout) => {
                batch.extend(scanner.settle());
                if !post(news(Phase::Reading, lines, std::mem::take(&mut batch))) {
                    return;
                }
                last = Instant::now();
            }
            Err(RecvTimeoutError::Disconnected) => break Phase::Done,
        }
    };
    batch.extend(scanner.finish());
    post(news(end, lines, batch));
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::tui::testing::dataset;

    fn collect() -> (Post, Arc<Mutex<Vec<TriageNews>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        let post: Post = Arc::new(move |msg| {
            if let Msg::Triage(news) = msg
                && let Ok(mut seen) = sink.lock()
            {
                seen.push(news);
            }
            true
        });
        (post, seen)
    }

    #[test]
    fn a_stream_posts_every_hit_once_and_ends_done() {
        let ds = dataset();
        let triage = Triage::new(&ds);
        let (post, seen) = collect();
        let log = "INFO started\nERROR deadlock detected while updating rows\nINFO ok\n\
                   ERROR connection refused by peer\n";
        stream(&triage, 7, Box::new(log.as_bytes()), &post);
        let seen = seen.lock().expect("news");
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
        let (post, seen) = collect();
        stream(&triage, 1, Box::new(Broken(false)), &post);
        let seen = seen.lock().expect("news");
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
        let (post, seen) = collect();
        let worker = Worker::spawn(post);
        worker.paste(3, "x\ndeadlock detected while updating rows\n".into());
        std::thread::sleep(Duration::from_millis(50));
        assert!(seen.lock().expect("news").is_empty());
        worker.set_dataset(dataset());
        let start = Instant::now();
        while seen.lock().expect("news").is_empty() && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        let seen = seen.lock().expect("news");
        assert_eq!(seen.len(), 1);
        assert_eq!((seen[0].id, seen[0].lines), (3, 2));
        assert_eq!(seen[0].phase, Phase::Done);
        assert_eq!(seen[0].hits.len(), 1);
    }
}
