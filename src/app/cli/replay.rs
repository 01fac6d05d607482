//! `regula replay`: play a game record through and say how it ends.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::engine::Position;
use crate::formats::input;
use crate::formats::setup::{self, PositionSpec};

use serde_json::json;

use super::{CliError, Format, PosOpts, load, position, print_json, read};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    /// The game record (move list).
    game: PathBuf,
    #[command(flatten)]
    opts: PosOpts,
    /// Print the final position: the board, the position as YAML and, where the rule file
    /// numbers its squares, as a PDN position (where its kinds have letters, as a FEN).
    #[arg(long)]
    show: bool,
    /// `text` or `json` (`{"plies", "outcome", "claim", "winners", "position", "fen"}`; the position
    /// as the YAML text `--position` reads).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        game: record,
        opts,
        show,
        format,
    } = args;
    let game = load(&file, &opts.params)?;
    let pos = position(&game, &opts)?;
    // The line is not kept: each position is counted by a 128-bit hash of what
    // `repeated(N)` compares (the player to move and the squares), so memory grows
    // with the distinct positions only, by 24 bytes each.
    let mut seen: HashMap<u128, u32> = HashMap::new();
    let mut n = 0;
    let src = read(&record)?;
    let last = &input::replay_record_each(&game, &pos, &src, |p| {
        *seen.entry(repetition_key(p)).or_default() += 1;
        n += 1;
    })?;
    // The earlier positions `repeated(N)` can see: those equal to the last.
    let earlier = seen.get(&repetition_key(last)).copied().unwrap_or(0);
    let history = vec![last.clone(); earlier as usize];
    let (_, mut outcome) = game.analyze_in_game(last, &history);
    // A record ending in a claim (checked by the replay) is a draw by that claim.
    let claim = crate::formats::record::tokenize(&src.text)
        .ok()
        .and_then(|t| {
            crate::formats::record::claimed(&t).map(|name| {
                let i = crate::formats::claim::find(&game, last, &history, name).ok();
                i.map_or_else(
                    || name.unwrap_or("claim").to_string(),
                    |i| game.def.claims[i].name.clone(),
                )
            })
        });
    if claim.is_some() {
        outcome = crate::engine::Outcome::Draw;
    }
    let ending = match &claim {
        Some(c) => format!("drawn by claim `{c}`"),
        None => outcome.describe(&game.def),
    };
    if format == Format::Json {
        let winners: Vec<&str> = match outcome {
            crate::engine::Outcome::Win(p) => game
                .def
                .team_of(p)
                .iter()
                .map(|&q| game.def.players[q as usize].as_str())
                .collect(),
            crate::engine::Outcome::Ongoing | crate::engine::Outcome::Draw => Vec::new(),
        };
        let spec = PositionSpec::from_position(&game, last);
        print_json(&json!({
            "plies": n,
            "outcome": outcome.describe(&game.def),
            "claim": claim,
            "winners": winners,
            "position": setup::to_yaml(&spec),
            "fen": fen_of(&game, last),
        }))?;
        return Ok(());
    }
    if show {
        print!("{}", setup::draw(&game, last));
        let spec = PositionSpec::from_position(&game, last);
        print!("{}", setup::to_yaml(&spec));
        if let Some(fen) = fen_of(&game, last) {
            println!("[FEN \"{fen}\"]");
        }
    }
    println!(
        "{n} move{} replayed; {}",
        if n == 1 { "" } else { "s" },
        ending
    );
    Ok(())
}

/// The position as a PDN position where the board numbers its squares, as a board FEN where
/// the game's kinds have letters (a PGN record's `FEN` tag), if either can write it.
fn fen_of(game: &crate::engine::Game, pos: &Position) -> Option<String> {
    crate::formats::pdn::write(game, pos)
        .ok()
        .or_else(|| crate::formats::fen::write(game, pos).ok())
}

/// What `repeated(N)` compares of a position (the player to move and its squares), hashed
/// to 128 bits.
fn repetition_key(p: &Position) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |salt: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        salt.hash(&mut h);
        p.to_move.hash(&mut h);
        p.cells.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}
