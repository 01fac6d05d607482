//! Flanking: the unbroken lines of enemy pieces that a piece closes with a friendly piece
//! beyond them, along the directions of a set (`flip along SET` turns them over,
//! `flanks along SET` asks whether there is one). Decided from the owners' square sets and
//! the board's neighbour table, so that no line has to be listed.

use crate::model::*;

/// The squares of the enemy pieces that a piece of `mover` standing on `sq` flanks along the
/// directions of set `set` (the mover's own directions of it): along each direction, the
/// enemy pieces one step apart from `sq`, when the first square after them holds a piece of
/// the mover's team. `occ` holds each owner's squares (players, then neutral).
pub(crate) fn flanked(
    def: &GameDef,
    occ: &[SquareSet],
    mover: u8,
    sq: Square,
    set: u8,
) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    walk(def, occ, mover, sq, set, &mut |line| {
        out = out.or(&line);
        false
    });
    out
}

/// Whether a piece of `mover` on `sq` would flank at least one enemy line along `set`.
pub(crate) fn flanks(def: &GameDef, occ: &[SquareSet], mover: u8, sq: Square, set: u8) -> bool {
    let mut found = false;
    walk(def, occ, mover, sq, set, &mut |_| {
        found = true;
        true
    });
    found
}

/// Calls `each` with every flanked line (stopping when it returns true).
fn walk(
    def: &GameDef,
    occ: &[SquareSet],
    mover: u8,
    sq: Square,
    set: u8,
    each: &mut dyn FnMut(SquareSet) -> bool,
) {
    let players = def.players.len().min(MAX_PLAYERS);
    let opponents = def.opponents(mover);
    let mut enemy = SquareSet::EMPTY;
    let mut friend = SquareSet::EMPTY;
    for (p, o) in occ.iter().enumerate().take(players) {
        if opponents >> p & 1 == 1 {
            enemy = enemy.or(o);
        } else {
            friend = friend.or(o);
        }
    }
    let dirs = def
        .dir_sets
        .get(set as usize)
        .and_then(|s| s.per_player.get(mover as usize))
        .map_or(&[][..], |v| &v[..]);
    for &d in dirs {
        let mut line = SquareSet::EMPTY;
        let mut at = def.board.step(sq, d);
        while at != NO_SQUARE && enemy.contains(at) {
            line.insert(at);
            at = def.board.step(at, d);
        }
        if !line.is_empty() && at != NO_SQUARE && friend.contains(at) && each(line) {
            return;
        }
    }
}
