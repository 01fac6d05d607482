//! Perft on several threads, split by root move.
//!
//! Each thread takes the next unclaimed root move, counts its subtree with its own generator
//! (one per thread, reused for each of its root moves) and adds the count to its total; the sum does not depend on the number of threads or on
//! the order in which moves are claimed.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Game, Identity, Move, Overflow, Position, perft};

/// Told `(done, total)` each time a root move's subtree is counted, from whichever thread
/// counted it: for a progress bar.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

/// A [`Progress`] that listens to nothing.
pub fn no_progress(_: usize, _: usize) {}

/// The number of threads to use when none is asked for: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// [`perft`] on up to `threads` threads, with the same result.
///
/// # Errors
/// As [`perft`].
pub fn perft_threads(
    game: &Game,
    pos: &Position,
    depth: u32,
    identity: Identity,
    threads: usize,
    progress: Progress,
) -> Result<u64, Overflow> {
    if depth <= 2 {
        return perft(game, pos, depth, identity);
    }
    let mut g = game.generator(identity);
    let mut roots = Vec::new();
    game.analyze(&mut g, pos, &mut roots);
    if g.overflow {
        // Let the sequential count report it the usual way.
        return perft(game, pos, depth, identity);
    }
    Ok(
        divide_threads(game, pos, &roots, depth - 1, identity, threads, progress)?
            .iter()
            .sum(),
    )
}

/// The perft count below each of `moves` (played from `pos`), in the order of `moves`.
///
/// # Errors
/// As [`perft`].
pub fn divide_threads(
    game: &Game,
    pos: &Position,
    moves: &[Move],
    depth: u32,
    identity: Identity,
    threads: usize,
    progress: Progress,
) -> Result<Vec<u64>, Overflow> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let threads = threads.clamp(1, moves.len().max(1));
    let results: Vec<Result<Vec<(usize, u64)>, Overflow>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut counts = Vec::new();
                    // One generator and one set of buffers per thread, kept from one root
                    // move to the next: making a generator copies the compiled kernels, and
                    // its memos stay valid for every position of the game.
                    let mut g = game.generator(identity);
                    g.set_any_order(true);
                    let mut lists: Vec<Vec<Move>> =
                        (0..=depth).map(|_| Vec::with_capacity(256)).collect();
                    let mut boards = vec![pos.clone(); depth as usize];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(m) = moves.get(i) else {
                            return Ok(counts);
                        };
                        let child = game.play_unchecked(pos, m);
                        let n =
                            super::perft_rec(game, &mut g, &child, depth, &mut lists, &mut boards)?;
                        counts.push((i, n));
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1, moves.len());
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a perft thread panicked"))
            .collect()
    });
    let mut out = vec![0; moves.len()];
    for r in results {
        for (i, n) in r? {
            out[i] = n;
        }
    }
    Ok(out)
}
