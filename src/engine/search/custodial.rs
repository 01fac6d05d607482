//! Custodial captures (`custodial along SET ...`): the enemy pieces a move takes after it
//! lands, between the moving piece and a partner or a hostile square. Found when the move is
//! emitted, so that the move records them as its captures (notation, `capturing`, counts).

use super::Generator;
use crate::engine::position::{kind, owner};
use crate::model::*;

impl Generator<'_> {
    /// The pieces taken by custodial capture `c` when the moving piece, `result` after the
    /// move, lands on `t`: read on the board after the move (its start left, its captures
    /// taken, `t` holding `result`), every piece judged on that one board.
    pub(super) fn custodial_captures(&self, c: &Custodial, t: Square, result: u8) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        if c.partners >> kind(result) & 1 == 0 {
            return out;
        }
        let def = self.def;
        let dirs = def
            .dir_sets
            .get(c.set as usize)
            .and_then(|s| s.per_player.get(self.mover as usize))
            .map_or(&[][..], |v| &v[..]);
        let opponents = def.opponents(self.mover);
        let players = def.players.len();
        let enemy = |code: u8| code != 0 && opponents >> owner(code) & 1 == 1;
        for &d in dirs {
            let v = def.board.step(t, d);
            if v == NO_SQUARE {
                continue;
            }
            let code = self.after(v, t, result);
            if !enemy(code) {
                continue;
            }
            let k = kind(code);
            let enclosed = c
                .enclosed
                .iter()
                .any(|(m, w)| m >> k & 1 == 1 && self.after_cond(w, v, t, result));
            let taken = if enclosed {
                dirs.iter().all(|&e| {
                    let n = def.board.step(v, e);
                    n != NO_SQUARE && self.closes(c, n, t, result, players, opponents)
                })
            } else {
                let w = def.board.step(v, d);
                w != NO_SQUARE && self.closes(c, w, t, result, players, opponents)
            };
            if taken {
                out.insert(v);
            }
        }
        out
    }

    /// Whether square `s` closes a capture after the move: it holds a partner of the
    /// mover's team, or it is hostile.
    fn closes(
        &self,
        c: &Custodial,
        s: Square,
        t: Square,
        result: u8,
        players: usize,
        opp: u8,
    ) -> bool {
        let code = self.after(s, t, result);
        let friend = code != 0
            && (owner(code) as usize) < players
            && opp >> owner(code) & 1 == 0
            && c.partners >> kind(code) & 1 == 1;
        friend || self.after_cond(&c.hostile, s, t, result)
    }

    /// The piece on `s` after the move.
    #[inline]
    fn after(&self, s: Square, t: Square, result: u8) -> u8 {
        if s == t {
            result
        } else if s == self.origin || self.captured.contains(s) {
            0
        } else {
            self.cells[idx(s)]
        }
    }

    /// A custodial capture's condition on `s` after the move: regions, `empty` and the
    /// moving piece's kind (validation refuses every other part).
    fn after_cond(&self, e: &SqExpr, s: Square, t: Square, result: u8) -> bool {
        match e {
            SqExpr::True => true,
            SqExpr::Not(x) => !self.after_cond(x, s, t, result),
            SqExpr::And(v) => v.iter().all(|x| self.after_cond(x, s, t, result)),
            SqExpr::Or(v) => v.iter().any(|x| self.after_cond(x, s, t, result)),
            SqExpr::In(sel) => self.def.region_squares(*sel, self.mover).contains(s),
            SqExpr::Piece(mask) => mask >> kind(result) & 1 == 1,
            SqExpr::Empty => self.after(s, t, result) == 0,
            SqExpr::False
            | SqExpr::Can(_)
            | SqExpr::Passed
            | SqExpr::Unmoved
            | SqExpr::Attacked
            | SqExpr::Next(..)
            | SqExpr::Flanks(_)
            | SqExpr::Seen(_)
            | SqExpr::InARow { .. } => false,
        }
    }
}
