//! The squares of a carried piece in a move's text (`with`): after the mover's squares, a `/`
//! and the carried piece's start and end (`e1-g1/h1-f1`), or its start alone when it stays
//! (`e1-g1/f1`). Without them the mover's squares may name two moves, a plain step and a
//! move that carries a piece along to the same square; reading accepts the shorter text where it names one move.
//!
//! A move with a second action (`then drop`) is written the same way, with the square where
//! it places its piece after the `/` (`d1-d7/g7`): a move either carries a
//! piece or places one, never both.

use super::refusal::{IllegalMove, Refused, illegal, square_hint};
use crate::engine::Move;
use crate::model::{GameDef, NO_SQUARE, Square};

/// `/h1-f1`: the carried piece's squares as a move's text ends with them; empty for a move
/// that carries none. With `by_label`, the squares' labels even on a numbered board.
pub fn suffix(def: &GameDef, mv: &Move, by_label: bool) -> String {
    let name = |sq: Square| {
        if by_label {
            def.board.labels[sq as usize].clone()
        } else {
            def.board.name(sq)
        }
    };
    if mv.then_sq != NO_SQUARE {
        return format!("/{}", name(mv.then_sq));
    }
    if mv.carry_from == NO_SQUARE || mv.carry_to == NO_SQUARE {
        return String::new();
    }
    if mv.carry_from == mv.carry_to {
        format!("/{}", name(mv.carry_from))
    } else {
        format!("/{}-{}", name(mv.carry_from), name(mv.carry_to))
    }
}

/// The carried piece's start and end as a text names them.
pub type Carried = Option<(Square, Square)>;

/// The squares a text names, in order, and bit `i` set where the separator after the `i`-th
/// is a capture's.
pub type Written = (Vec<Square>, u64);

/// A move's text without its carried piece's squares, and those squares (start, end).
///
/// # Errors
/// A text after `/` that is not one square or two joined by `-`.
pub fn split<'t>(def: &GameDef, text: &'t str) -> Result<(&'t str, Carried), IllegalMove> {
    let Some((own, carried)) = text.split_once('/') else {
        return Ok((text, None));
    };
    let carried = carried.trim().trim_end_matches(['!', '?', '+', '#']);
    let mut squares = Vec::new();
    for tok in carried.split('-') {
        match def.board.square(tok.trim()) {
            Some(sq) => squares.push(sq),
            None => {
                return Err(illegal(
                    Refused::NotASquare(tok.trim().to_string()),
                    Some(square_hint(&def.board, tok.trim())),
                ));
            }
        }
    }
    match squares.as_slice() {
        [a] => Ok((own, Some((*a, *a)))),
        [a, b] => Ok((own, Some((*a, *b)))),
        _ => Err(illegal(
            Refused::NotAMove(text.to_string()),
            Some("After `/`, the carried piece's start and end: `e1-g1/h1-f1`, or its square alone when it stays.".into()),
        )),
    }
}

/// Whether move `m` carries a piece, or places its second one, as the text said (`None`: the
/// text said nothing).
pub fn matches(m: &Move, carry: Carried) -> bool {
    carry.is_none_or(|(a, b)| {
        if m.then_sq != NO_SQUARE {
            a == b && m.then_sq == a
        } else {
            m.carry_from == a && m.carry_to == b
        }
    })
}

/// Keeps in `paths` the moves whose squares after the `/` are those written ([`matches`]).
///
/// # Errors
/// A text whose squares before the `/` are those of legal moves with a second action (`then
/// drop`), none of which places its piece on the square after the `/`: which squares it may
/// place it on is the help. `own` is the text before the `/`, `from` and `path` its squares.
pub fn keep_written(
    def: &GameDef,
    own: &str,
    from: Square,
    path: &[Square],
    paths: &mut Vec<Move>,
    carry: Carried,
) -> Result<(), IllegalMove> {
    placed_there(def, own, from, path, paths, carry)?;
    paths.retain(|m| matches(m, carry));
    Ok(())
}

