//! A job split in two halves that run on both cores at once. The halves go to a pool of
//! threads that outlive them (rayon's): a thread started for each half (as before) was often
//! placed on the core its parent was busy on and waited a scheduler tick to move, so a 1M-record
//! pass used 1.3 cores of 2 (`connection refused`: 150 → 95 ms a pass).

use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `mine` and `theirs` at once; None for `theirs` when it panicked (a bug the panic hook
/// has already reported: the caller decides what its half is worth). A panic in `mine` goes on
/// to the caller.
pub(crate) fn both<A, B>(
    mine: impl FnOnce() -> A + Send,
    theirs: impl FnOnce() -> B + Send,
) -> (A, Option<B>)
where
    A: Send,
    B: Send,
{
    rayon::join(mine, || catch_unwind(AssertUnwindSafe(theirs)).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_halves_run_and_a_panicking_half_is_none() {
        let (a, b) = both(|| 1, || 2);
        assert_eq!((a, b), (1, Some(2)));
        let (a, b): (i32, Option<i32>) = both(|| 3, || panic!("a bug"));
        assert_eq!((a, b), (3, None));
    }

    #[test]
    fn the_halves_run_at_once() {
        if std::thread::available_parallelism().map_or(1, std::num::NonZero::get) < 2 {
            return;
        }
        // The first half waits for the second to start: on one thread it would wait in vain.
        let started = std::sync::atomic::AtomicBool::new(false);
        let (saw, _) = both(
            || {
                let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
                while !started.load(std::sync::atomic::Ordering::SeqCst) {
                    if std::time::Instant::now() > until {
                        return false;
                    }
                    std::thread::yield_now();
                }
                true
            },
            || started.store(true, std::sync::atomic::Ordering::SeqCst),
        );
        assert!(saw, "the second half did not run while the first waited");
    }
}
