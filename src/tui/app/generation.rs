//! Which request a worker's answer answers, and the one rule that drops stale answers.
//!
//! Every request whose answer can arrive after the user has moved on (a search, a record's
//! detail, the record followed into the checkout, a log's triage) carries a `Generation`,
//! counted per kind of request; its answers carry it back. `update` asks `Requests::is_current`
//! of each answer before any feature sees it: an answer to any request but the newest of its
//! kind is dropped there, and nowhere else.

/// A request's number among the requests of its kind; 0 is "none yet".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Generation(pub u64);

/// The kinds of request whose answers can go stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// The search engine numbers its own requests (`Engine::submit`); its passes re-run with
    /// the same number when the dataset or the context changes.
    Search,
    /// A record's detail: read from its source and highlighted.
    Detail,
    /// The record on display followed into the user's checkout.
    Locate,
    /// A pasted or piped log: the triage's id is its generation.
    Triage,
    /// The background rescan of checkouts whose HEAD moved.
    Rescan,
}

/// The newest request of each kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Requests {
    search: Generation,
    detail: Generation,
    locate: Generation,
    triage: Generation,
    rescan: Generation,
}

impl Requests {
    fn newest_mut(&mut self, job: Job) -> &mut Generation {
        match job {
            Job::Search => &mut self.search,
            Job::Detail => &mut self.detail,
            Job::Locate => &mut self.locate,
            Job::Triage => &mut self.triage,
            Job::Rescan => &mut self.rescan,
        }
    }

    /// The newest request of this kind (what an answer must answer to be taken).
    pub fn newest(&self, job: Job) -> Generation {
        match job {
            Job::Search => self.search,
            Job::Detail => self.detail,
            Job::Locate => self.locate,
            Job::Triage => self.triage,
            Job::Rescan => self.rescan,
        }
    }

    /// A new request of this kind: answers to the earlier ones are stale from now on.
    pub fn ask(&mut self, job: Job) -> Generation {
        let newest = self.newest_mut(job);
        *newest = Generation(newest.0 + 1);
        *newest
    }

    /// A request numbered elsewhere was made: a triage started, or the engine answered a
    /// search it numbered (its answers are how the model learns of its requests).
    pub fn asked(&mut self, job: Job, generation: Generation) {
        let newest = self.newest_mut(job);
        *newest = (*newest).max(generation);
    }

    /// The rule: an answer is current when it answers the newest request of its kind. One
    /// request may be answered more than once (a streaming search, a live log).
    pub fn is_current(&self, job: Job, answer: Generation) -> bool {
        answer == self.newest(job)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_answers_to_the_newest_request_are_current() {
        let mut r = Requests::default();
        let first = r.ask(Job::Detail);
        assert!(r.is_current(Job::Detail, first));
        let second = r.ask(Job::Detail);
        assert!(first < second);
        assert!(
            !r.is_current(Job::Detail, first),
            "superseded by the second"
        );
        assert!(r.is_current(Job::Detail, second));
        assert!(
            !r.is_current(Job::Detail, Generation(second.0 + 1)),
            "nothing asked for it"
        );
    }

    #[test]
    fn each_kind_counts_its_own_requests() {
        let mut r = Requests::default();
        r.ask(Job::Detail);
        r.ask(Job::Detail);
        let locate = r.ask(Job::Locate);
        assert_eq!(locate, Generation(1));
        assert!(r.is_current(Job::Locate, locate));
        assert!(!r.is_current(Job::Detail, Generation(1)));
        assert!(r.is_current(Job::Detail, Generation(2)));
    }

    #[test]
    fn a_request_numbered_elsewhere_makes_older_answers_stale_and_never_goes_back() {
        let mut r = Requests::default();
        r.asked(Job::Search, Generation(5));
        assert!(r.is_current(Job::Search, Generation(5)));
        r.asked(Job::Search, Generation(4));
        assert_eq!(r.newest(Job::Search), Generation(5));
        assert!(!r.is_current(Job::Search, Generation(4)));
    }
}
