//! Goals on the shape of a player's pieces: rows along a direction set (`in-a-row`) and groups
//! joined by steps of a set (`connected`), decided from the players' square sets and the
//! board's neighbour table, so that no line or chain has to be listed as a region.
//!
//! A row is counted once, from its first square (the one whose square behind, along the same
//! direction, is not the player's), so the work is one walk per piece and direction. A chain
//! is a flood over the player's squares from the squares of the first region.

use crate::model::*;

/// Whether the goal holds for one of the players of the mask `players`; `occ` holds each
/// player's squares. A team's reference asks it of each partner on its own.
pub(crate) fn holds(
    def: &GameDef,
    occ: &[SquareSet],
    shape: &Shape,
    players: u8,
    vars: &[u8; MAX_VARS],
) -> bool {
    let n = def.players.len().min(MAX_PLAYERS);
    (0..n as u8).any(|p| players >> p & 1 == 1 && holds_for(def, occ[p as usize], shape, p, vars))
}

/// A region of a player bound to a variable, as the part of that player.
fn resolved(sel: RegionSel, vars: &[u8; MAX_VARS]) -> RegionSel {
    match sel {
        RegionSel::OfVar(r, v) => RegionSel::Of(r, vars[v as usize % MAX_VARS]),
        s => s,
    }
}

fn holds_for(def: &GameDef, own: SquareSet, shape: &Shape, p: u8, vars: &[u8; MAX_VARS]) -> bool {
    let dirs = |set: u8| {
        def.dir_sets
            .get(set as usize)
            .and_then(|s| s.per_player.get(p as usize))
            .map_or(&[][..], |v| &v[..])
    };
    match shape {
        Shape::InARow {
            n,
            exact,
            dirs: set,
            ..
        } => in_a_row(&def.board, own, dirs(*set), *n as u32, *exact),
        Shape::Connected {
            dirs: set, ends, ..
        } => match ends {
            None => {
                let Some(first) = own.iter().next() else {
                    return false;
                };
                let mut seed = SquareSet::EMPTY;
                seed.insert(first);
                flood(&def.board, own, seed, dirs(*set)) == own
            }
            Some((a, b)) => {
                let start = own.and(&def.region_squares(resolved(*a, vars), p));
                let goal = def.region_squares(resolved(*b, vars), p);
                !start.is_empty()
                    && !flood(&def.board, own, start, dirs(*set))
                        .and(&goal)
                        .is_empty()
            }
        },
    }
}

/// The square one step back from `sq` along direction `d`, or [`NO_SQUARE`].
fn behind(board: &Board, sq: Square, d: u8) -> Square {
    board.back(sq, d)
}

/// Whether `own` has a row of `n` squares (exactly `n` with `exact`) along one of `dirs`.
fn in_a_row(board: &Board, own: SquareSet, dirs: &[u8], n: u32, exact: bool) -> bool {
    if own.len() < n {
        return false;
    }
    for sq in own.iter() {
        for &d in dirs {
            let back = behind(board, sq, d);
            if back != NO_SQUARE && own.contains(back) {
                continue;
            }
            let mut len = 1;
            let mut at = board.step(sq, d);
            while at != NO_SQUARE && own.contains(at) {
                len += 1;
                if len > n && !exact {
                    break;
                }
                at = board.step(at, d);
            }
            if len == n || (len > n && !exact) {
                return true;
            }
        }
    }
    false
}

/// Whether square `sq` of `own` stands in a row of `n` squares of `own` (exactly `n` with
/// `exact`) along one of `dirs`, counted both ways from `sq` (`in-a-row N along SET` of a
/// square).
pub(crate) fn row_through(
    board: &Board,
    own: SquareSet,
    sq: Square,
    dirs: &[u8],
    n: u32,
    exact: bool,
) -> bool {
    if !own.contains(sq) {
        return false;
    }
    dirs.iter().any(|&d| {
        let mut len = 1;
        let mut at = board.step(sq, d);
        while at != NO_SQUARE && at != sq && own.contains(at) && len <= n {
            len += 1;
            at = board.step(at, d);
        }
        let mut at = behind(board, sq, d);
        while at != NO_SQUARE && at != sq && own.contains(at) && len <= n {
            len += 1;
            at = behind(board, at, d);
        }
        if exact { len == n } else { len >= n }
    })
}

/// The squares of `own` reached from `seed` (within `own`) by steps of `dirs` over `own`.
/// The stack is an array on the machine stack: a square is pushed once, when first reached,
/// so 256 places hold every square of a board, and a goal asked at every node allocates
/// nothing.
fn flood(board: &Board, own: SquareSet, seed: SquareSet, dirs: &[u8]) -> SquareSet {
    let mut reached = seed.and(&own);
    let mut stack = [0 as Square; MAX_SQUARES];
    let mut top = 0;
    for sq in reached.iter() {
        stack[top] = sq;
        top += 1;
    }
    while top > 0 {
        top -= 1;
        let sq = stack[top];
        for &d in dirs {
            let to = board.step(sq, d);
            if to != NO_SQUARE && own.contains(to) && !reached.contains(to) {
                reached.insert(to);
                stack[top] = to;
                top += 1;
            }
        }
    }
    reached
}

/// `next D ...` at `sq`, where `occupied` says whether a square holds a piece.
#[inline]
pub(crate) fn next_is(
    board: &Board,
    sq: Square,
    d: u8,
    want: Next,
    occupied: impl Fn(Square) -> bool,
) -> bool {
    let to = board.step(sq, d);
    match want {
        Next::OffBoard => to == NO_SQUARE,
        Next::Occupied => to != NO_SQUARE && occupied(to),
        Next::Empty => to != NO_SQUARE && !occupied(to),
    }
}
