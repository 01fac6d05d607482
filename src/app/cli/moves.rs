//! `regula moves`: the legal moves of a position, or why one move is refused.

use std::path::PathBuf;

use crate::engine::Identity;
use crate::formats::notation;

use serde_json::json;

use super::{CliError, Format, Notation, PosOpts, load, position, print_json, read};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    #[command(flatten)]
    opts: PosOpts,
    /// Instead of listing the moves, say whether this move is legal and, if not, why.
    #[arg(long)]
    explain: Option<String>,
    /// `text` (one move a line) or `json` (`{"moves": [...], "outcome": ..., "claims": [...]}`; with
    /// `--explain`, `{"move", "legal", "as" | "reasons", "help"}`).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// How the moves are written: `squares` (the game's own notation, `e2-e4`), or in a game
    /// whose kinds have letters `san` (`e4`, `Nf3`, `O-O`) or `uci` (`e2e4`).
    #[arg(long, value_enum, default_value_t)]
    notation: Notation,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        opts,
        explain,
        format,
        notation,
    } = args;
    let game = load(&file, &opts.params)?;
    if let Some(text) = explain {
        if text.trim().is_empty() {
            let example = {
                let pos = position(&game, &opts)?;
                let mut g = game.generator(Identity::Effect);
                let mut moves = Vec::new();
                game.analyze(&mut g, &pos, &mut moves);
                notation::sorted_texts(&game.def, &moves).into_iter().next()
            };
            return Err(CliError::Usage(match example {
                Some(m) => format!("--explain needs a move, such as `{m}`"),
                None => "--explain needs a move".into(),
            }));
        }
        let mut history = super::line(&game, &opts)?;
        let pos = history.pop().expect("the start position");
        // The game loaded, so its file resolves again.
        let res = crate::lang::inherit::resolve(&read(&file)?)?;
        return match crate::analysis::explain::explain(
            &res,
            &opts.params,
            &game,
            &pos,
            &history,
            &text,
        ) {
            crate::analysis::explain::Verdict::Legal(as_written) => {
                match format {
                    Format::Text => outln!("{text} is legal (as {as_written})")?,
                    Format::Json => {
                        print_json(&json!({"move": text, "legal": true, "as": as_written}))?;
                    }
                }
                Ok(())
            }
            crate::analysis::explain::Verdict::Refused(r) => {
                if format == Format::Json {
                    let reasons: Vec<_> = r
                        .reasons
                        .iter()
                        .map(|x| {
                            json!({
                                "kind": x.kind.name(),
                                "move_type": x.move_type,
                                "message": x.message,
                            })
                        })
                        .collect();
                    print_json(&json!({
                        "move": r.text,
                        "legal": false,
                        "reasons": reasons,
                        "help": r.help,
                    }))?;
                }
                Err(CliError::Refused(Box::new(r)))
            }
        };
    }
    let mut history = super::line(&game, &opts)?;
    let pos = history.pop().expect("the start position");
    let mut g = game.generator(Identity::Effect);
    g.history.clone_from(&history);
    let mut moves = Vec::new();
    let mut outcome = game.analyze(&mut g, &pos, &mut moves);
    if g.overflow {
        return Err(crate::engine::Overflow.into());
    }
    let ended_by = super::claimed_after(&opts)?;
    if ended_by.is_some() {
        // The record ends with a claim: the game is drawn, nothing is left to play.
        moves.clear();
        outcome = crate::engine::Outcome::Draw;
    }
    // The draws a player may claim here (none once the game is over).
    let claims: Vec<&str> = if ended_by.is_some() {
        Vec::new()
    } else {
        game.claims_in_game(&pos, &history)
            .into_iter()
            .map(|i| game.def.claims[i].name.as_str())
            .collect()
    };
    let texts = super::move_texts(&game, &pos, &moves, notation)?;
    if format == Format::Json {
        print_json(&json!({
            "moves": texts,
            "outcome": outcome.describe(&game.def),
            "claims": claims,
        }))?;
        return Ok(());
    }
    if let Some(c) = &ended_by {
        eprintln!("the game is over: drawn by `{c}`");
    } else if outcome != crate::engine::Outcome::Ongoing {
        // Standard output stays a (here empty) move list for scripts.
        eprintln!("the game is over: {}", outcome.describe(&game.def));
    }
    for c in &claims {
        eprintln!("a draw may be claimed here: `claim:{c}`");
    }
    for m in texts {
        outln!("{m}")?;
    }
    Ok(())
}
