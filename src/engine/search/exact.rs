//! Slides of an exact length (`slide DIRS exactly N`, `exactly count(line)`): the one landing
//! of such a leg along a direction, and the line masks that make `count(line)` one popcount.
//!
//! The masks are made once per game ([`Lines::compile`]), and only for a game that reads
//! `count(line)`; a position's count along a line is then the pieces of the scratch board's
//! occupancy within one mask: no walk, no allocation.

use super::Generator;
use crate::engine::position::owner;
use crate::model::*;

/// Per square and direction, the squares of the whole line through the square along that
/// direction, both ways: from the square, steps of the direction's vector and of its
/// opposite, until the edge of the board or a square that is not on it. Empty for a game
/// whose legs never count a line.
#[derive(Debug, Clone, Default)]
pub(super) struct Lines {
    masks: Vec<SquareSet>,
    dirs: usize,
}

impl Lines {
    /// The line masks of `def`, when some leg goes `exactly count(line)`.
    pub(super) fn compile(def: &GameDef) -> Lines {
        let counts_lines = def.legs.iter().any(|l| {
            matches!(
                l.kind,
                LegKind::SlideExactly {
                    distance: Distance::Line,
                    ..
                }
            )
        });
        if !counts_lines {
            return Lines::default();
        }
        let board = &def.board;
        let dirs = board.directions.len();
        let mut masks = vec![SquareSet::EMPTY; board.len() * dirs];
        for sq in 0..board.len() {
            for (d, dir) in board.directions.iter().enumerate() {
                let mut line = SquareSet::EMPTY;
                line.insert(sq as Square);
                if dir.df != 0 || dir.dr != 0 {
                    // The neighbour table's steps both ways (on a board of points, along its lines).
                    for fwd in [true, false] {
                        let mut t = sq as Square;
                        loop {
                            t = if fwd {
                                board.step(t, d as u8)
                            } else {
                                board.back(t, d as u8)
                            };
                            if t == NO_SQUARE {
                                break;
                            }
                            line.insert(t);
                        }
                    }
                }
                masks[sq * dirs + d] = line;
            }
        }
        Lines { masks, dirs }
    }

    /// The line through `sq` along direction `d`.
    #[inline]
    fn line(&self, sq: Square, d: u8) -> &SquareSet {
        &self.masks[sq as usize * self.dirs + d as usize]
    }
}

impl Generator<'_> {
    /// The landing of a slide of an exact length from `sq` along `d`, if it has one: the
    /// square `distance` steps away, when every square before it holds no piece or one the
    /// leg may pass over, and the leg may land there (an empty square, or an enemy piece it
    /// captures, as `onto` says). Returns `(square, victim)`, the victim [`NO_SQUARE`] when
    /// nothing is captured.
    #[inline]
    pub(super) fn exact_landing(
        &self,
        leg: &Leg,
        distance: Distance,
        over: Option<Over>,
        sq: Square,
        d: u8,
    ) -> Option<(Square, Square)> {
        let board = &self.def.board;
        let n = match distance {
            Distance::Squares(k) => k as u32,
            Distance::Line => {
                // The piece has left `sq` on the scratch board: it counts itself.
                let line = self.lines.line(sq, d);
                let mut pieces = 0;
                for o in &self.occ {
                    pieces += o.and(line).len();
                }
                pieces + 1 - self.occupied(sq) as u32
            }
        };
        let mut t = sq;
        for _ in 1..n {
            t = board.step(t, d);
            if t == NO_SQUARE {
                return None;
            }
            let code = self.cells[idx(t)];
            if code != 0 && !self.passes(over, owner(code)) {
                return None;
            }
        }
        t = board.step(t, d);
        if t == NO_SQUARE {
            return None;
        }
        if self.cells[idx(t)] == 0 {
            if !leg.onto.empty() {
                return None;
            }
            if leg.capture_passer {
                return self.passer_victim(leg).map(|v| (t, v));
            }
            return Some((t, NO_SQUARE));
        }
        (leg.onto.enemy() && self.takes_onto(leg, t)).then_some((t, t))
    }

    /// Whether a slide of an exact length may pass over a piece of owner `o`.
    #[inline]
    fn passes(&self, over: Option<Over>, o: u8) -> bool {
        if o == NEUTRAL {
            return false;
        }
        let team = &self.def.team;
        match over {
            None => false,
            Some(Over::Friend) => team[o as usize] == team[self.mover as usize],
            Some(Over::Enemy) => team[o as usize] != team[self.mover as usize],
            Some(Over::Any) => true,
            Some(Over::Own) => o == self.mover,
        }
    }

    /// Whether the scratch board's occupancy holds `sq`.
    #[inline]
    fn occupied(&self, sq: Square) -> bool {
        self.occ.iter().any(|o| o.contains(sq))
    }
}
