//! `regula perft`: the number of leaves of the game tree to a depth.

use std::path::PathBuf;
use std::time::Instant;

use crate::engine::Identity;
use crate::formats::notation;

use serde_json::json;

use super::{CliError, Format, PosOpts, load, position, print_json};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    /// Depth in plies.
    depth: u32,
    #[command(flatten)]
    opts: PosOpts,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Count every distinct leg sequence as a move, not every distinct effect.
    #[arg(long)]
    paths: bool,
    /// Print the time taken and leaves per second to stderr.
    #[arg(long)]
    time: bool,
    /// Threads to count on (default: every core); same result. The tree is split below the
    /// root into at least max(1024, 256 x threads) subtrees where it has them.
    #[arg(long)]
    threads: Option<usize>,
    /// Print how the work was split to stderr: the tasks, the ply they start at, and the
    /// largest task's share of the leaves.
    #[arg(long)]
    stats: bool,
    /// `text` or `json` (`{"depth", "leaves", "divide": {move: leaves}, "seconds", ...}`).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        depth,
        opts,
        divide,
        paths,
        time,
        threads,
        stats,
        format,
    } = args;
    if depth > crate::model::MAX_PERFT_DEPTH {
        return Err(CliError::Usage(format!(
            "perft depth {depth}: at most {} plies (no deeper count finishes)",
            crate::model::MAX_PERFT_DEPTH
        )));
    }
    let threads = threads.unwrap_or_else(crate::engine::default_threads);
    let game = load(&file, &opts.params)?;
    let pos = position(&game, &opts)?;
    let outcome = game.outcome(&pos);
    if outcome != crate::engine::Outcome::Ongoing && depth > 0 {
        eprintln!(
            "the game is over: {}; no move follows",
            outcome.describe(&game.def)
        );
    }
    let identity = if paths {
        Identity::Path
    } else {
        Identity::Effect
    };
    let bar = super::progress_bar(&format!("perft {depth}"), "subtrees");
    // A hidden bar (output not a terminal) still works out its rate and estimate on every
    // update, some 4,000 instructions each: at a thousand subtrees, more than the count of a
    // small perft. It is told nothing then.
    let shown = !bar.is_hidden();
    let progress = |done: usize, total: usize| {
        if shown {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let t0 = Instant::now();
    let mut divided: Vec<(String, u64)> = Vec::new();
    let split_stats;
    let total = if divide && depth > 0 {
        let mut g = game.generator(identity);
        let mut moves = Vec::new();
        game.analyze(&mut g, &pos, &mut moves);
        let (counts, split) = crate::engine::divide_split(
            &game,
            &pos,
            &moves,
            depth - 1,
            identity,
            threads,
            &progress,
        )?;
        split_stats = Some(split);
        let mut rows: Vec<(String, u64)> = Vec::new();
        let mut total = 0;
        for (m, n) in moves.iter().zip(counts) {
            total += n;
            rows.push((notation::format(&game.def, m), n));
        }
        rows.sort();
        divided = rows;
        total
    } else {
        let (n, split) =
            crate::engine::perft_split(&game, &pos, depth, identity, threads, &progress)?;
        split_stats = Some(split);
        n
    };
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    if format == Format::Json {
        let mut v = json!({
            "depth": depth,
            "leaves": total,
            "identity": if paths { "path" } else { "effect" },
            "threads": threads,
            "seconds": secs,
        });
        if let (true, Some(st)) = (stats, split_stats) {
            v["split"] = json!({
                "tasks": st.tasks,
                "ply": st.split_ply,
                "largest": st.largest,
                "largest_share": st.largest_share(),
            });
        }
        if divide {
            let map: serde_json::Map<String, serde_json::Value> =
                divided.into_iter().map(|(m, n)| (m, json!(n))).collect();
            v["divide"] = serde_json::Value::Object(map);
        }
        print_json(&v)?;
        return Ok(());
    }
    for (m, n) in &divided {
        outln!("{m}: {n}")?;
    }
    if let (true, Some(st)) = (stats, split_stats) {
        eprintln!(
            "split: {} tasks at ply {}, the largest {} leaves ({:.3}% of {})",
            st.tasks,
            st.split_ply,
            st.largest,
            100.0 * st.largest_share(),
            st.total
        );
    }
    if time {
        eprintln!(
            "perft {depth}: {total} leaves in {secs:.3} s ({:.0} leaves/s, {threads} thread{})",
            total as f64 / secs.max(1e-9),
            if threads == 1 { "" } else { "s" }
        );
    }
    outln!("{total}")?;
    Ok(())
}