/// The refusal of [`keep_written`].
fn placed_there(
    def: &GameDef,
    own: &str,
    from: Square,
    path: &[Square],
    paths: &[Move],
    carry: Carried,
) -> Result<(), IllegalMove> {
    let Some((sq, _)) = carry else {
        return Ok(());
    };
    let own_squares = |m: &&Move| m.from == from && m.landings() == path;
    // A move type that removes a piece: the squares it may remove here, none when its
    // condition does not hold.
    if let Some(first) = paths.iter().find(own_squares)
        && def.moves[first.kind as usize].then_remove.is_some()
        && !paths.iter().filter(own_squares).any(|m| matches(m, carry))
    {
        let mut squares: Vec<String> = paths
            .iter()
            .filter(own_squares)
            .filter(|m| m.then_sq != NO_SQUARE)
            .map(|m| def.board.name(m.then_sq))
            .collect();
        squares.sort();
        squares.dedup();
        return Err(illegal(
            Refused::NoRemoval {
                path: own.trim().to_string(),
                square: def.board.name(sq),
                move_type: def.moves[first.kind as usize].name.clone(),
            },
            Some(if squares.is_empty() {
                format!(
                    "Its `then remove` removes no piece after {}: its condition does not hold there, or no piece may be removed.",
                    own.trim()
                )
            } else {
                format!("It may remove the piece on: {}.", squares.join(", "))
            }),
        ));
    }
    let placed: Vec<&Move> = paths
        .iter()
        .filter(|m| m.from == from && m.landings() == path && m.then_sq != NO_SQUARE)
        .collect();
    let Some(first) = placed.first() else {
        return Ok(());
    };
    let Some(t) = def.moves[first.kind as usize].then_drop else {
        return Ok(());
    };
    if placed.iter().any(|m| matches(m, carry)) {
        return Ok(());
    }
    let mut squares: Vec<String> = placed.iter().map(|m| def.board.name(m.then_sq)).collect();
    squares.sort();
    squares.dedup();
    Err(illegal(
        Refused::NoSecondSquare {
            path: own.trim().to_string(),
            kind: def.kinds[t.kind as usize].clone(),
            square: def.board.name(sq),
            move_type: def.moves[first.kind as usize].name.clone(),
        },
        Some(format!(
            "A `{}` leg from {} reaches: {}.",
            def.legs[t.leg as usize].name,
            def.board.name(first.to),
            squares.join(", ")
        )),
    ))
}

/// Whether the placements `here` (legal drops of one kind on one square) name one move as
/// `text` writes it: several that differ by their second action need the square after `/`,
/// and a square there that the second action does not take is refused as [`keep_written`]
/// refuses it.
///
/// # Errors
/// An ambiguous text, or a square after `/` that no placement's second action takes.
fn drop_named(
    def: &GameDef,
    text: &str,
    here: &[&Move],
    carry: Carried,
    write: fn(&GameDef, &Move) -> String,
) -> Result<(), IllegalMove> {
    if carry.is_none() && here.len() > 1 {
        // Placements on one square that differ by their second action name none.
        let mut texts: Vec<String> = here.iter().map(|m| write(def, m)).collect();
        texts.sort();
        return Err(illegal(
            Refused::Ambiguous {
                text: text.trim().to_string(),
                moves: texts,
            },
            Some("Write after `/` the square of the move's second action.".into()),
        ));
    }
    if !here.is_empty() {
        let t = text.trim();
        let own = t.split_once('/').map_or(t, |(a, _)| a);
        let mut paths: Vec<Move> = here.iter().map(|m| **m).collect();
        keep_written(def, own, NO_SQUARE, &[], &mut paths, carry)?;
    }
    Ok(())
}

/// The kind, square and second square of a drop written `K@SQ` or `K@SQ/SQ` among the legal
/// moves `legal`.
///
/// # Errors
/// A text that names no kind or square, or names no one placement ([`drop_named`]).
pub fn read_drop(
    def: &GameDef,
    legal: &[Move],
    text: &str,
    sq: &str,
    read: impl Fn(&str) -> Result<(u8, Square), IllegalMove>,
    write: fn(&GameDef, &Move) -> String,
) -> Result<(u8, Square, Carried), IllegalMove> {
    let (sq, carry) = split(def, sq)?;
    let (kind_id, to) = read(sq)?;
    let here: Vec<&Move> = legal
        .iter()
        .filter(|m| m.is_drop() && m.to == to && crate::engine::kind(m.result) == kind_id)
        .collect();
    drop_named(def, text, &here, carry, write)?;
    Ok((kind_id, to, carry))
}
