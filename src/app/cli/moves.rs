//! `regula moves`: the legal moves of a position, or why one move is refused.

use std::path::PathBuf;

use regula::engine::Identity;
use regula::tools::notation;

use super::{CliError, PosOpts, load, position, read};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    #[command(flatten)]
    opts: PosOpts,
    /// Instead of listing the moves, say whether this move is legal and, if not, why.
    #[arg(long)]
    explain: Option<String>,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        opts,
        explain,
    } = args;
    let game = load(&file, &opts.params)?;
    if let Some(text) = explain {
        let mut history = super::line(&game, &opts)?;
        let pos = history.pop().expect("the start position");
        // The game loaded, so its file resolves again.
        let res = regula::lang::inherit::resolve(&read(&file)?)?;
        return match regula::tools::explain::explain(
            &res,
            &opts.params,
            &game,
            &pos,
            &history,
            &text,
        ) {
            regula::tools::explain::Verdict::Legal(as_written) => {
                println!("{text} is legal (as {as_written})");
                Ok(())
            }
            regula::tools::explain::Verdict::Refused(r) => Err(CliError::Refused(Box::new(r))),
        };
    }
    let pos = position(&game, &opts)?;
    let mut g = game.generator(Identity::Effect);
    let mut moves = Vec::new();
    let outcome = game.analyze(&mut g, &pos, &mut moves);
    if g.overflow {
        return Err(CliError::Failed(regula::engine::Overflow.to_string()));
    }
    if outcome != regula::Outcome::Ongoing {
        // Standard output stays a (here empty) move list for scripts.
        eprintln!("the game is over: {}", outcome.describe(&game.def));
    }
    for m in notation::sorted_texts(&game.def, &moves) {
        println!("{m}");
    }
    Ok(())
}
