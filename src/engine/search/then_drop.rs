//! A move's second action (`then drop KIND via LEG`, a shot that blocks a square): once the
//! piece has moved, a new piece is placed on a square that the leg reaches from the move's end square,
//! one move per such square. Only the interpreter emits such moves (`kernel/eligible.rs`
//! declines their move types), so no other game's generation passes here.

use super::Generator;
use crate::engine::moves::Move;
use crate::model::{LegKind, MoveKind, NO_SQUARE};

impl Generator<'_> {
    /// Emits `mv` once for each square the second action's leg reaches from `mv.to` on the
    /// board after the move: the scratch board, where the moving piece is lifted off its
    /// start, read with the move's landing taken and its captured pieces' squares empty. A
    /// step's square or each square of a slide, while empty, that meets the leg's `land`.
    #[inline(never)]
    pub(super) fn emit_then_drops(&mut self, mk: &MoveKind, mv: Move, out: &mut Vec<Move>) {
        let def = self.def;
        let Some(then) = mk.then_drop else {
            return;
        };
        let leg = &def.legs[then.leg as usize];
        let dirs = &def.dir_sets[leg.dirs as usize].per_player[self.mover as usize];
        let slides = match leg.kind {
            LegKind::Slide => true,
            // Validation admits only steps and slides (`validate/then_drop.rs`).
            LegKind::Step | LegKind::Leap { .. } | LegKind::SlideExactly { .. } => false,
        };
        for &d in dirs {
            let mut s = def.board.step(mv.to, d);
            while s != NO_SQUARE
                && s != mv.to
                && (self.cells[s as usize] == 0 || mv.captures.contains(s))
            {
                if self.sq_eval(&leg.land, s) {
                    let m = Move { then_sq: s, ..mv };
                    self.push_move(mk, m, out);
                }
                if !slides {
                    break;
                }
                s = def.board.step(s, d);
            }
        }
    }
}
