//! PGN game records for the games whose kinds have letters (see the san module): the seven
//! tags PGN requires (`Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`, the
//! unknown ones `?`), `SetUp` and `FEN` where the game does not start from its start
//! position, then the moves in SAN numbered by rounds (`1. e4 e5 2. Nf3`, `1... e5` when the
//! second player moves first) and the result. Reading goes through the records module, as for
//! any record: its move texts are found by SAN, and its `FEN` tag read as a board FEN.

use crate::engine::{Game, Move, Outcome, Position};

/// The PGN of a game: `event` the `Event` tag, `outcome` its end (`1-0` a win of the player
/// who moves first in the rule file, `0-1` of the other), a game drawn by a claim ending
/// with the claim (`claim:NAME`, which other PGN readers do not know) and `1/2-1/2`.
///
/// # Errors
/// A start other than the game's own that FEN cannot write.
pub fn write_game(
    game: &Game,
    start: &Position,
    moves: &[Move],
    event: &str,
    outcome: Option<Outcome>,
    claim: Option<&str>,
) -> Result<String, String> {
    let def = &game.def;
    let outcome = if claim.is_some() {
        Some(Outcome::Draw)
    } else {
        outcome
    };
    let result = match outcome {
        Some(Outcome::Win(p)) => {
            if def.team_of(p).contains(&0) {
                "1-0"
            } else {
                "0-1"
            }
        }
        Some(Outcome::Draw) => "1/2-1/2",
        _ => "*",
    };
    let tag =
        |name: &str, value: &str| format!("[{name} \"{}\"]\n", value.replace(['"', '\\'], "'"));
    let mut s = String::new();
    for (name, value) in [
        ("Event", if event.is_empty() { "?" } else { event }),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
    ] {
        s.push_str(&tag(name, value));
    }
    let fen = super::fen::write(game, start)?;
    if fen != super::fen::write(game, &game.start())? {
        s.push_str(&tag("SetUp", "1"));
        s.push_str(&tag("FEN", &fen));
    }
    s.push('\n');
    let mut words = Vec::new();
    let mut writer = super::san::Writer::new(game);
    let mut pos = start.clone();
    let first = usize::from(start.to_move % 2 == 1);
    for (i, mv) in moves.iter().enumerate() {
        let legal = game.legal_moves(&pos);
        let text = writer.write(&pos, mv, &legal);
        let ply = i + first;
        if ply.is_multiple_of(2) {
            words.push(format!("{}. {text}", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}... {text}", ply / 2 + 1));
        } else {
            words.push(text);
        }
        pos = game.play_unchecked(&pos, mv);
    }
    if let Some(c) = claim {
        words.push(format!("claim:{c}"));
    }
    words.push(result.to_string());
    wrap_words(&mut s, words, 79);
    Ok(s)
}

/// Appends `words` to `s` as lines of at most `width` characters (a longer word stands
/// alone), each ended by a newline: the move text of a PDN or PGN record.
pub(super) fn wrap_words(s: &mut String, words: Vec<String>, width: usize) {
    let mut line = String::new();
    for w in words {
        if line.len() + w.len() + 1 > width && !line.is_empty() {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    s.push_str(&line);
    s.push('\n');
}
