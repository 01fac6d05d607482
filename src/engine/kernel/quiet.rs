//! The quiet kernel: a move type of one non-capturing step or slide, its moves emitted
//! straight from the tables in the interpreter's order. It implements `try_segment`,
//! `landings` and `after_landing` (`search/legs.rs`) for such a move type; counting its
//! moves implements the same without emitting them.

use super::{FULL, MovePlan, Tables};
use crate::engine::fold::Which;
use crate::engine::moves::Move;
use crate::engine::position::kind;
use crate::engine::search::Generator;
use crate::model::*;

/// A move type of one non-capturing step or slide.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Quiet {
    pub slide: bool,
    /// Directions per player.
    pub dirs: Vec<Vec<u8>>,
    /// `player * MAX_KINDS + kind`: the allowed landings (leg's and move's `land`, the
    /// move's `to`); `None` where a condition reads the board (the interpreter runs then).
    pub allowed: Vec<Option<SquareSet>>,
    /// `player * MAX_SQUARES + square`: the step destinations (steps only), for bulk counting.
    pub step_targets: Vec<SquareSet>,
}

impl Quiet {
    /// The quiet kernel of move type `mi`, whose one leg is `li`.
    pub(super) fn compile(t: Tables, mi: usize, li: usize) -> Quiet {
        let def = t.def;
        let board = &def.board;
        let leg = &def.legs[li];
        let np = def.players.len().min(MAX_PLAYERS);
        let dirs = def.dir_sets[leg.dirs as usize].per_player.clone();
        let mut allowed = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
        for p in 0..MAX_PLAYERS as u8 {
            for k in 0..MAX_KINDS as u8 {
                let parts = [
                    t.folded.get(Which::LegLand(li)).get(p, k),
                    t.folded.get(Which::MoveLand(mi)).get(p, k),
                    t.folded.get(Which::To(mi)).get(p, k),
                ];
                allowed.push(parts.iter().try_fold(FULL, |acc, s| s.map(|s| acc.and(s))));
            }
        }
        let slide = leg.kind == LegKind::Slide;
        let mut step_targets = vec![SquareSet::EMPTY; MAX_PLAYERS * MAX_SQUARES];
        if !slide {
            for (p, pd) in dirs.iter().enumerate().take(np) {
                for sq in 0..board.len() {
                    for &d in pd {
                        let u = board.step(sq as Square, d);
                        if u != NO_SQUARE && u as usize != sq {
                            step_targets[p * MAX_SQUARES + sq].insert(u);
                        }
                    }
                }
            }
        }
        Quiet {
            slide,
            dirs,
            allowed,
            step_targets,
        }
    }
}

/// Whether the quiet kernels' destinations never meet (per player, kind and square, over
/// every quiet kernel and direction), and per player and square every square a quiet
/// kernel could reach from there (for any kind), to detect a collision with an interpreted
/// non-capturing move.
pub(super) fn destinations(t: Tables, moves: &[MovePlan]) -> Destinations {
    let def = t.def;
    let board = &def.board;
    let np = def.players.len().min(MAX_PLAYERS);
    let mut within = true;
    let mut clashes: Vec<(u8, u8)> = Vec::new();
    let mut potential = vec![vec![SquareSet::EMPTY; MAX_SQUARES]; np];
    for (p, pot) in potential.iter_mut().enumerate() {
        for k in 0..def.kinds.len() as u8 {
            for sq in 0..board.len() as Square {
                // The squares each quiet move type reaches from `sq`.
                let mut reached: Vec<(u8, SquareSet)> = Vec::new();
                for (mi, mk) in def.moves.iter().enumerate() {
                    let Some(q) = &moves[mi].quiet else { continue };
                    if mk.pieces >> k & 1 == 0
                        || t.set(Which::From(mi), p as u8, k)
                            .is_some_and(|s| !s.contains(sq))
                    {
                        continue;
                    }
                    let mut seen = SquareSet::EMPTY;
                    for &d in &q.dirs[p] {
                        let mut u = board.step(sq, d);
                        while u != NO_SQUARE && u != sq {
                            if seen.contains(u) {
                                within = false;
                            }
                            seen.insert(u);
                            if !q.slide {
                                break;
                            }
                            u = board.step(u, d);
                        }
                    }
                    for (other, theirs) in &reached {
                        let pair = (*other, mi.min(255) as u8);
                        if !theirs.and(&seen).is_empty() && !clashes.contains(&pair) {
                            clashes.push(pair);
                        }
                    }
                    pot[sq as usize] = pot[sq as usize].or(&seen);
                    reached.push((mi.min(255) as u8, seen));
                }
            }
        }
    }
    Destinations {
        within,
        clashes,
        potential,
    }
}

/// Where the quiet kernels' moves land, as counting them needs it.
pub(super) struct Destinations {
    /// No quiet move type reaches a square twice from one square (by two directions).
    pub within: bool,
    /// The pairs of quiet move types (in order) that reach a square from the same square:
    /// counting both is exact only in a position where one of them is not allowed (their
    /// `require` conditions, such as "the side has men" and "the side has no men").
    pub clashes: Vec<(u8, u8)>,
    /// `potential[player][square]`: every square a quiet kernel could reach from there.
    pub potential: Vec<Vec<SquareSet>>,
}

impl Generator<'_> {
    /// The moves of the piece on `sq` by quiet kernel `mi`, emitted as the interpreter would
    /// (same order, same paths). Returns false when the kernel does not cover this piece.
    #[inline]
    pub(in crate::engine) fn kernel_quiet(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(q) = &self.kernels.moves[mi].quiet else {
            return false;
        };
        let Some(allowed) = q.allowed[self.mover as usize * MAX_KINDS + kind(self.piece) as usize]
        else {
            return false;
        };
        // The destinations first (on the shared landing stack), then the moves.
        let board = &self.def.board;
        let base = self.lbuf.len();
        for &d in &q.dirs[self.mover as usize] {
            let mut t = board.step(sq, d);
            while t != NO_SQUARE && t != sq && self.cells[idx(t)] == 0 {
                if allowed.contains(t) {
                    self.lbuf.push((t, d, NO_SQUARE));
                }
                if !q.slide {
                    break;
                }
                t = board.step(t, d);
            }
        }
        self.begin_move(mi, sq, 1);
        for i in base..self.lbuf.len() {
            let t = self.lbuf[i].0;
            self.path[0] = t;
            self.emit(mk, t, out);
        }
        self.lbuf.truncate(base);
        self.len = 0;
        true
    }

    /// The number of quiet-kernel moves of move type `mi` for the piece on `sq` (lifted).
    #[inline]
    pub(in crate::engine) fn count_quiet(
        &self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
        empty: &SquareSet,
    ) -> u64 {
        let Some(q) = &self.kernels.moves[mi].quiet else {
            return 0;
        };
        let Some(allowed) = q.allowed[self.mover as usize * MAX_KINDS + kind(self.piece) as usize]
        else {
            return 0;
        };
        if !self.bounds_hold(mk, Some(sq)) {
            return 0;
        }
        if !q.slide {
            let t = q.step_targets[self.mover as usize * MAX_SQUARES + sq as usize];
            return t.and(empty).and(&allowed).len() as u64;
        }
        let board = &self.def.board;
        let mut n = 0;
        for &d in &q.dirs[self.mover as usize] {
            let mut t = board.step(sq, d);
            while t != NO_SQUARE && t != sq && empty.contains(t) {
                n += allowed.contains(t) as u64;
                t = board.step(t, d);
            }
        }
        n
    }
}
