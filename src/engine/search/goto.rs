//! `go to C`: a move straight to the square that meets a condition, and `seen DIRS`.
//!
//! Such a move is not a sequence of legs: the piece may cross or land on the start of the
//! piece it carries (`with`), which no leg may, and it may stay where it is: a piece that
//! goes to one fixed square from wherever a game lets it start, over the piece it takes along,
//! or does not move at all, where only the squares between and the pieces on them decide
//! whether it may. No kernel takes such a move type (`eligible`).

use super::Generator;
use crate::engine::moves::{Move, between};
use crate::model::*;

impl Generator<'_> {
    /// The moves of `mk` (whose `go to` condition is `to`) of the piece lifted off `sq`: one
    /// for each square meeting `to` on a file, rank or diagonal of `sq` (or `sq` itself),
    /// whose way (the squares between and the square itself) holds at most one piece, the
    /// carried piece's start, and meets `each landing`.
    pub(super) fn go_to(&mut self, mk: &MoveKind, to: &SqExpr, sq: Square, out: &mut Vec<Move>) {
        let def = self.def;
        for t in def.board.all.iter() {
            let Some(way) = straight_way(def, sq, t) else {
                continue;
            };
            if !self.sq_eval(to, t) {
                continue;
            }
            let mut blocker = NO_SQUARE;
            let mut clear = true;
            for s in way.iter() {
                if self.cells[idx(s)] != 0 {
                    // One piece may stand on the way: the one the move carries, when it
                    // carries one.
                    clear &= mk.with.is_some() && blocker == NO_SQUARE;
                    blocker = s;
                }
            }
            if !clear || !way.iter().all(|s| self.sq_eval(&mk.land, s)) {
                continue;
            }
            self.len = 0;
            if t != sq {
                self.path[0] = t;
                self.len = 1;
            }
            self.go_blocker = blocker;
            self.emit(mk, t, out);
            self.go_blocker = NO_SQUARE;
        }
        self.len = 0;
    }

    /// `seen DIRS`: whether `sq` holds the first piece met from the moving piece's start
    /// (`origin`, empty while the piece is lifted) along one direction of the set.
    pub(super) fn seen_from_origin(&self, set: u8, sq: Square) -> bool {
        let def = self.def;
        if self.origin == NO_SQUARE || self.origin == sq {
            return false;
        }
        let dirs = &def.dir_sets[set as usize].per_player[self.mover as usize];
        dirs.iter().any(|&d| {
            let mut t = def.board.step(self.origin, d);
            while t != NO_SQUARE && self.cells[idx(t)] == 0 {
                t = def.board.step(t, d);
            }
            t == sq
        })
    }
}

/// The squares from `a` (excluded) to `b` (included) along a file, rank or diagonal of the
/// grid, every one of them on the board; empty for `b == a`; `None` when `b` is not on such a
/// line of `a`.
fn straight_way(def: &GameDef, a: Square, b: Square) -> Option<SquareSet> {
    let mut way = SquareSet::EMPTY;
    if a == b {
        return Some(way);
    }
    let (fa, ra) = def.board.coords[a as usize];
    let (fb, rb) = def.board.coords[b as usize];
    let (df, dr) = (fb as i32 - fa as i32, rb as i32 - ra as i32);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let n = df.abs().max(dr.abs()) as usize;
    between(def, a, b, &mut way);
    if way.iter().count() + 1 != n {
        // A square between is missing from the board: no straight way.
        return None;
    }
    way.insert(b);
    Some(way)
}
