//! `regula playout`: seeded random self-play, for balance.

use std::path::PathBuf;
use std::time::Instant;

use super::{CliError, Format, PosOpts, load, position};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    #[command(flatten)]
    opts: PosOpts,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed: the same seed plays the same games, whatever the number of threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop a game after this many plies and count it apart.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// `text` or `json`.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Write every game to this file as PDN (tags, moves, result), one after another.
    #[arg(long)]
    save: Option<PathBuf>,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        opts,
        games,
        seed,
        threads,
        max_plies,
        format,
        save,
    } = args;
    let game = load(&file, &opts.params)?;
    let pos = position(&game, &opts)?;
    if save.is_some() {
        super::savable(&game, &pos)?;
    }
    let o = crate::play::playout::Options {
        games,
        seed,
        threads: threads.unwrap_or_else(crate::engine::default_threads),
        max_plies,
    };
    let bar = super::progress_bar("playout", "games");
    bar.set_length(games);
    let t0 = Instant::now();
    // A hidden bar still works out its estimate on every update: it is told nothing then.
    let shown = !bar.is_hidden();
    let r = crate::play::playout::playout(&game, &pos, &o, &|| {
        if shown {
            bar.inc(1)
        }
    })?;
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    if format == Format::Json {
        outln!("{}", crate::play::playout::render_json(&game, &r, secs, &o))?;
    } else {
        out!("{}", crate::play::playout::render_text(&game, &r, secs))?;
    }
    if let Some(path) = save {
        let mut text = String::new();
        for i in 0..games {
            let (moves, outcome) = crate::play::playout::game_moves(&game, &pos, &o, i)?;
            if i > 0 {
                text.push('\n');
            }
            text.push_str(
                &crate::formats::pdn::write_game(
                    &game,
                    &pos,
                    &moves,
                    &format!("regula playout, seed {seed}, game {}", i + 1),
                    outcome,
                    None,
                )
                .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?,
            );
        }
        super::write_atomically(&path, text)?;
    }
    Ok(())
}
