//! A move: the piece, its path and its effect.

use super::position::{PieceCode, Position};
use crate::model::{GameDef, MAX_COUNTER_VALUE, MAX_PATH, MAX_PLAYERS, SquareSet};

/// One legal move, with one path that realises it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The move type (index into `GameDef::moves`).
    pub kind: u8,
    /// Start square.
    pub from: u8,
    /// Final square.
    pub to: u8,
    /// The moving piece.
    pub piece: PieceCode,
    /// The piece at the end of the move (differs after promotion).
    pub result: PieceCode,
    /// Number of pieces captured.
    pub ncapt: u8,
    /// Number of landings in `path`.
    pub len: u8,
    /// Bit `i` set: leg `i` captured.
    pub capt_legs: u64,
    /// For `maximize earliest { kinds }`: bit `63 - j` set when the `j`-th capture took a
    /// piece of the game's earliest kinds (0 in games without that measure).
    pub order: u64,
    /// Squares of the captured pieces.
    pub captures: SquareSet,
    /// Landing squares after `from`, in order.
    pub path: [u8; MAX_PATH],
}

impl Move {
    /// The pass of a player who cannot move (`turn { blocked pass }`).
    pub fn pass() -> Move {
        Move {
            kind: crate::model::PASS,
            from: crate::model::NO_SQUARE,
            to: crate::model::NO_SQUARE,
            piece: 0,
            result: 0,
            ncapt: 0,
            len: 0,
            capt_legs: 0,
            order: 0,
            captures: SquareSet::EMPTY,
            path: [0; MAX_PATH],
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(&self) -> bool {
        self.kind == crate::model::PASS
    }

    /// Whether this move places a new piece rather than moving one.
    pub fn is_drop(&self) -> bool {
        self.from == crate::model::NO_SQUARE && !self.is_pass()
    }

    /// The landings of the path.
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.ncapt > 0
    }

    /// Makes the move on `next` (the position it is made from): the pieces taken and put, the
    /// move type's effects, and the turn passed on; `while` counters and `same-piece`
    /// anchors are the caller's (`Game::apply`).
    #[inline(always)]
    pub(crate) fn apply_pieces(&self, def: &GameDef, next: &mut Position) {
        let mover = next.to_move;
        let players = def.players.len().clamp(1, MAX_PLAYERS);
        if self.is_pass() {
            next.to_move = ((mover as usize + 1) % players) as u8;
            return;
        }
        if !self.is_drop() {
            next.take(self.from);
        }
        for sq in self.captures.iter() {
            next.take(sq);
        }
        next.put(self.to, self.result);
        for e in &def.moves[self.kind as usize].effects {
            let p = if def.counters[e.counter as usize].per_player {
                mover
            } else {
                0
            };
            let v = next.counter(e.counter, p) as i32;
            let nv = if e.add { v + e.value } else { e.value };
            // Generated moves keep counters in 0..=MAX_COUNTER_VALUE; a move given from
            // outside cannot make one wrap.
            next.set_counter(e.counter, p, nv.clamp(0, MAX_COUNTER_VALUE) as i16);
        }
        next.to_move = ((mover as usize + 1) % players) as u8;
    }

    /// Whether two moves have the same effect on the position.
    pub fn same_effect(&self, o: &Move, kind_matters: bool) -> bool {
        self.from == o.from
            && self.to == o.to
            && self.result == o.result
            && self.captures == o.captures
            && (!kind_matters || self.kind == o.kind)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({} -> {:?}, capt {:?})",
            self.from,
            self.landings(),
            self.captures
        )
    }
}
