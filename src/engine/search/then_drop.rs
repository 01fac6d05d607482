//! A move's second action: `then drop KIND via LEG` (a shot that blocks a square): once the
//! piece has moved, a new piece is placed on a square that the leg reaches from the move's end square,
//! one move per such square; `then remove ...`: a piece the mover chooses is taken, one move
//! per such piece. Only the interpreter emits such moves (`kernel/eligible.rs`
//! declines their move types), so no other game's generation passes here.

use super::Generator;
use crate::engine::moves::Move;
use crate::engine::position::{PieceCode, owner};
use crate::model::idx;
use crate::model::{LegKind, MAX_PATH, MoveKind, NO_SQUARE, Over, Square, SquareSet};

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
            LegKind::Step
            | LegKind::Leap { .. }
            | LegKind::SlideExactly { .. }
            | LegKind::Anywhere => false,
        };
        for &d in dirs {
            let mut s = def.board.step(mv.to, d);
            while s != NO_SQUARE
                && s != mv.to
                && (self.cells[idx(s)] == 0 || mv.captures.contains(s))
            {
                if self.sq_eval(&leg.land, s) {
                    let m = Move { then_sq: s, ..mv };
                    self.push_move(mk, &m, out);
                }
                if !slides {
                    break;
                }
                s = def.board.step(s, d);
            }
        }
    }
}

impl Generator<'_> {
    /// Emits `mv` once for each piece its second action (`then remove`) may take, read on
    /// the board after the move (the moving piece on `mv.to` as `mv.result`, its start and
    /// captured squares empty): when `mv.to` meets `when`, the pieces of `over` on squares
    /// meeting `place`, of those the ones meeting `prefer` when there are
    /// any. The move without a removal where there is none.
    #[inline(never)]
    pub(super) fn emit_then_removes(&mut self, mk: &MoveKind, mv: Move, out: &mut Vec<Move>) {
        let Some(then) = &mk.then_remove else {
            return;
        };
        let def = self.def;
        // The board after the move, on the scratch board; put back below.
        let saved_piece = self.piece;
        let landing = self.cells[idx(mv.to)];
        let mut taken: [(Square, PieceCode); MAX_PATH] = [(NO_SQUARE, 0); MAX_PATH];
        let mut ntaken = 0;
        for s in mv.captures.iter() {
            let code = self.cells[idx(s)];
            if code != 0 && s != mv.to && ntaken < MAX_PATH {
                taken[ntaken] = (s, code);
                ntaken += 1;
                self.cells[idx(s)] = 0;
                self.occ[owner(code) as usize].remove(s);
            }
        }
        if landing != 0 {
            self.occ[owner(landing) as usize].remove(mv.to);
        }
        self.cells[idx(mv.to)] = mv.result;
        self.occ[owner(mv.result) as usize].insert(mv.to);
        self.piece = mv.result;
        let mut victims = SquareSet::EMPTY;
        if self.sq_eval(&then.when, mv.to) {
            let team = &def.team;
            let players = def.players.len();
            for s in def.board.all.iter() {
                let code = self.cells[idx(s)];
                if code == 0 || s == mv.to || owner(code) as usize >= players {
                    continue;
                }
                let o = owner(code);
                let whose = match then.over {
                    Over::Friend => team[o as usize] == team[self.mover as usize],
                    Over::Enemy => team[o as usize] != team[self.mover as usize],
                    Over::Any => true,
                    Over::Own => o == self.mover,
                };
                if whose && self.sq_eval(&then.place, s) {
                    victims.insert(s);
                }
            }
            let mut preferred = SquareSet::EMPTY;
            for s in victims.iter() {
                if self.sq_eval(&then.prefer, s) {
                    preferred.insert(s);
                }
            }
            if !preferred.is_empty() {
                victims = preferred;
            }
        }
        // The scratch board as it was.
        self.occ[owner(mv.result) as usize].remove(mv.to);
        self.cells[idx(mv.to)] = landing;
        if landing != 0 {
            self.occ[owner(landing) as usize].insert(mv.to);
        }
        for &(s, code) in &taken[..ntaken] {
            self.cells[idx(s)] = code;
            self.occ[owner(code) as usize].insert(s);
        }
        self.piece = saved_piece;
        if victims.is_empty() {
            return self.push_move(mk, &mv, out);
        }
        for s in victims.iter() {
            let mut m = Move { then_sq: s, ..mv };
            m.captures.insert(s);
            m.ncapt = m.ncapt.saturating_add(1);
            self.push_move(mk, &m, out);
        }
    }
}
