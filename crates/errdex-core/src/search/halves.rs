//! A job split in two halves that run on both cores at once. The halves go to a pool of
//! threads that outlive them (rayon's): a thread started for each half (as before) was often
//! placed on the core its parent was busy on and waited a scheduler tick to move, so a 1M-record
//! pass used 1.3 cores of 2 (`connection refused`: 150 → 95 ms a pass).

use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `mine` and `theirs` at once (both on the pool's threads when the caller is not one
/// of them). A panic in `theirs` comes back as its `Err` for the caller to weigh (the panic
/// hook has reported it already); a panic in `mine` goes on to the caller once `theirs` is
/// done.
pub(crate) fn both<A, B>(
    mine: impl FnOnce() -> A + Send,
    theirs: impl FnOnce() -> B + Send,
) -> (A, std::thread::Result<B>)
where
    A: Send,
    B: Send,
{
    rayon::join(mine, || catch_unwind(AssertUnwindSafe(theirs)))
}

/// `f` over the two halves of `items` at once, its results in order; a half whose helper
/// panicked gives none.
pub(crate) fn concat<T: Send, R: Send>(
    items: &mut [T],
    f: impl Fn(&mut [T]) -> Vec<R> + Sync,
) -> Vec<R> {
    let (front, back) = items.split_at_mut(items.len() / 2);
    let (mut out, rest) = both(|| f(front), || f(back));
    out.extend(rest.unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_halves_run_and_a_panicking_helper_is_an_err() {
        let (a, b) = both(|| 1, || 2);
        assert_eq!((a, b.ok()), (1, Some(2)));
        let (a, b): (i32, std::thread::Result<i32>) = both(|| 3, || panic!("a bug"));
        assert_eq!((a, b.is_err()), (3, true));
        let mut items: Vec<u32> = (0..9).collect();
        let doubled = concat(&mut items, |part| part.iter().map(|i| i * 2).collect());
        assert_eq!(doubled, (0..9).map(|i| i * 2).collect::<Vec<u32>>());
    }

    #[test]
    fn the_halves_run_at_once() {
        if rayon::current_num_threads() < 2 {
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
