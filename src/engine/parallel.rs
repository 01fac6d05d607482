//! Perft on several threads, split below the root into many small subtrees.
//!
//! The tree is expanded from the root a ply at a time until it holds enough subtrees (tasks);
//! each thread takes the next unclaimed task, counts it with its own generator (one per
//! thread, reused from task to task) and keeps its count by root move. The sum does not
//! depend on the number of threads or on the order in which tasks are claimed.

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
    Ok(perft_split(game, pos, depth, identity, threads, progress)?.0)
}

/// [`perft_threads`], and how the work was split (one task, at ply 0, when the count is too
/// small to split: depth 2 or less).
///
/// # Errors
/// As [`perft`].
pub fn perft_split(
    game: &Game,
    pos: &Position,
    depth: u32,
    identity: Identity,
    threads: usize,
    progress: Progress,
) -> Result<(u64, SplitStats), Overflow> {
    let whole = |n: u64| SplitStats {
        tasks: 1,
        split_ply: 0,
        largest: n,
        total: n,
    };
    if depth <= 2 {
        let n = perft(game, pos, depth, identity)?;
        return Ok((n, whole(n)));
    }
    let mut g = game.generator(identity);
    let mut roots = Vec::new();
    game.analyze(&mut g, pos, &mut roots);
    if g.overflow {
        // Let the sequential count report it the usual way.
        let n = perft(game, pos, depth, identity)?;
        return Ok((n, whole(n)));
    }
    let (counts, stats) = divide_split(game, pos, &roots, depth - 1, identity, threads, progress)?;
    Ok((counts.iter().sum(), stats))
}

/// How a parallel perft split its work, for `regula perft --stats`: the tasks are the subtrees
/// below the positions `split_ply` plies from the root (a subtree at a shallower position
/// that had no moves left is no task), each counted whole by one thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SplitStats {
    /// Subtrees counted, each by one thread.
    pub tasks: usize,
    /// Plies below the position counted from where the tasks start (1: the root moves).
    pub split_ply: u32,
    /// Leaves of the largest task.
    pub largest: u64,
    /// Leaves of all tasks.
    pub total: u64,
}

impl SplitStats {
    /// The largest task's share of the whole count, 0 to 1 (0 when there are no leaves).
    pub fn largest_share(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.largest as f64 / self.total as f64
        }
    }
}

/// The fewest tasks a parallel count is split into, per thread: enough that the largest
/// subtree is a small share of the work and the threads finish together. A level of the tree
/// is expanded only while it holds fewer, so the positions held stay within this many times
/// the game's branching factor.
const TASKS_PER_THREAD: usize = 256;
/// The fewest tasks whatever the threads, so that `--stats` and the split do not depend on
/// the machine below this many threads.
const MIN_TASKS: usize = 1024;

/// One task: the subtree `depth` plies deep below `pos`, under the root move `root`.
struct Task {
    root: usize,
    pos: Position,
    depth: u32,
}

/// The tasks below `moves` (played from `pos`), each with `depth` plies left after its root
/// move: the root moves, expanded a ply at a time while there are fewer than `target` tasks
/// and each has at least two plies left. A position is expanded with the moves
/// [`super::perft_rec`] would generate there, so the tasks' counts add up to perft's.
fn split(
    game: &Game,
    pos: &Position,
    moves: &[Move],
    depth: u32,
    identity: Identity,
    target: usize,
) -> Result<(Vec<Task>, u32), Overflow> {
    let mut tasks: Vec<Task> = moves
        .iter()
        .enumerate()
        .map(|(root, m)| Task {
            root,
            pos: game.play_unchecked(pos, m),
            depth,
        })
        .collect();
    let mut ply = 1;
    let mut g = game.generator(identity);
    g.set_any_order(true);
    let mut children = Vec::new();
    while tasks.len() < target && tasks.iter().all(|t| t.depth >= 2) && !tasks.is_empty() {
        let mut next = Vec::with_capacity(tasks.len() * 8);
        for t in &tasks {
            game.analyze(&mut g, &t.pos, &mut children);
            if g.overflow {
                return Err(Overflow);
            }
            for m in &children {
                next.push(Task {
                    root: t.root,
                    pos: game.play_unchecked(&t.pos, m),
                    depth: t.depth - 1,
                });
            }
        }
        tasks = next;
        ply += 1;
    }
    Ok((tasks, ply))
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
    Ok(divide_split(game, pos, moves, depth, identity, threads, progress)?.0)
}

/// [`divide_threads`], and how the work was split. The work is split below the root, into at
/// least `max(1024, 256 × threads)` subtrees where the tree has them, claimed one at a time
/// by the threads from a shared counter, so that no thread is left with a large subtree at
/// the end; the counts do not depend on the threads or on the order of claims.
///
/// # Errors
/// As [`perft`].
pub fn divide_split(
    game: &Game,
    pos: &Position,
    moves: &[Move],
    depth: u32,
    identity: Identity,
    threads: usize,
    progress: Progress,
) -> Result<(Vec<u64>, SplitStats), Overflow> {
    let target = MIN_TASKS.max(TASKS_PER_THREAD.saturating_mul(threads));
    let (tasks, split_ply) = split(game, pos, moves, depth, identity, target)?;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let threads = threads.clamp(1, tasks.len().max(1));
    let max_depth = tasks.iter().map(|t| t.depth).max().unwrap_or(0);
    let results: Vec<Result<Vec<(usize, u64)>, Overflow>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut counts = Vec::new();
                    // One generator and one set of buffers per thread, kept from one task
                    // to the next: making a generator copies the compiled kernels, and its
                    // memos stay valid for every position of the game.
                    // Each worker's own tables when there are several (`Game::for_thread`).
                    let own = (threads > 1).then(|| game.for_thread());
                    let game = own.as_ref().unwrap_or(game);
                    let mut g = game.generator(identity);
                    g.set_any_order(true);
                    let mut lists: Vec<Vec<Move>> =
                        (0..=max_depth).map(|_| Vec::with_capacity(256)).collect();
                    let mut boards = vec![pos.clone(); max_depth as usize];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(t) = tasks.get(i) else {
                            return Ok(counts);
                        };
                        let n = super::perft_rec(
                            game,
                            &mut g,
                            &t.pos,
                            t.depth,
                            &mut lists,
                            &mut boards,
                        )?;
                        counts.push((i, n));
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1, tasks.len());
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
    let mut stats = SplitStats {
        tasks: tasks.len(),
        split_ply,
        ..SplitStats::default()
    };
    for r in results {
        for (i, n) in r? {
            out[tasks[i].root] += n;
            stats.largest = stats.largest.max(n);
            stats.total += n;
        }
    }
    Ok((out, stats))
}
