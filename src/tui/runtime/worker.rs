//! The one shape of the browser's workers: a thread that keeps some state, takes jobs from a
//! channel and posts its answers to the inbox. A job says what it needs and what the state
//! is; `Take` says whether every job is done in order or only the newest waiting one (when
//! the user runs down the list, only the last record's detail is worth reading). Staleness
//! is not the worker's business: answers carry their request's generation and `update`
//! drops the stale ones.

use std::sync::mpsc::{self, Sender};
use std::thread::{self, JoinHandle};

use super::inbox::Inbox;

/// Which of the jobs waiting for a worker it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// Every job, in the order asked (a store's writes, the clipboard).
    Each,
    /// Only the newest job waiting: the others have been superseded.
    Newest,
}

/// One kind of work done off the UI thread.
pub trait Job: Send + 'static {
    /// What the worker keeps between jobs (stores, an index); built on the worker's thread.
    type State: 'static;
    const TAKE: Take;
    /// Does the job; its answers go to `inbox`.
    fn run(self, state: &mut Self::State, inbox: &Inbox);
}

/// A worker thread for jobs of type `J`.
pub struct Worker<J: Job> {
    jobs: Option<Sender<J>>,
    thread: Option<JoinHandle<()>>,
}

impl<J: Job> Worker<J> {
    /// Starts the thread; `start` builds its state there (and may post a first answer), so
    /// opening stores or loading syntaxes never holds up the UI. If the system refuses a
    /// thread, jobs are dropped: the browser goes on without that feature's answers.
    pub fn spawn(
        name: &str,
        inbox: Inbox,
        start: impl FnOnce(&Inbox) -> J::State + Send + 'static,
    ) -> Worker<J> {
        let (jobs, waiting) = mpsc::channel::<J>();
        let thread = thread::Builder::new()
            .name(format!("errdex-{name}"))
            .spawn(move || {
                let mut state = start(&inbox);
                while let Ok(first) = waiting.recv() {
                    let job = match J::TAKE {
                        Take::Each => first,
                        Take::Newest => waiting.try_iter().last().unwrap_or(first),
                    };
                    job.run(&mut state, &inbox);
                }
            })
            .ok();
        Worker {
            jobs: Some(jobs),
            thread,
        }
    }

    pub fn ask(&self, job: J) {
        if let Some(jobs) = &self.jobs {
            // Fails only once the thread is gone; its answers would find no one either.
            let _ = jobs.send(job);
        }
    }

    /// Waits until every job asked for is done (the query recorded on quit must reach the
    /// disk before the process ends).
    pub fn finish(mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::Receiver;

    use super::*;
    use crate::tui::app::msg::Msg;

    /// Posts its number as a notice.
    struct Numbered<const NEWEST: bool>(u32);

    impl<const NEWEST: bool> Job for Numbered<NEWEST> {
        type State = Vec<u32>;
        const TAKE: Take = if NEWEST { Take::Newest } else { Take::Each };
        fn run(self, done: &mut Vec<u32>, inbox: &Inbox) {
            done.push(self.0);
            inbox.post(Msg::Notice(format!("{} after {:?}", self.0, done)));
        }
    }

    /// A worker whose thread starts only once `release` is dropped, so every job is waiting.
    fn held<const NEWEST: bool>() -> (Worker<Numbered<NEWEST>>, Sender<()>, Receiver<Msg>) {
        let (inbox, answers) = Inbox::new();
        let (release, held) = mpsc::channel::<()>();
        let worker = Worker::spawn("test", inbox, move |_| {
            let _ = held.recv();
            Vec::new()
        });
        (worker, release, answers)
    }

    fn notices(answers: &Receiver<Msg>) -> Vec<String> {
        answers
            .try_iter()
            .filter_map(|m| match m {
                Msg::Notice(n) => Some(n),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_job_is_done_in_order_and_finish_waits_for_them() {
        let (worker, release, answers) = held::<false>();
        for n in 1..=3 {
            worker.ask(Numbered(n));
        }
        drop(release);
        worker.finish();
        assert_eq!(
            notices(&answers),
            ["1 after [1]", "2 after [1, 2]", "3 after [1, 2, 3]"]
        );
    }

    #[test]
    fn a_newest_only_worker_skips_the_jobs_superseded_while_it_was_busy() {
        let (worker, release, answers) = held::<true>();
        for n in 1..=3 {
            worker.ask(Numbered(n));
        }
        drop(release);
        worker.finish();
        assert_eq!(notices(&answers), ["3 after [3]"]);
    }

    #[test]
    fn the_state_is_built_on_the_worker_and_may_answer_first() {
        struct Nothing;
        impl Job for Nothing {
            type State = ();
            const TAKE: Take = Take::Each;
            fn run(self, (): &mut (), _: &Inbox) {}
        }
        let (inbox, answers) = Inbox::new();
        let worker: Worker<Nothing> = Worker::spawn("test", inbox, |inbox| {
            inbox.post(Msg::Notice("opened".into()));
        });
        worker.finish();
        assert_eq!(notices(&answers), ["opened"]);
    }
}
